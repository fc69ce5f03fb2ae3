// Sichuan's exchange of three (rules/options.md OPT-SC-1) at the mahjong table (table.js):
// choosing three tiles of one suit in one's hand (only a choice that can still become a legal
// selection is allowed), the "Pass three" button, who has chosen while the others choose, and
// once the tiles have moved, the direction and the tiles given and received (a note, and a mark
// on the received tiles in the hand until one's first discard). Pure rendering, like the table:
// the choice lives in the app (``ctx.picked``, changed by ``ctx.on.pick``).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { tileEl, tileName, suitName, faceOfId } from "./tiles.js";
import { actButton } from "./kit.js";
import { exchangeAsk } from "./prompts.js";

const SIZE = 3;

/** Faces counted: {face: n}. */
function tally(ids) {
  const out = {};
  for (const id of ids) out[faceOfId(id)] = (out[faceOfId(id)] ?? 0) + 1;
  return out;
}

/** Whether the faces ``part`` are among the faces ``whole`` (as many copies or more). */
function within(part, whole) {
  return Object.entries(part).every(([f, n]) => (whole[f] ?? 0) >= n);
}

/** The exchange actions among the legal ones. */
const selections = (legal) => (legal ?? []).filter((a) => a.type === "exchange");

/** Whether the tiles ``ids`` can still become one of the listed selections. */
export function canBecome(legal, ids) {
  const want = tally(ids);
  return selections(legal).some((a) => within(want, tally(a.cards)));
}

/** The listed action that passes the faces of ``ids`` (the legal list names each face by its
 *  lowest ids: another copy of the same face is the same choice), or null. */
export function actionFor(legal, ids) {
  if (ids.length !== SIZE) return null;
  const want = tally(ids);
  return selections(legal).find((a) => within(want, tally(a.cards))) ?? null;
}

/** Whether one's hand is choosing tiles to pass now. */
export function choosing(view, ctx) {
  return view.state.phase === "exchange" && view.state.to_act && Boolean(ctx.legal);
}

/** The tile ids one has chosen: one's own choice while choosing, else the server's record. */
function chosenIds(view, ctx) {
  if (choosing(view, ctx)) return ctx.picked ?? [];
  return (view.state.players[view.seat ?? 0]?.exchange?.cards ?? []).map((c) => c.id);
}

/** The exchanged event (null before the tiles move, or without the option). */
function exchanged(st) {
  return st.events.find((e) => e.type === "exchanged") ?? null;
}

/** Where the tiles go, as the viewer sees the table: "to the player on your right"… (the
 *  option's direction; "random": drawn once all have chosen). */
function where(direction) {
  return t(`app.exchange.where.${direction}`);
}

/** A tile of one's hand during the exchange: {cls, disabled, pressed, onclick, label}. */
export function handTile(view, ctx, id) {
  const ids = chosenIds(view, ctx);
  const picked = ids.includes(id);
  const received = receivedIds(view).has(id);
  const note = [picked ? t("app.exchange.chosenTile") : "", received ? t("app.exchange.receivedTile") : ""];
  if (!choosing(view, ctx)) {
    return { cls: `${picked ? " is-picked" : ""}${received ? " is-received" : ""}`, note, pick: null };
  }
  const ok = picked || (ids.length < SIZE && canBecome(ctx.legal, [...ids, id]));
  return { cls: `${ok ? " is-legal" : ""}${picked ? " is-picked" : ""}`, note, pick: ok ? () => ctx.on.pick(id) : null,
    picked };
}

/** The tiles one received, marked in the hand until one's first discard. */
export function receivedIds(view) {
  const st = view.state;
  const me = st.players[view.seat ?? 0];
  const ev = exchanged(st);
  if (!ev?.received || !me || me.discards.length || st.phase === "over") return new Set();
  return new Set(ev.received.map((c) => c.id));
}

/** The exchange's prompt: what may be passed and where, the tiles chosen, and "Pass three". */
export function exchangePrompt(view, ctx) {
  const st = view.state;
  const legal = selections(ctx.legal);
  const suits = [...new Set(legal.map((a) => faceOfId(a.cards[0])[1]))].sort();
  const ids = ctx.picked ?? [];
  const action = actionFor(ctx.legal, ids);
  const chosen = h("div", { class: "exchange__chosen", "data-testid": "exchange-chosen",
    "data-count": String(ids.length), "aria-live": "polite" },
  [...ids, ...Array(SIZE - ids.length).fill(null)].map((id) => (id === null
    ? h("span", { class: "exchange__slot", "aria-hidden": "true" })
    : tileEl(faceOfId(id), { size: "sm" }))),
  h("small", {}, t("app.exchange.count", { count: ids.length })));
  const button = action
    ? actButton(action, ctx, { cls: "btn btn--primary", testid: "exchange-confirm", action: "exchange" },
      t("app.exchange.confirm"))
    : h("button", { type: "button", class: "btn btn--primary", "data-testid": "exchange-confirm",
      "data-action": "exchange", disabled: true }, t("app.exchange.confirm"));
  return h("section", { class: "prompt prompt--exchange", "data-testid": "exchange-prompt" },
    h("div", { class: "prompt__text" },
      h("h2", {}, t("app.exchange.title")),
      h("p", { class: "prompt__hint", "data-testid": "exchange-ask" },
        exchangeAsk(suits.map(suitName), where(st.options?.exchange_three ?? "random")))),
    h("div", { class: "prompt__choices" }, chosen, button));
}

/** While the others choose: who is still choosing. */
export function exchangeWaiting(view, names) {
  const st = view.state;
  const waiting = st.players.filter((p) => !p.exchange?.selected).map((p) => names.name(p.seat));
  return h("span", { "data-testid": "exchange-waiting" },
    t("app.exchange.waiting", { who: waiting.join(", ") }));
}

/** A seat's badge during the exchange: choosing, or chosen. */
export function exchangeBadge(p) {
  const done = Boolean(p.exchange?.selected);
  return h("span", { class: "badge badge--muted", "data-testid": "exchange-badge", "data-selected": String(done) },
    t(done ? "app.exchange.chosen" : "app.exchange.choosing"));
}

/** Once the tiles have moved, to oneself: the direction, the tiles given and received. */
export function exchangeNote(view) {
  const ev = exchanged(view.state);
  if (!ev?.gave || view.state.phase === "over") return null;
  const tiles = (cards) => h("span", { class: "exchange__tiles", "aria-hidden": "true" },
    cards.map((c) => tileEl(c.face, { size: "xs2" })));
  return h("span", { class: "exchange__note", "data-testid": "exchange-note", "data-direction": ev.direction },
    t("app.exchange.done", {
      direction: t(`app.exchange.dir.${ev.direction}`),
      gave: ev.gave.map((c) => tileName(c.face)).join(", "),
      received: ev.received.map((c) => tileName(c.face)).join(", "),
    }), " ", tiles(ev.gave), " → ", tiles(ev.received));
}

/** The exchange's events as log lines (table.js's ``eventText``); null for another event. */
export function exchangeEventText(ev, names) {
  if (ev.type === "exchange_selected") return names.say("app.ev.exchangeSelected", ev.seat);
  if (ev.type !== "exchanged") return null;
  const moved = t("app.ev.exchanged", { direction: t(`app.exchange.dir.${ev.direction}`) });
  if (!ev.gave) return moved;
  return `${moved} ${t("app.ev.exchangedOwn", {
    gave: ev.gave.map((c) => tileName(c.face)).join(", "),
    received: ev.received.map((c) => tileName(c.face)).join(", "),
  })}`;
}
