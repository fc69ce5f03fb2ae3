// Hints at the table (issue 7): a "Hints" switch, remembered in localStorage, and a panel with
// the hand's distance from ready (Paohuzi: also the huxi held and still needed), what each
// discard leaves — ready or not, each wait with its unseen copies and what a win on it would
// score, or else the faces that would bring it a step nearer (kinds and unseen copies, the
// efficiency tools' ukeire; issue 26) — best first, a word when a win is offered instead of
// the discards, and a warning step before a discard that could let a visibly ready opponent win.
// The numbers come from GET /api/matches/{id}/hints (server/assist.py), fetched once per
// version and only while hints are on; the server computes them from this seat's view alone.
//
// app.js plugs the warning step into the table through the kit's hook (kit.js, ``ctx.hooks``):
// ``hintsHooks(view, ctx, session, rerender)``; ``hintsPanel(view, ctx, session, rerender)`` is
// the panel beside the table.

import { api } from "./api.js";
import { h } from "./dom.js";
import { has, patternName, t } from "./i18n.js";
import { itemDetail, valueText } from "./items.js";
import { cardEl as longCard } from "./longcards.js";
import { seatNames } from "./kit.js";
import { tileEl } from "./tiles.js";
import { cardEl as wordCard } from "./wordcards.js";

const STORE_KEY = "paiju.hints";
const WORD_GAMES = new Set(["paohuzi"]);
const LONG_GAMES = new Set(["nantong"]);

const state = {
  key: null,        // "<match>:<version>" of the hints held or being fetched
  data: null,       // the hints for ``key`` (null while loading)
  error: null,
  loading: null,    // the promise of the fetch in flight
  pending: null,    // {key, card}: a dangerous discard waiting for "Discard anyway"
  open: new Set(),  // the <details> left open, by their data-key
};

export function hintsOn() {
  try {
    return localStorage.getItem(STORE_KEY) === "on";
  } catch {
    return false;
  }
}

function setHintsOn(on) {
  try {
    localStorage.setItem(STORE_KEY, on ? "on" : "off");
  } catch {
    /* private mode: the switch lasts until the page closes */
  }
  memory = on;
}

let memory = null; // the switch when localStorage cannot keep it
const isOn = () => memory ?? hintsOn();

function ensureCss() {
  if (document.querySelector("link[data-hints-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("./hints.css", import.meta.url).href,
    "data-hints-css": "" }));
}

let fetched = { key: null, promise: null };

/** The hints of the view's version, asked of the server once however many parts of the page
 * want them (this panel, the auto-discard switch); a failed answer is asked again next time. */
export function fetchHints(view, session) {
  const key = `${view.match_id}:${view.version}`;
  if (fetched.key !== key) {
    const promise = api(`/matches/${encodeURIComponent(view.match_id)}/hints`, { token: session.token })
      .catch((err) => {
        if (fetched.promise === promise) fetched = { key: null, promise: null };
        throw err;
      });
    fetched = { key, promise };
  }
  return fetched.promise;
}

/** The hints of the view's version: held, or fetched (once) and then drawn by ``rerender``. */
function load(view, session, rerender) {
  const key = `${view.match_id}:${view.version}`;
  if (state.key === key && (state.data || state.loading)) return state.loading ?? Promise.resolve(state.data);
  state.key = key;
  state.data = null;
  state.error = null;
  state.loading = fetchHints(view, session)
    .then((data) => {
      if (state.key !== key) return null;
      state.data = data;
      return data;
    })
    .catch((err) => {
      if (state.key === key) state.error = err.message;
      return null;
    })
    .finally(() => {
      if (state.key === key) {
        state.loading = null;
        rerender();
      }
    });
  return state.loading;
}

function faceEl(game, face, size = "sm") {
  if (WORD_GAMES.has(game)) return wordCard(face, { size: size === "sm" ? "xs" : size });
  if (LONG_GAMES.has(game)) return longCard(face, { size: "xs" });
  return tileEl(face, { size });
}

function danger(data, card) {
  const row = data?.discards?.find((d) => d.cards.includes(card));
  return row?.danger?.length ? row : null;
}

function seatList(view, seats) {
  const names = seatNames(view);
  return seats.map((s) => names.name(s)).join(", ");
}

const active = (view, session) => isOn() && session && view.seat !== null && view.seat !== undefined;

/**
 * The table's hooks while hints are on (none while they are off): ``beforeDiscard`` holds back
 * a discard that could let a visibly ready opponent win until "Discard anyway".
 */
export function hintsHooks(view, ctx, session, rerender) {
  if (!active(view, session)) return {};
  const key = `${view.match_id}:${view.version}`;
  return {
    async beforeDiscard(id) {
      // the Discard button passes no id: the selection lives in the hand (it changes in place)
      const chosen = document.querySelector("[data-testid=hand-tile].is-selected")?.dataset.id;
      const card = id ?? (chosen === undefined ? ctx.selected : Number(chosen));
      if (card === null || card === undefined) return false;
      const data = state.key === key && state.data ? state.data : await load(view, session, rerender);
      if (data && data.version === view.version && danger(data, card)) {
        state.pending = { key, card };
        rerender();
        return false;
      }
      return true;
    },
  };
}

/** The hints panel for ``view`` (always: it holds the switch); ``rerender`` redraws the table
 *  once hints arrive. */
export function hintsPanel(view, ctx, session, rerender) {
  ensureCss();
  const on = isOn();
  const toggle = h("label", { class: "hints__switch" },
    h("input", {
      type: "checkbox", "data-testid": "hints-toggle", checked: on,
      onchange: (ev) => {
        setHintsOn(ev.currentTarget.checked);
        state.pending = null;
        rerender();
      },
    }), " ", t("hints.toggle"));
  const panel = h("section", { class: "hints", "data-testid": "hints", "aria-label": t("hints.title"),
    "data-on": on ? "true" : "false" }, h("div", { class: "hints__head" }, toggle));
  if (!active(view, session)) return panel;

  const key = `${view.match_id}:${view.version}`;
  if (state.pending && state.pending.key !== key) state.pending = null;
  if (state.key !== key || (!state.data && !state.loading && !state.error)) load(view, session, rerender);

  const data = state.key === key ? state.data : null;
  if (!data) {
    panel.append(h("p", { class: "hints__muted", "data-testid": "hints-status" },
      state.key === key && state.error ? t("hints.error", { error: state.error }) : t("hints.loading")));
    return panel;
  }
  panel.dataset.version = String(data.version);
  if (!data.available) {
    panel.append(h("p", { class: "hints__muted", "data-testid": "hints-status" },
      t(`hints.reason.${data.reason}`)));
    return panel;
  }
  if (state.pending) panel.append(warning(view, data, ctx.on, rerender));
  panel.append(summary(view, data));
  if (data.win_offered) {
    panel.append(h("p", { class: "hints__win", "data-testid": "hints-win" }, t("hints.winOffered")));
  }
  if (data.ready_opponents.length) panel.append(readyOpponents(view, data));
  if (data.hand.waits.length) panel.append(waitList(view, data, data.hand.waits, "hand"));
  if (data.hand.improving?.length) {
    panel.append(h("div", { class: "hints__hand-improving" }, improvingLine(view, data.hand.improving)));
  }
  // a win on offer: no "keeps you ready" rows to talk the player out of it
  if (data.discards.length && !data.win_offered) panel.append(discardRows(view, ctx, data));
  return panel;
}

function distanceText(shanten, toDiscard = false) {
  if (shanten < 0) return t("hints.complete");
  if (shanten === 0) return t(toDiscard ? "hints.readyAfter" : "hints.ready");
  return t("hints.away", { count: shanten });
}

function summary(view, data) {
  const hand = data.hand;
  const parts = [h("strong", { "data-testid": "hints-shanten", "data-shanten": hand.shanten },
    distanceText(hand.shanten, data.discards.length > 0))];
  if (hand.huxi !== null && hand.huxi !== undefined) {
    parts.push(" · ", h("span", { "data-testid": "hints-huxi" }, hand.huxi_needed > 0
      ? t("hints.huxiNeeded", { huxi: hand.huxi, needed: hand.huxi_needed })
      : t("hints.huxiEnough", { huxi: hand.huxi })));
  }
  return h("p", { class: "hints__summary" }, ...parts);
}

function readyOpponents(view, data) {
  const names = seatNames(view);
  return h("ul", { class: "hints__alerts", "data-testid": "hints-ready-opponents" },
    data.ready_opponents.map((o) => h("li", {}, "⚠ ", t(`hints.opponent.${o.why}`, { who: names.name(o.seat) }))));
}

function amount(unit, total) {
  return t(`hints.unit.${unit}`, { count: total });
}

function itemLabel(game, item) {
  if (has(`patterns.${game}.${item.code}`)) return patternName(game, item.code, item.name);
  if (has(`hints.item.${item.code}`)) return t(`hints.item.${item.code}`);
  return item.name;
}

function itemLine(view, data, item) {
  const game = view.game;
  const value = item.op === "+" ? `+${valueText(item)}` : valueText(item);
  return h("li", { class: "hints__item items" },
    h("span", {}, itemLabel(game, item)),
    item.cards.length || item.factors.length
      ? h("span", { class: "hints__faces" }, itemDetail(game, item, (f) => faceEl(game, f, "xs"))) : null,
    h("b", {}, value));
}

function scoreText(data, score) {
  const parts = [amount(data.unit, score.total)];
  if (score.tun !== null && score.tun !== undefined && score.wins) parts.push(t("hints.tun", { count: score.tun }));
  // Paohuzi under house rules: what each opponent would pay (OPT-0.4)
  if (score.payment !== undefined && score.wins) parts.push(t("hints.pays", { n: score.payment }));
  if (!score.wins) parts.push(t("hints.noWin"));
  return parts.join(" · ");
}

function details(key, summaryNode, body) {
  const el = h("details", { class: "hints__details", "data-key": key, open: state.open.has(key) },
    h("summary", {}, summaryNode), body);
  el.addEventListener("toggle", () => {
    if (el.open) state.open.add(key);
    else state.open.delete(key);
  });
  return el;
}

function waitList(view, data, waits, where) {
  const game = view.game;
  const how = (k) => t(has(`hints.${k}.${game}`) ? `hints.${k}.${game}` : `hints.${k}.default`);
  return h("ul", { class: "hints__waits", "data-testid": "hints-waits" }, waits.map((w) => {
    const key = `${data.match_id}:${where}:${w.face}`;
    const head = h("span", { class: "hints__wait" }, faceEl(game, w.face),
      h("span", { class: "hints__unseen", "data-testid": "hints-unseen" }, t("hints.unseen", { count: w.unseen })),
      h("span", { class: w.claimed.wins ? "hints__score" : "hints__score is-short", "data-testid": "hints-score" },
        scoreText(data, w.claimed)));
    return h("li", { "data-face": w.face }, details(key, head, h("div", { class: "hints__breakdown" },
      [["claimed", w.claimed], ["selfDrawn", w.self_drawn]].map(([k, score]) => h("div", {},
        h("p", {}, how(k), ": ", h("b", {}, scoreText(data, score))),
        h("ul", {}, score.items.map((it) => itemLine(view, data, it))))))));
  }));
}

const CARD_GAMES = new Set([...WORD_GAMES, ...LONG_GAMES]);
const SHOWN_CLOSEST = 4; // discards shown unfolded when none keeps the hand ready
const unseenSum = (faces) => faces.reduce((n, f) => n + f.unseen, 0);

/** The faces that bring a hand a step nearer: "6 kinds, 18 tiles" and each face with its
 *  unseen copies. */
function improvingLine(view, faces) {
  const game = view.game;
  const things = CARD_GAMES.has(game) ? "cards" : "tiles";
  if (!faces.length) return h("span", { class: "hints__muted", "data-testid": "hints-improving" }, t("hints.improve.none"));
  const total = unseenSum(faces);
  return h("span", { class: "hints__improving", "data-testid": "hints-improving", "data-kinds": faces.length,
    "data-unseen": total, title: t("hints.improve.title"), "aria-label": t("hints.improve.title") },
  h("span", { class: "hints__improving-count" }, t("hints.improve.summary", {
    kinds: t("hints.improve.kinds", { count: faces.length }), tiles: t(`hints.improve.${things}`, { count: total }) })),
  h("span", { class: "hints__improving-faces" }, faces.map((f) => h("span", {
    class: "hints__improving-face", "data-face": f.face, title: t("hints.unseen", { count: f.unseen }),
  }, faceEl(game, f.face, "xs"), h("small", {}, String(f.unseen))))));
}

function discardRow(view, ctx, data, row) {
  const game = view.game;
  const selected = row.cards.includes(ctx.selected);
  const status = row.ready ? t("hints.keepsReady") : distanceText(row.shanten);
  return h("li", {
    class: `hints__discard${row.ready ? " is-ready" : ""}${selected ? " is-selected" : ""}${row.danger.length ? " is-danger" : ""}`,
    "data-testid": "hints-discard", "data-face": row.face, "data-ready": row.ready ? "true" : "false",
    "data-danger": row.danger.length ? "true" : "false",
  },
  h("div", { class: "hints__discard-head" }, faceEl(game, row.face),
    h("span", {}, status),
    !row.ready && row.shanten > 0 ? improvingLine(view, row.improving ?? []) : null,
    row.danger.length ? h("span", { class: "hints__danger" }, "⚠ ", t("hints.danger", { who: seatList(view, row.danger) })) : null),
  row.waits.length ? waitList(view, data, row.waits, `d${row.face}`) : null);
}

function discardRows(view, ctx, data) {
  // fewest steps first; then the most unseen copies that win (ready) or bring it nearer
  const bestFirst = [...data.discards].sort((a, b) => a.shanten - b.shanten
    || winning(b) - winning(a) || unseenSum(b.improving ?? []) - unseenSum(a.improving ?? []));
  // shown: the discards that keep the hand ready, or else the few best of those that leave it
  // closest (most tiles that bring it nearer); the rest folded
  const best = bestFirst.length ? bestFirst[0].shanten : 0;
  const closest = bestFirst.filter((r) => r.ready || r.shanten === best);
  const shown = closest.some((r) => r.ready) ? closest : closest.slice(0, SHOWN_CLOSEST);
  const rest = bestFirst.filter((r) => !shown.includes(r));
  const list = (rows) => h("ul", { class: "hints__discards" }, rows.map((r) => discardRow(view, ctx, data, r)));
  return h("div", { class: "hints__section" },
    h("h3", {}, t("hints.discards")),
    shown.some((r) => r.ready) ? null : h("p", { class: "hints__muted" }, t("hints.noneReady")),
    list(shown),
    rest.length ? details(`${data.match_id}:others`, t("hints.others", { count: rest.length }), list(rest)) : null);
}

/** Unseen copies of the waits that win: how good a ready discard is. */
function winning(row) {
  return row.waits.reduce((n, w) => n + (w.claimed.wins || w.self_drawn.wins ? w.unseen : 0), 0);
}

/** The warning step: ``on.discard`` (the app's, past the hook) plays the card anyway. */
function warning(view, data, on, rerender) {
  const { card } = state.pending;
  const row = danger(data, card);
  if (!row) {
    state.pending = null;
    return null;
  }
  const keep = h("button", { type: "button", class: "btn", "data-testid": "hints-keep",
    onclick: () => { state.pending = null; rerender(); } }, t("hints.warn.keep"));
  const box = h("div", { class: "hints__warn", role: "alertdialog", "aria-modal": "false",
    "aria-label": t("hints.warn.title"), "data-testid": "hints-warning" },
  h("p", {}, "⚠ ", t("hints.warn.text", { who: seatList(view, row.danger) }), " ", faceEl(view.game, row.face)),
  h("div", { class: "hints__warn-buttons" },
    h("button", { type: "button", class: "btn btn--win", "data-testid": "hints-discard-anyway",
      onclick: () => { state.pending = null; on.discard(card); } }, t("hints.warn.go")),
    keep));
  queueMicrotask(() => keep.isConnected && keep.focus({ preventScroll: true }));
  return box;
}
