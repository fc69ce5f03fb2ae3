// The replay page, #/replay/<match_id>/<deal>: a finished deal step by step from the server's
// replay (GET /api/matches/{id}/deals/{deal}/replay: every logged action with the all-hands-open
// view after it), drawn by the game's own table module (games.js) with every hand face up.
// Step with the buttons, the slider, the move list or the keyboard (← →, Home/End, Space plays
// and pauses); the end shows the deal's settlement; the seed revealed at the end is checked
// against the hash published when the deal began (seed.js, as on the table). The URL is the
// replay: "Copy link" shares it. #/replay/<match_id>/<deal>/<seat> shows it from that seat (the
// settlement's link gives the player's own): that seat sits at the bottom and every seat is
// named from there, as at the table (kit.js seatNames: You / Right / Across / Left); without
// one, from the match's human seat, else seat 0.

import { api } from "./api.js";
import { h } from "./dom.js";
import { TABLES } from "./games.js";
import { has, t } from "./i18n.js";
import { activeOptions } from "./room.js";
import { seedMatches } from "./seed.js";
import { seatNames } from "./kit.js";
import { tileEl, faceOfId as tileFace, tileName, suitName } from "./tiles.js";
import * as long from "./longcards.js";
import * as word from "./wordcards.js";
import { replayHref } from "./links.js";

const PLAY_MS = 900;     // one move per this long while playing
const SVG_NS = "http://www.w3.org/2000/svg";
/** The control buttons' icons (viewBox 0 0 16 16): drawn, since not every font has ⏮ ⏸ ⏭. */
const ICONS = {
  start: "M3 3h2v10H3zM13 3v10L6 8z",
  play: "M4 2v12l10-6z",
  pause: "M4 3h3v10H4zM9 3h3v10H9z",
  // one step: a chevron, unlike the filled triangle of play
  prev: "M10.5 2 12 3.5 7.5 8l4.5 4.5-1.5 1.5-6-6z",
  next: "M5.5 2 4 3.5 8.5 8 4 12.5 5.5 14l6-6z",
  end: "M11 3h2v10h-2zM3 3v10l7-5z",
};

/** How each family of cards is named and drawn small in the move list. */
export const CARDS = {
  tiles: { face: tileFace, name: tileName, el: (f) => tileEl(f, { size: "xs2" }) },
  long: { face: long.faceOfId, name: long.cardName, el: (f) => long.cardEl(f, { size: "mini" }) },
  word: { face: word.faceOfId, name: word.cardName, el: (f) => word.cardEl(f, { size: "mini" }) },
};
export const FAMILY = { sichuan: "tiles", mcr: "tiles", nantong: "long", paohuzi: "word" };

const page = {
  key: null,          // "match/deal" of the replay loaded
  viewer: 0,          // the seat the deal is seen from (drawn at the bottom, named "You")
  seatParam: null,    // that seat when the URL gives it (kept in the link to share)
  replay: null,       // the server's replay
  step: 0,
  timer: null,
  showSettlement: true,
  seedOk: null,       // true / false once checked
  els: null,          // the page's live parts
};

/** A game's name in the current language (as the lobby says it), else the table's English one. */
export function gameTitle(name) {
  return has(`app.game.${name}.title`) ? t(`app.game.${name}.title`) : TABLES[name]?.title ?? name;
}

/** The seat a replay is seen from: the URL's, else the match's only human seat, else seat 0. */
function viewerOf(rep, param) {
  const n = rep.steps[0].state.players.length;
  if (param !== null && Number.isInteger(param) && param >= 0 && param < n) return param;
  const humans = rep.seats.filter((s) => s.kind === "human");
  return humans.length === 1 ? humans[0].seat : 0;
}

export async function render(root, params) {
  stop();
  ensureStyles();
  const matchId = params.match_id ?? "";
  const deal = Number(params.deal);
  const seatParam = params.seat === undefined || params.seat === "" ? null : Number(params.seat);
  document.title = `paiju — ${t("replay.heading")}`;
  if (!matchId || !Number.isInteger(deal) || deal < 0) {
    root.replaceChildren(problem(t("replay.error.not_found")));
    return;
  }
  const key = `${matchId}/${deal}`;
  if (page.key === key && !root.contains(page.els?.board ?? null)) {
    // back on a replay seen before: from the start (a re-render, say in another language, keeps
    // the step it shows)
    Object.assign(page, { step: 0, showSettlement: true });
  }
  if (page.key !== key) {
    root.replaceChildren(h("p", { class: "loading", "data-testid": "loading" }, t("replay.loading")));
    let replay;
    try {
      replay = await api(`/matches/${encodeURIComponent(matchId)}/deals/${deal}/replay`);
    } catch (err) {
      const text = err.code === "deal/in_progress" ? t("replay.error.in_progress")
        : err.status === 404 ? t("replay.error.not_found")
          : t("replay.error.other", { message: err.message });
      root.replaceChildren(problem(text, err.code === "deal/in_progress" ? () => render(root, params) : null));
      return;
    }
    Object.assign(page, { key, replay, step: 0, showSettlement: true, seedOk: null });
    seedMatches(replay.seed, replay.steps[0].state.seed_hash).then((ok) => {
      if (page.replay !== replay) return;
      page.seedOk = ok && replay.seed_hash === replay.steps[0].state.seed_hash;
      if (page.els) draw();
    });
  }
  if (document.body.dataset.screen !== "replay") return; // left while loading
  page.viewer = viewerOf(page.replay, seatParam);
  page.seatParam = page.viewer === seatParam ? seatParam : null;
  build(root);
  draw();
}

/** A screen's problem panel: ``text`` and, when ``retry`` is given, a button to try again;
 *  ``screen`` names its texts (``<screen>.heading``, ``.retry``, ``.back``) and test ids. The
 *  replay's and the review's (review.js). */
export function problemPanel(screen, text, retry = null) {
  return h("section", { class: "replay replay--problem", "data-testid": `${screen}-error` },
    h("h1", {}, t(`${screen}.heading`)),
    h("p", { role: "alert" }, text),
    h("p", {},
      retry ? h("button", { type: "button", class: "btn", "data-testid": `${screen}-retry`, onclick: retry },
        t(`${screen}.retry`)) : null, " ",
      h("a", { class: "btn btn--primary", href: "./" }, t(`${screen}.back`))));
}

const problem = (text, retry = null) => problemPanel("replay", text, retry);

// ------------------------------------------------------------------ the page

function build(root) {
  const rep = page.replay;
  const title = gameTitle(rep.game);
  const url = shareUrl(rep);
  const link = h("input", { class: "replay__url", type: "text", readonly: true, value: url,
    "aria-label": t("replay.share"), "data-testid": "replay-url", onfocus: (ev) => ev.target.select() });
  const copied = h("span", { class: "replay__copied", role: "status", "data-testid": "replay-copied" });
  const button = (name, label, onclick) => h("button", {
    type: "button", class: "btn replay__btn", "data-testid": `replay-${name}`, "aria-label": label,
    title: label, onclick }, icon(name));
  const play = button("play", t("replay.play"), togglePlay);
  const slider = h("input", { type: "range", min: 0, max: rep.steps.length - 1, value: page.step,
    class: "replay__slider", "data-testid": "replay-slider", "aria-label": t("replay.slider"),
    oninput: (ev) => go(Number(ev.target.value)) });
  const position = h("span", { class: "replay__position", "data-testid": "replay-position", "aria-live": "polite" });
  const seed = h("section", { class: "replay__seed", "data-testid": "replay-seed" });
  const names = seatNames(viewAt(rep, 0));
  const moves = h("ol", { class: "replay__moves", "data-testid": "replay-moves", "aria-label": t("replay.moves") },
    rep.steps.map((s, i) => h("li", {}, h("button", { type: "button", class: "replay__move",
      "data-testid": "replay-move", "data-step": i, onclick: () => { pause(); go(i); } }, moveText(rep, i, names)))));
  const board = h("div", { class: "replay__board", "data-testid": "replay-board" });
  const rules = h("div", { class: "replay__rules" }); // the house rules the deal was played under
  const showRules = () => rules.replaceChildren(activeOptions(rep.game, rep.options, showRules, { inline: true }) ?? "");
  showRules();
  const results = h("button", { type: "button", class: "btn btn--primary", "data-testid": "replay-show-results",
    onclick: () => { page.showSettlement = true; draw(); } }, t("replay.showResults"));
  page.els = { root, play, slider, position, seed, moves, board, results };
  root.replaceChildren(h("section", { class: "replay", "data-testid": "replay", "data-game": rep.game,
    "data-steps": rep.steps.length },
  h("header", { class: "replay__head" },
    h("div", {},
      h("h1", {}, t("replay.title", { game: title, deal: rep.deal + 1 })), rules,
      h("p", { class: "muted" }, t("replay.intro"), " ", h("a", { href: "./" }, t("replay.back")))),
    h("div", { class: "replay__share" }, link,
      h("button", { type: "button", class: "btn", "data-testid": "replay-copy",
        onclick: () => copyText(url, link, copied) }, t("replay.copy")), copied)),
  h("div", { class: "replay__bar", role: "toolbar", "aria-label": t("replay.controls") },
    button("start", t("replay.start"), () => { pause(); go(0); }),
    button("prev", t("replay.prev"), () => { pause(); go(page.step - 1); }),
    play,
    button("next", t("replay.next"), () => { pause(); go(page.step + 1); }),
    button("end", t("replay.end"), () => { pause(); go(rep.steps.length - 1); }),
    slider, position, results,
    h("span", { class: "replay__keys muted" }, t("replay.keys"))),
  h("div", { class: "replay__body" }, board,
    h("aside", { class: "replay__side" }, seed,
      h("h2", {}, t("replay.moves")), moves))));
}

function icon(name) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "replay__icon");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

function shareUrl(rep) {
  return `${location.origin}${location.pathname}${replayHref(rep.match_id, rep.deal, page.seatParam)}`;
}

/** Copy to the clipboard, or select the text for a manual copy where the page may not. */
export async function copyText(text, input, out) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    input.focus();
    input.select();
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
  }
  out.textContent = ok ? t("replay.copied") : t("replay.copyFailed");
}

/** A logged action in words, with its cards: "Left discards [5m]". */
function moveText(rep, i, names) {
  const step = rep.steps[i];
  const num = h("span", { class: "replay__num" }, String(i));
  if (step.action === null) return [num, t("replay.dealt")];
  const a = step.action;
  const family = CARDS[FAMILY[rep.game]] ?? CARDS.tiles;
  const ids = [...(Number.isInteger(a.card) ? [a.card] : []), ...(Array.isArray(a.cards) ? a.cards : [])];
  if (!ids.length && a.type !== "pass") {
    // a claim (pung, chi, a win on a discard...) takes the card on offer before it
    const before = rep.steps[i - 1].state;
    const offered = before.claim?.card;
    if (offered) ids.push(offered.id);
  }
  // "You discard", "Left discards": the viewer's own moves take the verb's form for "you"
  const key = `replay.action.${a.type}${names.isMe(step.seat) ? ".you" : ""}`;
  const label = has(key) ? t(key) : a.type;
  const extra = a.suit ? suitName(a.suit) : a.low ? family.name(a.low) : "";
  const cards = ids.map((id) => {
    const el = family.el(family.face(id));
    el.setAttribute("aria-label", family.name(family.face(id)));
    return el;
  });
  return [num, h("span", { class: "replay__who" }, names.name(step.seat)), " ", label,
    extra ? ` ${extra}` : "", cards.length ? h("span", { class: "replay__cards" }, cards) : null];
}

// ------------------------------------------------------------------ one step

/** The MatchView a table module draws for step ``i``: the viewer's seat, every hand open (the
 * table draws no decision in a replay: ``ctx.replay``). */
function viewAt(rep, i) {
  const step = rep.steps[i];
  const st = { ...step.state, events: rep.events.slice(0, step.events) };
  // a drawn tile is drawn apart in the bottom seat's hand only; the others show it in their hand
  if (st.drawn && st.turn !== page.viewer) st.drawn = null;
  return {
    match_id: rep.match_id, game: rep.game, version: step.version ?? 0, deal: rep.deal, seat: page.viewer,
    seats: rep.seats, scores: st.players.map((p) => p.score), seed_hash: rep.seed_hash, state: st,
  };
}

function seedText() {
  if (page.seedOk === null) return t("replay.seed.checking");
  return page.seedOk ? t("replay.seed.ok") : t("replay.seed.bad");
}

function go(i) {
  const last = page.replay.steps.length - 1;
  const next = Math.max(0, Math.min(last, i));
  if (next === page.step) return;
  if (next === last) page.showSettlement = true;
  page.step = next;
  draw();
}

function draw() {
  const rep = page.replay;
  const els = page.els;
  const i = page.step;
  const last = rep.steps.length - 1;
  const view = viewAt(rep, i);
  const table = TABLES[rep.game];
  const ctx = {
    legal: null, selected: null, busy: false, fresh: null, replay: true,
    seedCheck: seedText(), title: gameTitle(rep.game),
    on: { act() {}, select() {}, discard() {}, nextDeal() {}, restart() {},
      toggleSettlement: () => { page.showSettlement = !page.showSettlement; draw(); } },
  };
  const nodes = [];
  if (table) {
    const el = table.render(view, ctx);
    const actor = rep.steps[i].seat;
    if (actor !== null) el.querySelector(`[data-seat="${actor}"]`)?.classList.add("is-just-acted");
    nodes.push(el);
    if (i === last && view.state.result && page.showSettlement) nodes.push(table.settlement(view, ctx));
  } else {
    nodes.push(h("p", { class: "muted" }, t("replay.noTable", { game: rep.game })));
  }
  els.board.replaceChildren(...nodes);
  els.board.dataset.step = String(i);
  els.slider.value = String(i);
  els.position.textContent = t("replay.position", { i, n: last });
  els.results.hidden = !(i === last && !page.showSettlement);
  for (const name of ["start", "prev"]) els.root.querySelector(`[data-testid=replay-${name}]`).disabled = i === 0;
  for (const name of ["next", "end"]) els.root.querySelector(`[data-testid=replay-${name}]`).disabled = i === last;
  const playing = page.timer !== null;
  els.play.setAttribute("aria-label", playing ? t("replay.pause") : t("replay.play"));
  els.play.title = els.play.getAttribute("aria-label");
  els.play.replaceChildren(icon(playing ? "pause" : "play"));
  els.play.dataset.playing = playing ? "true" : "false";
  els.seed.replaceChildren(
    h("h2", {}, t("replay.seed.title")),
    h("p", {}, t("replay.seed.hash"), " ", h("code", { class: "hash", "data-testid": "replay-seed-hash" },
      rep.steps[0].state.seed_hash)),
    h("p", {}, t("replay.seed.seed"), " ", h("code", { "data-testid": "replay-seed-value" }, String(rep.seed))),
    h("p", { class: "replay__check", "data-testid": "replay-seed-check",
      "data-ok": page.seedOk === null ? "pending" : String(page.seedOk) }, seedText()));
  for (const b of els.moves.querySelectorAll("[data-testid=replay-move]")) {
    const on = Number(b.dataset.step) === i;
    b.classList.toggle("is-current", on);
    if (on) {
      b.setAttribute("aria-current", "step");
      followMove(els.moves, b);
    } else b.removeAttribute("aria-current");
  }
  if (i === last && page.showSettlement) els.board.querySelector("[data-testid=settlement]")?.focus({ preventScroll: true });
}

/** Scroll the move list (only it, never the page) to bring the current move ``b`` to its middle
 * when it is out of sight. */
function followMove(list, b) {
  const box = list.getBoundingClientRect();
  const at = b.getBoundingClientRect();
  if (at.top >= box.top && at.bottom <= box.bottom) return;
  list.scrollTop += at.top - box.top - (list.clientHeight - at.height) / 2;
}

// ------------------------------------------------------------------ playing

function togglePlay() {
  if (page.timer !== null) pause();
  else {
    if (page.step === page.replay.steps.length - 1) page.step = 0;
    page.showSettlement = true;
    page.timer = setInterval(tick, PLAY_MS);
    draw();
  }
}

function tick() {
  if (!page.els?.root.contains(page.els.board) || document.body.dataset.screen !== "replay") {
    stop();
    return;
  }
  const last = page.replay.steps.length - 1;
  if (page.step >= last) pause();
  else go(page.step + 1);
  if (page.step >= last) pause();
}

function pause() {
  if (page.timer === null) return;
  stop();
  if (page.els) draw();
}

function stop() {
  clearInterval(page.timer);
  page.timer = null;
}

document.addEventListener("keydown", (ev) => {
  if (document.body.dataset.screen !== "replay" || !page.els || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const target = ev.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement
    || target instanceof HTMLTextAreaElement) return; // the slider and the link handle their own keys
  const last = page.replay.steps.length - 1;
  const moves = { ArrowRight: page.step + 1, ArrowLeft: page.step - 1, Home: 0, End: last };
  if (ev.key in moves) {
    ev.preventDefault();
    pause();
    go(moves[ev.key]);
  } else if (ev.key === " " && !(target instanceof HTMLButtonElement)) {
    ev.preventDefault();
    togglePlay();
  }
});

/** The replay and friends pages' own stylesheet, added to the document once. */
export function ensureStyles() {
  if (document.querySelector("link[data-replay-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("./replay.css", import.meta.url).href,
    "data-replay-css": "" }));
}
