// Auto-play switches on the table: auto-win (take a win whenever one is offered), auto-pass
// (pass on a claim that offers no win), auto-discard (once the hand is ready, discard a drawn
// tile that neither wins nor improves the wait) and auto-sort (the drawn tile goes straight to
// its place in the sorted hand instead of waiting at the right). Each is remembered per game in
// localStorage ("paiju.autoplay": {game: {win, pass, discard, sort}}), all off until the player
// turns them on, and each has a key: Shift with the letter of the move it makes for you (the
// keyboard help lists them, keys.js).
//
// A switch plays exactly what a click would: app.js hands this module its ``act`` (the same
// public API call as a button) and says which decision is open (``decision``). So that the
// player can always tell why a move was made, each automatic move says so in the status line
// and beside the switches, and its line in the table's log gets an "auto" tag.
//
// Hooks (app.js): ``installAutoplay({decision, act, rerender})`` once; ``autoplayRow(view)`` the
// switches, drawn below the action bar (kit.js ``ctx.belowActions``); ``autoSorted(game)`` for the
// hand's order (``ctx.sortDrawn``); ``runAutoplay(root, view)`` after every render.

import { h } from "./dom.js";
import { fetchHints } from "./hints.js";
import { t } from "./i18n.js";
import { seatNames } from "./kit.js";
import { addHelpRows } from "./keys.js";
import { setStatus } from "./status.js";

const STORE_KEY = "paiju.autoplay";
const DISCARD_DELAY_MS = 300; // an auto-discard waits this long, so that the drawn tile shows

/** The switches in the order shown, each with the letter its Shift key adds to (the move's key). */
export const SWITCHES = [
  { name: "win", key: "W" }, { name: "pass", key: "X" }, { name: "discard", key: "D" }, { name: "sort", key: "S" },
];
/** Games whose hand takes a drawn tile (Paohuzi reveals its cards on the table, always sorted). */
const DRAWING = new Set(["sichuan", "mcr", "nantong"]);

/** Whether switch ``name`` means something in ``game``. */
export const offered = (game, name) => (name === "discard" || name === "sort" ? DRAWING.has(game) : true);

const state = {
  hooks: null,
  memory: null,   // the switches when localStorage cannot keep them
  tried: null,    // "<match>:<version>": the decision already looked at
  decided: null,  // {key, why}: what the switches chose for it ("" nothing), once known
  note: null,     // {match, text}: the last move made for you, shown beside the switches
  marks: [],      // {match, deal, seat, type, from, index}: log lines of moves made for you
};

function stored() {
  if (state.memory) return state.memory;
  try {
    const v = JSON.parse(localStorage.getItem(STORE_KEY) ?? "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

/** The switches of ``game``: {win, pass, discard, sort}, each true or false (off by default). */
export function switches(game) {
  const own = stored()[game] ?? {};
  return Object.fromEntries(SWITCHES.map(({ name }) => [name, offered(game, name) && own[name] === true]));
}

function setSwitch(game, name, on) {
  const all = stored();
  all[game] = { ...switches(game), [name]: on };
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
    state.memory = null;
  } catch {
    state.memory = all; /* private mode: the switches last until the page closes */
  }
}

/** Whether the hand keeps the drawn tile sorted in (auto-sort), for the table's ``ctx.sortDrawn``. */
export const autoSorted = (game) => switches(game).sort;

function toggle(game, name, on, say = false) {
  setSwitch(game, name, on);
  state.tried = null; // a decision open now is looked at again
  if (say) setStatus(t(on ? "play.auto.turnedOn" : "play.auto.turnedOff", { name: t(`play.auto.${name}`) }));
  state.hooks?.rerender();
}

// ------------------------------------------------------------------ choosing a move

/** Unseen copies of the waits that win: how good a ready discard is (as the hints sort them). */
function winning(row) {
  return row.waits.reduce((n, w) => n + (w.claimed.wins || w.self_drawn.wins ? w.unseen : 0), 0);
}

/**
 * Auto-discard: discarding the drawn tile leaves the hand ready (it was ready before the draw),
 * with winning waits, on no tile a ready opponent is seen to wait for, and no other discard
 * leaves more winning tiles. A seat that may only discard its drawn tile (Nantong once ready,
 * NT-3.6) discards it.
 */
async function drawnDiscard(view, legal, session, drawn) {
  if (legal.length === 1) return true;
  const hints = await fetchHints(view, session);
  if (hints.version !== view.version || !hints.available) return false;
  const row = hints.discards.find((r) => r.cards.includes(drawn.card));
  if (!row || !row.ready || row.danger.length) return false;
  const best = winning(row);
  return best > 0 && !hints.discards.some((r) => r !== row && winning(r) > best);
}

/** The move the switches make for this decision, {why, action}, or null: the player decides. */
async function choose(view, legal, session) {
  const st = view.state;
  const on = switches(view.game);
  const win = legal.find((a) => a.type === "win");
  if (win) return on.win ? { why: "win", action: win } : null; // a win is never passed by itself
  if (st.phase === "claim" && on.pass) {
    const pass = legal.find((a) => a.type === "pass");
    return pass ? { why: "pass", action: pass } : null;
  }
  if (st.phase === "play" && on.discard && st.drawn) {
    const drawn = legal.find((a) => a.type === "discard" && a.card === st.drawn.id);
    // a kong (or any move but a discard) on offer is the player's to take or leave
    if (!drawn || legal.some((a) => a.type !== "discard")) return null;
    return (await drawnDiscard(view, legal, session, drawn)) ? { why: "discard", action: drawn } : null;
  }
  return null;
}

/** "Auto-pass: you passed on Left’s discard." */
function noteText(view, why) {
  const claim = view.state.claim;
  const whose = claim ? seatNames(view).poss(claim.from) : "";
  const key = why === "pass" && claim?.kind === "reveal" ? "passReveal" : why; // Paohuzi's reveals
  return t(`play.auto.did.${key}`, { whose });
}

function play(view, pick) {
  const text = noteText(view, pick.why);
  state.note = { match: view.match_id, text };
  const type = pick.action.type;
  if (type === "discard" || type === "win") {
    state.marks.push({ match: view.match_id, deal: view.deal, seat: view.seat, type,
      from: view.state.events.length, index: null });
    state.marks = state.marks.slice(-40);
  }
  setStatus(text);
  state.hooks.act(pick.action);
}

const keyOf = (view) => `${view.match_id}:${view.version}`;

/** After each render: make the move the switches ask for, if any, once per decision. */
export function runAutoplay(root, view) {
  if (view) {
    markLog(root, view);
    showDecided(root);
  }
  const open = state.hooks?.decision();
  if (!open) return;
  const key = keyOf(open.view);
  if (state.tried === key) return;
  state.tried = key;
  choose(open.view, open.legal, open.session).then((pick) => {
    state.decided = { key, why: pick?.why ?? "" };
    showDecided(root);
    if (!pick) return;
    setTimeout(() => {
      const now = state.hooks.decision();
      // still the same decision, and the switch still on (it may have been turned off meanwhile)
      if (now && keyOf(now.view) === key && switches(now.view.game)[pick.why]) play(now.view, pick);
    }, pick.why === "discard" ? DISCARD_DELAY_MS : 0);
  }).catch(() => { state.tried = null; }); // the hints failed: the player decides, or the next render tries again
}

/** The row says which version the switches looked at and what they chose (data-decided,
 *  data-auto): the tests wait on it. */
function showDecided(root) {
  const row = root.querySelector("[data-testid=autoplay]");
  if (!row || !state.decided) return;
  row.dataset.decided = state.decided.key.split(":").pop();
  row.dataset.auto = state.decided.why;
}

/** Tag the log lines of the moves made for you with "auto". */
function markLog(root, view) {
  const events = view.state.events;
  for (const m of state.marks) {
    if (m.match !== view.match_id || m.deal !== view.deal) continue;
    if (m.index === null) {
      const i = events.findIndex((ev, j) => j >= m.from && ev.type === m.type && ev.seat === m.seat);
      if (i < 0) continue;
      m.index = i;
    }
    const li = root.querySelector(`[data-testid=log] li[data-event="${m.index}"]`);
    if (li && !li.querySelector(".log__auto")) {
      li.append(" ", h("span", { class: "log__auto", "data-testid": "log-auto", title: t("play.auto.tagTitle") },
        t("play.auto.tag")));
    }
  }
}

// ------------------------------------------------------------------ the switches

function ensureCss() {
  if (document.querySelector("link[data-autoplay-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("./autoplay.css", import.meta.url).href,
    "data-autoplay-css": "" }));
}

const shiftKey = (key) => `${t("play.auto.shift")}+${key}`;

/** The row of switches for one's own seat (none for a spectator), with the last move made for you. */
export function autoplayRow(view) {
  if (view.seat === null || view.seat === undefined) return null;
  ensureCss();
  const on = switches(view.game);
  const note = state.note?.match === view.match_id ? state.note.text : "";
  return h("div", { class: "autoplay", "data-testid": "autoplay", role: "group", "aria-label": t("play.auto.title") },
    SWITCHES.filter(({ name }) => offered(view.game, name)).map(({ name, key }) => h("label", {
      class: `autoplay__switch${on[name] ? " is-on" : ""}`, title: `${t(`play.auto.${name}Hint`)} (${shiftKey(key)})`,
    },
    h("input", { type: "checkbox", role: "switch", checked: on[name], "data-testid": `auto-${name}`,
      "data-key": `auto-${name}`, "aria-keyshortcuts": `Shift+${key}`,
      onchange: (ev) => toggle(view.game, name, ev.currentTarget.checked) }),
    h("span", { class: "autoplay__label" }, t(`play.auto.${name}`)),
    h("kbd", { class: "key-hint", "aria-hidden": "true" }, `⇧${key}`))),
    h("span", { class: "autoplay__note", "data-testid": "auto-note" }, note));
}

// ------------------------------------------------------------------ keys

function onKey(ev) {
  if (!ev.shiftKey || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
  const target = ev.target;
  if (target instanceof HTMLElement && (target.isContentEditable || ["TEXTAREA", "SELECT"].includes(target.tagName)
    || (target.tagName === "INPUT" && target.type !== "checkbox"))) return;
  const table = document.body.dataset.screen === "table" && document.querySelector("[data-testid=table]");
  const game = table?.dataset.game;
  const sw = SWITCHES.find(({ key }) => key === ev.key.toUpperCase());
  if (!game || !sw || !offered(game, sw.name) || !document.querySelector("[data-testid=autoplay]")) return;
  ev.preventDefault(); // keys.js leaves a key already handled alone (W alone still wins, X passes…)
  toggle(game, sw.name, !switches(game)[sw.name], true);
}

/** The keyboard help's rows for the switches of ``game``. */
function helpRows(game) {
  return SWITCHES.filter(({ name }) => !game || offered(game, name))
    .map(({ name, key }) => [[shiftKey(key)], t("play.auto.help", { name: t(`play.auto.${name}`) })]);
}

/**
 * Wire the switches to the app: ``decision()`` the decision open to us right now as
 * {view, legal, session} (null: none, or a move is on its way), ``act(action)`` plays an action as
 * a click does, ``rerender()`` draws the table again.
 */
export function installAutoplay(hooks) {
  if (state.hooks) return;
  state.hooks = hooks;
  document.addEventListener("keydown", onKey, { capture: true });
  addHelpRows(helpRows);
}
