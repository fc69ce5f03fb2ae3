// The table's sounds, made in the browser: short synthesized tones (Web Audio, no sound files)
// for a discard, each claim call (chow, pung, kong, win: each its own figure, and said aloud in
// the page's language when the browser has a voice for it), your turn, and your win. Volume and
// mute are settings (settings.js, ⚙); reduced motion leaves sound alone, only mute silences it.
//
// Browsers keep audio locked until the page gets a gesture: the AudioContext is made (or
// resumed) on the first click or key. app.js calls ``soundForView(old, view)`` with each newer
// view; the cues come from the events new since ``old``. Every cue played is recorded in
// ``window.paijuSound.played`` (its name), so that a browser test can tell which cues sounded.

import { getLanguage, t } from "./i18n.js";
import { getSettings } from "./settings.js";

const MAX_GAIN = 0.3;      // the gain at volume 100: loud enough, never harsh
const MAX_PER_VIEW = 3;    // cues of one update, the rest dropped (a burst of AI moves)
const GAP_S = 0.14;        // between two cues of one update

/** Each cue: notes [frequency Hz, start s, length s], with its wave form. */
const CUES = {
  discard: { wave: "triangle", notes: [[740, 0, 0.05], [520, 0.03, 0.07]] },
  chow: { wave: "square", notes: [[523, 0, 0.09], [659, 0.09, 0.12]] },
  pung: { wave: "square", notes: [[392, 0, 0.09], [392, 0.12, 0.12]] },
  kong: { wave: "sawtooth", notes: [[330, 0, 0.08], [330, 0.1, 0.08], [440, 0.2, 0.16]] },
  win: { wave: "square", notes: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.2]] },
  turn: { wave: "sine", notes: [[880, 0, 0.08], [1175, 0.09, 0.12]] },
  victory: { wave: "triangle", notes: [[523, 0, 0.14], [659, 0.14, 0.14], [784, 0.28, 0.14], [1047, 0.42, 0.45]] },
};
/** Calls said aloud (app.claim.*) when a voice of the page's language is there. */
const CALLS = new Set(["chow", "pung", "kong", "win"]);

/** Event type → cue, for the four games (Paohuzi's chi, peng, wei, pao and ti among them). */
const EVENT_CUES = {
  discard: "discard", chow: "chow", chi: "chow", pung: "pung", peng: "pung", wei: "pung",
  kong: "kong", concealed_kong: "kong", added_kong: "kong", pao: "kong", ti: "kong", win: "win",
};

const played = [];
globalThis.paijuSound = { played, cues: Object.keys(CUES) };

let audio = null;

/** The AudioContext, made on a gesture (before one the browser keeps it suspended). */
function context(create = false) {
  if (!audio && create) {
    const Ctx = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (Ctx) audio = new Ctx();
  }
  if (audio?.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

const unlock = () => context(true);
document.addEventListener("pointerdown", unlock, { capture: true, passive: true });
document.addEventListener("keydown", unlock, { capture: true, passive: true });

function volume() {
  const s = getSettings();
  return s.mute ? 0 : s.volume / 100;
}

function tones(ac, cue, at, level) {
  const { wave, notes } = CUES[cue];
  const out = ac.createGain();
  out.gain.value = level * MAX_GAIN;
  out.connect(ac.destination);
  for (const [freq, start, length] of notes) {
    const osc = ac.createOscillator();
    const env = ac.createGain();
    const t0 = at + start;
    osc.type = wave;
    osc.frequency.value = freq;
    env.gain.setValueAtTime(0.0001, t0);
    env.gain.exponentialRampToValueAtTime(1, t0 + 0.01);
    env.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
    osc.connect(env).connect(out);
    osc.start(t0);
    osc.stop(t0 + length + 0.02);
  }
}

/** A voice of the page's language, if the browser has one (none: the call's tones). */
function voice() {
  const speech = globalThis.speechSynthesis;
  if (!speech) return null;
  const lang = getLanguage();
  return speech.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang)) ?? null;
}

/** Play ``cue`` (a name of CUES) ``delay`` seconds from now, unless muted or at volume 0. */
export function playCue(cue, delay = 0) {
  const level = volume();
  if (!CUES[cue] || level <= 0) return false;
  played.push(cue);
  document.documentElement.dataset.soundLast = cue;
  const said = CALLS.has(cue) ? voice() : null;
  if (said) {
    const words = new SpeechSynthesisUtterance(t(`app.claim.${cue}`));
    Object.assign(words, { voice: said, lang: said.lang, volume: level, rate: 1.1 });
    setTimeout(() => globalThis.speechSynthesis.speak(words), delay * 1000);
    return true;
  }
  const ac = context();
  if (ac && ac.state !== "closed") tones(ac, cue, ac.currentTime + delay, level);
  return true;
}

/** The cues of what ``view`` shows that ``old`` did not: events, your turn, your win. */
export function soundForView(old, view) {
  if (!old || old.match_id !== view.match_id || old.deal !== view.deal) return; // a table opened: no news
  const st = view.state;
  const cues = [];
  for (const ev of st.events.slice(old.state.events.length)) {
    const cue = EVENT_CUES[ev.type];
    if (cue) cues.push(cue);
    if (ev.type === "win" && ev.seat === view.seat) cues.push("victory");
  }
  const myTurn = (s) => s.to_act && s.phase === "play";
  if (myTurn(st) && !myTurn(old.state)) cues.push("turn");
  cues.slice(-MAX_PER_VIEW).forEach((cue, i) => playCue(cue, i * GAP_S));
}
