// The mahjong table (Sichuan, MCR): renders a MatchView (and the seat's legal actions) into DOM.
// Pure rendering: every change of state goes through the handlers the app passes in. What the
// games do differently comes from the view itself: missing suits (Sichuan), seat and prevailing
// winds and flowers (MCR), chow claims, and the shape of a win (fan or points).

import { h, zh, signed, append } from "./dom.js";
import { tileEl, backEl, faceOfId, faceKey, tileName, SUIT_CHARS, SUIT_NAMES, WINDS } from "./tiles.js";

const POSITIONS = ["bottom", "right", "top", "left"];
const POSITION_NAMES = ["You", "Right", "Across", "Left"];
/** Three-player tables (Nantong, Paohuzi): the next player sits on your right, the other on your left. */
const POSITIONS_3 = ["bottom", "right", "left"];
const POSITION_NAMES_3 = ["You", "Right", "Left"];

const REASONS = {
  win: ["Win on a discard", "点炮"],
  self_draw: ["Self-draw", "自摸"],
  robbing_kong: ["Robbing a kong", "抢杠"],
  kong: ["Kong", "杠"],
  refund: ["Kong refund", "退税"],
  flower_pig: ["Flower pig", "花猪"],
  ready_check: ["Not ready", "查大叫"],
  base: ["Base", "底分"],
};

/** Seat helpers bound to the viewer's seat (seat 0 sits at the bottom). */
export function seatNames(view) {
  const me = view.seat ?? 0;
  const n = view.state.players.length;
  const rel = (s) => (s - me + n) % n;
  const [positions, positionNames] = n === 3 ? [POSITIONS_3, POSITION_NAMES_3] : [POSITIONS, POSITION_NAMES];
  const name = (s) => (view.seat === null ? `Seat ${s}` : positionNames[rel(s)]);
  const isMe = (s) => view.seat !== null && s === me;
  return {
    me, rel, name, pos: (s) => positions[rel(s)],
    obj: (s) => (isMe(s) ? "you" : name(s)),             // "from you", "from Left"
    poss: (s) => (isMe(s) ? "your" : `${name(s)}’s`),    // "your discard", "Left’s discard"
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

export function eventText(ev, names, state, prev = null) {
  const who = ev.seat === null || ev.seat === undefined ? "" : names.name(ev.seat);
  const face = ev.card?.face;
  // MCR: a draw right after the same seat's flower is the flower's replacement
  const forFlower = prev?.type === "flower" && prev.seat === ev.seat;
  switch (ev.type) {
    case "deal":
      return [`New deal: ${who} ${who === "You" ? "are" : "is"} the dealer `, zh("庄")];
    case "declared":
      return `${who} chose a missing suit`;
    case "missing_suits":
      return ["Missing suits ", zh("缺"), ": ",
        ev.suits.map((s, i) => `${names.name(i)} ${SUIT_NAMES[s]}`).join(", ")];
    case "draw":
      if (!face) return ev.replacement && !forFlower ? `${who} drew a kong replacement` : null;
      return `${who} drew ${face}${ev.replacement ? forFlower ? " (for the flower)" : " (kong replacement)" : ""}`;
    case "flower":
      return [`${who} `, zh("花"), ` shows flower ${face} `, zh(FLOWER_CHARS[face] ?? "")];
    case "chow":
      return [`${who} `, zh("吃"), ` chow ${face} from ${names.obj(ev.from)}`];
    case "discard":
      return `${who} discarded ${face}`;
    case "pung":
      return [`${who} `, zh("碰"), ` pung ${face} from ${names.obj(ev.from)}`];
    case "kong":
      return [`${who} `, zh("杠"), ` kong ${face} from ${names.obj(ev.from)}`];
    case "concealed_kong":
      return [`${who} `, zh("杠"), ` concealed kong of ${face}`];
    case "added_kong":
      return [`${who} adds ${face} to a pung`];
    case "win": {
      const w = state.players[ev.seat]?.won;
      const how = ev.from === null || ev.from === undefined
        ? ["by self-draw ", zh("自摸")] : [`on ${face} from ${names.obj(ev.from)}`];
      return [`${who} `, zh("胡"), ` won `, how, w ? ` · ${winAmount(w)}` : ""];
    }
    case "end":
      if (ev.reason === "exhausted") {
        return state.result?.flower_pigs ? "Deal over: the wall is exhausted" : "Draw: the wall is exhausted";
      }
      return ev.reason === "win" ? "Deal over" : "Deal over: three players have won";
    default:
      return ev.type;
  }
}

/** The last few events as sentences; ``textOf`` (a game's own) defaults to the mahjong one. */
export function logPanel(view, names, textOf = eventText, max = 7) {
  const lines = [];
  const events = view.state.events;
  for (let i = events.length - 1; i >= 0 && lines.length < max; i--) {
    const text = textOf(events[i], names, view.state, events[i - 1]);
    if (text) lines.unshift(h("li", { class: `log__item log__item--${events[i].type}`, "data-event": i }, text));
  }
  return h("section", { class: "log", "aria-label": "Recent events", "data-testid": "log" },
    h("h2", { class: "visually-hidden" }, "Recent events"),
    h("ol", {}, lines));
}

const FLOWER_CHARS = { f1: "梅", f2: "兰", f3: "竹", f4: "菊", f5: "春", f6: "夏", f7: "秋", f8: "冬" };

/** "3 fan" (Sichuan) or "25 points" (MCR). */
function winAmount(w) {
  return w.fan !== undefined ? `${w.fan} fan` : `${w.total} point${w.total === 1 ? "" : "s"}`;
}

// ------------------------------------------------------------------ tile groups

/** MCR: a seat's exposed flowers, small, beside its melds. */
function flowersEl(flowers) {
  if (!flowers?.length) return null;
  return h("div", { class: "flowers", "data-testid": "flowers", role: "group",
    "aria-label": `${flowers.length} flower${flowers.length === 1 ? "" : "s"}` },
  h("span", { class: "flowers__label", "aria-hidden": "true" }, zh("花")),
  flowers.map((c) => tileEl(c.face, { size: "fl", data: { testid: "flower" } })));
}

function meldsEl(melds, size) {
  if (!melds.length) return null;
  return h("div", { class: "melds", "data-testid": "melds" }, melds.map((m) => {
    const kind = m.concealed ? "concealed kong" : m.added ? "added kong" : m.type;
    const face = m.cards[0].face;
    const group = h("div", { class: `meld meld--${m.type}`, role: "group",
      "aria-label": `${kind} of ${tileName(face)}` });
    m.cards.forEach((c, i) => {
      if (m.concealed && (i === 0 || i === 3)) group.append(backEl(size, "tile--meld-back"));
      else group.append(tileEl(c.face, { size }));
    });
    return group;
  }));
}

function riverEl(discards, seat, last, fresh) {
  const river = h("div", { class: "river", "data-testid": "river", "aria-label": "Discards" });
  discards.forEach((c, i) => {
    const isLast = last && last.seat === seat && last.card.id === c.id && i === discards.length - 1;
    const el = tileEl(c.face, { size: "sm", cls: isLast ? "is-last" : "" });
    if (isLast) {
      el.dataset.testid = "last-discard";
      el.setAttribute("aria-label", `${tileName(c.face)}, last discard`);
      if (fresh) {
        el.classList.add("is-fresh");
        el.style.animationDelay = `-${fresh.elapsed}ms`;
      }
    }
    river.append(el);
  });
  return river;
}

function sortTiles(cards) {
  return [...cards].sort((a, b) => faceKey(a.face) - faceKey(b.face) || a.id - b.id);
}

function shownHand(player, size) {
  // A hand laid face up: a winner's (SC-6.1) or everybody's at the end.
  const won = player.won;
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
      label: `${tileName(winning.face)}, winning tile` });
    row.append(el);
  }
  return row;
}

// ------------------------------------------------------------------ badges

function badges(view, s, names) {
  const st = view.state;
  const p = st.players[s];
  const out = [];
  if (p.seat_wind && WINDS[p.seat_wind]) {
    const [cn, en] = WINDS[p.seat_wind];
    out.push(h("span", { class: "badge badge--wind", title: `Seat wind: ${en}`, "data-testid": "wind-badge",
      "data-wind": p.seat_wind, "aria-label": `${en} seat wind` }, zh(cn), ` ${p.seat_wind}`));
  }
  if (st.dealer === s) {
    out.push(h("span", { class: "badge badge--dealer", title: "Dealer", "data-testid": "dealer-badge" },
      zh("庄"), " dealer"));
  }
  if (p.missing_suit) {
    out.push(h("span", { class: `badge badge--missing badge--${p.missing_suit}`,
      title: `Missing suit: ${SUIT_NAMES[p.missing_suit]}`, "data-testid": "missing-badge" },
    zh("缺"), " ", zh(SUIT_CHARS[p.missing_suit]), ` ${SUIT_NAMES[p.missing_suit]}`));
  } else if (st.phase === "declare") {
    out.push(h("span", { class: "badge badge--muted" }, p.declared ? "suit chosen" : "choosing…"));
  }
  if (p.won) {
    const self = p.won.self_draw ?? p.won.self_drawn;
    out.push(h("span", { class: "badge badge--won", "data-testid": "won-badge" },
      zh("胡"), p.won.order ? ` won #${p.won.order}` : ` won · ${winAmount(p.won)}`,
      self ? [" · ", zh("自摸")] : ""));
  }
  if (st.phase === "over" && st.result?.exhausted && st.result.flower_pigs && !p.won) {
    if (st.result.flower_pigs.includes(s)) out.push(h("span", { class: "badge badge--bad" }, zh("花猪"), " flower pig"));
    else if (st.result.ready?.[s]) out.push(h("span", { class: "badge badge--ready" }, zh("听"), " ready"));
    else out.push(h("span", { class: "badge badge--muted" }, "not ready"));
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
  return (st.phase === "play" && st.turn === s);
}

// ------------------------------------------------------------------ opponents

function opponentEl(view, s, names, last, fresh) {
  const st = view.state;
  const p = st.players[s];
  const seatInfo = view.seats[s];
  const kind = seatInfo?.kind === "ai" ? `${seatInfo.level ?? "basic"} AI` : "player";
  const panel = h("section", {
    class: `seat seat--${names.pos(s)}${isActing(st, s) ? " is-turn" : ""}${p.won ? " has-won" : ""}`,
    "data-testid": "seat", "data-seat": s, "aria-label": `${names.name(s)} (${kind})`,
  });
  panel.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, names.name(s), h("small", {}, ` ${kind}`)),
    badges(view, s, names), scoreEl(view, s)));
  const tiles = h("div", { class: "seat__tiles" });
  if (p.hand) tiles.append(shownHand(p, "sm"));
  else {
    const backs = h("div", { class: "hand hand--backs", "data-testid": "backs",
      "aria-label": `${p.hand_count} tiles in hand` });
    for (let i = 0; i < p.hand_count; i++) backs.append(backEl("xs"));
    tiles.append(backs);
  }
  append(tiles, [meldsEl(p.melds, "sm"), flowersEl(p.flowers)]);
  panel.append(tiles);
  panel.append(riverEl(p.discards, s, last, fresh));
  return panel;
}

// ------------------------------------------------------------------ the centre

function compass(view, names) {
  const st = view.state;
  const marks = [0, 1, 2, 3].map((s) => {
    const active = isActing(st, s) || (st.phase === "claim" && st.claim?.from === s);
    return h("span", {
      class: `compass__seat compass__seat--${names.pos(s)}${active ? " is-active" : ""}`
        + `${st.players[s].won ? " is-won" : ""}`,
    }, names.name(s), st.players[s].seat_wind ? [" ", zh(WINDS[st.players[s].seat_wind]?.[0] ?? "")] : "",
    st.dealer === s ? [" ", zh("庄")] : "");
  });
  let turn;
  if (st.phase === "declare") turn = "Choosing missing suits";
  else if (st.phase === "over") turn = st.result?.exhausted && !st.result.payments.length ? "Draw" : "Deal over";
  else if (st.phase === "claim") turn = `Claims on ${names.poss(st.claim.from)} ${st.claim.card.face}`;
  else turn = st.turn === names.me ? "Your turn" : `${names.name(st.turn)} to play`;
  return h("div", { class: "compass", "data-testid": "compass" }, marks,
    h("div", { class: "compass__core" },
      h("div", { class: "compass__wall", "data-testid": "wall" },
        h("b", {}, String(st.wall_remaining)), h("small", {}, " tiles in the wall")),
      h("div", { class: "compass__turn", "data-testid": "turn" }, turn),
      st.prevailing_wind && WINDS[st.prevailing_wind] ? h("div", {
        class: "compass__prevailing", "data-testid": "prevailing-wind", "data-wind": st.prevailing_wind,
        title: "The prevailing wind of the round",
      }, "Prevailing wind ", h("span", { class: "wind-chip" }, zh(WINDS[st.prevailing_wind][0])),
      ` ${WINDS[st.prevailing_wind][1]}`) : null,
      h("div", { class: "compass__deal" }, `Deal ${view.deal + 1}`)));
}

function declarePrompt(view, ctx) {
  const me = view.state.players[view.seat];
  const counts = { m: 0, p: 0, s: 0 };
  for (const c of me.hand ?? []) counts[c.face[1]] += 1;
  const fewest = Object.entries(counts).sort((a, b) => a[1] - b[1])[0][0];
  const options = ctx.legal.filter((a) => a.type === "declare_missing");
  return h("section", { class: "prompt prompt--declare", "data-testid": "declare-prompt" },
    h("div", { class: "prompt__text" },
      h("h2", {}, "Choose your missing suit ", zh("定缺")),
      h("p", { class: "prompt__hint" }, "Discard all its tiles first; you cannot win holding one.")),
    h("div", { class: "prompt__choices" }, options.map((a) => h("button", {
      type: "button", class: `suit-choice${a.suit === fewest ? " is-suggested" : ""}`,
      "data-testid": `declare-${a.suit}`, "data-action": `suit-${a.suit}`, "data-suggested": a.suit === fewest ? "true" : "false",
      disabled: ctx.busy,
      onclick: () => ctx.on.act(a),
    },
    tileEl(`5${a.suit}`, { size: "sm" }),
    h("span", { class: "suit-choice__text" },
      h("span", { class: "suit-choice__name" },
        SUIT_NAMES[a.suit][0].toUpperCase() + SUIT_NAMES[a.suit].slice(1), " ", zh(SUIT_CHARS[a.suit])),
      h("small", {}, `${counts[a.suit]} in hand${a.suit === fewest ? " · fewest" : ""}`))))));
}

const CLAIM_LABELS = {
  win: ["Win", "胡"], pung: ["Pung", "碰"], kong: ["Kong", "杠"], chow: ["Chow", "吃"], pass: ["Pass", "过"],
};

/** The three faces of the chow starting at ``low`` ("3p" → 3p 4p 5p). */
function chowFaces(low) {
  const r = Number(low[0]);
  return [r, r + 1, r + 2].map((k) => `${k}${low[1]}`);
}

function claimButton(a, ctx, offered) {
  const [label, cn] = CLAIM_LABELS[a.type];
  if (a.type !== "chow") {
    return h("button", { type: "button", class: `btn btn--${a.type}`, "data-testid": `claim-${a.type}`, "data-action": a.type,
      disabled: ctx.busy, onclick: () => ctx.on.act(a) }, label, " ", zh(cn));
  }
  const faces = chowFaces(a.low);
  return h("button", {
    type: "button", class: "btn btn--chow", "data-testid": "claim-chow", "data-action": "chow", "data-low": a.low,
    "aria-label": `Chow ${faces.join(" ")}`, disabled: ctx.busy, onclick: () => ctx.on.act(a),
  }, h("span", { class: "btn__label" }, label, " ", zh(cn)),
  h("span", { class: "chow-tiles", "aria-hidden": "true" },
    faces.map((f) => tileEl(f, { size: "xs2", cls: f === offered ? "is-offered" : "" }))));
}

function claimPrompt(view, ctx, names) {
  const st = view.state;
  const c = st.claim;
  const rob = c.kind === "rob";
  const order = ["win", "kong", "pung", "chow", "pass"];
  const actions = ctx.legal.filter((a) => CLAIM_LABELS[a.type])
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type)
      || (a.type === "chow" ? faceKey(a.low) - faceKey(b.low) : 0));
  return h("section", { class: "prompt prompt--claim", "data-testid": "claim-prompt" },
    h("h2", {}, rob ? `${names.name(c.from)} adds a kong with` : `${names.name(c.from)} discarded`),
    tileEl(c.card.face, { size: "md", cls: "prompt__tile" }),
    h("span", { class: "prompt__ask" }, rob ? "Rob the kong?" : "Claim it?"),
    h("div", { class: "prompt__choices" }, actions.map((a) => claimButton(a, ctx, c.card.face))));
}

function centre(view, ctx, names) {
  return h("div", { class: "centre" }, compass(view, names), logPanel(view, names));
}

// ------------------------------------------------------------------ my seat

function myArea(view, ctx, names, last, fresh) {
  const st = view.state;
  const s = names.me;
  const p = st.players[s];
  const myTurn = st.phase === "play" && st.to_act && ctx.legal && !ctx.busy;
  const discardable = new Set(myTurn ? ctx.legal.filter((a) => a.type === "discard").map((a) => a.card) : []);
  const area = h("section", {
    class: `me${isActing(st, s) ? " is-turn" : ""}${p.won ? " has-won" : ""}`,
    "data-testid": "my-seat", "data-seat": s, "aria-label": "Your seat",
  });
  area.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, "You"), badges(view, s, names), scoreEl(view, s)));

  const upper = h("div", { class: "me__upper" }, riverEl(p.discards, s, last, fresh), meldsEl(p.melds, "md"),
    flowersEl(p.flowers));
  area.append(upper);

  if (p.won) {
    area.append(shownHand(p, "lg"));
  } else {
    const drawnId = st.drawn?.id;
    const cards = sortTiles((p.hand ?? []).filter((c) => c.id !== drawnId));
    if (st.drawn) cards.push(st.drawn);
    const hand = h("div", { class: "hand hand--mine", "data-testid": "hand", role: "group",
      "aria-label": "Your hand" });
    cards.forEach((c) => {
      if (c.id === drawnId) hand.append(h("span", { class: "hand__gap", "aria-hidden": "true" }));
      const legal = discardable.has(c.id);
      const selected = legal && ctx.selected === c.id;
      const missing = p.missing_suit && c.face[1] === p.missing_suit;
      const label = `${tileName(c.face)}${c.id === drawnId ? ", just drawn" : ""}${missing ? ", missing suit" : ""}`;
      const el = tileEl(c.face, {
        tag: "button", size: "lg", label,
        cls: `${legal ? "is-legal" : ""}${selected ? " is-selected" : ""}${missing ? " is-missing" : ""}`
          + `${c.id === drawnId ? " is-drawn" : ""}`,
        data: { testid: "hand-tile", id: c.id, legal: legal ? "true" : "false", key: `tile-${c.id}` },
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
  const bar = h("div", { class: "actions", "data-testid": "actions" });
  const me = st.players[view.seat];
  if (st.to_act && ctx.legal && st.phase === "declare") {
    bar.append(declarePrompt(view, ctx));
    return bar;
  }
  if (st.to_act && ctx.legal && st.phase === "claim" && st.claim) {
    bar.append(claimPrompt(view, ctx, seatNames(view)));
    return bar;
  }
  if (st.phase !== "play" || !st.to_act) {
    let hint = "";
    if (st.phase === "over") hint = "The deal is over.";
    else if (me.won) hint = "You have won this deal; the others play on.";
    else if (st.phase === "declare") hint = st.to_act ? "…" : "Waiting for the others to choose their missing suits…";
    else if (st.phase === "claim" && st.claim?.answer) hint = "Waiting for the other players’ answers…";
    else hint = "Waiting for the other players…";
    bar.append(h("p", { class: "actions__hint" }, hint));
    return bar;
  }
  if (!ctx.legal) {
    bar.append(h("p", { class: "actions__hint" }, "…"));
    return bar;
  }
  const selectedOk = ctx.selected !== null && discardable.has(ctx.selected);
  const hasOther = ctx.legal.some((a) => a.type !== "discard");
  const mustMissing = me.missing_suit && me.hand?.some((c) => c.face[1] === me.missing_suit);
  bar.append(h("p", { class: "actions__hint", "data-testid": "turn-hint" },
    mustMissing ? ["Your turn: discard a tile of your missing suit ", zh(SUIT_CHARS[me.missing_suit]), " first."]
      : hasOther ? "Your turn: win, kong, or select a tile to discard."
        : "Your turn: select a tile, then Discard (or double-click it)."));
  for (const a of ctx.legal) {
    if (a.type === "win") {
      bar.append(h("button", { type: "button", class: "btn btn--win", "data-testid": "turn-win", "data-action": "win",
        disabled: ctx.busy, onclick: () => ctx.on.act(a) }, "Win ", zh("自摸")));
    } else if (a.type === "concealed_kong" || a.type === "added_kong") {
      const face = faceOfId(a.type === "added_kong" ? a.card : a.cards[0]);
      bar.append(h("button", { type: "button", class: "btn btn--kong", "data-testid": "turn-kong", "data-action": "kong",
        disabled: ctx.busy, onclick: () => ctx.on.act(a) },
      "Kong ", zh("杠"), ` ${face}${a.type === "added_kong" ? " (add)" : ""}`));
    }
  }
  bar.append(h("button", {
    type: "button", class: "btn btn--discard", "data-testid": "discard", "data-action": "discard",
    disabled: !selectedOk || ctx.busy, onclick: () => ctx.on.discard(),
  }, selectedOk ? `Discard ${faceOfId(ctx.selected)}` : "Discard"));
  return bar;
}

// ------------------------------------------------------------------ settlement

function howWon(w, names) {
  if (w.self_draw ?? w.self_drawn) return ["by self-draw ", zh("自摸")];
  if (w.patterns.some((x) => x.code === "robbing_kong" || x.code === "robbing_the_kong")) {
    return [`robbing ${names.poss(w.from)} kong `, zh("抢杠")];
  }
  return [`on ${names.poss(w.from)} discard`];
}

function winCard(view, w, names) {
  const st = view.state;
  const p = st.players[w.seat];
  const mcr = w.fan === undefined; // MCR wins count points, Sichuan wins fan
  const rows = w.patterns.map((x) => h("tr", { "data-testid": "pattern", "data-code": x.code },
    h("td", {}, x.name), h("td", {}, zh(x.chinese)),
    h("td", { class: "num" }, `${mcr ? x.points : x.fan} × ${x.count}`),
    h("td", { class: "num", "data-testid": "pattern-total" }, String(x.total))));
  let foot;
  if (mcr) {
    const flowers = w.total - w.points_before_flowers;
    foot = [
      h("tr", { class: "patterns__sub" }, h("td", { colspan: 3 }, "Total before flowers ",
        h("small", { class: "muted" }, "(8 needed to win)")),
      h("td", { class: "num", "data-testid": "points-before-flowers" }, String(w.points_before_flowers))),
      flowers ? h("tr", { class: "patterns__sub" }, h("td", { colspan: 3 }, "Flowers ", zh("花牌")),
        h("td", { class: "num" }, `+${flowers}`)) : null,
      h("tr", {}, h("td", { colspan: 3 }, "Total with flowers"),
        h("td", { class: "num", "data-testid": "win-total" }, String(w.total)))];
  } else {
    foot = h("tr", {}, h("td", { colspan: 3 },
      `Total ${w.fan} fan${w.fan > 5 ? " (capped at 5)" : ""} → ${w.points} point${w.points === 1 ? "" : "s"}`
      + `${w.self_draw ? " + 1 from each payer" : ""}`),
    h("td", { class: "num" }, String(w.fan)));
  }
  return h("article", { class: `win${mcr ? " win--points" : ""}`, "data-testid": "win", "data-seat": w.seat },
    h("h4", {}, `${names.name(w.seat)} `, zh("胡"), " won ", howWon(w, names), " with ",
      tileEl(faceOfId(w.tile), { size: "xs2", cls: "win__tile-img" }),
      h("b", { class: "win__tile" }, faceOfId(w.tile)),
      mcr ? h("span", { class: "win__points" }, `${w.total} points`) : null),
    h("div", { class: "win__hand" }, shownHand(p, "sm"), meldsEl(p.melds, "sm"), flowersEl(p.flowers)),
    h("table", { class: "patterns", "data-testid": "patterns" },
      h("thead", {}, h("tr", {}, h("th", {}, "Pattern"), h("th", {}, h("span", { class: "visually-hidden" }, "Chinese name")),
        h("th", { class: "num" }, mcr ? "Points × count" : "Fan × count"),
        h("th", { class: "num" }, mcr ? "Points" : ["Fan ", zh("番")]))),
      h("tbody", {}, rows),
      h("tfoot", {}, foot)));
}

/** A payment's explanation when the win it pays for shows it (MCR: "8 + 25"). */
function paymentNote(p, r) {
  if (p.note) return p.note;
  const w = r.wins.find((x) => x.seat === p.payee);
  if (!w || w.fan !== undefined) return "";
  if (p.reason === "base") return "each other player pays 8";
  if (p.amount === 8 + w.total) {
    const who = p.reason === "self_draw" ? "each opponent" : p.reason === "robbing_kong" ? "the kong’s player"
      : "the discarder";
    return `${who} pays 8 + ${w.total}`;
  }
  return "";
}

export function settlement(view, ctx) {
  const st = view.state;
  const r = st.result;
  const names = seatNames(view);
  const sichuan = Boolean(r.flower_pigs); // the battle goes on until three have won
  const nobodyPays = r.exhausted && !r.payments.length;
  let outcome;
  if (sichuan) outcome = r.exhausted ? "the wall is exhausted" : "three players have won";
  else if (nobodyPays) outcome = "Draw — nobody pays";
  else if (r.wins.length) outcome = [`${names.name(r.wins[0].seat)} won `, howWon(r.wins[0], names)];
  else outcome = "the wall is exhausted";
  const panel = settlementPanel(view, ctx, outcome);

  const wins = h("section", { class: "settlement__wins" },
    h("h3", {}, r.wins.length || sichuan ? ["Wins ", zh("胡")] : "Result"));
  if (r.wins.length) r.wins.forEach((w) => wins.append(winCard(view, w, names)));
  else if (nobodyPays) {
    wins.append(h("p", { class: "draw-message", "data-testid": "draw-message" },
      zh("流局"), " Draw — nobody pays. ",
      h("span", { class: "muted" }, "The wall ran out before anybody won.")));
  } else wins.append(h("p", { class: "muted" }, "Nobody won this deal."));
  panel.append(wins);

  if (r.exhausted && sichuan) {
    panel.append(h("section", { class: "settlement__ready" }, h("h3", {}, "At the exhausted wall"),
      h("ul", { class: "chips" }, st.players.map((p, s) => h("li", {},
        `${names.name(s)}: `,
        p.won ? "won" : r.flower_pigs.includes(s) ? ["flower pig ", zh("花猪")]
          : r.ready?.[s] ? ["ready ", zh("听")] : "not ready")))));
  }

  const payRows = r.payments.map((p, i) => {
    const [label, cn] = REASONS[p.reason] ?? [p.reason, ""];
    const note = paymentNote(p, r);
    return h("tr", { "data-testid": "payment", "data-reason": p.reason },
      h("td", { class: "num muted" }, String(i + 1)),
      h("td", {}, names.name(p.payer), h("span", { class: "arrow", "aria-label": "pays" }, " → "), names.name(p.payee)),
      h("td", { class: "num" }, String(p.amount)),
      h("td", {}, label, cn ? [" ", zh(cn)] : "", h("code", { class: "reason-code" }, p.reason),
        note ? h("small", { class: "muted payment__note" }, note) : ""));
  });
  const lower = h("div", { class: "settlement__lower" });
  panel.append(lower);
  lower.append(h("section", { class: "settlement__payments" }, h("h3", {}, "Payments"),
    h("table", { class: "payments", "data-testid": "payments" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "Payer → payee"),
        h("th", { class: "num" }, "Points"), h("th", {}, "Reason"))),
      h("tbody", {}, payRows.length ? payRows
        : h("tr", { "data-testid": "no-payments" }, h("td", { colspan: 4, class: "muted" }, "No payments this deal."))))));

  const side = h("div", { class: "settlement__side" });
  lower.append(side);
  side.append(totalsSection(view), seedSection(view, ctx));
  return panel;
}

/** The settlement dialog with its title ("Deal 3 over · …") and its buttons; callers append. */
export function settlementPanel(view, ctx, outcome) {
  const panel = h("section", { class: "settlement", "data-testid": "settlement", role: "dialog",
    "aria-labelledby": "settle-title", tabindex: "-1" });
  panel.append(h("header", { class: "settlement__head" },
    h("h2", { id: "settle-title" }, `Deal ${view.deal + 1} over · `, outcome),
    h("div", { class: "settlement__buttons" },
      h("button", { type: "button", class: "btn btn--primary", "data-testid": "next-deal", "data-action": "next",
        disabled: ctx.busy, onclick: ctx.on.nextDeal }, "Next deal"),
      h("button", { type: "button", class: "btn", "data-testid": "restart", disabled: ctx.busy,
        onclick: ctx.on.restart }, "Restart"),
      h("button", { type: "button", class: "btn btn--ghost", "data-testid": "hide-settlement", "data-action": "view",
        onclick: ctx.on.toggleSettlement }, "View table"))));
  return panel;
}

/** Every seat's result of this deal and its match total. */
export function totalsSection(view) {
  const r = view.state.result;
  const names = seatNames(view);
  return h("section", { class: "settlement__totals" }, h("h3", {}, "Totals"),
    h("table", { class: "totals", "data-testid": "totals" },
      h("thead", {}, h("tr", {}, h("th", {}, "Seat"), h("th", { class: "num" }, "This deal"),
        h("th", { class: "num" }, "Match"))),
      h("tbody", {}, view.state.players.map((_, s) => h("tr", { "data-testid": "total-row", "data-seat": s },
        h("td", {}, names.name(s)),
        h("td", { class: `num ${r.deltas[s] > 0 ? "pos" : r.deltas[s] < 0 ? "neg" : ""}`, "data-testid": "total-delta" },
          signed(r.deltas[s])),
        h("td", { class: "num" }, signed(view.scores[s])))))));
}

/** The deal's seed, revealed at its end, against the hash published at its start. */
export function seedSection(view, ctx) {
  const st = view.state;
  return h("section", { class: "settlement__seed", "data-testid": "seed-box" }, h("h3", {}, "Shuffle check"),
    h("p", {}, "Seed ", h("code", { "data-testid": "seed" }, String(st.seed))),
    h("p", {}, "SHA-256 published at the start ", h("code", { class: "hash", "data-testid": "seed-hash" }, st.seed_hash)),
    h("p", { class: "muted", "data-testid": "seed-check" }, ctx.seedCheck ?? ""));
}

// ------------------------------------------------------------------ the whole table

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
export function tableShell(view, ctx, parts, { kind = "", title = "Mahjong" } = {}) {
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
    "aria-label": `${ctx.title ?? title} table`,
  });
  for (let s = 0; s < st.players.length; s++) {
    if (s !== names.me) table.append(parts.opponent(view, s, names, last, fresh));
  }
  table.append(parts.centre(view, ctx, names));
  table.append(parts.mine(view, ctx, names, last, fresh));
  return table;
}

export function renderTable(view, ctx) {
  return tableShell(view, ctx, { opponent: opponentEl, centre, mine: myArea });
}
