// The Nantong long-card table (Du Zi Hu, rules NT- in shared/rules/nantong.md): three seats, two
// indicators face up in the middle, the preparation (opening kongs, indicator triplets, Tiandi
// Hezi, ready, finish), draws and discards with pung, kong and win claims, and at the end every
// player's hu itemised and the pairwise settlement. Pure rendering on the table kit (kit.js): every
// change goes through the handlers the app passes in ``ctx.on``.

import { h, zh } from "./dom.js";
import { seatNames, discardRiver, logPanel, meldEventText, settlementPanel, settlementLower, payerPayee, playable,
  renderTable as kitTable, actButton, choiceButton, inOrder, claimPrompt, handOrder } from "./kit.js";
import { cardEl, backEl, cardName, cardChinese, faceKey, faceOfId, isOldGeneral } from "./longcards.js";
import { t, patternName } from "./i18n.js";
import { footRow, itemsTable } from "./items.js";
import { claimAsk, turnOptions, turnPrompt } from "./prompts.js";

/** A card named in a sentence: "5 of Myriads 五万". */
function cardRef(face) {
  return [cardName(face), " ", zh(cardChinese(face))];
}

/** NT-6.2: what an indicator doubles. */
function indicatorReach(face) {
  if (isOldGeneral(face)) return [t("app.nt.reachGenerals"), " ", zh("千 白花 红花 九条")];
  return t("app.nt.reachRank", { n: face[0] });
}

/** Group kinds: the text is app.nt.group.<kind>, the Chinese term stays beside it. */
const GROUPS = {
  pung: "碰", kong: "杠", concealed_kong: "暗杠", added_kong: "杠", opening_kong: "杠", opening_triplet: "",
  hezi: "天地合子",
};
const groupName = (kind) => (kind in GROUPS ? t(`app.nt.group.${kind}`) : kind);

function meldKind(m) {
  if (m.type === "kong") return m.concealed ? "concealed_kong" : m.added ? "added_kong" : "kong";
  return m.type;
}

function sortCards(cards) {
  return [...cards].sort((a, b) => faceKey(a.face) - faceKey(b.face) || a.id - b.id);
}

// ------------------------------------------------------------------ events

/** The Nantong event ``ev`` as a sentence (app.nt.ev.*, shared ones app.ev.*), or null. */
function eventText(ev, names, state) {
  const s = ev.seat;
  const face = ev.card?.face;
  const card = face ? cardName(face) : "";
  const first = ev.cards?.[0]?.face;
  const from = ev.from === null || ev.from === undefined ? "" : names.obj(ev.from);
  switch (ev.type) {
    case "deal":
      return [names.say("app.ev.deal", s), " ", zh("庄")];
    case "indicators":
      return [t("app.nt.ev.indicators"), " ", ...ev.cards.flatMap((c, i) => [i ? " · " : "", cardRef(c.face)])];
    case "finish":
      return names.say("app.nt.ev.finish", s);
    case "ready":
      return [names.say("app.nt.ev.ready", s), " ", zh("听")];
    case "opening_kong":
      return [names.say("app.nt.ev.openingKong", s, { card: cardName(first) }), " ", zh("杠")];
    case "opening_triplet":
      return names.say("app.nt.ev.openingTriplet", s, { card: cardName(first) });
    case "hezi":
      return [names.say("app.nt.ev.hezi", s, { card: cardName(first) }), " ", zh("天地合子")];
    case "play":
      return names.say("app.nt.ev.play", s);
    case "draw":
      if (ev.replacement) return names.say(face ? "app.nt.ev.drawReplacement" : "app.ev.drawReplacement", s, { card });
      return face ? names.say("app.ev.draw", s, { card }) : null;
    case "win":
      return [zh("胡"), " ", howWon(ev.how, s, ev.from, face, names)];
    case "end":
      return t(ev.reason === "exhausted" ? "app.nt.ev.exhausted" : "app.ev.end");
    default:
      return meldEventText(ev.type, names, s, card, from) ?? ev.type;
  }
}

/** "Left won by self-draw with …" and the like, one phrase per way (app.won.*). */
function howWon(how, seat, from, face, names) {
  const withCard = face ? [" · ", cardRef(face)] : "";
  if (how === "heavenly") return [names.say("app.won.heavenly", seat), " ", zh("天胡")];
  if (how === "self_draw") return [names.say("app.won.self", seat), " ", zh("自摸"), withCard];
  if (how === "robbed_kong") {
    return [names.say("app.won.rob", seat, { whose: names.poss(from) }), " ", zh("抢杠"), withCard];
  }
  return [names.say("app.won.discard", seat, { whose: names.poss(from) }), withCard];
}

// ------------------------------------------------------------------ pieces

function groupEl(kind, cards, size, extra = {}) {
  const label = groupName(kind);
  const cn = GROUPS[kind] ?? "";
  // another seat's concealed kong lies face down (no cards) until the deal ends
  const el = h("div", { class: `lgroup lgroup--${kind}`, role: "group", "data-testid": extra.testid ?? "group",
    "data-kind": kind, "aria-label": cards ? t("app.mj.meld", { kind: label, card: cardName(cards[0].face) }) : label });
  const row = h("div", { class: "lgroup__cards" });
  (cards ?? [null, null, null, null]).forEach((c, i) => {
    if (!c || (kind === "concealed_kong" && (i === 0 || i === 3))) row.append(backEl(size));
    else row.append(cardEl(c.face, { size }));
  });
  el.append(row, h("span", { class: "lgroup__label" }, label, cn ? [" ", zh(cn)] : ""));
  return el;
}

function groupsEl(p, size) {
  const melds = p.melds.map((m) => groupEl(meldKind(m), m.cards, size));
  if (p.hezi?.length) melds.push(groupEl("hezi", p.hezi, size, { testid: "hezi" }));
  if (!melds.length) return null;
  return h("div", { class: "lgroups", "data-testid": "groups" }, melds);
}

function riverEl(discards, seat, last, fresh) {
  return discardRiver(discards, seat, last, fresh,
    { cls: "lriver", label: t("app.mj.discards"), draw: cardEl, name: cardName, empty: t("app.nt.noDiscards") });
}

/** The seats that have finished their preparation (NT-3.1), from the events. */
function prepared(state) {
  const done = new Set();
  for (const ev of state.events) if (ev.type === "finish" || ev.type === "ready") done.add(ev.seat);
  return done;
}

/** Nantong's badges: ready, and while the seats prepare who does and who is done. */
function nantongBadges(view, s) {
  const st = view.state;
  const p = st.players[s];
  const status = [];
  if (p.ready) {
    status.push(h("span", { class: "badge badge--ready", title: t("app.nt.readyTitle"),
      "data-testid": "ready-badge" }, zh("听"), " ", t("app.badge.ready")));
  }
  if (st.phase === "prepare") {
    if (st.preparing === s) status.push(h("span", { class: "badge badge--active" }, t("app.nt.preparing")));
    else if (prepared(st).has(s)) status.push(h("span", { class: "badge badge--muted" }, t("app.nt.prepared")));
  }
  return { status };
}

function shownHand(cards, size, winId = null) {
  const row = h("div", { class: "lhand lhand--shown", "data-testid": "shown-hand" });
  const sorted = sortCards(cards);
  const win = sorted.findIndex((c) => c.id === winId);
  const winning = win >= 0 ? sorted.splice(win, 1)[0] : null;
  sorted.forEach((c) => row.append(cardEl(c.face, { size })));
  if (winning) {
    row.append(h("span", { class: "lhand__gap", "aria-hidden": "true" }),
      cardEl(winning.face, { size, cls: "is-winning", label: t("app.nt.winningCard", { card: cardName(winning.face) }) }));
  }
  return row;
}

// ------------------------------------------------------------------ opponents

function seatHand(view, s) {
  const st = view.state;
  return shownHand(st.players[s].hand, "sm", st.result?.win?.seat === s ? st.result.win.card?.id : null);
}

// ------------------------------------------------------------------ the centre

function indicatorsEl(st) {
  return h("div", { class: "indicators", "data-testid": "indicators", role: "group", "aria-label": t("app.nt.indicators") },
    h("h2", { class: "indicators__title" }, t("app.nt.indicators")),
    h("div", { class: "indicators__cards" }, st.indicators.map((c) => h("figure", { class: "indicator" },
      cardEl(c.face, { size: "md", data: { testid: "indicator" } }),
      h("figcaption", {}, zh(cardChinese(c.face)), h("small", {}, indicatorReach(c.face)))))));
}

function turnText(view, names) {
  const st = view.state;
  if (st.phase === "prepare") {
    return names.isMe(st.preparing) ? t("app.nt.yourPreparation") : t("app.nt.isPreparing", { who: names.name(st.preparing) });
  }
  if (st.phase === "over") return t(st.result?.winner === null ? "app.nt.exhaustedShort" : "app.turn.over");
  if (st.phase === "claim") {
    return st.claim.kind === "rob" ? names.say("app.nt.addsKong", st.claim.from)
      : [t("app.turn.claims", { whose: names.poss(st.claim.from), card: cardName(st.claim.card.face) }), " ",
        zh(cardChinese(st.claim.card.face))];
  }
  return names.isMe(st.turn) ? t("app.turn.yours") : t("app.turn.toPlay", { who: names.name(st.turn) });
}

function centre(view, ctx, names) {
  const st = view.state;
  return h("div", { class: "centre centre--nantong" },
    h("div", { class: "board" },
      indicatorsEl(st),
      h("div", { class: "board__status" },
        h("div", { class: "compass__wall", "data-testid": "wall" },
          h("b", {}, String(st.wall_remaining)), h("small", {}, " ", t("app.nt.stock", { count: st.wall_remaining }))),
        h("div", { class: "compass__turn", "data-testid": "turn" }, turnText(view, names)),
        h("div", { class: "compass__deal" }, t("app.top.deal", { n: view.deal + 1 })))),
    logPanel(view, names, eventText, 9));
}

// ------------------------------------------------------------------ prompts

/** Preparation choices: label app.nt.prep.<type>, hint app.nt.prepHint.<type>, Chinese term. */
const PREP = { opening_kong: "杠", opening_triplet: "", hezi: "天地合子", ready: "听", finish: "" };

function prepPrompt(view, ctx) {
  const actions = inOrder(ctx.legal, ["opening_kong", "opening_triplet", "hezi", "ready", "finish"]);
  const declarations = actions.some((a) => a.type !== "finish");
  return h("section", { class: "prompt prompt--prep", "data-testid": "prep-prompt" },
    h("div", { class: "prompt__text" },
      h("h2", {}, t("app.nt.yourPreparation")),
      h("p", { class: "prompt__hint" }, t(declarations ? "app.nt.prepHint" : "app.nt.prepNone"))),
    h("div", { class: "prompt__choices" }, actions.map((a) => {
      const hint = a.type === "finish" ? "" : t(`app.nt.prepHint.${a.type}`);
      return choiceButton(a, ctx, {
        cls: `btn choice choice--${a.type}${a.type === "finish" ? " btn--primary" : ""}`, testid: `prep-${a.type}`,
        title: hint || null,
      }, t(`app.nt.prep.${a.type}`), PREP[a.type], (a.cards ?? []).map((id) => cardEl(faceOfId(id), { size: "btn" })));
    })));
}

/** Claim buttons: the text is app.claim.<type>, with the Chinese term beside it. */
const CLAIM_LABELS = { win: "胡", kong: "杠", pung: "碰", pass: "过" };

function nantongClaim(view, ctx, names) {
  const c = view.state.claim;
  if (!c) return null;
  const rob = c.kind === "rob";
  const face = c.card.face;
  const count = { kong: 4, pung: 3 };
  const answers = inOrder(ctx.legal, ["win", "kong", "pung", "pass"]);
  return claimPrompt({
    heading: names.say(rob ? "app.claim.robbing" : "app.claim.discarded", c.from),
    card: cardEl(face, { size: "md", cls: "prompt__tile" }),
    ask: claimAsk(answers, { rob }),
    answers: answers.map((a) => choiceButton(a, ctx,
      { cls: `btn btn--${a.type} choice`, testid: `claim-${a.type}` }, t(`app.claim.${a.type}`), CLAIM_LABELS[a.type],
      Array.from({ length: count[a.type] ?? 0 }, (_, i) => cardEl(face, { size: "btn", cls: i === 0 ? "is-offered" : "" })))),
  });
}

// ------------------------------------------------------------------ my seat

function myHand(view, ctx, names, discardable) {
  const st = view.state;
  const s = names.me;
  const p = st.players[s];
  if (st.phase === "over") return shownHand(p.hand ?? [], "lg", NANTONG.won(st, s) ? st.result.win.card?.id : null);
  const drawnId = st.drawn?.id;
  const replaced = new Set((p.replacement_cards ?? []).map((c) => c.id));
  const claimFace = st.phase === "claim" && st.to_act ? st.claim?.card.face : null;
  const cards = handOrder(p.hand, st.drawn, ctx.sortDrawn, sortCards);
  const hand = h("div", { class: "lhand lhand--mine", "data-testid": "hand", role: "group", "aria-label": t("app.me.hand") });
  cards.forEach((c) => {
    if (c.id === drawnId && !ctx.sortDrawn) hand.append(h("span", { class: "lhand__gap", "aria-hidden": "true" }));
    const legal = discardable.has(c.id);
    const selected = legal && ctx.selected === c.id;
    const repl = replaced.has(c.id);
    const match = claimFace === c.face;
    const label = [cardName(c.face), c.id === drawnId ? t("app.me.justDrawn") : "",
      repl ? t("app.nt.replacementCard") : ""].filter(Boolean).join(", ");
    const el = cardEl(c.face, {
      tag: "button", size: "lg", label,
      cls: `${legal ? "is-legal" : ""}${selected ? " is-selected" : ""}${c.id === drawnId ? " is-drawn" : ""}`
        + `${repl ? " is-replacement" : ""}${match ? " is-match" : ""}`,
      data: { testid: "hand-tile", id: c.id, legal: legal ? "true" : "false", key: `card-${c.id}`,
        short: cardChinese(c.face) },
    });
    hand.append(playable(el, c.id, legal, selected, ctx));
  });
  return hand;
}

/** A turn: a win (the dealer's first: heavenly), kongs, then the discard. */
function nantongTurn(view, ctx, names) {
  const st = view.state;
  const me = st.players[names.me];
  const heavenly = !st.drawn && st.dealer === names.me && !st.events.some((e) => e.type === "discard");
  const ready = me.ready && st.drawn; // a locked hand: only the card drawn may go
  const lead = ready ? "app.prompt.lead.ntReady" : heavenly ? "app.prompt.lead.ntDealer"
    : !st.drawn ? "app.prompt.lead.ntNoDraw" : null;
  const hint = turnPrompt({ piece: "card", lead: lead ? t(lead) : "",
    options: turnOptions(ctx.legal, { discard: ready ? "discardDrawn" : "discardCard" }) });
  const buttons = ctx.legal.map((a) => {
    if (a.type === "win") {
      return actButton(a, ctx, { cls: "btn btn--win", testid: "turn-win" },
        heavenly ? [t("app.act.heavenly"), " ", zh("天胡")] : [t("app.claim.win"), " ", zh("自摸")]);
    }
    if (a.type !== "concealed_kong" && a.type !== "added_kong") return null;
    const face = faceOfId(a.type === "added_kong" ? a.card : a.cards[0]);
    return choiceButton(a, ctx, { cls: "btn btn--kong choice", testid: "turn-kong", action: "kong" },
      t(a.type === "added_kong" ? "app.nt.addToPung" : "app.claim.kong"), "杠",
      Array.from({ length: 4 }, () => cardEl(face, { size: "btn" })));
  });
  return { hint, buttons };
}

// ------------------------------------------------------------------ the whole table

/** Nantong as the table kit draws it. */
const NANTONG = {
  kind: "table--three table--nantong",
  acting: { play: "turn", prepare: "preparing" },
  won: (st, s) => st.result?.winner === s,
  badges: nantongBadges,
  groups: groupsEl,
  river: riverEl,
  shownHand: seatHand,
  backs: { back: () => backEl("tiny"), cls: "lhand lhand--backs", label: "app.nt.cardsInHand", counted: true },
  hand: myHand,
  centre,
  prompts: { prepare: prepPrompt, claim: nantongClaim },
  waiting(view, names) {
    const st = view.state;
    if (st.phase !== "prepare") return null;
    return st.to_act ? "…" : t("app.nt.declaring", { who: names.name(st.preparing) });
  },
  turn: nantongTurn,
  faceOfId,
  short: cardChinese,
};

export function renderTable(view, ctx) {
  return kitTable(view, ctx, NANTONG);
}

// ------------------------------------------------------------------ settlement (NT-6)

function readingEl(w, winCard) {
  // The winning split (NT-6.8): declared groups, then the groups in hand, then the pair; the
  // winning card marked where it sits.
  const row = h("div", { class: "reading", "data-testid": "reading" });
  let marked = false;
  const mark = (faces, where) => faces.map((f) => {
    const on = !marked && winCard && where && f === winCard;
    if (on) marked = true;
    return cardEl(f, { size: "xs", cls: on ? "is-winning" : "",
      label: on ? t("app.nt.winningCard", { card: cardName(f) }) : undefined });
  });
  const into = w.reading.winning_card_in;
  const same = (g) => into && g.type === into.type && JSON.stringify(g.cards) === JSON.stringify(into.cards);
  let placed = false;
  for (const g of w.reading.groups) {
    const here = !placed && !g.declared && same(g);
    if (here) placed = true;
    const kind = g.declared ? g.type : g.type === "sequence" ? "sequence" : "triplet";
    row.append(h("div", { class: `lgroup lgroup--${kind}`, role: "group" },
      h("div", { class: "lgroup__cards" }, mark(g.cards, here)),
      h("span", { class: "lgroup__label" }, g.declared ? groupName(g.type).toLowerCase()
        : t(g.type === "sequence" ? "app.nt.sequence" : "app.nt.triplet"))));
  }
  const pairHere = !placed && into?.type === "pair";
  row.append(h("div", { class: "lgroup lgroup--pair", role: "group" },
    h("div", { class: "lgroup__cards" }, mark([w.reading.pair, w.reading.pair], pairHere)),
    h("span", { class: "lgroup__label" }, t("app.nt.pair"))));
  return row;
}

function huCard(view, p, names) {
  const r = view.state.result;
  const w = p.win;
  const player = view.state.players[p.seat];
  const foot = [
    footRow(t("app.nt.baseHu"), p.base, "base", "hu__sub"),
    footRow(t("app.nt.beforeRounding"), p.total_before_rounding, "before-rounding", "hu__sub"),
    footRow(t(p.total === p.total_before_rounding ? "app.nt.totalTen" : "app.nt.roundedUp"), p.total,
      "hu-total", "hu__total"),
  ];

  const win = r.win && r.win.seat === p.seat ? r.win : null;
  const hand = w ? readingEl(w, win?.card?.face ?? w.card)
    : h("div", { class: "reading" }, groupsEl(player, "xs"),
      shownHand(player.hand ?? [], "xs"));
  return h("article", { class: `hu${w ? " hu--winner" : ""}`, "data-testid": "hu-card", "data-seat": p.seat },
    h("h4", {}, w ? [zh("胡"), " ", howWon(win?.how ?? w.how, p.seat, win?.from, null, names),
      w.shape ? [" · ", w.shape.chinese ? [zh(w.shape.chinese), " "] : "",
        patternName("nantong", w.shape.code, w.shape.name.split(":")[0])] : ""] : names.name(p.seat),
    player.ready ? [" · ", zh("听"), " ", t("app.badge.ready")] : "",
    h("span", { class: "hu__chip" }, t("app.unit.hu", { count: p.total }))),
    hand,
    itemsTable("nantong", p.items, { unit: p.unit, cls: "hu__table", testid: "hu-table", foot,
      empty: t("app.nt.noHolding") }));
}

export function settlement(view, ctx) {
  const st = view.state;
  const r = st.result;
  const names = seatNames(view);
  const outcome = r.win ? howWon(r.win.how, r.win.seat, r.win.from, r.win.card?.face, names)
    : t("app.nt.stockExhausted");
  const panel = settlementPanel(view, ctx, outcome);
  panel.classList.add("settlement--nantong");

  panel.append(h("div", { class: "settle-indicators" }, t("app.nt.indicators"), " ",
    r.indicators.map((f) => h("span", { class: "settle-indicator" }, cardEl(f, { size: "xs" }), " ", zh(cardChinese(f)),
      h("small", { class: "muted" }, " ", indicatorReach(f)))),
    r.exhausted ? h("p", { class: "muted settle-note" }, t("app.nt.exhaustedNote")) : null));

  // the winner first, then the others from your seat round
  const order = [...r.players].sort((a, b) => (b.seat === r.winner) - (a.seat === r.winner)
    || names.rel(a.seat) - names.rel(b.seat));
  panel.append(h("section", { class: "settlement__hu" }, h("h3", {}, t("app.nt.everyHu"), " ", zh("胡")),
    h("div", { class: `hu-grid${r.winner === null ? " hu-grid--three" : ""}` }, order.map((p) => huCard(view, p, names)))));

  // NT-6.9: every pair settles the difference of its totals
  const pairs = [];
  for (let i = 0; i < r.totals.length; i++) {
    for (let j = i + 1; j < r.totals.length; j++) {
      const [a, b] = [i, j].sort((x, y) => names.rel(x) - names.rel(y));
      const d = r.totals[a] - r.totals[b];
      const [payer, payee] = d >= 0 ? [b, a] : [a, b];
      pairs.push(h("tr", { "data-testid": "pair", "data-payer": payer, "data-payee": payee, "data-amount": Math.abs(d) },
        h("td", {}, `${names.name(a)} ${r.totals[a]}`, h("span", { class: "muted" }, ` ${t("app.nt.vs")} `),
          `${names.name(b)} ${r.totals[b]}`),
        h("td", {}, d === 0 ? h("span", { class: "muted" }, t("app.nt.equal"))
          : payerPayee(names, payer, payee)),
        h("td", { class: "num", "data-testid": "pair-amount" }, String(Math.abs(d)))));
    }
  }
  panel.append(settlementLower(view, ctx, h("section", { class: "settlement__payments" }, h("h3", {}, t("app.nt.pairByPair")),
    h("table", { class: "payments", "data-testid": "pairs" },
      h("thead", {}, h("tr", {}, h("th", {}, t("app.settle.totals")), h("th", {}, t("app.settle.payerPayee")),
        h("th", { class: "num" }, t("app.nt.difference")))),
      h("tbody", {}, pairs)))));
  return panel;
}

