// The Nantong long-card table (Du Zi Hu, rules NT- in shared/rules/nantong.md): three seats, two
// indicators face up in the middle, the preparation (opening kongs, indicator triplets, Tiandi
// Hezi, ready, finish), draws and discards with pung, kong and win claims, and at the end every
// player's hu itemised and the pairwise settlement. Pure rendering, like table.js: every change
// goes through the handlers the app passes in ``ctx.on``.

import { h, zh, signed, append } from "./dom.js";
import { seatNames, logPanel, settlementPanel, totalsSection, seedSection, tableShell, playable } from "./table.js";
import { cardEl, backEl, cardName, cardChinese, faceKey, faceOfId, isOldGeneral } from "./longcards.js";

const RANK_WORDS = ["", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines"];

/** A card named in a sentence: "5 of Myriads 五万". */
function cardRef(face) {
  return [cardName(face), " ", zh(cardChinese(face))];
}

/** NT-6.2: what an indicator doubles. */
function indicatorReach(face) {
  if (isOldGeneral(face)) return ["×2 the Old Generals ", zh("千 白花 红花 九条")];
  return [`×2 all ordinary ${RANK_WORDS[Number(face[0])]}`];
}

const GROUPS = {
  pung: ["Pung", "碰"],
  kong: ["Kong", "杠"],
  concealed_kong: ["Concealed kong", "暗杠"],
  added_kong: ["Added kong", "杠"],
  opening_kong: ["Opening kong", "杠"],
  opening_triplet: ["Indicator triplet", ""],
  hezi: ["Tiandi Hezi", "天地合子"],
};

function meldKind(m) {
  if (m.type === "kong") return m.concealed ? "concealed_kong" : m.added ? "added_kong" : "kong";
  return m.type;
}

function sortCards(cards) {
  return [...cards].sort((a, b) => faceKey(a.face) - faceKey(b.face) || a.id - b.id);
}

// ------------------------------------------------------------------ events

function eventText(ev, names, state) {
  const who = ev.seat === null || ev.seat === undefined ? "" : names.name(ev.seat);
  const face = ev.card?.face;
  switch (ev.type) {
    case "deal":
      return [`New deal: ${who} ${who === "You" ? "are" : "is"} the dealer `, zh("庄")];
    case "indicators":
      return ["Indicators: ", ...ev.cards.flatMap((c, i) => [i ? " and " : "", cardRef(c.face)])];
    case "finish":
      return `${who} finished ${who === "You" ? "your" : "their"} preparation`;
    case "ready":
      return [`${who} declared ready `, zh("听")];
    case "opening_kong":
      return [`${who} `, zh("杠"), " opening kong of ", cardRef(ev.cards[0].face)];
    case "opening_triplet":
      return [`${who} exposed an indicator triplet of `, cardRef(ev.cards[0].face)];
    case "hezi":
      return [`${who} declared Tiandi Hezi `, zh("天地合子"), " with ", cardRef(ev.cards[0].face)];
    case "play":
      return `Preparation over: ${who} ${who === "You" ? "discard" : "discards"} first`;
    case "draw":
      if (ev.replacement) return face ? [`${who} drew a replacement: `, cardRef(face)] : `${who} drew a replacement`;
      return face ? [`${who} drew `, cardRef(face)] : null;
    case "discard":
      return [`${who} discarded `, cardRef(face)];
    case "pung":
      return [`${who} `, zh("碰"), " pung ", cardRef(face), ` from ${names.obj(ev.from)}`];
    case "kong":
      return [`${who} `, zh("杠"), " kong ", cardRef(face), ` from ${names.obj(ev.from)}`];
    case "concealed_kong":
      return [`${who} `, zh("杠"), " concealed kong", face ? [" of ", cardRef(face)] : ""];
    case "added_kong":
      return [`${who} added `, cardRef(face), " to a pung"];
    case "win":
      return [`${who} `, zh("胡"), " won ", howWon(ev.how, ev.from, face, names)];
    case "end":
      return ev.reason === "exhausted" ? "The stock is exhausted: base hu only" : "Deal over";
    default:
      return ev.type;
  }
}

function howWon(how, from, face, names) {
  if (how === "heavenly") return ["a Heavenly win ", zh("天胡")];
  if (how === "self_draw") return ["by self-draw ", zh("自摸"), face ? [" with ", cardRef(face)] : ""];
  if (how === "robbed_kong") return [`robbing ${names.poss(from)} kong `, zh("抢杠"), face ? [" with ", cardRef(face)] : ""];
  return [`on ${names.poss(from)} discard`, face ? [" ", cardRef(face)] : ""];
}

// ------------------------------------------------------------------ pieces

function groupEl(kind, cards, size, extra = {}) {
  const [label, cn] = GROUPS[kind] ?? [kind, ""];
  const el = h("div", { class: `lgroup lgroup--${kind}`, role: "group", "data-testid": extra.testid ?? "group",
    "data-kind": kind, "aria-label": `${label} of ${cardName(cards[0].face)}` });
  const row = h("div", { class: "lgroup__cards" });
  cards.forEach((c, i) => {
    if (kind === "concealed_kong" && (i === 0 || i === 3)) row.append(backEl(size));
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
  const river = h("div", { class: "lriver", "data-testid": "river", "aria-label": "Discards" });
  discards.forEach((c, i) => {
    const isLast = last && last.seat === seat && last.card.id === c.id && i === discards.length - 1;
    const el = cardEl(c.face, { size: "sm", cls: isLast ? "is-last" : "" });
    if (isLast) {
      el.dataset.testid = "last-discard";
      el.setAttribute("aria-label", `${cardName(c.face)}, last discard`);
      if (fresh) {
        el.classList.add("is-fresh");
        el.style.animationDelay = `-${fresh.elapsed}ms`;
      }
    }
    river.append(el);
  });
  if (!discards.length) river.append(h("span", { class: "lriver__empty" }, "no discards yet"));
  return river;
}

/** The seats that have finished their preparation (NT-3.1), from the events. */
function prepared(state) {
  const done = new Set();
  for (const ev of state.events) if (ev.type === "finish" || ev.type === "ready") done.add(ev.seat);
  return done;
}

function badges(view, s) {
  const st = view.state;
  const p = st.players[s];
  const out = [];
  if (st.dealer === s) {
    out.push(h("span", { class: "badge badge--dealer", title: "Dealer", "data-testid": "dealer-badge" }, zh("庄"), " dealer"));
  }
  if (p.ready) {
    out.push(h("span", { class: "badge badge--ready", title: "Declared ready: the hand is locked (NT-3.6)",
      "data-testid": "ready-badge" }, zh("听"), " ready"));
  }
  if (st.phase === "prepare") {
    if (st.preparing === s) out.push(h("span", { class: "badge badge--active" }, "preparing…"));
    else if (prepared(st).has(s)) out.push(h("span", { class: "badge badge--muted" }, "prepared"));
  }
  if (st.result?.winner === s) {
    out.push(h("span", { class: "badge badge--won", "data-testid": "won-badge" }, zh("胡"), " won"));
  }
  return out;
}

function scoreEl(view, s) {
  const p = view.state.players[s];
  const cls = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "");
  return h("span", { class: "seat__score", "data-testid": "seat-score",
    title: `This deal ${signed(p.score)}; match total ${signed(view.scores[s])}` },
  h("small", {}, "deal "), h("b", { class: cls(p.score) }, signed(p.score)),
  h("small", {}, " · match "), h("b", { class: cls(view.scores[s]) }, signed(view.scores[s])));
}

function isActing(st, s) {
  return (st.phase === "play" && st.turn === s) || (st.phase === "prepare" && st.preparing === s);
}

function shownHand(cards, size, winId = null) {
  const row = h("div", { class: "lhand lhand--shown", "data-testid": "shown-hand" });
  const sorted = sortCards(cards);
  const win = sorted.findIndex((c) => c.id === winId);
  const winning = win >= 0 ? sorted.splice(win, 1)[0] : null;
  sorted.forEach((c) => row.append(cardEl(c.face, { size })));
  if (winning) {
    row.append(h("span", { class: "lhand__gap", "aria-hidden": "true" }),
      cardEl(winning.face, { size, cls: "is-winning", label: `${cardName(winning.face)}, winning card` }));
  }
  return row;
}

// ------------------------------------------------------------------ opponents

function opponentEl(view, s, names, last, fresh) {
  const st = view.state;
  const p = st.players[s];
  const seatInfo = view.seats[s];
  const kind = seatInfo?.kind === "ai" ? `${seatInfo.level ?? "basic"} AI` : "player";
  const panel = h("section", {
    class: `seat seat--${names.pos(s)}${isActing(st, s) ? " is-turn" : ""}${st.result?.winner === s ? " has-won" : ""}`,
    "data-testid": "seat", "data-seat": s, "aria-label": `${names.name(s)} (${kind})`,
  });
  panel.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, names.name(s), h("small", {}, ` ${kind}`)),
    badges(view, s), scoreEl(view, s)));
  if (p.hand) panel.append(shownHand(p.hand, "sm", st.result?.win?.seat === s ? st.result.win.card?.id : null));
  else {
    const backs = h("div", { class: "lhand lhand--backs", "data-testid": "backs",
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

function indicatorsEl(st) {
  return h("div", { class: "indicators", "data-testid": "indicators", role: "group", "aria-label": "Indicators" },
    h("h2", { class: "indicators__title" }, "Indicators"),
    h("div", { class: "indicators__cards" }, st.indicators.map((c) => h("figure", { class: "indicator" },
      cardEl(c.face, { size: "md", data: { testid: "indicator" } }),
      h("figcaption", {}, zh(cardChinese(c.face)), h("small", {}, indicatorReach(c.face)))))));
}

function turnText(view, names) {
  const st = view.state;
  if (st.phase === "prepare") {
    return st.preparing === names.me ? "Your preparation" : `${names.name(st.preparing)} is preparing`;
  }
  if (st.phase === "over") return st.result?.winner === null ? "Exhausted: base hu only" : "Deal over";
  if (st.phase === "claim") {
    return st.claim.kind === "rob" ? `${names.name(st.claim.from)} adds a kong`
      : ["Claims on ", names.poss(st.claim.from), " ", zh(cardChinese(st.claim.card.face))];
  }
  return st.turn === names.me ? "Your turn" : `${names.name(st.turn)} to play`;
}

function centre(view, names) {
  const st = view.state;
  return h("div", { class: "centre centre--nantong" },
    h("div", { class: "board" },
      indicatorsEl(st),
      h("div", { class: "board__status" },
        h("div", { class: "compass__wall", "data-testid": "wall" },
          h("b", {}, String(st.wall_remaining)), h("small", {}, " cards in the stock")),
        h("div", { class: "compass__turn", "data-testid": "turn" }, turnText(view, names)),
        h("div", { class: "compass__deal" }, `Deal ${view.deal + 1}`))),
    logPanel(view, names, eventText, 9));
}

// ------------------------------------------------------------------ prompts

const PREP = {
  opening_kong: ["Opening kong", "杠", "Expose four dealt cards as a group; draw a replacement. 16 hu."],
  opening_triplet: ["Indicator triplet", "", "Expose three dealt cards of an indicator’s face. 16 hu."],
  hezi: ["Tiandi Hezi", "天地合子", "Expose the indicators’ other two copies; draw two replacements. 16 hu."],
  ready: ["Declare ready", "听", "One card from winning: your hand is locked, a win counts ×2."],
  finish: ["Finish preparation", "", ""],
};

function prepPrompt(view, ctx) {
  const order = ["opening_kong", "opening_triplet", "hezi", "ready", "finish"];
  const actions = ctx.legal.filter((a) => PREP[a.type]).sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  const declarations = actions.some((a) => a.type !== "finish");
  return h("section", { class: "prompt prompt--prep", "data-testid": "prep-prompt" },
    h("div", { class: "prompt__text" },
      h("h2", {}, "Your preparation"),
      h("p", { class: "prompt__hint" }, declarations
        ? "Make your opening declarations, one at a time, then finish."
        : "No opening declaration is open to you.")),
    h("div", { class: "prompt__choices" }, actions.map((a) => {
      const [label, cn, hint] = PREP[a.type];
      const faces = (a.cards ?? []).map(faceOfId);
      return h("button", {
        type: "button", class: `btn choice choice--${a.type}${a.type === "finish" ? " btn--primary" : ""}`,
        "data-testid": `prep-${a.type}`, "data-action": a.type, disabled: ctx.busy, title: hint || null,
        onclick: () => ctx.on.act(a),
      }, h("span", { class: "choice__label" }, label, cn ? [" ", zh(cn)] : ""),
      faces.length ? h("span", { class: "choice__cards", "aria-hidden": "true" },
        faces.map((f) => cardEl(f, { size: "btn" }))) : null);
    })));
}

const CLAIM_LABELS = { win: ["Win", "胡"], kong: ["Kong", "杠"], pung: ["Pung", "碰"], pass: ["Pass", "过"] };

function claimPrompt(view, ctx, names) {
  const st = view.state;
  const c = st.claim;
  const rob = c.kind === "rob";
  const order = ["win", "kong", "pung", "pass"];
  const actions = ctx.legal.filter((a) => CLAIM_LABELS[a.type])
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  const face = c.card.face;
  const count = { kong: 4, pung: 3 };
  return h("section", { class: "prompt prompt--claim", "data-testid": "claim-prompt" },
    h("h2", {}, rob ? `${names.name(c.from)} adds a kong with` : `${names.name(c.from)} discarded`),
    cardEl(face, { size: "md", cls: "prompt__tile" }),
    h("span", { class: "prompt__ask" }, rob ? "Rob the kong?" : "Claim it?"),
    h("div", { class: "prompt__choices" }, actions.map((a) => {
      const [label, cn] = CLAIM_LABELS[a.type];
      return h("button", { type: "button", class: `btn btn--${a.type} choice`, "data-testid": `claim-${a.type}`, "data-action": a.type,
        disabled: ctx.busy, onclick: () => ctx.on.act(a) },
      h("span", { class: "choice__label" }, label, " ", zh(cn)),
      count[a.type] ? h("span", { class: "choice__cards", "aria-hidden": "true" },
        Array.from({ length: count[a.type] }, (_, i) => cardEl(face, { size: "btn", cls: i === 0 ? "is-offered" : "" })))
        : null);
    })));
}

// ------------------------------------------------------------------ my seat

function myArea(view, ctx, names, last, fresh) {
  const st = view.state;
  const s = names.me;
  const p = st.players[s];
  const myTurn = st.phase === "play" && st.to_act && ctx.legal && !ctx.busy;
  const discardable = new Set(myTurn ? ctx.legal.filter((a) => a.type === "discard").map((a) => a.card) : []);
  const won = st.result?.winner === s;
  const area = h("section", {
    class: `me${isActing(st, s) ? " is-turn" : ""}${won ? " has-won" : ""}`,
    "data-testid": "my-seat", "data-seat": s, "aria-label": "Your seat",
  });
  area.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, "You"), badges(view, s), scoreEl(view, s)));
  area.append(h("div", { class: "me__upper" }, riverEl(p.discards, s, last, fresh), groupsEl(p, "md")));

  if (st.phase === "over") {
    area.append(shownHand(p.hand ?? [], "lg", won ? st.result.win.card?.id : null));
  } else {
    const drawnId = st.drawn?.id;
    const replaced = new Set((p.replacement_cards ?? []).map((c) => c.id));
    const claimFace = st.phase === "claim" && st.to_act ? st.claim?.card.face : null;
    const cards = sortCards((p.hand ?? []).filter((c) => c.id !== drawnId));
    if (st.drawn) cards.push(st.drawn);
    const hand = h("div", { class: "lhand lhand--mine", "data-testid": "hand", role: "group", "aria-label": "Your hand" });
    cards.forEach((c) => {
      if (c.id === drawnId) hand.append(h("span", { class: "lhand__gap", "aria-hidden": "true" }));
      const legal = discardable.has(c.id);
      const selected = legal && ctx.selected === c.id;
      const repl = replaced.has(c.id);
      const match = claimFace === c.face;
      const label = `${cardName(c.face)}${c.id === drawnId ? ", just drawn" : ""}${repl ? ", replacement card" : ""}`;
      const el = cardEl(c.face, {
        tag: "button", size: "lg", label,
        cls: `${legal ? "is-legal" : ""}${selected ? " is-selected" : ""}${c.id === drawnId ? " is-drawn" : ""}`
          + `${repl ? " is-replacement" : ""}${match ? " is-match" : ""}`,
        data: { testid: "hand-tile", id: c.id, legal: legal ? "true" : "false", key: `card-${c.id}`,
          short: cardChinese(c.face) },
      });
      hand.append(playable(el, c.id, legal, selected, ctx));
    });
    area.append(hand);
  }
  area.append(actionBar(view, ctx, discardable));
  return area;
}

function actionBar(view, ctx, discardable) {
  const st = view.state;
  const names = seatNames(view);
  const me = st.players[names.me];
  const bar = h("div", { class: "actions", "data-testid": "actions" });
  if (st.to_act && ctx.legal && st.phase === "prepare") {
    bar.append(prepPrompt(view, ctx));
    return bar;
  }
  if (st.to_act && ctx.legal && st.phase === "claim" && st.claim) {
    bar.append(claimPrompt(view, ctx, names));
    return bar;
  }
  if (st.phase !== "play" || !st.to_act) {
    let hint = "Waiting for the other players…";
    if (st.phase === "over") hint = "The deal is over.";
    else if (st.phase === "prepare") {
      hint = st.to_act ? "…" : `${names.name(st.preparing)} is making opening declarations…`;
    } else if (st.phase === "claim" && st.claim?.answer) hint = "Waiting for the other players’ answers…";
    bar.append(h("p", { class: "actions__hint" }, hint));
    return bar;
  }
  if (!ctx.legal) {
    bar.append(h("p", { class: "actions__hint" }, "…"));
    return bar;
  }
  const selectedOk = ctx.selected !== null && discardable.has(ctx.selected);
  const heavenly = !st.drawn && st.dealer === names.me && !st.events.some((e) => e.type === "discard");
  let hint = "Your turn: select a card, then Discard (or double-click it).";
  if (me.ready && st.drawn) hint = "You are ready: win with the card you drew, or discard it.";
  else if (heavenly) hint = "You deal: discard first, without drawing.";
  else if (!st.drawn) hint = "Discard a card (no draw after a pung).";
  bar.append(h("p", { class: "actions__hint", "data-testid": "turn-hint" }, hint));
  for (const a of ctx.legal) {
    if (a.type === "win") {
      bar.append(h("button", { type: "button", class: "btn btn--win", "data-testid": "turn-win", "data-action": "win",
        disabled: ctx.busy, onclick: () => ctx.on.act(a) },
      heavenly ? ["Heavenly win ", zh("天胡")] : ["Win ", zh("自摸")]));
    } else if (a.type === "concealed_kong" || a.type === "added_kong") {
      const face = faceOfId(a.type === "added_kong" ? a.card : a.cards[0]);
      bar.append(h("button", { type: "button", class: "btn btn--kong choice", "data-testid": "turn-kong", "data-action": "kong",
        disabled: ctx.busy, onclick: () => ctx.on.act(a) },
      h("span", { class: "choice__label" }, a.type === "added_kong" ? "Add to pung " : "Kong ", zh("杠")),
      h("span", { class: "choice__cards", "aria-hidden": "true" },
        Array.from({ length: 4 }, () => cardEl(face, { size: "btn" })))));
    }
  }
  const selected = selectedOk ? faceOfId(ctx.selected) : null;
  bar.append(h("button", {
    type: "button", class: "btn btn--discard", "data-testid": "discard", "data-action": "discard",
    disabled: !selectedOk || ctx.busy, onclick: () => ctx.on.discard(),
  }, selected ? `Discard ${cardChinese(selected)}` : "Discard"));
  return bar;
}

// ------------------------------------------------------------------ the whole table

export function renderTable(view, ctx) {
  return tableShell(view, ctx, {
    opponent: opponentEl, centre: (v, _ctx, names) => centre(v, names), mine: myArea,
  }, { kind: "table--three table--nantong", title: "Nantong" });
}

// ------------------------------------------------------------------ settlement (NT-6)

const FACTORS = {
  old_general: (m) => ["Old General"],
  indicator: (m) => ["indicator ", zh(cardChinese(m.indicator))],
  exact_match: (m) => ["exact match ", zh(cardChinese(m.indicator))],
};

/** Short names for the holdings (NT-6.1); the engine's longer name stays as the tooltip. */
const HOLDING_NAMES = {
  exposed_pung: "Exposed pung",
  winning_pung: "Pung by the winning discard",
  triplet_in_hand: "Three in hand",
  four_in_hand: "Four in hand",
  exposed_kong: "Exposed kong",
  concealed_kong: "Concealed kong",
  opening_kong: "Opening kong",
  opening_triplet: "Indicator triplet",
  hezi: "Tiandi Hezi",
};

function holdingRow(x) {
  const factors = x.multipliers.map((m) => h("span", { class: "factor", "data-testid": "factor" },
    "×2 ", (FACTORS[m.code] ?? (() => [m.code]))(m)));
  return h("tr", { "data-testid": "holding", "data-kind": x.kind },
    h("td", {}, h("span", { class: "holding__card" }, cardEl(x.card, { size: "mini" })),
      h("span", { class: "holding__text", title: x.name }, HOLDING_NAMES[x.kind] ?? x.name,
        x.chinese ? [" ", zh(x.chinese)] : "",
        h("small", { class: "muted" }, " ", cardChinese(x.card), x.exact_match_base ? " · indicator’s face: base 12" : ""))),
    h("td", { class: "num", "data-testid": "holding-base" }, String(x.base)),
    h("td", { class: "factors" }, factors.length ? factors : h("span", { class: "muted" }, "—")),
    h("td", { class: "num", "data-testid": "holding-hu" }, String(x.hu)));
}

function readingEl(w, winCard) {
  // The winning split (NT-6.8): declared groups, then the groups in hand, then the pair; the
  // winning card marked where it sits.
  const row = h("div", { class: "reading", "data-testid": "reading" });
  let marked = false;
  const mark = (faces, where) => faces.map((f) => {
    const on = !marked && winCard && where && f === winCard;
    if (on) marked = true;
    return cardEl(f, { size: "xs", cls: on ? "is-winning" : "", label: on ? `${cardName(f)}, winning card` : undefined });
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
      h("span", { class: "lgroup__label" }, g.declared ? (GROUPS[g.type]?.[0] ?? g.type).toLowerCase() : g.type)));
  }
  const pairHere = !placed && into?.type === "pair";
  row.append(h("div", { class: "lgroup lgroup--pair", role: "group" },
    h("div", { class: "lgroup__cards" }, mark([w.reading.pair, w.reading.pair], pairHere)),
    h("span", { class: "lgroup__label" }, "pair")));
  return row;
}

/** "Wait: the pair, …" → "Wait" and, smaller, what it means. */
function itemName(name) {
  const i = name.indexOf(": ");
  return i < 0 ? name : [name.slice(0, i), h("small", { class: "muted item__why" }, ` ${name.slice(i + 2)}`)];
}

function huCard(view, p, names) {
  const r = view.state.result;
  const w = p.win;
  const player = view.state.players[p.seat];
  const rows = p.holdings.map(holdingRow);
  const foot = [h("tr", { class: "hu__sub" }, h("td", { colspan: 3 }, "Base hu"),
    h("td", { class: "num", "data-testid": "base" }, String(p.base)))];
  if (w) {
    for (const b of w.bonuses) {
      foot.push(h("tr", { "data-testid": "bonus", "data-code": b.code },
        h("td", { colspan: 3 }, "+ ", itemName(b.name), b.chinese ? [" ", zh(b.chinese)] : ""),
        h("td", { class: "num", "data-testid": "bonus-hu" }, `+${b.hu}`)));
    }
    let running = p.base + w.bonuses.reduce((n, b) => n + b.hu, 0);
    if (w.multipliers.length) {
      foot.push(h("tr", { class: "hu__sub" }, h("td", { colspan: 3 }, "Base + bonuses"),
        h("td", { class: "num" }, String(running))));
    }
    for (const m of w.multipliers) {
      running *= m.factor;
      foot.push(h("tr", { "data-testid": "multiplier", "data-code": m.code },
        h("td", { colspan: 3 }, `× ${m.factor} `, itemName(m.name), m.chinese ? [" ", zh(m.chinese)] : ""),
        h("td", { class: "num" }, String(running))));
    }
  }
  foot.push(h("tr", { class: "hu__sub" }, h("td", { colspan: 3 }, "Before rounding"),
    h("td", { class: "num", "data-testid": "before-rounding" }, String(p.total_before_rounding))));
  foot.push(h("tr", { class: "hu__total" },
    h("td", { colspan: 3 }, p.total === p.total_before_rounding ? "Total (a multiple of ten)" : "Rounded up to a multiple of ten"),
    h("td", { class: "num", "data-testid": "hu-total" }, String(p.total))));

  const win = r.win && r.win.seat === p.seat ? r.win : null;
  const hand = w ? readingEl(w, win?.card?.face ?? w.card)
    : h("div", { class: "reading" }, groupsEl(player, "xs"),
      shownHand(player.hand ?? [], "xs"));
  return h("article", { class: `hu${w ? " hu--winner" : ""}`, "data-testid": "hu-card", "data-seat": p.seat },
    h("h4", {}, names.name(p.seat),
      w ? [" ", zh("胡"), " won ", howWon(win?.how ?? w.how, win?.from, null, names),
        w.shape ? [" · ", w.shape.chinese ? [zh(w.shape.chinese), " "] : "", w.shape.name.split(":")[0]] : ""] : "",
      player.ready ? [" · ", zh("听"), " ready"] : "",
      h("span", { class: "hu__chip" }, `${p.total} hu`)),
    hand,
    h("table", { class: "hu__table", "data-testid": "hu-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "Holding"), h("th", { class: "num" }, "Base"),
        h("th", {}, "Doubled by"), h("th", { class: "num" }, "Hu"))),
      h("tbody", {}, rows.length ? rows
        : h("tr", { class: "muted" }, h("td", { colspan: 4 }, "No scoring holding: no triplet, kong or Hezi."))),
      h("tfoot", {}, foot)));
}

export function settlement(view, ctx) {
  const st = view.state;
  const r = st.result;
  const names = seatNames(view);
  const outcome = r.win
    ? [`${names.name(r.win.seat)} won `, howWon(r.win.how, r.win.from, r.win.card?.face, names)]
    : "the stock is exhausted";
  const panel = settlementPanel(view, ctx, outcome);
  panel.classList.add("settlement--nantong");

  panel.append(h("div", { class: "settle-indicators" }, "Indicators ",
    r.indicators.map((f) => h("span", { class: "settle-indicator" }, cardEl(f, { size: "xs" }), " ", zh(cardChinese(f)),
      h("small", { class: "muted" }, " ", indicatorReach(f)))),
    r.exhausted ? h("p", { class: "muted settle-note" }, "Nobody won: every player’s base hu is still settled, rounded up (NT-6.10).") : null));

  // the winner first, then the others from your seat round
  const order = [...r.players].sort((a, b) => (b.seat === r.winner) - (a.seat === r.winner)
    || names.rel(a.seat) - names.rel(b.seat));
  panel.append(h("section", { class: "settlement__hu" }, h("h3", {}, "Hu ", zh("胡"), " of every player"),
    h("div", { class: `hu-grid${r.winner === null ? " hu-grid--three" : ""}` }, order.map((p) => huCard(view, p, names)))));

  // NT-6.9: every pair settles the difference of its totals
  const pairs = [];
  for (let i = 0; i < r.totals.length; i++) {
    for (let j = i + 1; j < r.totals.length; j++) {
      const [a, b] = [i, j].sort((x, y) => names.rel(x) - names.rel(y));
      const d = r.totals[a] - r.totals[b];
      const [payer, payee] = d >= 0 ? [b, a] : [a, b];
      pairs.push(h("tr", { "data-testid": "pair", "data-payer": payer, "data-payee": payee, "data-amount": Math.abs(d) },
        h("td", {}, `${names.name(a)} ${r.totals[a]}`, h("span", { class: "muted" }, " vs "), `${names.name(b)} ${r.totals[b]}`),
        h("td", {}, d === 0 ? h("span", { class: "muted" }, "equal: nobody pays")
          : [names.name(payer), h("span", { class: "arrow", "aria-label": "pays" }, " → "), names.name(payee)]),
        h("td", { class: "num", "data-testid": "pair-amount" }, String(Math.abs(d)))));
    }
  }
  const lower = h("div", { class: "settlement__lower" });
  lower.append(h("section", { class: "settlement__payments" }, h("h3", {}, "Settlement, pair by pair"),
    h("table", { class: "payments", "data-testid": "pairs" },
      h("thead", {}, h("tr", {}, h("th", {}, "Totals"), h("th", {}, "Payer → payee"), h("th", { class: "num" }, "Difference"))),
      h("tbody", {}, pairs))));
  const side = h("div", { class: "settlement__side" });
  side.append(totalsSection(view), seedSection(view, ctx));
  lower.append(side);
  panel.append(lower);
  return panel;
}

