// The table kit every game's table is built on (mahjong: table.js; Nantong: nantong.js; Paohuzi:
// paohuzi.js): seat names, the event log, the discard rows, scores, the seats around the table
// with their badges, one's own seat with its action bar, and the settlement's frame. A game
// describes what it does differently once, in a ``game`` object (below); the kit draws the rest.
// Pure rendering: every change of state goes through the handlers the app passes in ``ctx.on``;
// ``ctx.hooks`` are the extension points the table calls on the way: ``beforeDiscard(id)`` (the
// hints' warning step, hints.js) says whether a discard goes ahead. ``ctx.belowActions`` (the
// auto-play switches, autoplay.js) goes below the action bar; ``ctx.sortDrawn`` sorts the drawn
// card into one's hand instead of keeping it apart at the right.
//
// A game, as the kit reads it:
//   kind              the table's own classes ("table--three table--nantong")
//   acting            phase → the state's field naming the seat the table waits for ({play: "turn"})
//   won(st, s)        whether seat ``s`` has won
//   badges(view, s, names)  its own badges around the dealer's and the winner's: {before, status,
//                     won (the winner's badge's text), after}; ``ownBadges(view, s)`` more on one's own seat
//   groups(p, size)   a seat's exposed groups (melds, flowers…)
//   river(discards, s, last, fresh)   a seat's discards (``discardRiver`` with the game's cards)
//   shownHand(view, s)   another seat's hand when it lies face up
//   backs             another seat's hidden hand: {back() (one card's back), cls, label (a key
//                     with {count}), counted (the count written beside)}; ``tilesBox`` a class to
//                     wrap that hand and its groups in
//   hand(view, ctx, names, discardable)   one's own hand
//   centre(view, ctx, names)    the middle of the table
//   prompts           phase → (view, ctx, names) => the prompt of a decision other than a turn's
//                     discard (a claim, the preparation…), or null when there is none
//   waiting(view, names)  the hint while others decide, or null for the usual one
//   turn(view, ctx, names, discardable)   a turn: {hint, buttons, discard (false: no Discard button)}
//   faceOfId(id), short(face)   a card's face, and its name on the Discard button

import { h, zh, signed, append } from "./dom.js";
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
 * them (mahjong and Nantong), or null for another event; ``card`` is the card's name, "" when
 * hidden, ``from`` the claimed seat's name. */
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
    case "added_kong":
      return [names.say("app.ev.addedKong", s, { card }), " ", zh("杠")];
    default:
      return null;
  }
}

/**
 * The last few events as sentences, each told by the game's ``textOf(ev, names, state, prev)``;
 * newest first in the page, drawn at the bottom (style.css: the newest stays in sight).
 */
export function logPanel(view, names, textOf, max = 7) {
  const lines = [];
  const events = view.state.events;
  for (let i = events.length - 1; i >= 0 && lines.length < max; i--) {
    const text = textOf(events[i], names, view.state, events[i - 1]);
    if (text) lines.push(h("li", { class: `log__item log__item--${events[i].type}`, "data-event": i }, text));
  }
  return h("section", { class: "log", "aria-label": t("app.log.title"), "data-testid": "log" },
    h("h2", { class: "log__title" }, t("app.log.title")),
    h("ol", { tabindex: "0" }, lines)); // it scrolls: the keyboard can scroll it too (WCAG 2.1.1)
}

/**
 * A seat's discards in order, the last discard of the table marked (and animated while
 * ``fresh``), drawn by ``draw(face, opts)`` and named by ``name(face)``: one for every table.
 */
export function discardRiver(discards, seat, last, fresh, { cls, label, draw, name, empty = null }) {
  const river = h("div", { class: cls, role: "group", "data-testid": "river", "aria-label": label });
  discards.forEach((c, i) => {
    const isLast = last && last.seat === seat && last.card.id === c.id && i === discards.length - 1;
    const el = draw(c.face, { size: "sm", cls: isLast ? "is-last" : "" });
    el.dataset.card = c.id; // motion.js follows a card from the hand to the pond
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
function scoreEl(view, s) {
  const p = view.state.players[s];
  const cls = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "");
  return h("span", { class: "seat__score", "data-testid": "seat-score",
    title: t("app.score.title", { deal: signed(p.score), match: signed(view.scores[s]) }) },
  h("small", {}, t("app.score.deal"), " "), h("b", { class: cls(p.score) }, signed(p.score)),
  h("small", {}, " · ", t("app.score.match"), " "), h("b", { class: cls(view.scores[s]) }, signed(view.scores[s])));
}

/** "basic AI" or "player": what sits in a seat. */
function seatKind(view, s) {
  const info = view.seats[s];
  return info?.kind === "ai" ? t("app.seatKind.ai", { level: t(`app.ai.${info.level ?? "basic"}`) })
    : t("app.seatKind.player");
}

/** The mark on an AI seat that is to act: three dots and "thinking…" (issue 26), named for
 *  screen readers ("Right is thinking"); none in a replay, where nobody thinks. */
function thinkingMark(view, ctx, s, names, game) {
  if (ctx.replay || view.seats?.[s]?.kind !== "ai" || !isActing(view.state, s, game)) return null;
  const label = t("app.thinking.label", { who: names.name(s) });
  return h("span", { class: "thinking", "data-testid": "thinking", role: "img", "aria-label": label, title: label },
    h("span", { class: "thinking__dots", "aria-hidden": "true" }, h("i"), h("i"), h("i")),
    h("span", { class: "thinking__text", "aria-hidden": "true" }, t("app.thinking.mark")));
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
          "aria-expanded": "false", onclick: (ev) => askRestart(panel, ev.currentTarget, ctx) },
        t("app.settle.restart"))],
      ctx.replayHref ? h("a", { class: "btn", href: ctx.replayHref, "data-testid": "replay-link" },
        t("replay.open")) : null,
      ctx.reviewHref ? h("a", { class: "btn", href: ctx.reviewHref, "data-testid": "review-link" },
        t("review.open")) : null,
      h("button", { type: "button", class: "btn btn--ghost", "data-testid": "hide-settlement", "data-action": "view",
        onclick: ctx.on.toggleSettlement }, t("app.settle.viewTable")))));
  return panel;
}

/**
 * Restart wipes the match: its totals back to zero, deal 1 again with a new dealer. Say so and
 * ask first, beside the button (``restart`` its button); Cancel or Escape leaves all as it was.
 */
function askRestart(panel, restart, ctx) {
  if (panel.querySelector("[data-testid=restart-ask]")) return;
  const close = () => {
    ask.remove();
    restart.setAttribute("aria-expanded", "false");
    restart.focus();
  };
  const ask = h("div", { class: "settlement__ask", role: "alertdialog", "data-testid": "restart-ask",
    "aria-labelledby": "restart-ask-text",
    onkeydown: (ev) => {
      if (ev.key === "Escape") {
        ev.stopPropagation();
        close();
      }
    } },
  h("p", { id: "restart-ask-text" }, t("app.settle.restartAsk")),
  h("button", { type: "button", class: "btn btn--primary", "data-testid": "restart-confirm",
    onclick: () => {
      ask.remove();
      ctx.on.restart();
    } }, t("app.settle.restartConfirm")),
  h("button", { type: "button", class: "btn btn--ghost", "data-testid": "restart-cancel", onclick: close },
    t("app.settle.restartCancel")));
  restart.setAttribute("aria-expanded", "true");
  panel.querySelector(".settlement__head").after(ask);
  ask.querySelector("[data-testid=restart-cancel]").focus();
}

/** "Left → Right": who pays whom. */
export function payerPayee(names, payer, payee) {
  return [names.name(payer), h("span", { class: "arrow", "aria-label": t("app.settle.pays") }, " → "), names.name(payee)];
}

/** A payment's row: its number, who pays whom, the amount (``testid`` names its cell), and the
 *  game's words for its ``reason``. */
export function paymentRow(p, i, names, reason, testid = null) {
  return h("tr", { "data-testid": "payment", "data-reason": p.reason },
    h("td", { class: "num muted" }, String(i + 1)),
    h("td", {}, payerPayee(names, p.payer, p.payee)),
    h("td", { class: "num", "data-testid": testid }, String(p.amount)),
    h("td", {}, reason));
}

/** A deal's payments: ``rows`` (``paymentRow``), their amounts in ``unit``, under ``note``. */
export function paymentsSection(rows, unit, note = null) {
  return h("section", { class: "settlement__payments" }, h("h3", {}, t("app.settle.payments")),
    note,
    h("table", { class: "payments", "data-testid": "payments" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("app.settle.payerPayee")),
        h("th", { class: "num" }, unit), h("th", {}, t("app.settle.reason")))),
      h("tbody", {}, rows.length ? rows
        : h("tr", { "data-testid": "no-payments" }, h("td", { colspan: 4, class: "muted" }, t("app.settle.noPayments"))))));
}

/** The settlement's lower half: the game's ``payments`` section, every seat's totals, the seed. */
export function settlementLower(view, ctx, payments) {
  return h("div", { class: "settlement__lower" }, payments,
    h("div", { class: "settlement__side" }, totalsSection(view), seedSection(view, ctx)));
}

/** Every seat's result of this deal and its match total. */
function totalsSection(view) {
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
function seedSection(view, ctx) {
  const st = view.state;
  return h("section", { class: "settlement__seed", "data-testid": "seed-box" }, h("h3", {}, t("app.seed.title")),
    h("p", {}, t("app.seed.seed"), " ", h("code", { "data-testid": "seed" }, String(st.seed))),
    h("p", {}, t("app.seed.hash"), " ", h("code", { class: "hash", "data-testid": "seed-hash" }, st.seed_hash)),
    h("p", { class: "muted", "data-testid": "seed-check" }, ctx.seedCheck ?? ""));
}

// ------------------------------------------------------------------ the seats around the table

/** Whether the table waits for seat ``s`` (its seat is lit). */
export function isActing(st, s, game) {
  const field = game.acting[st.phase];
  return field !== undefined && st[field] === s;
}

/** A seat's badges: the dealer's and the winner's, with the game's own around them. */
function badges(view, s, names, game) {
  const st = view.state;
  const own = game.badges(view, s, names);
  const out = [...(own.before ?? [])];
  if (st.dealer === s) {
    out.push(h("span", { class: "badge badge--dealer", title: t("app.badge.dealerTitle"), "data-testid": "dealer-badge" },
      zh("庄"), " ", t("app.badge.dealer")));
  }
  out.push(...(own.status ?? []));
  if (game.won(st, s)) {
    out.push(h("span", { class: "badge badge--won", "data-testid": "won-badge" },
      zh("胡"), " ", own.won ?? t("app.badge.won")));
  }
  out.push(...(own.after ?? []));
  return out;
}

/** Another seat's hidden hand: ``count`` backs (``game.backs``). */
function backsEl(count, { back, cls, label, counted = false }) {
  // an image of the count (a bare div may not carry a label: axe aria-prohibited-attr)
  const backs = h("div", { class: cls, "data-testid": "backs", role: "img", "aria-label": t(label, { count }) });
  for (let i = 0; i < count; i++) backs.append(back());
  if (counted) backs.append(h("span", { class: "lhand__count" }, String(count)));
  return backs;
}

/** Another seat: its name and kind, badges and score, its hand and groups (its discards: ``pondEl``). */
function opponentEl(view, ctx, s, names, game) {
  const st = view.state;
  const kind = seatKind(view, s);
  const panel = h("section", {
    class: `seat seat--${names.pos(s)}${isActing(st, s, game) ? " is-turn" : ""}${game.won(st, s) ? " has-won" : ""}`,
    "data-testid": "seat", "data-seat": s, "aria-label": `${names.name(s)} (${kind})`,
    tabindex: "0", // a full seat scrolls: the keyboard can scroll it too (WCAG 2.1.1)
  });
  panel.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, names.name(s), h("small", {}, ` ${kind}`)),
    thinkingMark(view, ctx, s, names, game), badges(view, s, names, game), scoreEl(view, s)));
  const p = st.players[s];
  const tiles = [p.hand ? game.shownHand(view, s) : backsEl(p.hand_count, game.backs), game.groups(p, "sm")];
  append(panel, game.tilesBox ? h("div", { class: game.tilesBox }, tiles) : tiles);
  return panel;
}

/** A seat's pond: its discards laid on the felt in front of it, facing the centre of the table
 *  (the classic square table; its place comes from style.css, by ``pond--<position>``). */
function pondEl(view, s, names, last, fresh, game) {
  const river = game.river(view.state.players[s].discards, s, last, fresh);
  river.setAttribute("role", "group");
  river.setAttribute("aria-label", t("play.region.discardsOf",
    { who: names.isMe(s) ? t("play.region.yours") : names.name(s) }));
  return h("div", { class: `pond pond--${names.pos(s)}`, "data-pond": s }, river);
}

// ------------------------------------------------------------------ one's own seat

/** Discard ``id`` (a double click) or the selection (the Discard button: no id), once the hook
 *  ``ctx.hooks.beforeDiscard`` (when one is plugged in) lets it go ahead. */
async function discard(ctx, id) {
  const hook = ctx.hooks?.beforeDiscard;
  if (hook && !(await hook(id))) return;
  ctx.on.discard(id);
}

/** One's hand in the order shown, by ``sort``: the drawn card apart at the right, or sorted in
 *  with the rest when ``sortDrawn`` (auto-sort). */
export function handOrder(hand, drawn, sortDrawn, sort) {
  const rest = (hand ?? []).filter((c) => c.id !== drawn?.id);
  return drawn && !sortDrawn ? [...sort(rest), drawn] : sort(drawn ? [...rest, drawn] : rest);
}

/** A card of one's own hand: selectable and discardable (double click) when legal. */
export function playable(el, id, legal, selected, ctx) {
  el.setAttribute("aria-pressed", selected ? "true" : "false");
  if (!legal) el.disabled = true;
  else {
    el.addEventListener("click", () => ctx.on.select(id));
    el.addEventListener("dblclick", () => discard(ctx, id));
  }
  return el;
}

/** One's own seat: badges and score, discards and groups, the hand, and the action bar. */
function myArea(view, ctx, names, game) {
  const st = view.state;
  const s = names.me;
  const myTurn = st.phase === "play" && st.to_act && ctx.legal && !ctx.busy; // a turn's own move (docs/views.md)
  const discardable = new Set(myTurn ? ctx.legal.filter((a) => a.type === "discard").map((a) => a.card) : []);
  const area = h("section", {
    class: `me${isActing(st, s, game) ? " is-turn" : ""}${game.won(st, s) ? " has-won" : ""}`,
    "data-testid": "my-seat", "data-seat": s, "aria-label": t("app.me.seat"),
  });
  area.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, names.name(s)), badges(view, s, names, game),
    game.ownBadges?.(view, s) ?? null, scoreEl(view, s)));
  const p = st.players[s];
  area.append(h("div", { class: "me__tiles" }, game.hand(view, ctx, names, discardable),
    h("div", { class: "me__groups" }, game.groups(p, "md")))); // the melds beside the hand
  if (names.isMe(s) && !ctx.replay) { // a replay decides nothing
    area.append(actionBar(view, ctx, names, discardable, game));
    if (ctx.belowActions) area.append(ctx.belowActions); // the auto-play switches (autoplay.js)
  }
  return area;
}

/** A button that plays the action ``a``; ``testid`` and ``action`` name it for the tests and the keys. */
export function actButton(a, ctx, { cls, testid, action = a.type, ...attrs }, ...children) {
  return h("button", { type: "button", class: cls, "data-testid": testid, "data-action": action, ...attrs,
    disabled: ctx.busy, onclick: () => ctx.on.act(a) }, ...children);
}

/** A decision's button as a choice: its name (and Chinese term ``cn``) over the ``cards`` it takes. */
export function choiceButton(a, ctx, attrs, label, cn, cards, ...more) {
  return actButton(a, ctx, attrs, h("span", { class: "choice__label" }, label, cn ? [" ", zh(cn)] : ""),
    cards.length ? h("span", { class: "choice__cards", "aria-hidden": "true" }, cards) : null, ...more);
}

/** The legal actions of the types in ``order``, in that order (``tie`` orders two of one type). */
export function inOrder(legal, order, tie = () => 0) {
  return legal.filter((a) => order.includes(a.type))
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || tie(a, b));
}

/** A claim's prompt: who offers what (``heading``, ``card``), the question, one button an answer. */
export function claimPrompt({ cls = "", heading, card, ask, answers }) {
  return h("section", { class: `prompt prompt--claim${cls}`, "data-testid": "claim-prompt" },
    h("h2", {}, heading), card, h("span", { class: "prompt__ask" }, ask),
    h("div", { class: "prompt__choices" }, answers));
}

/**
 * The action bar: a decision's prompt (the game's ``prompts`` by phase), or while others decide a
 * hint, or on one's turn the game's hint and buttons and the Discard button.
 */
function actionBar(view, ctx, names, discardable, game) {
  const st = view.state;
  const bar = h("div", { class: "actions", "data-testid": "actions" });
  const prompt = st.to_act && ctx.legal ? game.prompts[st.phase]?.(view, ctx, names) : null;
  if (prompt) return append(bar, prompt);
  if (st.phase !== "play" || !st.to_act) {
    let hint = st.phase === "over" ? t("app.hint.over") : game.waiting?.(view, names);
    hint ??= t(st.phase === "claim" && st.claim?.answer ? "app.hint.waitingAnswers" : "app.hint.waiting");
    return append(bar, [h("p", { class: "actions__hint" }, hint), st.phase === "over" ? ctx.showResults : null]);
  }
  if (!ctx.legal) return append(bar, h("p", { class: "actions__hint" }, "…"));
  const turn = game.turn(view, ctx, names, discardable);
  append(bar, [h("p", { class: "actions__hint", "data-testid": "turn-hint" }, turn.hint), turn.buttons]);
  if (turn.discard === false) return bar;
  const selectedOk = ctx.selected !== null && discardable.has(ctx.selected);
  bar.append(h("button", {
    type: "button", class: "btn btn--discard", "data-testid": "discard", "data-action": "discard",
    disabled: !selectedOk || ctx.busy, onclick: () => discard(ctx),
  }, selectedOk ? t("app.act.discardCard", { card: game.short(game.faceOfId(ctx.selected)) }) : t("app.act.discard")));
  return bar;
}

// ------------------------------------------------------------------ the whole table

/** The table of ``game``: the other seats, the centre and one's own seat. */
export function renderTable(view, ctx, game) {
  const st = view.state;
  const names = seatNames(view);
  const last = lastDiscard(st);
  const fresh = last && ctx.fresh && ctx.fresh.key === `${view.deal}:${last.seat}:${last.card.id}` ? ctx.fresh : null;
  const table = h("section", {
    class: `table${game.kind ? ` ${game.kind}` : ""} phase-${st.phase}`, "data-testid": "table", "data-phase": st.phase,
    "data-to-act": st.to_act ? "true" : "false", "data-version": view.version,
    "data-busy": ctx.busy ? "true" : "false", "data-deal": view.deal,
    "data-legal-ready": ctx.legal && !ctx.busy ? "true" : "false",
    "data-game": view.game ?? st.game,
    "aria-label": t("app.table.label", { title: ctx.title ?? "" }),
  });
  const others = [];
  for (let i = 1; i < st.players.length; i++) others.push((names.me + i) % st.players.length);
  for (const s of others) table.append(opponentEl(view, ctx, s, names, game));
  // the felt: every seat's pond in front of it, the game's centre (wall, winds, last moves) between
  table.append(h("div", { class: `felt felt--${st.players.length}` },
    [...others, names.me].map((s) => pondEl(view, s, names, last, fresh, game)),
    game.centre(view, ctx, names)));
  table.append(myArea(view, ctx, names, game));
  return table;
}
