// The Paohuzi word-card table (跑胡子, rules PH- in shared/rules/paohuzi.md): three seats, the
// card on offer (revealed from the stock or discarded) in the middle, every exposed group with its
// huxi, the discard rows, the claim prompt with one button per legal choice (each chi, with its bi
// groups, shown card by card), and at the end the winner's groups, huxi and tun itemised. Pure
// rendering, like table.js: every change goes through the handlers the app passes in ``ctx.on``.

import { h, zh, signed, append } from "./dom.js";
import { seatNames, logPanel, settlementPanel, totalsSection, seedSection, tableShell, playable } from "./table.js";
import { cardEl, backEl, cardName, cardChinese, faceKey, faceOfId } from "./wordcards.js";

const MINIMUM_HUXI = 15; // PH-5.1

const GROUPS = {
  chi: ["Chi", "吃"], peng: ["Peng", "碰"], wei: ["Wei", "偎"], pao: ["Pao", "跑"], ti: ["Ti", "提"],
  kan: ["Kan", "坎"], pair: ["Pair", ""],
};
const SHAPES = { sequence: "sequence", "2-7-10": "2–7–10", mixed: "mixed sizes" };
const HEAVENLY = {
  three_ti: "three ti dealt", five_kan: "five kan dealt", complete: "the dealer’s 21 cards already win",
};

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** A card named in a sentence: "三 small 3". */
function cardRef(face) {
  return [zh(cardChinese(face)), ` ${cardName(face)}`];
}

function sortCards(cards) {
  return [...cards].sort((a, b) => faceKey(a.face) - faceKey(b.face) || a.id - b.id);
}

// ------------------------------------------------------------------ events

function eventText(ev, names) {
  const who = ev.seat === null || ev.seat === undefined ? "" : names.name(ev.seat);
  const face = ev.card?.face;
  const from = ev.from === ev.seat || ev.from === null || ev.from === undefined
    ? " (own reveal)" : ` from ${names.obj(ev.from)}`;
  switch (ev.type) {
    case "deal":
      return [`New deal: ${who} ${who === "You" ? "are" : "is"} the dealer `, zh("庄")];
    case "shown":
      return [`${cap(names.poss(ev.seat))} 21st card is shown: `, cardRef(face)];
    case "ti":
      return [`${who} `, zh("提"), " ti of ", cardRef(ev.cards[0].face), face ? " (revealed)" : " (dealt)"];
    case "wei":
      return [`${who} `, zh("偎"), " wei of ", cardRef(face)];
    case "heavenly":
      return [`${who} ${who === "You" ? "have" : "has"} a Heavenly win `, zh("天胡")];
    case "reveal":
      return [`${who} revealed `, cardRef(face)];
    case "discard":
      return [`${who} discarded `, cardRef(face)];
    case "pao":
      return [`${who} `, zh("跑"), " pao ", cardRef(face), from];
    case "peng":
      return [`${who} `, zh("碰"), " peng ", cardRef(face), from];
    case "chi":
      return [`${who} `, zh("吃"), " chi ", cardRef(face), from,
        ev.hand_cards?.length > 2 ? " with bi 比" : ""];
    case "dead":
      return `${cap(names.poss(ev.seat))} hand is dead: no more discards or wins (PH-4.8)`;
    case "exhausted":
      return "The stock is empty: a draw, nobody pays";
    case "win":
      return [`${who} `, zh("胡"), ` won: ${ev.huxi} huxi, ${ev.tun} tun `, zh("囤")];
    default:
      return ev.type;
  }
}

// ------------------------------------------------------------------ pieces

function groupEl(g, size, extra = {}) {
  const [label, cn] = GROUPS[g.type] ?? [g.type, ""];
  const faces = g.cards.map((c) => (typeof c === "string" ? c : c.face));
  const el = h("div", {
    class: `wgroup wgroup--${g.type}${g.concealed ? " is-concealed" : ""}`, role: "group",
    "data-testid": extra.testid ?? "group", "data-kind": g.type, "data-huxi": g.huxi,
    "aria-label": `${label} ${faces.map(cardName).join(", ")}: ${g.huxi} huxi`,
  });
  let marked = false;
  el.append(h("div", { class: "wgroup__cards" }, faces.map((f) => {
    const win = g.winning && !marked && (extra.winFace ? f === extra.winFace : true);
    if (win) marked = true;
    return cardEl(f, { size, cls: win ? "is-winning" : "" });
  })),
  h("span", { class: "wgroup__label" }, cn ? [zh(cn), " "] : "", label.toLowerCase(),
    h("b", { class: "wgroup__huxi", title: `${g.huxi} huxi` }, String(g.huxi))));
  return el;
}

function groupsEl(p, size) {
  if (!p.groups.length) return null;
  return h("div", { class: "wgroups", "data-testid": "groups" }, p.groups.map((g) => groupEl(g, size)));
}

function riverEl(discards, seat, last, fresh) {
  const river = h("div", { class: "wriver", "data-testid": "river", "aria-label": "Discard row" });
  discards.forEach((c, i) => {
    const isLast = last && last.seat === seat && last.card.id === c.id && i === discards.length - 1;
    const el = cardEl(c.face, { size: "sm", cls: isLast ? "is-last" : "" });
    if (isLast && fresh) {
      el.classList.add("is-fresh");
      el.style.animationDelay = `-${fresh.elapsed}ms`;
    }
    river.append(el);
  });
  if (!discards.length) river.append(h("span", { class: "lriver__empty" }, "no cards in the row yet"));
  return river;
}

function badges(view, s) {
  const st = view.state;
  const p = st.players[s];
  const out = [];
  if (st.dealer === s) {
    out.push(h("span", { class: "badge badge--dealer", title: "Dealer", "data-testid": "dealer-badge" }, zh("庄"), " dealer"));
  }
  if (p.dead) out.push(h("span", { class: "badge badge--bad", title: "Dead hand (PH-4.8)" }, "dead hand"));
  if (st.result?.win?.seat === s) {
    out.push(h("span", { class: "badge badge--won", "data-testid": "won-badge" }, zh("胡"), " won"));
  }
  out.push(h("span", { class: "badge badge--huxi", title: "Huxi of the exposed groups", "data-testid": "exposed-huxi" },
    zh("胡息"), ` ${p.exposed_huxi}`));
  return out;
}

function scoreEl(view, s) {
  const p = view.state.players[s];
  const cls = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "");
  return h("span", { class: "seat__score", "data-testid": "seat-score",
    title: `This deal ${signed(p.score)} tun; match total ${signed(view.scores[s])}` },
  h("small", {}, "deal "), h("b", { class: cls(p.score) }, signed(p.score)),
  h("small", {}, " · match "), h("b", { class: cls(view.scores[s]) }, signed(view.scores[s])));
}

/** Whose move the table waits for: the discarder (during claims, the card on offer is lit). */
function isActing(st, s) {
  return (st.phase === "discard" || st.phase === "heavenly") && st.turn === s;
}

function shownHand(cards, size) {
  const row = h("div", { class: "whand whand--shown", "data-testid": "shown-hand" });
  sortCards(cards).forEach((c) => row.append(cardEl(c.face, { size })));
  return row;
}

// ------------------------------------------------------------------ opponents

function opponentEl(view, s, names, last, fresh) {
  const st = view.state;
  const p = st.players[s];
  const seatInfo = view.seats[s];
  const kind = seatInfo?.kind === "ai" ? `${seatInfo.level ?? "basic"} AI` : "player";
  const panel = h("section", {
    class: `seat seat--${names.pos(s)}${isActing(st, s) ? " is-turn" : ""}${st.result?.win?.seat === s ? " has-won" : ""}`,
    "data-testid": "seat", "data-seat": s, "aria-label": `${names.name(s)} (${kind})`,
  });
  panel.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, names.name(s), h("small", {}, ` ${kind}`)),
    badges(view, s), scoreEl(view, s)));
  if (p.hand) panel.append(shownHand(p.hand, "sm"));
  else {
    const backs = h("div", { class: "whand whand--backs", "data-testid": "backs",
      "aria-label": `${p.hand_count} cards in hand` });
    for (let i = 0; i < p.hand_count; i++) backs.append(backEl("tiny"));
    backs.append(h("span", { class: "lhand__count" }, String(p.hand_count)));
    panel.append(backs);
  }
  append(panel, [groupsEl(p, "sm")]);
  panel.append(riverEl(p.discards, s, last, fresh));
  return panel;
}

// ------------------------------------------------------------------ the centre

function offerEl(view, names) {
  const st = view.state;
  const o = st.offer;
  if (!o) {
    return h("div", { class: "offer offer--empty", "data-testid": "offer" },
      h("span", { class: "offer__slot", "aria-hidden": "true" }),
      h("span", { class: "offer__text" }, "No card on offer"));
  }
  const verb = o.kind === "reveal" ? "revealed" : "discarded";
  return h("div", { class: `offer offer--${o.kind}`, "data-testid": "offer", "data-face": o.card.face },
    cardEl(o.card.face, { size: "md", cls: "offer__card", data: { testid: "offer-card" } }),
    h("span", { class: "offer__text" },
      h("b", {}, `${names.name(o.from)} ${verb}`), h("br"), cardRef(o.card.face),
      h("small", {}, o.kind === "reveal" ? "from the stock" : "from the hand")));
}

function turnText(view, names) {
  const st = view.state;
  if (st.phase === "over") return st.result?.win ? "Deal over" : "Draw: the stock ran out";
  if (st.phase === "heavenly") return `${names.name(st.turn)}: Heavenly win`;
  if (st.phase === "claim") return "Claims on the card on offer";
  return st.turn === names.me ? "Your turn" : `${names.name(st.turn)} to discard`;
}

function centre(view, names) {
  const st = view.state;
  return h("div", { class: "centre centre--paohuzi" },
    h("div", { class: "board" },
      offerEl(view, names),
      h("div", { class: "board__status" },
        h("div", { class: "compass__wall", "data-testid": "wall" },
          h("b", {}, String(st.stock_remaining)), h("small", {}, " cards in the stock")),
        h("div", { class: "compass__turn", "data-testid": "turn" }, turnText(view, names)),
        st.dealer_shown ? h("div", { class: "compass__deal" }, `${names.poss(st.dealer)} shown 21st card: `,
          zh(cardChinese(st.dealer_shown.face))) : null,
        h("div", { class: "compass__deal" }, `Deal ${view.deal + 1} · 15 huxi to win`))),
    logPanel(view, names, eventText, 9));
}

// ------------------------------------------------------------------ the claim prompt

const CLAIM_LABELS = { win: ["Win", "胡"], pao: ["Pao", "跑"], peng: ["Peng", "碰"], chi: ["Chi", "吃"], pass: ["Pass", "过"] };

function claimButton(a, i, ctx, face) {
  const [label, cn] = CLAIM_LABELS[a.type];
  const attrs = { type: "button", class: `btn btn--${a.type} choice`, "data-testid": `claim-${a.type}`, "data-action": a.type,
    disabled: ctx.busy, onclick: () => ctx.on.act(a) };
  if (a.type !== "chi") {
    const n = { pao: 4, peng: 3 }[a.type];
    return h("button", attrs, h("span", { class: "choice__label" }, label, " ", zh(cn)),
      n ? h("span", { class: "choice__cards", "aria-hidden": "true" },
        Array.from({ length: n }, (_, k) => cardEl(face, { size: "btn", cls: k === 0 ? "is-offered" : "" }))) : null);
  }
  // a chi: the card on offer with two of yours, then each bi group (PH-4.6)
  const main = sortCards([{ id: -1, face }, ...a.cards.map((id) => ({ id, face: faceOfId(id) }))]);
  const bi = a.bi.map((g) => g.map(faceOfId));
  const text = [main.map((c) => cardName(c.face)).join(" "), ...bi.map((g) => `bi ${g.map(cardName).join(" ")}`)];
  return h("button", { ...attrs, "data-index": i, "data-cards": a.cards.join(","),
    "data-bi": a.bi.map((g) => g.join(",")).join(";"), "aria-label": `Chi ${text.join(", ")}` },
  h("span", { class: "choice__label" }, label, " ", zh(cn)),
  h("span", { class: "choice__cards", "aria-hidden": "true" },
    main.map((c) => cardEl(c.face, { size: "btn", cls: c.id === -1 ? "is-offered" : "" }))),
  bi.map((g) => [h("span", { class: "choice__bi", "aria-hidden": "true" }, "+ ", zh("比")),
    h("span", { class: "choice__cards", "aria-hidden": "true" }, g.map((f) => cardEl(f, { size: "btn" })))]));
}

function claimPrompt(view, ctx, names) {
  const st = view.state;
  const o = st.offer;
  const order = ["win", "pao", "peng", "chi", "pass"];
  const actions = ctx.legal.filter((a) => CLAIM_LABELS[a.type])
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  const verb = o.kind === "reveal" ? (o.from === names.me ? "You revealed" : `${names.name(o.from)} revealed`)
    : `${names.name(o.from)} discarded`;
  return h("section", { class: "prompt prompt--claim prompt--paohuzi", "data-testid": "claim-prompt" },
    h("h2", {}, verb),
    cardEl(o.card.face, { size: "md", cls: "prompt__tile" }),
    h("span", { class: "prompt__ask" }, actions.filter((a) => a.type === "chi").length > 1
      ? "Take it? Each chi is its own choice:" : "Take it?"),
    h("div", { class: "prompt__choices" }, actions.map((a, i) => claimButton(a, i, ctx, o.card.face))));
}

// ------------------------------------------------------------------ my seat

function myArea(view, ctx, names, last, fresh) {
  const st = view.state;
  const s = names.me;
  const p = st.players[s];
  const myTurn = st.phase === "discard" && st.to_act && ctx.legal && !ctx.busy;
  const discardable = new Set(myTurn ? ctx.legal.filter((a) => a.type === "discard").map((a) => a.card) : []);
  const won = st.result?.win?.seat === s;
  const area = h("section", {
    class: `me${isActing(st, s) ? " is-turn" : ""}${won ? " has-won" : ""}`,
    "data-testid": "my-seat", "data-seat": s, "aria-label": "Your seat",
  });
  const kans = new Set(p.kans ?? []);
  const kanHuxi = [...kans].reduce((n, f) => n + (f[0] === "d" ? 6 : 3), 0);
  area.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, "You"),
    badges(view, s),
    kans.size ? h("span", { class: "badge badge--muted", title: "Huxi of your kans (in hand)" }, `+${kanHuxi} in kans`) : null,
    scoreEl(view, s)));
  area.append(h("div", { class: "me__upper" }, riverEl(p.discards, s, last, fresh), groupsEl(p, "md")));

  const cards = sortCards(p.hand ?? []);
  const hand = h("div", { class: "whand whand--mine", "data-testid": "hand", role: "group", "aria-label": "Your hand" });
  // PH-2.3: kans are locked in the hand; shown apart, never discarded
  for (const f of [...kans].sort((a, b) => faceKey(a) - faceKey(b))) {
    hand.append(h("div", { class: "wkan", role: "group", "data-testid": "kan", "aria-label": `Kan of ${cardName(f)}, locked` },
      h("div", { class: "wgroup__cards" }, cards.filter((c) => c.face === f).map((c) =>
        cardEl(c.face, { tag: "button", size: "lg", cls: "is-kan",
          data: { testid: "hand-tile", id: c.id, legal: "false", key: `card-${c.id}` } }))),
      h("span", { class: "wgroup__label" }, zh("坎"), " kan · locked")));
  }
  hand.querySelectorAll("button").forEach((b) => { b.disabled = true; });
  const loose = cards.filter((c) => !kans.has(c.face));
  const offerFace = st.phase === "claim" && st.to_act ? st.offer?.card.face : null;
  loose.forEach((c) => {
    const legal = discardable.has(c.id);
    const selected = legal && ctx.selected === c.id;
    const el = cardEl(c.face, {
      tag: "button", size: "lg", label: cardName(c.face),
      cls: `${legal ? "is-legal" : ""}${selected ? " is-selected" : ""}${offerFace === c.face ? " is-match" : ""}`,
      data: { testid: "hand-tile", id: c.id, legal: legal ? "true" : "false", key: `card-${c.id}`,
        short: `${cardChinese(c.face)} (${cardName(c.face)})` },
    });
    hand.append(playable(el, c.id, legal, selected, ctx));
  });
  area.append(hand);
  area.append(actionBar(view, ctx, discardable));
  return area;
}

function actionBar(view, ctx, discardable) {
  const st = view.state;
  const names = seatNames(view);
  const me = st.players[names.me];
  const bar = h("div", { class: "actions", "data-testid": "actions" });
  if (st.to_act && ctx.legal && st.phase === "claim" && st.offer) {
    bar.append(claimPrompt(view, ctx, names));
    return bar;
  }
  if (st.to_act && ctx.legal && st.phase === "heavenly") {
    bar.append(h("p", { class: "actions__hint" }, "Your dealt cards win at once (PH-2.4)."),
      h("button", { type: "button", class: "btn btn--win", "data-testid": "turn-win", "data-action": "win", disabled: ctx.busy,
        onclick: () => ctx.on.act({ type: "win" }) }, "Heavenly win ", zh("天胡")));
    return bar;
  }
  if (st.phase !== "discard" || !st.to_act) {
    let hint = "Waiting for the other players…";
    if (st.phase === "over") hint = "The deal is over.";
    else if (me.dead) hint = "Your hand is dead: you only reveal cards from now on (PH-4.8).";
    else if (st.phase === "claim" && st.claim?.answer) hint = "Waiting for the other players’ answers…";
    bar.append(h("p", { class: "actions__hint" }, hint));
    return bar;
  }
  if (!ctx.legal) {
    bar.append(h("p", { class: "actions__hint" }, "…"));
    return bar;
  }
  const mustDiscard = discardable.size > 0;
  const win = ctx.legal.find((a) => a.type === "win");
  const pass = ctx.legal.find((a) => a.type === "pass");
  bar.append(h("p", { class: "actions__hint", "data-testid": "turn-hint" },
    win ? "Your card completes your hand: win, or play on."
      : mustDiscard ? "Your turn: select a card, then Discard (or double-click it)." : "No discard is due."));
  if (win) {
    bar.append(h("button", { type: "button", class: "btn btn--win", "data-testid": "turn-win", "data-action": "win",
      disabled: ctx.busy, onclick: () => ctx.on.act(win) }, "Win ", zh("胡")));
  }
  if (pass) {
    bar.append(h("button", { type: "button", class: "btn", "data-testid": "turn-pass", "data-action": "pass",
      disabled: ctx.busy, onclick: () => ctx.on.act(pass) }, win ? "Play on" : "Continue"));
  }
  if (mustDiscard) {
    const selectedOk = ctx.selected !== null && discardable.has(ctx.selected);
    const face = selectedOk ? faceOfId(ctx.selected) : null;
    bar.append(h("button", {
      type: "button", class: "btn btn--discard", "data-testid": "discard", "data-action": "discard",
      disabled: !selectedOk || ctx.busy, onclick: () => ctx.on.discard(),
    }, face ? `Discard ${cardChinese(face)} (${cardName(face)})` : "Discard"));
  }
  return bar;
}

// ------------------------------------------------------------------ the whole table

export function renderTable(view, ctx) {
  return tableShell(view, ctx, {
    opponent: opponentEl, centre: (v, _ctx, names) => centre(v, names), mine: myArea,
  }, { kind: "table--three table--paohuzi", title: "Paohuzi" });
}

// ------------------------------------------------------------------ settlement (PH-6)

function winCard(view, w, names) {
  const rows = w.groups.map((g) => {
    const [label, cn] = GROUPS[g.type] ?? [g.type, ""];
    const faces = g.cards;
    return h("tr", { "data-testid": "group-row", "data-kind": g.type },
      h("td", {}, h("span", { class: "choice__cards" }, faces.map((f, k) =>
        cardEl(f, { size: "xs", cls: g.winning && f === w.card?.face && k === faces.indexOf(f) ? "is-winning" : "" })))),
      h("td", {}, cn ? [zh(cn), " "] : "", label, g.shape ? h("small", { class: "muted" }, ` ${SHAPES[g.shape] ?? g.shape}`) : "",
        g.concealed ? h("small", { class: "muted" }, " · in hand") : ""),
      h("td", { class: "num", "data-testid": "group-huxi" }, String(g.huxi)));
  });
  const over = w.huxi - MINIMUM_HUXI;
  const how = w.heavenly ? ["a Heavenly win ", zh("天胡"), ` (${HEAVENLY[w.heavenly] ?? w.heavenly})`]
    : w.card ? [`on ${w.revealer === w.seat ? `${names.poss(w.seat) === "your" ? "your" : "their"} own` : names.poss(w.revealer)} reveal `,
      cardRef(w.card.face)] : "";
  return h("article", { class: "win win--paohuzi", "data-testid": "win", "data-seat": w.seat },
    h("h4", {}, `${names.name(w.seat)} `, zh("胡"), " won ", how,
      h("span", { class: "win__points" }, `${w.huxi} huxi · ${w.tun} tun`)),
    h("table", { class: "patterns", "data-testid": "huxi-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "Group"), h("th", {}, "Kind"), h("th", { class: "num" }, ["Huxi ", zh("胡息")]))),
      h("tbody", { "data-testid": "reading" }, rows),
      h("tfoot", {},
        h("tr", {}, h("td", { colspan: 2 }, "Total huxi ", h("small", { class: "muted" }, `(${MINIMUM_HUXI} needed to win)`)),
          h("td", { class: "num", "data-testid": "huxi-total" }, String(w.huxi))),
        h("tr", {}, h("td", { colspan: 2 }, "Tun ", zh("囤"), " ",
          h("small", { class: "muted", "data-testid": "tun-rule" },
            `1 for ${MINIMUM_HUXI}–17 huxi, +1 per 3 more: 1 + ⌊(${w.huxi} − ${MINIMUM_HUXI}) ÷ 3⌋ = 1 + ${Math.floor(over / 3)}`)),
        h("td", { class: "num", "data-testid": "tun" }, String(w.tun))))));
}

export function settlement(view, ctx) {
  const st = view.state;
  const r = st.result;
  const names = seatNames(view);
  const w = r.win;
  const outcome = w ? [`${names.name(w.seat)} won `, zh("胡"), ` · ${w.huxi} huxi, ${w.tun} tun`]
    : ["Draw ", zh("流局"), " — nobody pays"];
  const panel = settlementPanel(view, ctx, outcome);
  panel.classList.add("settlement--paohuzi");
  const wins = h("section", { class: "settlement__wins" }, h("h3", {}, w ? ["Win ", zh("胡")] : "Result"));
  if (w) wins.append(winCard(view, w, names));
  else {
    wins.append(h("p", { class: "draw-message", "data-testid": "draw-message" }, zh("流局"),
      " Draw — nobody pays. ", h("span", { class: "muted" }, "The stock ran out before anybody won (PH-6.4).")));
  }
  panel.append(wins);

  const payRows = r.payments.map((p, i) => h("tr", { "data-testid": "payment", "data-reason": p.reason },
    h("td", { class: "num muted" }, String(i + 1)),
    h("td", {}, names.name(p.payer), h("span", { class: "arrow", "aria-label": "pays" }, " → "), names.name(p.payee)),
    h("td", { class: "num", "data-testid": "payment-amount" }, String(p.amount)),
    h("td", {}, "the winner’s tun ", zh("囤"), p.note ? h("small", { class: "muted payment__note" }, HEAVENLY[p.note] ?? p.note) : "")));
  const lower = h("div", { class: "settlement__lower" });
  lower.append(h("section", { class: "settlement__payments" }, h("h3", {}, "Payments"),
    h("p", { class: "muted settle-note" }, "Each opponent pays the winner its tun (PH-6.4)."),
    h("table", { class: "payments", "data-testid": "payments" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "Payer → payee"),
        h("th", { class: "num" }, "Tun"), h("th", {}, "Reason"))),
      h("tbody", {}, payRows.length ? payRows
        : h("tr", { "data-testid": "no-payments" }, h("td", { colspan: 4, class: "muted" }, "No payments this deal."))))));
  const side = h("div", { class: "settlement__side" });
  side.append(totalsSection(view), seedSection(view, ctx));
  lower.append(side);
  panel.append(lower);
  return panel;
}

