// The mahjong table (Sichuan, MCR) on the table kit (kit.js): renders a MatchView (and the seat's
// legal actions) into DOM. Pure rendering: every change of state goes through the handlers the app
// passes in. What the games do differently comes from the view itself: missing suits (Sichuan),
// seat and prevailing winds and flowers (MCR), chow claims, and the shape of a win (fan or points).

import { h, zh } from "./dom.js";
import { tileEl, backEl, faceOfId, faceKey, tileName, suitName, windName, SUIT_CHARS, WINDS } from "./tiles.js";
import { t } from "./i18n.js";
import { footRow, itemsTable } from "./items.js";
import { claimAsk, turnOptions, turnPrompt } from "./prompts.js";
import { choosing, exchangeBadge, exchangeEventText, exchangeNote, exchangePrompt, exchangeWaiting,
  handTile as exchangeTile } from "./exchange.js";
import { seatNames, meldEventText, logPanel, discardRiver, playable, handOrder, renderTable as kitTable, isActing,
  actButton, inOrder, claimPrompt, settlementPanel, settlementLower, paymentsSection, paymentRow } from "./kit.js";

/** Payment reasons: the text is app.reason.<code>, the Chinese term stays beside it. */
const REASONS = {
  win: "点炮", self_draw: "自摸", robbing_kong: "抢杠", kong: "杠", refund: "退税", flower_pig: "花猪",
  ready_check: "查大叫", base: "底分", call_transfer: "呼叫转移",
};

// ------------------------------------------------------------------ event log

/** The mahjong event ``ev`` as a sentence (app.ev.*), or null for one not worth a line. */
export function eventText(ev, names, state, prev = null) {
  const s = ev.seat;
  const face = ev.card?.face;
  const card = face ? tileName(face) : "";
  const from = ev.from === null || ev.from === undefined ? "" : names.obj(ev.from);
  // MCR: a draw right after the same seat's flower is the flower's replacement
  const forFlower = prev?.type === "flower" && prev.seat === ev.seat;
  switch (ev.type) {
    case "deal":
      return [names.say("app.ev.deal", s), " ", zh("庄")];
    case "declared":
      return names.say("app.ev.declared", s);
    case "exchange_selected":
    case "exchanged":
      return exchangeEventText(ev, names);
    case "missing_suits":
      return [t("app.ev.missingSuits"), " ", zh("缺"), ": ",
        ev.suits.map((x, i) => `${names.name(i)} ${suitName(x)}`).join(", ")];
    case "draw":
      if (!face) return ev.replacement && !forFlower ? names.say("app.ev.drawReplacement", s) : null;
      if (!ev.replacement) return names.say("app.ev.draw", s, { card });
      return names.say(forFlower ? "app.ev.drawForFlower" : "app.ev.drawForKong", s, { card });
    case "flower":
      return [names.say("app.ev.flower", s, { card }), " ", zh(`花 ${FLOWER_CHARS[face] ?? ""}`)];
    case "chow":
      return [names.say("app.ev.chow", s, { card, from }), " ", zh("吃")];
    case "win": {
      const p = state.players[ev.seat];
      const w = p?.wins?.find((x) => x.tile === ev.card?.id) ?? p?.won;
      const self = ev.from === null || ev.from === undefined;
      return [names.say(self ? "app.ev.winSelf" : "app.ev.winOn", s, { card, from }), " ",
        zh(self ? "胡 自摸" : "胡"), w ? ` · ${winAmount(w)}` : ""];
    }
    case "end":
      if (ev.reason === "exhausted") return t(state.result?.flower_pigs ? "app.ev.endExhausted" : "app.ev.drawExhausted");
      return t(ev.reason === "win" ? "app.ev.end" : "app.ev.endThreeWon");
    default:
      return meldEventText(ev.type, names, s, card, from) ?? ev.type;
  }
}

const FLOWER_CHARS = { f1: "梅", f2: "兰", f3: "竹", f4: "菊", f5: "春", f6: "夏", f7: "秋", f8: "冬" };

/** "3 fan" (Sichuan) or "25 points" (MCR). */
function winAmount(w) {
  return w.fan !== undefined ? t("app.unit.fan", { count: w.fan }) : t("app.unit.points", { count: w.total });
}

// ------------------------------------------------------------------ tile groups

/** MCR: a seat's exposed flowers, small, beside its melds. */
function flowersEl(flowers) {
  if (!flowers?.length) return null;
  return h("div", { class: "flowers", "data-testid": "flowers", role: "group",
    "aria-label": t("app.mj.flowers", { count: flowers.length }) },
  h("span", { class: "flowers__label", "aria-hidden": "true" }, zh("花")),
  flowers.map((c) => tileEl(c.face, { size: "fl", data: { testid: "flower" } })));
}

/** Sichuan Blood River: a seat's win pile, its winning tiles face up beside its melds
 *  (OPT-SC-2.2, public). */
function winPileEl(pile, size) {
  if (!pile?.length) return null;
  return h("div", { class: "win-pile", "data-testid": "win-pile", role: "group",
    "aria-label": t("app.mj.winPile", { n: pile.length }) },
  h("span", { class: "win-pile__label", "aria-hidden": "true" }, zh("胡")),
  pile.map((c) => tileEl(c.face, { size, data: { testid: "win-pile-tile", id: c.id } })));
}

/** Whether seat ``p`` has left play with its hand shown (SC-6.1): a battle winner, never a Blood
 *  River one, whose locked hand plays on (OPT-SC-2.3). */
const outOfPlay = (p) => Boolean(p.won) && !p.locked;

function meldsEl(melds, size) {
  if (!melds.length) return null;
  return h("div", { class: "melds", "data-testid": "melds" }, melds.map((m) => {
    const kind = m.concealed ? "concealed_kong" : m.added ? "added_kong" : m.type;
    if (!m.cards) { // another seat's concealed kong lies face down until the deal ends
      return h("div", { class: `meld meld--${m.type}`, role: "group", "data-testid": "face-down",
        "aria-label": t(`app.meld.${kind}`) }, [0, 1, 2, 3].map(() => backEl(size, "tile--meld-back")));
    }
    const face = m.cards[0].face;
    const group = h("div", { class: `meld meld--${m.type}`, role: "group",
      "aria-label": t("app.mj.meld", { kind: t(`app.meld.${kind}`), card: tileName(face) }) });
    m.cards.forEach((c, i) => {
      if (m.concealed && (i === 0 || i === 3)) group.append(backEl(size, "tile--meld-back"));
      else group.append(tileEl(c.face, { size }));
    });
    return group;
  }));
}

function riverEl(discards, seat, last, fresh) {
  return discardRiver(discards, seat, last, fresh,
    { cls: "river", label: t("app.mj.discards"), draw: tileEl, name: tileName });
}

function sortTiles(cards) {
  return [...cards].sort((a, b) => faceKey(a.face) - faceKey(b.face) || a.id - b.id);
}

function shownHand(player, size, won = player.won) {
  // A hand laid face up: a winner's (SC-6.1) or everybody's at the end; ``won``: the win whose
  // tile is set apart (Blood River: one of the seat's several).
  const cards = sortTiles(player.hand ?? []);
  const row = h("div", { class: "hand hand--shown", "data-testid": "shown-hand" });
  let winning = null;
  if (won) {
    const idx = cards.findIndex((c) => c.id === won.tile);
    if (idx >= 0) winning = cards.splice(idx, 1)[0];
    else winning = { id: won.tile, face: faceOfId(won.tile) };
  }
  cards.forEach((c) => row.append(tileEl(c.face, { size })));
  if (winning) {
    row.append(h("span", { class: "hand__gap", "aria-hidden": "true" }));
    const el = tileEl(winning.face, { size, cls: "is-winning",
      label: t("app.mj.winningTile", { card: tileName(winning.face) }) });
    row.append(el);
  }
  return row;
}

// ------------------------------------------------------------------ badges

/** Mahjong's badges: seat wind (MCR), missing suit (Sichuan), the win's order or amount, and at
 *  an exhausted Sichuan deal who is a flower pig or ready. */
function mahjongBadges(view, s) {
  const st = view.state;
  const p = st.players[s];
  const before = [];
  const status = [];
  const after = [];
  if (p.seat_wind && WINDS[p.seat_wind]) {
    const [cn] = WINDS[p.seat_wind];
    const label = t("app.mj.seatWind", { wind: windName(p.seat_wind) });
    before.push(h("span", { class: "badge badge--wind", title: label, "data-testid": "wind-badge",
      "data-wind": p.seat_wind, "aria-label": label }, zh(cn), ` ${p.seat_wind}`));
  }
  if (p.missing_suit) {
    status.push(h("span", { class: `badge badge--missing badge--${p.missing_suit}`,
      title: t("app.mj.missingSuit", { suit: suitName(p.missing_suit) }), "data-testid": "missing-badge" },
    zh("缺"), " ", zh(SUIT_CHARS[p.missing_suit]), ` ${suitName(p.missing_suit)}`));
  } else if (st.phase === "declare") {
    status.push(h("span", { class: "badge badge--muted", "data-testid": "declare-badge", "data-declared": String(!!p.declared) },
      t(p.declared ? "app.mj.suitChosen" : "app.mj.choosing")));
  } else if (st.phase === "exchange") {
    status.push(exchangeBadge(p));
  }
  if (p.locked) {
    status.push(h("span", { class: "badge badge--locked", "data-testid": "locked-badge",
      title: t("app.mj.lockedTitle") }, t("app.mj.locked")));
  }
  const won = p.wins?.length > 1 ? t("app.badge.wonTimes", { n: p.wins.length })
    : p.won && [p.won.order ? t("app.badge.wonOrder", { n: p.won.order })
      : `${t("app.badge.won")} · ${winAmount(p.won)}`, p.won.self_draw ? [" · ", zh("自摸")] : ""];
  if (st.phase === "over" && st.result?.exhausted && st.result.flower_pigs && !p.won) {
    if (st.result.flower_pigs.includes(s)) {
      after.push(h("span", { class: "badge badge--bad" }, zh("花猪"), " ", t("app.mj.flowerPig")));
    } else if (st.result.ready?.[s]) after.push(h("span", { class: "badge badge--ready" }, zh("听"), " ", t("app.badge.ready")));
    else after.push(h("span", { class: "badge badge--muted" }, t("app.mj.notReady")));
  }
  return { before, status, won, after };
}

// ------------------------------------------------------------------ the centre

function compass(view, names) {
  const st = view.state;
  const marks = [0, 1, 2, 3].map((s) => {
    const active = isActing(st, s, MAHJONG) || (st.phase === "claim" && st.claim?.from === s);
    return h("span", {
      class: `compass__seat compass__seat--${names.pos(s)}${active ? " is-active" : ""}`
        + `${outOfPlay(st.players[s]) ? " is-won" : ""}`,
    }, names.name(s), st.players[s].seat_wind ? [" ", zh(WINDS[st.players[s].seat_wind]?.[0] ?? "")] : "",
    st.dealer === s ? [" ", zh("庄")] : "");
  });
  let turn;
  if (st.phase === "declare") turn = t("app.mj.choosingSuits");
  else if (st.phase === "exchange") turn = t("app.exchange.compass");
  else if (st.phase === "over") turn = t(st.result?.exhausted && !st.result.payments.length ? "app.turn.draw" : "app.turn.over");
  else if (st.phase === "claim") {
    turn = t("app.turn.claims", { whose: names.poss(st.claim.from), card: tileName(st.claim.card.face) });
  } else turn = names.isMe(st.turn) ? t("app.turn.yours") : t("app.turn.toPlay", { who: names.name(st.turn) });
  return h("div", { class: "compass", "data-testid": "compass" }, marks,
    h("div", { class: "compass__core" },
      h("div", { class: "compass__wall", "data-testid": "wall" },
        h("b", {}, String(st.wall_remaining)), h("small", {}, " ", t("app.mj.wall", { count: st.wall_remaining }))),
      h("div", { class: "compass__turn", "data-testid": "turn" }, turn),
      st.prevailing_wind && WINDS[st.prevailing_wind] ? h("div", {
        class: "compass__prevailing", "data-testid": "prevailing-wind", "data-wind": st.prevailing_wind,
        title: t("app.mj.prevailingTitle"),
      }, t("app.mj.prevailing"), " ", h("span", { class: "wind-chip" }, zh(WINDS[st.prevailing_wind][0])),
      ` ${windName(st.prevailing_wind)}`) : null,
      h("div", { class: "compass__deal" }, t("app.top.deal", { n: view.deal + 1 }))));
}

// ------------------------------------------------------------------ prompts

function declarePrompt(view, ctx) {
  const prompt = suitPrompt(view, ctx);
  const note = exchangeNote(view); // the exchange just made (OPT-SC-1.4: declared on the hand after it)
  if (note) prompt.querySelector(".prompt__text").append(h("p", { class: "prompt__hint" }, note));
  return prompt;
}

function suitPrompt(view, ctx) {
  const me = view.state.players[view.seat];
  const counts = { m: 0, p: 0, s: 0 };
  for (const c of me.hand ?? []) counts[c.face[1]] += 1;
  const fewest = Object.entries(counts).sort((a, b) => a[1] - b[1])[0][0];
  const options = ctx.legal.filter((a) => a.type === "declare_missing");
  return h("section", { class: "prompt prompt--declare", "data-testid": "declare-prompt" },
    h("div", { class: "prompt__text" },
      h("h2", {}, t("app.mj.chooseSuit"), " ", zh("定缺")),
      h("p", { class: "prompt__hint" }, t("app.mj.chooseSuitHint"))),
    h("div", { class: "prompt__choices" }, options.map((a) => actButton(a, ctx, {
      cls: `suit-choice${a.suit === fewest ? " is-suggested" : ""}`, testid: `declare-${a.suit}`,
      action: `suit-${a.suit}`, "data-suggested": a.suit === fewest ? "true" : "false",
    },
    tileEl(`5${a.suit}`, { size: "sm" }),
    h("span", { class: "suit-choice__text" },
      h("span", { class: "suit-choice__name" },
        cap(suitName(a.suit)), " ", zh(SUIT_CHARS[a.suit])),
      h("small", {}, t("app.mj.inHand", { count: counts[a.suit] }),
        a.suit === fewest ? ` · ${t("app.mj.fewest")}` : ""))))));
}

/** Claim buttons: the text is app.claim.<type>, with the Chinese term beside it. */
const CLAIM_LABELS = { win: "胡", pung: "碰", kong: "杠", chow: "吃", pass: "过" };

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** The three faces of the chow starting at ``low`` ("3p" → 3p 4p 5p). */
function chowFaces(low) {
  const r = Number(low[0]);
  return [r, r + 1, r + 2].map((k) => `${k}${low[1]}`);
}

function claimButton(a, ctx, offered) {
  const label = t(`app.claim.${a.type}`);
  const cn = CLAIM_LABELS[a.type];
  if (a.type !== "chow") return actButton(a, ctx, { cls: `btn btn--${a.type}`, testid: `claim-${a.type}` }, label, " ", zh(cn));
  const faces = chowFaces(a.low);
  return actButton(a, ctx, { cls: "btn btn--chow", testid: "claim-chow", "data-low": a.low,
    "aria-label": `${label} ${faces.map(tileName).join(", ")}` },
  h("span", { class: "btn__label" }, label, " ", zh(cn)),
  h("span", { class: "chow-tiles", "aria-hidden": "true" },
    faces.map((f) => tileEl(f, { size: "xs2", cls: f === offered ? "is-offered" : "" }))));
}

function mahjongClaim(view, ctx, names) {
  const c = view.state.claim;
  if (!c) return null;
  const rob = c.kind === "rob";
  const answers = inOrder(ctx.legal, ["win", "kong", "pung", "chow", "pass"],
    (a, b) => (a.type === "chow" ? faceKey(a.low) - faceKey(b.low) : 0));
  return claimPrompt({
    heading: names.say(rob ? "app.claim.robbing" : "app.claim.discarded", c.from),
    card: tileEl(c.card.face, { size: "md", cls: "prompt__tile" }),
    ask: claimAsk(answers, { rob }),
    answers: answers.map((a) => claimButton(a, ctx, c.card.face)),
  });
}

// ------------------------------------------------------------------ my seat

function myHand(view, ctx, names, discardable) {
  const st = view.state;
  const p = st.players[names.me];
  if (outOfPlay(p)) return shownHand(p, "lg");
  const drawnId = st.drawn?.id;
  const cards = handOrder(p.hand, st.drawn, ctx.sortDrawn, sortTiles);
  const multi = choosing(view, ctx); // Sichuan's exchange: three tiles chosen at once
  const hand = h("div", { class: "hand hand--mine", "data-testid": "hand", role: "group",
    "aria-label": t("app.me.hand"), "data-multi": multi ? "true" : "false" });
  cards.forEach((c) => {
    if (c.id === drawnId && !ctx.sortDrawn) hand.append(h("span", { class: "hand__gap", "aria-hidden": "true" }));
    const ex = (st.options?.exchange_three ?? "off") !== "off" ? exchangeTile(view, ctx, c.id) : null;
    if (multi) { // a tile to choose or put back (only towards a legal selection), never to discard
      const el = tileEl(c.face, { tag: "button", size: "lg", label: [tileName(c.face), ...ex.note].filter(Boolean).join(", "),
        cls: ex.cls.trim(), data: { testid: "hand-tile", id: c.id, legal: ex.pick ? "true" : "false", key: `tile-${c.id}` } });
      el.setAttribute("aria-pressed", ex.picked ? "true" : "false");
      if (ex.pick) el.addEventListener("click", ex.pick);
      else el.disabled = true;
      hand.append(el);
      return;
    }
    const legal = discardable.has(c.id);
    const selected = legal && ctx.selected === c.id;
    const missing = p.missing_suit && c.face[1] === p.missing_suit;
    const label = [tileName(c.face), c.id === drawnId ? t("app.me.justDrawn") : "",
      missing ? t("app.me.missingSuit") : "", ...(ex?.note ?? [])].filter(Boolean).join(", ");
    const el = tileEl(c.face, {
      tag: "button", size: "lg", label,
      cls: `${legal ? "is-legal" : ""}${selected ? " is-selected" : ""}${missing ? " is-missing" : ""}`
        + `${c.id === drawnId ? " is-drawn" : ""}${ex?.cls ?? ""}`,
      data: { testid: "hand-tile", id: c.id, legal: legal ? "true" : "false", key: `tile-${c.id}` },
    });
    hand.append(playable(el, c.id, legal, selected, ctx));
  });
  return hand;
}

/** A turn: the missing suit to play first (Sichuan), a self-drawn win, kongs, then the discard. */
function mahjongTurn(view, ctx, names) {
  const me = view.state.players[names.me];
  const mustMissing = me.missing_suit && me.hand?.some((c) => c.face[1] === me.missing_suit);
  const named = ctx.legal.filter((a) => a.type === "win" && a.card !== undefined);
  const buttons = ctx.legal.map((a) => {
    if (a.type === "win" && a.card !== undefined) return a === named[0] ? namedWin(named, ctx) : null;
    if (a.type === "win") {
      return actButton(a, ctx, { cls: "btn btn--win", testid: "turn-win" }, t("app.claim.win"), " ", zh("自摸"));
    }
    if (a.type !== "concealed_kong" && a.type !== "added_kong") return null;
    const face = faceOfId(a.type === "added_kong" ? a.card : a.cards[0]);
    return actButton(a, ctx, { cls: "btn btn--kong", testid: "turn-kong", action: "kong" },
      t(a.type === "added_kong" ? "app.mj.kongAdd" : "app.mj.kongOf", { card: face }), " ", zh("杠"));
  });
  return {
    hint: turnPrompt({ lead: me.locked ? t("app.mj.lockedLead") : "",
      options: turnOptions(ctx.legal, { discard: mustMissing
        ? ["discardMissing", { suit: suitName(me.missing_suit), char: SUIT_CHARS[me.missing_suit] }]
        : "discardTile" }) }),
    buttons,
  };
}

/** Blood River's first-turn win names the tile for the win pile (OPT-SC-2.2): one Win button,
 *  for the selected tile (any tile of the hand; none selected: the last). Selecting a tile
 *  changes the page in place (app.js ``showSelection``), so the button keeps every card it may
 *  name (``data-named-cards``) and plays the one it shows (``data-card``) when pressed. */
function namedWin(wins, ctx) {
  const a = wins.find((w) => w.card === ctx.selected) ?? wins[wins.length - 1];
  const button = h("button", {
    type: "button", class: "btn btn--win", "data-testid": "turn-win", "data-action": "win",
    "data-card": a.card, "data-named-cards": wins.map((w) => w.card).join(","), disabled: ctx.busy,
    onclick: () => ctx.on.act(wins.find((w) => w.card === Number(button.dataset.card)) ?? a),
  }, t("app.claim.win"), " ", zh("自摸"), " · ",
  h("span", { "data-testid": "win-named" }, t("app.mj.winNaming", { card: faceOfId(a.card) })));
  return button;
}

/** Sichuan and MCR as the table kit draws them. */
const MAHJONG = {
  kind: "",
  acting: { play: "turn" },
  won: (st, s) => Boolean(st.players[s].won),
  badges: mahjongBadges,
  groups: (p, size) => [meldsEl(p.melds, size), winPileEl(p.win_pile, size), flowersEl(p.flowers)],
  river: riverEl,
  shownHand: (view, s) => shownHand(view.state.players[s], "sm"),
  backs: { back: () => backEl("xs"), cls: "hand hand--backs", label: "app.mj.tilesInHand" },
  tilesBox: "seat__tiles",
  hand: myHand,
  centre: (view, ctx, names) => h("div", { class: "centre" }, compass(view, names), logPanel(view, names, eventText)),
  prompts: { declare: declarePrompt, claim: mahjongClaim, exchange: exchangePrompt },
  waiting(view, names) {
    const st = view.state;
    if (outOfPlay(st.players[view.seat])) return t("app.mj.wonPlayOn");
    if (st.phase === "exchange") return st.to_act ? "…" : exchangeWaiting(view, names);
    if (st.phase === "declare") return st.to_act ? "…" : [t("app.mj.waitingSuits"), " ", exchangeNote(view)];
    return null;
  },
  turn: mahjongTurn,
  faceOfId,
  short: (face) => face,
};

// ------------------------------------------------------------------ settlement

/** "X won by self-draw" and the like: a whole phrase per way of winning (app.won.*). */
function howWon(w, names) {
  if (w.self_draw) return [names.say("app.won.self", w.seat), " ", zh("自摸")];
  if (w.items.some((x) => x.code === "robbing_kong" || x.code === "robbing_the_kong")) {
    return [names.say("app.won.rob", w.seat, { whose: names.poss(w.from) }), " ", zh("抢杠")];
  }
  return names.say("app.won.discard", w.seat, { whose: names.poss(w.from) });
}

/** Whether a self-draw was paid its point after the cap (OPT-SC-4.1): not under the other
 *  self-draw bonuses, nor for a Heavenly or Earthly hand (OPT-SC-7.3). */
function plusOne(st, w) {
  return w.self_draw && (st.result?.payments ?? []).some((p) => p.payee === w.seat
    && p.reason === "self_draw" && p.amount > w.points);
}

function winCard(view, w, names) {
  const st = view.state;
  const p = st.players[w.seat];
  const mcr = w.unit === "points"; // MCR wins count points, Sichuan wins fan
  // MCR: the patterns, "total before flowers" (the 8-point minimum), the flowers, the total
  const subtotal = mcr ? {
    label: [t("app.mj.beforeFlowers"), " ", h("small", { class: "muted" }, t("app.mj.eightNeeded"))],
    testid: "points-before-flowers", cls: "patterns__sub", later: (it) => it.code === "flower_tiles",
  } : null;
  const foot = mcr ? [
    footRow(t("app.mj.withFlowers"), w.total, "win-total", "patterns__total"),
  ] : [
    h("tr", {}, h("td", { colspan: 3 },
      t("app.mj.fanTotal", { fan: t("app.unit.fan", { count: w.fan }) }),
      w.points < 2 ** w.fan ? ` ${t("app.mj.capped", { cap: Math.log2(w.points) })}` : "", " → ", t("app.unit.points", { count: w.points }),
      plusOne(st, w) ? ` ${t("app.mj.plusOne")}` : ""),
    h("td", { class: "num", "data-testid": "win-fan" }, String(w.fan))),
  ];
  return h("article", { class: `win${mcr ? " win--points" : ""}`, "data-testid": "win", "data-seat": w.seat },
    h("h4", {}, zh("胡"), " ", howWon(w, names), " · ",
      tileEl(faceOfId(w.tile), { size: "xs2", cls: "win__tile-img" }),
      h("b", { class: "win__tile" }, faceOfId(w.tile)),
      mcr ? h("span", { class: "win__points" }, t("app.unit.points", { count: w.total })) : null),
    // Sichuan's result keeps each win's own hand and melds: a Blood River hand may kong after it
    h("div", { class: "win__hand" }, shownHand(w.hand ? w : p, "sm", w), meldsEl(w.melds ?? p.melds, "sm"),
      flowersEl(p.flowers)),
    itemsTable(view.game ?? st.game, w.items, { unit: w.unit, foot, subtotal, cls: "patterns" }));
}

/** Sichuan's kong payments say which kong (app.kongKind.*). */
const KONG_KINDS = new Set(["exposed", "concealed", "added"]);

/** A payment's explanation when the win it pays for shows it (MCR: "8 + 25"). */
function paymentNote(p, r) {
  if (p.note) return KONG_KINDS.has(p.note) ? t(`app.kongKind.${p.note}`) : p.note;
  const w = r.wins.find((x) => x.seat === p.payee);
  if (!w || w.fan !== undefined) return "";
  if (p.reason === "base") return t("app.pay.base");
  if (p.amount === 8 + w.total) {
    const who = p.reason === "self_draw" ? "eachOpponent" : p.reason === "robbing_kong" ? "kongPlayer" : "discarder";
    return t(`app.pay.${who}`, { total: w.total });
  }
  return "";
}

export function settlement(view, ctx) {
  const st = view.state;
  const r = st.result;
  const names = seatNames(view);
  const sichuan = Boolean(r.flower_pigs); // the battle goes on until three have won (Blood River: the wall)
  const nobodyPays = r.exhausted && !r.payments.length;
  let outcome;
  if (sichuan) outcome = t(r.exhausted ? "app.mj.wallExhausted" : "app.mj.threeWon");
  else if (nobodyPays) outcome = t("app.settle.drawNobody");
  else if (r.wins.length) outcome = howWon(r.wins[0], names);
  else outcome = t("app.mj.wallExhausted");
  const panel = settlementPanel(view, ctx, outcome);

  const wins = h("section", { class: "settlement__wins" },
    h("h3", {}, r.wins.length || sichuan ? [t("app.settle.wins"), " ", zh("胡")] : t("app.settle.result")));
  if (r.wins.length) r.wins.forEach((w) => wins.append(winCard(view, w, names)));
  else if (nobodyPays) {
    wins.append(h("p", { class: "draw-message", "data-testid": "draw-message" },
      zh("流局"), " ", t("app.settle.drawNobody"), ". ",
      h("span", { class: "muted" }, t("app.mj.wallRanOut"))));
  } else wins.append(h("p", { class: "muted" }, t("app.settle.nobodyWon")));
  panel.append(wins);

  if (r.exhausted && sichuan) {
    panel.append(h("section", { class: "settlement__ready" }, h("h3", {}, t("app.mj.atExhausted")),
      h("ul", { class: "chips" }, st.players.map((p, s) => h("li", {},
        `${names.name(s)}: `,
        p.won ? t("app.badge.won") : r.flower_pigs.includes(s) ? [t("app.mj.flowerPig"), " ", zh("花猪")]
          : r.ready?.[s] ? [t("app.badge.ready"), " ", zh("听")] : t("app.mj.notReady"))))));
  }

  const payRows = r.payments.map((p, i) => {
    const cn = REASONS[p.reason] ?? "";
    const label = t(`app.reason.${p.reason}`);
    const note = paymentNote(p, r);
    return paymentRow(p, i, names, [label, cn ? [" ", zh(cn)] : "",
      note ? h("small", { class: "muted payment__note" }, note) : ""]);
  });
  panel.append(settlementLower(view, ctx, paymentsSection(payRows, t("app.mj.points"))));
  return panel;
}

// ------------------------------------------------------------------ the whole table

export function renderTable(view, ctx) {
  return kitTable(view, ctx, MAHJONG);
}
