// The mahjong table (Sichuan, MCR): renders a MatchView (and the seat's legal actions) into DOM.
// Pure rendering: every change of state goes through the handlers the app passes in. What the
// games do differently comes from the view itself: missing suits (Sichuan), seat and prevailing
// winds and flowers (MCR), chow claims, and the shape of a win (fan or points).

import { h, zh, signed, append } from "./dom.js";
import { tileEl, backEl, faceOfId, faceKey, tileName, suitName, windName, SUIT_CHARS, WINDS } from "./tiles.js";
import { t, patternName } from "./i18n.js";
import { footRow, itemsTable } from "./items.js";

const POSITIONS = ["bottom", "right", "top", "left"];
const RELATIVE = ["you", "right", "across", "left"];
/** Three-player tables (Nantong, Paohuzi): the next player sits on your right, the other on your left. */
const POSITIONS_3 = ["bottom", "right", "left"];
const RELATIVE_3 = ["you", "right", "left"];

/** Payment reasons: the text is app.reason.<code>, the Chinese term stays beside it. */
const REASONS = {
  win: "点炮", self_draw: "自摸", robbing_kong: "抢杠", kong: "杠", refund: "退税", flower_pig: "花猪",
  ready_check: "查大叫", base: "底分",
};

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
    case "discard":
    case "pung":
    case "kong":
    case "concealed_kong":
    case "added_kong":
      return meldEventText(ev.type, names, s, card, from);
    case "win": {
      const w = state.players[ev.seat]?.won;
      const self = ev.from === null || ev.from === undefined;
      return [names.say(self ? "app.ev.winSelf" : "app.ev.winOn", s, { card, from }), " ",
        zh(self ? "胡 自摸" : "胡"), w ? ` · ${winAmount(w)}` : ""];
    }
    case "end":
      if (ev.reason === "exhausted") return t(state.result?.flower_pigs ? "app.ev.endExhausted" : "app.ev.drawExhausted");
      return t(ev.reason === "win" ? "app.ev.end" : "app.ev.endThreeWon");
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
  return h("section", { class: "log", "aria-label": t("app.log.title"), "data-testid": "log" },
    h("h2", { class: "log__title" }, t("app.log.title")),
    h("ol", {}, lines));
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

function riverEl(discards, seat, last, fresh) {
  return discardRiver(discards, seat, last, fresh,
    { cls: "river", label: t("app.mj.discards"), draw: tileEl, name: tileName });
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
      label: t("app.mj.winningTile", { card: tileName(winning.face) }) });
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
    const [cn] = WINDS[p.seat_wind];
    const label = t("app.mj.seatWind", { wind: windName(p.seat_wind) });
    out.push(h("span", { class: "badge badge--wind", title: label, "data-testid": "wind-badge",
      "data-wind": p.seat_wind, "aria-label": label }, zh(cn), ` ${p.seat_wind}`));
  }
  if (st.dealer === s) {
    out.push(h("span", { class: "badge badge--dealer", title: t("app.badge.dealerTitle"), "data-testid": "dealer-badge" },
      zh("庄"), " ", t("app.badge.dealer")));
  }
  if (p.missing_suit) {
    out.push(h("span", { class: `badge badge--missing badge--${p.missing_suit}`,
      title: t("app.mj.missingSuit", { suit: suitName(p.missing_suit) }), "data-testid": "missing-badge" },
    zh("缺"), " ", zh(SUIT_CHARS[p.missing_suit]), ` ${suitName(p.missing_suit)}`));
  } else if (st.phase === "declare") {
    out.push(h("span", { class: "badge badge--muted" }, t(p.declared ? "app.mj.suitChosen" : "app.mj.choosing")));
  }
  if (p.won) {
    const self = p.won.self_draw ?? p.won.self_drawn;
    out.push(h("span", { class: "badge badge--won", "data-testid": "won-badge" },
      zh("胡"), " ", p.won.order ? t("app.badge.wonOrder", { n: p.won.order })
        : `${t("app.badge.won")} · ${winAmount(p.won)}`,
      self ? [" · ", zh("自摸")] : ""));
  }
  if (st.phase === "over" && st.result?.exhausted && st.result.flower_pigs && !p.won) {
    if (st.result.flower_pigs.includes(s)) {
      out.push(h("span", { class: "badge badge--bad" }, zh("花猪"), " ", t("app.mj.flowerPig")));
    } else if (st.result.ready?.[s]) out.push(h("span", { class: "badge badge--ready" }, zh("听"), " ", t("app.badge.ready")));
    else out.push(h("span", { class: "badge badge--muted" }, t("app.mj.notReady")));
  }
  return out;
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

function isActing(st, s) {
  return (st.phase === "play" && st.turn === s);
}

// ------------------------------------------------------------------ opponents

function opponentEl(view, s, names, last, fresh) {
  const st = view.state;
  const p = st.players[s];
  const kind = seatKind(view, s);
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
      "aria-label": t("app.mj.tilesInHand", { count: p.hand_count }) });
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
  if (st.phase === "declare") turn = t("app.mj.choosingSuits");
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

function declarePrompt(view, ctx) {
  const me = view.state.players[view.seat];
  const counts = { m: 0, p: 0, s: 0 };
  for (const c of me.hand ?? []) counts[c.face[1]] += 1;
  const fewest = Object.entries(counts).sort((a, b) => a[1] - b[1])[0][0];
  const options = ctx.legal.filter((a) => a.type === "declare_missing");
  return h("section", { class: "prompt prompt--declare", "data-testid": "declare-prompt" },
    h("div", { class: "prompt__text" },
      h("h2", {}, t("app.mj.chooseSuit"), " ", zh("定缺")),
      h("p", { class: "prompt__hint" }, t("app.mj.chooseSuitHint"))),
    h("div", { class: "prompt__choices" }, options.map((a) => h("button", {
      type: "button", class: `suit-choice${a.suit === fewest ? " is-suggested" : ""}`,
      "data-testid": `declare-${a.suit}`, "data-action": `suit-${a.suit}`, "data-suggested": a.suit === fewest ? "true" : "false",
      disabled: ctx.busy,
      onclick: () => ctx.on.act(a),
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
  if (a.type !== "chow") {
    return h("button", { type: "button", class: `btn btn--${a.type}`, "data-testid": `claim-${a.type}`, "data-action": a.type,
      disabled: ctx.busy, onclick: () => ctx.on.act(a) }, label, " ", zh(cn));
  }
  const faces = chowFaces(a.low);
  return h("button", {
    type: "button", class: "btn btn--chow", "data-testid": "claim-chow", "data-action": "chow", "data-low": a.low,
    "aria-label": `${label} ${faces.map(tileName).join(", ")}`, disabled: ctx.busy, onclick: () => ctx.on.act(a),
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
    h("h2", {}, names.say(rob ? "app.claim.robbing" : "app.claim.discarded", c.from)),
    tileEl(c.card.face, { size: "md", cls: "prompt__tile" }),
    h("span", { class: "prompt__ask" }, t(rob ? "app.claim.robAsk" : "app.claim.ask")),
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
    "data-testid": "my-seat", "data-seat": s, "aria-label": t("app.me.seat"),
  });
  area.append(h("header", { class: "seat__head" },
    h("span", { class: "seat__name" }, names.name(s)), badges(view, s, names), scoreEl(view, s)));

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
      "aria-label": t("app.me.hand") });
    cards.forEach((c) => {
      if (c.id === drawnId) hand.append(h("span", { class: "hand__gap", "aria-hidden": "true" }));
      const legal = discardable.has(c.id);
      const selected = legal && ctx.selected === c.id;
      const missing = p.missing_suit && c.face[1] === p.missing_suit;
      const label = [tileName(c.face), c.id === drawnId ? t("app.me.justDrawn") : "",
        missing ? t("app.me.missingSuit") : ""].filter(Boolean).join(", ");
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
  if (names.isMe(s)) area.append(actionBar(view, ctx, discardable)); // a spectator (a replay) decides nothing
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
    if (st.phase === "over") hint = t("app.hint.over");
    else if (me.won) hint = t("app.mj.wonPlayOn");
    else if (st.phase === "declare") hint = st.to_act ? "…" : t("app.mj.waitingSuits");
    else if (st.phase === "claim" && st.claim?.answer) hint = t("app.hint.waitingAnswers");
    else hint = t("app.hint.waiting");
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
    mustMissing ? [t("app.mj.hintMissing", { suit: suitName(me.missing_suit) }), " ", zh(SUIT_CHARS[me.missing_suit])]
      : hasOther ? t("app.mj.hintOther") : t("app.mj.hintDiscard")));
  for (const a of ctx.legal) {
    if (a.type === "win") {
      bar.append(h("button", { type: "button", class: "btn btn--win", "data-testid": "turn-win", "data-action": "win",
        disabled: ctx.busy, onclick: () => ctx.on.act(a) }, t("app.claim.win"), " ", zh("自摸")));
    } else if (a.type === "concealed_kong" || a.type === "added_kong") {
      const face = faceOfId(a.type === "added_kong" ? a.card : a.cards[0]);
      bar.append(h("button", { type: "button", class: "btn btn--kong", "data-testid": "turn-kong", "data-action": "kong",
        disabled: ctx.busy, onclick: () => ctx.on.act(a) },
      t(a.type === "added_kong" ? "app.mj.kongAdd" : "app.mj.kongOf", { card: face }), " ", zh("杠")));
    }
  }
  bar.append(h("button", {
    type: "button", class: "btn btn--discard", "data-testid": "discard", "data-action": "discard",
    disabled: !selectedOk || ctx.busy, onclick: () => ctx.on.discard(),
  }, selectedOk ? t("app.act.discardCard", { card: faceOfId(ctx.selected) }) : t("app.act.discard")));
  return bar;
}

// ------------------------------------------------------------------ settlement

/** "X won by self-draw" and the like: a whole phrase per way of winning (app.won.*). */
function howWon(w, names) {
  if (w.self_draw ?? w.self_drawn) return [names.say("app.won.self", w.seat), " ", zh("自摸")];
  if (w.items.some((x) => x.code === "robbing_kong" || x.code === "robbing_the_kong")) {
    return [names.say("app.won.rob", w.seat, { whose: names.poss(w.from) }), " ", zh("抢杠")];
  }
  return names.say("app.won.discard", w.seat, { whose: names.poss(w.from) });
}

function winCard(view, w, names) {
  const st = view.state;
  const p = st.players[w.seat];
  const mcr = w.unit === "points"; // MCR wins count points, Sichuan wins fan
  const foot = mcr ? [
    footRow([t("app.mj.beforeFlowers"), " ", h("small", { class: "muted" }, t("app.mj.eightNeeded"))],
      w.points_before_flowers, "points-before-flowers", "patterns__sub"),
    footRow(t("app.mj.withFlowers"), w.total, "win-total"),
  ] : [
    h("tr", {}, h("td", { colspan: 3 },
      t("app.mj.fanTotal", { fan: t("app.unit.fan", { count: w.fan }) }),
      w.fan > 5 ? ` ${t("app.mj.capped")}` : "", " → ", t("app.unit.points", { count: w.points }),
      w.self_draw ? ` ${t("app.mj.plusOne")}` : ""),
    h("td", { class: "num", "data-testid": "win-fan" }, String(w.fan))),
  ];
  return h("article", { class: `win${mcr ? " win--points" : ""}`, "data-testid": "win", "data-seat": w.seat },
    h("h4", {}, zh("胡"), " ", howWon(w, names), " · ",
      tileEl(faceOfId(w.tile), { size: "xs2", cls: "win__tile-img" }),
      h("b", { class: "win__tile" }, faceOfId(w.tile)),
      mcr ? h("span", { class: "win__points" }, t("app.unit.points", { count: w.total })) : null),
    h("div", { class: "win__hand" }, shownHand(p, "sm"), meldsEl(p.melds, "sm"), flowersEl(p.flowers)),
    itemsTable(view.game ?? st.game, w.items, { unit: w.unit, foot, cls: "patterns" }));
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
  const sichuan = Boolean(r.flower_pigs); // the battle goes on until three have won
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
    const label = cn ? t(`app.reason.${p.reason}`) : p.reason;
    const note = paymentNote(p, r);
    return h("tr", { "data-testid": "payment", "data-reason": p.reason },
      h("td", { class: "num muted" }, String(i + 1)),
      h("td", {}, names.name(p.payer), h("span", { class: "arrow", "aria-label": t("app.settle.pays") }, " → "),
        names.name(p.payee)),
      h("td", { class: "num" }, String(p.amount)),
      h("td", {}, label, cn ? [" ", zh(cn)] : "", h("code", { class: "reason-code" }, p.reason),
        note ? h("small", { class: "muted payment__note" }, note) : ""));
  });
  const lower = h("div", { class: "settlement__lower" });
  panel.append(lower);
  lower.append(h("section", { class: "settlement__payments" }, h("h3", {}, t("app.settle.payments")),
    h("table", { class: "payments", "data-testid": "payments" },
      h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("app.settle.payerPayee")),
        h("th", { class: "num" }, t("app.mj.points")), h("th", {}, t("app.settle.reason")))),
      h("tbody", {}, payRows.length ? payRows
        : h("tr", { "data-testid": "no-payments" }, h("td", { colspan: 4, class: "muted" }, t("app.settle.noPayments")))))));

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

export function renderTable(view, ctx) {
  return tableShell(view, ctx, { opponent: opponentEl, centre, mine: myArea });
}
