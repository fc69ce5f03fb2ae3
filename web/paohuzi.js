// The Paohuzi word-card table (跑胡子, rules PH- in shared/rules/paohuzi.md): three seats, the
// card on offer (revealed from the stock or discarded) in the middle, every exposed group with its
// huxi, the discard rows, the claim prompt with one button per legal choice (each chi, with its bi
// groups, shown card by card), and at the end the winner's groups, huxi and tun itemised. Pure
// rendering on the table kit (kit.js): every change goes through the handlers the app passes in
// ``ctx.on``.

import { h, zh } from "./dom.js";
import { seatNames, discardRiver, logPanel, settlementPanel, settlementLower, paymentsSection, paymentRow, playable,
  renderTable as kitTable, actButton, choiceButton, inOrder, claimPrompt } from "./kit.js";
import { cardEl, backEl, cardName, cardChinese, faceKey, faceOfId } from "./wordcards.js";
import { t } from "./i18n.js";
import { footRow, itemsTable } from "./items.js";
import { claimAsk, turnOptions, turnPrompt } from "./prompts.js";
import { hasPayout, payoutTables } from "./phpay.js";

const MINIMUM_HUXI = 15; // PH-5.1
/** The huxi a win needs in this match (its min_huxi, OPT-PH-1), 15 as written. */
const minimumOf = (st) => st.options?.min_huxi ?? MINIMUM_HUXI;

/** Group kinds: the text is app.ph.group.<type>, the Chinese term stays beside it. */
const GROUPS = { chi: "吃", peng: "碰", wei: "偎", pao: "跑", ti: "提", kan: "坎", pair: "" };
const groupName = (type) => (type in GROUPS ? t(`app.ph.group.${type}`) : type);
/** The ways of a Heavenly win (app.ph.heavenly.*). */
const HEAVENLY = new Set(["three_ti", "five_kan", "complete"]);
const heavenlyText = (code) => (HEAVENLY.has(code) ? t(`app.ph.heavenly.${code}`) : code);

/** A card named in a sentence: "三 small 3". */
function cardRef(face) {
  return [zh(cardChinese(face)), ` ${cardName(face)}`];
}

function sortCards(cards) {
  return [...cards].sort((a, b) => faceKey(a.face) - faceKey(b.face) || a.id - b.id);
}

// ------------------------------------------------------------------ events

/** The Paohuzi event ``ev`` as a sentence (app.ph.ev.*, shared ones app.ev.*), or null. */
function eventText(ev, names) {
  const s = ev.seat;
  const face = ev.card?.face;
  const card = face ? cardName(face) : "";
  const own = ev.from === ev.seat || ev.from === null || ev.from === undefined;
  const from = own ? t("app.ph.ownReveal") : t("app.ph.fromSeat", { from: names.obj(ev.from) });
  switch (ev.type) {
    case "deal":
      return [names.say("app.ev.deal", s), " ", zh("庄")];
    case "shown":
      return [names.say("app.ph.ev.shown", s), " ", cardRef(face)];
    case "ti":
      return [names.say(face ? "app.ph.ev.tiRevealed" : "app.ph.ev.tiDealt", s, { card: cardName(ev.cards[0].face) }),
        " ", zh("提")];
    case "wei":
      return [names.say("app.ph.ev.wei", s, { card }), " ", zh("偎")];
    case "heavenly":
      return [names.say("app.ph.ev.heavenly", s), " ", zh("天胡")];
    case "reveal":
      return names.say("app.ph.ev.reveal", s, { card });
    case "discard":
      return names.say("app.ev.discard", s, { card });
    case "pao":
      return [names.say("app.ph.ev.pao", s, { card }), ` ${from} `, zh("跑")];
    case "peng":
      return [names.say("app.ph.ev.peng", s, { card }), ` ${from} `, zh("碰")];
    case "chi":
      return [names.say("app.ph.ev.chi", s, { card }), ` ${from}`,
        ev.hand_cards?.length > 2 ? ` · ${t("app.ph.withBi")} 比` : "", " ", zh("吃")];
    case "dead":
      return names.say("app.ph.ev.dead", s);
    case "exhausted":
      return t("app.ph.ev.exhausted");
    case "win":
      return [names.say("app.ph.ev.win", s, { huxi: ev.huxi, tun: ev.tun }), " ", zh("胡")];
    case "xing": // OPT-PH-5.1 "turn": the card turned up after the win
      return [t("app.ph.ev.xing", { card, face: cardName(ev.face), count: ev.count }), " ", zh("醒")];
    default:
      return ev.type;
  }
}

// ------------------------------------------------------------------ pieces

function groupEl(g, size, extra = {}) {
  const label = groupName(g.type);
  const cn = GROUPS[g.type] ?? "";
  const faces = g.cards.map((c) => (typeof c === "string" ? c : c.face));
  const el = h("div", {
    class: `wgroup wgroup--${g.type}${g.concealed ? " is-concealed" : ""}`, role: "group",
    "data-testid": extra.testid ?? "group", "data-kind": g.type, "data-huxi": g.huxi,
    "aria-label": `${label} ${faces.map(cardName).join(", ")}: ${t("app.unit.huxi", { count: g.huxi })}`,
  });
  let marked = false;
  el.append(h("div", { class: "wgroup__cards" }, faces.map((f) => {
    const win = g.winning && !marked && (extra.winFace ? f === extra.winFace : true);
    if (win) marked = true;
    return cardEl(f, { size, cls: win ? "is-winning" : "" });
  })),
  h("span", { class: "wgroup__label" }, cn ? [zh(cn), " "] : "", label.toLowerCase(),
    h("b", { class: "wgroup__huxi", title: t("app.unit.huxi", { count: g.huxi }) }, String(g.huxi))));
  return el;
}

function groupsEl(p, size) {
  if (!p.melds.length) return null;
  return h("div", { class: "wgroups", "data-testid": "groups" }, p.melds.map((g) => groupEl(g, size)));
}

function riverEl(discards, seat, last, fresh) {
  return discardRiver(discards, seat, last, fresh,
    { cls: "wriver", label: t("app.ph.row"), draw: cardEl, name: cardName, empty: t("app.ph.rowEmpty") });
}

/** Paohuzi's badges: a dead hand, and every seat's exposed huxi. */
function paohuziBadges(view, s) {
  const p = view.state.players[s];
  return {
    status: p.dead ? [h("span", { class: "badge badge--bad", title: t("app.ph.deadTitle") }, t("app.ph.dead"))] : [],
    after: [h("span", { class: "badge badge--huxi", title: t("app.ph.exposedHuxi"), "data-testid": "exposed-huxi" },
      zh("胡息"), ` ${p.exposed_huxi}`)],
  };
}

/** One's own kans, locked in the hand, count for huxi already (PH-2.3). */
function kanBadge(view, s) {
  const kans = view.state.players[s].kans ?? [];
  if (!kans.length) return null;
  return h("span", { class: "badge badge--muted", title: t("app.ph.kanHuxiTitle") },
    t("app.ph.kanHuxi", { n: kans.reduce((n, f) => n + (f[0] === "d" ? 6 : 3), 0) }));
}

function shownHand(cards, size) {
  const row = h("div", { class: "whand whand--shown", "data-testid": "shown-hand" });
  sortCards(cards).forEach((c) => row.append(cardEl(c.face, { size })));
  return row;
}

// ------------------------------------------------------------------ the centre

function offerEl(view, names) {
  const st = view.state;
  const o = st.claim;
  if (!o) {
    return h("div", { class: "offer offer--empty", "data-testid": "offer" },
      h("span", { class: "offer__slot", "aria-hidden": "true" }),
      h("span", { class: "offer__text" }, t("app.ph.noOffer")));
  }
  return h("div", { class: `offer offer--${o.kind}`, "data-testid": "offer", "data-face": o.card.face },
    cardEl(o.card.face, { size: "md", cls: "offer__card", data: { testid: "offer-card" } }),
    h("span", { class: "offer__text" },
      h("b", {}, names.say(o.kind === "reveal" ? "app.ph.revealed" : "app.claim.discarded", o.from)), h("br"),
      cardRef(o.card.face),
      h("small", {}, t(o.kind === "reveal" ? "app.ph.fromStock" : "app.ph.fromHand"))));
}

function turnText(view, names) {
  const st = view.state;
  if (st.phase === "over") return t(st.result?.win ? "app.turn.over" : "app.ph.drawStock");
  if (st.phase === "heavenly") return `${names.name(st.turn)}: ${t("app.act.heavenly")}`;
  if (st.phase === "claim") return t("app.ph.claimsOffer");
  return names.isMe(st.turn) ? t("app.turn.yours") : t("app.ph.toDiscard", { who: names.name(st.turn) });
}

function centre(view, ctx, names) {
  const st = view.state;
  return h("div", { class: "centre centre--paohuzi" },
    h("div", { class: "board" },
      offerEl(view, names),
      h("div", { class: "board__status" },
        h("div", { class: "compass__wall", "data-testid": "wall" },
          h("b", {}, String(st.wall_remaining)), h("small", {}, " ", t("app.nt.stock", { count: st.wall_remaining }))),
        h("div", { class: "compass__turn", "data-testid": "turn" }, turnText(view, names)),
        st.dealer_shown ? h("div", { class: "compass__deal" }, t("app.ph.shownCard", { whose: names.poss(st.dealer) }), " ",
          zh(cardChinese(st.dealer_shown.face))) : null,
        h("div", { class: "compass__deal" }, t("app.top.deal", { n: view.deal + 1 }), " · ",
          t("app.ph.toWin", { n: minimumOf(st) })))),
    logPanel(view, names, eventText, 9));
}

// ------------------------------------------------------------------ the claim prompt

/** Claim buttons: the text is app.claim.<type> (app.ph.group.* for the word-card groups). */
const CLAIM_LABELS = { win: "胡", pao: "跑", peng: "碰", chi: "吃", pass: "过" };
const claimLabel = (type) => (type === "win" || type === "pass" ? t(`app.claim.${type}`) : groupName(type));

function claimButton(a, i, ctx, face) {
  const label = claimLabel(a.type);
  const cn = CLAIM_LABELS[a.type];
  const attrs = { cls: `btn btn--${a.type} choice`, testid: `claim-${a.type}` };
  if (a.type !== "chi") {
    return choiceButton(a, ctx, attrs, label, cn, Array.from({ length: { pao: 4, peng: 3 }[a.type] ?? 0 },
      (_, k) => cardEl(face, { size: "btn", cls: k === 0 ? "is-offered" : "" })));
  }
  // a chi: the card on offer with two of yours, then each bi group (PH-4.6)
  const main = sortCards([{ id: -1, face }, ...a.cards.map((id) => ({ id, face: faceOfId(id) }))]);
  const bi = a.bi.map((g) => g.map(faceOfId));
  const text = [main.map((c) => cardName(c.face)).join(" "),
    ...bi.map((g) => `${t("app.ph.bi")} ${g.map(cardName).join(" ")}`)];
  return choiceButton(a, ctx, { ...attrs, "data-index": i, "data-cards": a.cards.join(","),
    "data-bi": a.bi.map((g) => g.join(",")).join(";"), "aria-label": `${label} ${text.join(", ")}` }, label, cn,
  main.map((c) => cardEl(c.face, { size: "btn", cls: c.id === -1 ? "is-offered" : "" })),
  bi.map((g) => [h("span", { class: "choice__bi", "aria-hidden": "true" }, "+ ", zh("比")),
    h("span", { class: "choice__cards", "aria-hidden": "true" }, g.map((f) => cardEl(f, { size: "btn" })))]));
}

function paohuziClaim(view, ctx, names) {
  const o = view.state.claim;
  if (!o) return null;
  const answers = inOrder(ctx.legal, ["win", "pao", "peng", "chi", "pass"]);
  return claimPrompt({
    cls: " prompt--paohuzi",
    heading: names.say(o.kind === "reveal" ? "app.ph.revealed" : "app.claim.discarded", o.from),
    card: cardEl(o.card.face, { size: "md", cls: "prompt__tile" }),
    ask: claimAsk(answers,
      { after: answers.filter((a) => a.type === "chi").length > 1 ? t("app.prompt.claim.eachChi") : "" }),
    answers: answers.map((a, i) => claimButton(a, i, ctx, o.card.face)),
  });
}

/** A Heavenly win is offered before the first move (PH-5.4). */
function heavenlyPrompt(view, ctx) {
  return [h("p", { class: "actions__hint" }, t("app.ph.hintHeavenly")),
    actButton({ type: "win" }, ctx, { cls: "btn btn--win", testid: "turn-win" }, t("app.act.heavenly"), " ", zh("天胡"))];
}

// ------------------------------------------------------------------ my seat

function myHand(view, ctx, names, discardable) {
  const st = view.state;
  const p = st.players[names.me];
  const kans = new Set(p.kans ?? []);
  const cards = sortCards(p.hand ?? []);
  const hand = h("div", { class: "whand whand--mine", "data-testid": "hand", role: "group", "aria-label": t("app.me.hand") });
  // PH-2.3: kans are locked in the hand; shown apart, never discarded
  for (const f of [...kans].sort((a, b) => faceKey(a) - faceKey(b))) {
    hand.append(h("div", { class: "wkan", role: "group", "data-testid": "kan",
      "aria-label": t("app.ph.kanLocked", { card: cardName(f) }) },
      h("div", { class: "wgroup__cards" }, cards.filter((c) => c.face === f).map((c) =>
        cardEl(c.face, { tag: "button", size: "lg", cls: "is-kan",
          data: { testid: "hand-tile", id: c.id, legal: "false", key: `card-${c.id}` } }))),
      h("span", { class: "wgroup__label" }, zh("坎"), " ", t("app.ph.kanShort"))));
  }
  hand.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  const loose = cards.filter((c) => !kans.has(c.face));
  const offerFace = st.phase === "claim" && st.to_act ? st.claim?.card.face : null;
  loose.forEach((c) => {
    const legal = discardable.has(c.id);
    const selected = legal && ctx.selected === c.id;
    const el = cardEl(c.face, {
      tag: "button", size: "lg", label: cardName(c.face),
      cls: `${legal ? "is-legal" : ""}${selected ? " is-selected" : ""}${offerFace === c.face ? " is-match" : ""}`,
      data: { testid: "hand-tile", id: c.id, legal: legal ? "true" : "false", key: `card-${c.id}`,
        short: shortName(c.face) },
    });
    hand.append(playable(el, c.id, legal, selected, ctx));
  });
  return hand;
}

/** A card on the Discard button and in announcements: "三 (small 3)". */
const shortName = (face) => `${cardChinese(face)} (${cardName(face)})`;

/** A turn: a win on one's own reveal, or playing on (a pass), and a discard when one is due. */
function paohuziTurn(view, ctx, names, discardable) {
  const mustDiscard = discardable.size > 0;
  const win = ctx.legal.find((a) => a.type === "win");
  const pass = ctx.legal.find((a) => a.type === "pass");
  return {
    hint: turnPrompt({ piece: "card",
      lead: win ? t("app.prompt.lead.phWin") : mustDiscard ? "" : t("app.prompt.lead.phNoDiscard"),
      options: turnOptions(ctx.legal, { discard: "discardCard", pass: win ? "playOn" : "continue" }) }),
    buttons: [
      win ? actButton(win, ctx, { cls: "btn btn--win", testid: "turn-win" }, t("app.claim.win"), " ", zh("胡")) : null,
      pass ? actButton(pass, ctx, { cls: "btn", testid: "turn-pass" }, t(win ? "app.ph.playOn" : "app.ph.continue")) : null,
    ],
    discard: mustDiscard,
  };
}

// ------------------------------------------------------------------ the whole table

/** Paohuzi as the table kit draws it: during claims the card on offer is lit, not a seat. */
const PAOHUZI = {
  kind: "table--three table--paohuzi",
  acting: { play: "turn", heavenly: "turn" },
  won: (st, s) => st.result?.win?.seat === s,
  badges: paohuziBadges,
  ownBadges: kanBadge,
  groups: groupsEl,
  river: riverEl,
  shownHand: (view, s) => shownHand(view.state.players[s].hand, "sm"),
  backs: { back: () => backEl("tiny"), cls: "whand whand--backs", label: "app.nt.cardsInHand", counted: true },
  hand: myHand,
  centre,
  prompts: { claim: paohuziClaim, heavenly: heavenlyPrompt },
  waiting: (view, names) => (view.state.players[names.me].dead ? t("app.ph.hintDead") : null),
  turn: paohuziTurn,
  faceOfId,
  short: shortName,
};

export function renderTable(view, ctx) {
  return kitTable(view, ctx, PAOHUZI);
}

// ------------------------------------------------------------------ settlement (PH-6)

function winCard(view, w, names) {
  const min = w.minimum ?? MINIMUM_HUXI; // the match's (OPT-PH-1.1): the tun count from it
  const over = w.huxi - min;
  let how = names.name(w.seat);
  if (w.heavenly) how = [names.say("app.won.heavenly", w.seat), " ", zh("天胡"), ` (${heavenlyText(w.heavenly)})`];
  else if (w.card && w.revealer === w.seat) how = [names.say("app.ph.wonOwnReveal", w.seat), " ", cardRef(w.card.face)];
  else if (w.card) how = [names.say("app.ph.wonReveal", w.seat, { whose: names.poss(w.revealer) }), " ", cardRef(w.card.face)];
  return h("article", { class: "win win--paohuzi", "data-testid": "win", "data-seat": w.seat },
    h("h4", {}, zh("胡"), " ", how,
      h("span", { class: "win__points" }, `${t("app.unit.huxi", { count: w.huxi })} · ${t("app.unit.tun", { count: w.tun })}`)),
    itemsTable("paohuzi", w.items, { unit: w.unit, cls: "patterns", testid: "huxi-table", foot: [
      footRow([t("app.ph.totalHuxi"), " ", h("small", { class: "muted" }, t("app.ph.needed", { n: min }))],
        w.huxi, "huxi-total"),
      footRow([t("app.ph.tun"), " ", zh("囤"), " ",
        h("small", { class: "muted", "data-testid": "tun-rule" },
          t("app.ph.tunRule", { min, max: min + 2 }),
          `: 1 + ⌊(${w.huxi} − ${min}) ÷ 3⌋ = 1 + ${Math.floor(over / 3)}`)],
      w.tun, "tun")] }),
    payoutTables(w));
}

export function settlement(view, ctx) {
  const st = view.state;
  const r = st.result;
  const names = seatNames(view);
  const w = r.win;
  const outcome = w ? [names.say("app.ph.won", w.seat), " ", zh("胡"),
    ` · ${t("app.unit.huxi", { count: w.huxi })}, ${t("app.unit.tun", { count: w.tun })}`]
    : [t("app.settle.drawNobody"), " ", zh("流局")];
  const panel = settlementPanel(view, ctx, outcome);
  panel.classList.add("settlement--paohuzi");
  const wins = h("section", { class: "settlement__wins" }, h("h3", {}, w ? [t("app.claim.win"), " ", zh("胡")]
    : t("app.settle.result")));
  if (w) wins.append(winCard(view, w, names));
  else {
    wins.append(h("p", { class: "draw-message", "data-testid": "draw-message" }, zh("流局"),
      " ", t("app.settle.drawNobody"), ". ", h("span", { class: "muted" }, t("app.ph.stockRanOut"))));
  }
  panel.append(wins);

  const rules = w && hasPayout(w); // a house rule made the payment more than the tun
  const payRows = r.payments.map((p, i) => paymentRow(p, i, names, [
    rules ? t("app.ph.winnersPayment") : [t("app.ph.winnersTun"), " ", zh("囤")],
    p.note ? h("small", { class: "muted payment__note" }, heavenlyText(p.note)) : ""], "payment-amount"));
  panel.append(settlementLower(view, ctx, paymentsSection(payRows, t("app.ph.tun"),
    h("p", { class: "muted settle-note" }, t(rules ? "app.ph.payNoteRules" : "app.ph.payNote")))));
  return panel;
}

