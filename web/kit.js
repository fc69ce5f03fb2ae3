// The table kit every game's table is built on (mahjong: table.js; Nantong: nantong.js; Paohuzi:
// paohuzi.js): seat names, the event log, the discard rows, scores, and the table's and the
// settlement's frames. Pure rendering: every change of state goes through the handlers the app
// passes in ``ctx.on``.

import { h, zh, signed } from "./dom.js";
import { t } from "./i18n.js";

const POSITIONS = ["bottom", "right", "top", "left"];
const RELATIVE = ["you", "right", "across", "left"];
/** Three-player tables (Nantong, Paohuzi): the next player sits on your right, the other on your left. */
const POSITIONS_3 = ["bottom", "right", "left"];
const RELATIVE_3 = ["you", "right", "left"];

/**
 * Seat helpers bound to the viewer's seat (seat 0 sits at the bottom). Seats are named by where
 * they sit (app.seat.*), in three grammatical forms: name ("Left"), obj ("from Left", "from
 * you": app.seatObj.*) and poss ("Left’s", "your": app.seatPoss.*). ``say(key, s, params)`` is a
 * sentence whose subject is seat ``s``: the key's ".you" form when that is the viewer, since
 * most languages conjugate "you discarded" and "Left discarded" differently.
 */
export function seatNames(view) {
  const me = view.seat ?? 0;
  const n = view.state.players.length;
  const rel = (s) => (s - me + n) % n;
  const [positions, relative] = n === 3 ? [POSITIONS_3, RELATIVE_3] : [POSITIONS, RELATIVE];
  const spectator = view.seat === null || view.seat === undefined;
  const form = (kind, s) => (spectator ? t(`app.${kind}.n`, { n: s }) : t(`app.${kind}.${relative[rel(s)]}`));
  const isMe = (s) => !spectator && s === me;
  return {
    me, rel, isMe, pos: (s) => positions[rel(s)],
    name: (s) => form("seat", s),
    obj: (s) => form("seatObj", s),
    poss: (s) => form("seatPoss", s),
    say: (key, s, params = {}) => t(isMe(s) ? `${key}.you` : key,
      { who: form("seat", s), ...params }),
  };
}

export function lastDiscard(state) {
  for (let i = state.events.length - 1; i >= 0; i--) {
    const ev = state.events[i];
    if (ev.type === "discard") return ev;
    if (ev.type === "deal") break;
  }
  return null;
}

// ------------------------------------------------------------------ event log

/** A discard, pung or kong (of any kind) as a sentence: the same words for every game that has
 * them (mahjong and Nantong); ``card`` is the card's name, "" when hidden, ``from`` the claimed
 * seat's name. */
export function meldEventText(type, names, s, card, from) {
  switch (type) {
    case "discard":
      return names.say("app.ev.discard", s, { card });
    case "pung":
      return [names.say("app.ev.pung", s, { card, from }), " ", zh("碰")];
    case "kong":
      return [names.say("app.ev.kong", s, { card, from }), " ", zh("杠")];
    case "concealed_kong":
      return [names.say(card ? "app.ev.concealedKong" : "app.ev.concealedKongHidden", s, { card }), " ", zh("杠")];
    default: // added_kong
      return [names.say("app.ev.addedKong", s, { card }), " ", zh("杠")];
  }
}

/** The last few events as sentences, each told by the game's ``textOf(ev, names, state, prev)``. */
export function logPanel(view, names, textOf, max = 7) {
  const lines = [];
  const events = view.state.events;
  for (let i = events.length - 1; i >= 0 && lines.length < max; i--) {
    const text = textOf(events[i], names, view.state, events[i - 1]);
    if (text) lines.unshift(h("li", { class: `log__item log__item--${events[i].type}`, "data-event": i }, text));
  }
  return h("section", { class: "log", "aria-label": t("app.log.title"), "data-testid": "log" },
    h("h2", { class: "log__title" }, t("app.log.title")),
    h("ol", {}, lines));
}

/**
 * A seat's discards in order, the last discard of the table marked (and animated while
 * ``fresh``), drawn by ``draw(face, opts)`` and named by ``name(face)``: one for every table.
 */
export function discardRiver(discards, seat, last, fresh, { cls, label, draw, name, empty = null }) {
  const river = h("div", { class: cls, "data-testid": "river", "aria-label": label });
  discards.forEach((c, i) => {
    const isLast = last && last.seat === seat && last.card.id === c.id && i === discards.length - 1;
    const el = draw(c.face, { size: "sm", cls: isLast ? "is-last" : "" });
    if (isLast) {
      el.dataset.testid = "last-discard";
      el.setAttribute("aria-label", t("app.mj.lastDiscard", { card: name(c.face) }));
      el.title = t("app.mj.lastDiscard", { card: name(c.face) });
      if (fresh) {
        el.classList.add("is-fresh");
        el.style.animationDelay = `-${fresh.elapsed}ms`;
      }
    }
    river.append(el);
  });
  if (!discards.length && empty) river.append(h("span", { class: "lriver__empty" }, empty));
  return river;
}

/** A seat's score of this deal and of the match (every table shares it). */
export function scoreEl(view, s) {
  const p = view.state.players[s];
  const cls = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "");
  return h("span", { class: "seat__score", "data-testid": "seat-score",
    title: t("app.score.title", { deal: signed(p.score), match: signed(view.scores[s]) }) },
  h("small", {}, t("app.score.deal"), " "), h("b", { class: cls(p.score) }, signed(p.score)),
  h("small", {}, " · ", t("app.score.match"), " "), h("b", { class: cls(view.scores[s]) }, signed(view.scores[s])));
}

/** "basic AI" or "player": what sits in a seat. */
export function seatKind(view, s) {
  const info = view.seats[s];
  return info?.kind === "ai" ? t("app.seatKind.ai", { level: t(`app.ai.${info.level ?? "basic"}`) })
    : t("app.seatKind.player");
}

/** The settlement dialog with its title ("Deal 3 over · …") and its buttons; callers append. */
export function settlementPanel(view, ctx, outcome) {
  const panel = h("section", { class: "settlement", "data-testid": "settlement", role: "dialog",
    "aria-labelledby": "settle-title", tabindex: "-1" });
  panel.append(h("header", { class: "settlement__head" },
    h("h2", { id: "settle-title" }, t("app.settle.dealOver", { n: view.deal + 1 }), " · ", outcome),
    h("div", { class: "settlement__buttons" },
      ctx.replay ? null : [ // a replay shows a deal played before: nothing to start from here
        h("button", { type: "button", class: "btn btn--primary", "data-testid": "next-deal", "data-action": "next",
          disabled: ctx.busy, onclick: ctx.on.nextDeal }, t("app.settle.nextDeal")),
        h("button", { type: "button", class: "btn", "data-testid": "restart", disabled: ctx.busy,
          onclick: ctx.on.restart }, t("app.settle.restart"))],
      ctx.replayHref ? h("a", { class: "btn", href: ctx.replayHref, "data-testid": "replay-link" },
        t("replay.open")) : null,
      h("button", { type: "button", class: "btn btn--ghost", "data-testid": "hide-settlement", "data-action": "view",
        onclick: ctx.on.toggleSettlement }, t("app.settle.viewTable")))));
  return panel;
}

/** Every seat's result of this deal and its match total. */
export function totalsSection(view) {
  const r = view.state.result;
  const names = seatNames(view);
  return h("section", { class: "settlement__totals" }, h("h3", {}, t("app.settle.totals")),
    h("table", { class: "totals", "data-testid": "totals" },
      h("thead", {}, h("tr", {}, h("th", {}, t("app.settle.seat")), h("th", { class: "num" }, t("app.settle.thisDeal")),
        h("th", { class: "num" }, t("app.settle.match")))),
      h("tbody", {}, view.state.players.map((_, s) => h("tr", { "data-testid": "total-row", "data-seat": s },
        h("td", {}, names.name(s)),
        h("td", { class: `num ${r.deltas[s] > 0 ? "pos" : r.deltas[s] < 0 ? "neg" : ""}`, "data-testid": "total-delta" },
          signed(r.deltas[s])),
        h("td", { class: "num" }, signed(view.scores[s])))))));
}

/** The deal's seed, revealed at its end, against the hash published at its start. */
export function seedSection(view, ctx) {
  const st = view.state;
  return h("section", { class: "settlement__seed", "data-testid": "seed-box" }, h("h3", {}, t("app.seed.title")),
    h("p", {}, t("app.seed.seed"), " ", h("code", { "data-testid": "seed" }, String(st.seed))),
    h("p", {}, t("app.seed.hash"), " ", h("code", { class: "hash", "data-testid": "seed-hash" }, st.seed_hash)),
    h("p", { class: "muted", "data-testid": "seed-check" }, ctx.seedCheck ?? ""));
}


/** A card of one's own hand: selectable and discardable (double click) when legal. */
export function playable(el, id, legal, selected, ctx) {
  el.setAttribute("aria-pressed", selected ? "true" : "false");
  if (!legal) el.disabled = true;
  else {
    el.addEventListener("click", () => ctx.on.select(id));
    el.addEventListener("dblclick", () => ctx.on.discard(id));
  }
  return el;
}

/** The table element every game shares: seats, centre and own area come from the game's
 *  `parts` ({opponent, centre, mine}); `kind` adds a class and `title` the screen-reader name. */
export function tableShell(view, ctx, parts, { kind = "", title = "" } = {}) {
  const st = view.state;
  const names = seatNames(view);
  const last = lastDiscard(st);
  const fresh = last && ctx.fresh && ctx.fresh.key === `${view.deal}:${last.seat}:${last.card.id}` ? ctx.fresh : null;
  const table = h("section", {
    class: `table${kind ? ` ${kind}` : ""} phase-${st.phase}`, "data-testid": "table", "data-phase": st.phase,
    "data-to-act": st.to_act ? "true" : "false", "data-version": view.version,
    "data-busy": ctx.busy ? "true" : "false", "data-deal": view.deal,
    "data-legal-ready": ctx.legal && !ctx.busy ? "true" : "false",
    "data-game": view.game ?? st.game,
    "aria-label": t("app.table.label", { title: ctx.title ?? title }),
  });
  for (let s = 0; s < st.players.length; s++) {
    if (s !== names.me) table.append(parts.opponent(view, s, names, last, fresh));
  }
  table.append(parts.centre(view, ctx, names));
  table.append(parts.mine(view, ctx, names, last, fresh));
  return table;
}
