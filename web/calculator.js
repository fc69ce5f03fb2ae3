// The hand calculator page, #/calc/<game>: build a hand by clicking faces in a palette of every
// card, say how it was won, and read the itemised score of the server's calculator
// (POST /api/games/{game}/score) — each pattern or holding with its points, and the total, so a
// player can check the arithmetic. The hand lives in the URL (#/calc/<game>/<state>), so it can be
// shared and survives a reload or a language switch.
//
// One generic page: a hand (faces), a winning card, declared groups and a few situation controls.
// What differs between games is data (GAMES below): the faces, how a click builds a group, the
// situation, how the state becomes the calculator's JSON spec, and how its answer is itemised.

import { api } from "./api.js";
import { h, signed, zh } from "./dom.js";
import { patternName, t } from "./i18n.js";
import { byPointer } from "./prompts.js";
import { footRow, itemsTable } from "./items.js";
import { payoutTables } from "./phpay.js";
import { tileEl, faceKey as tileKey } from "./tiles.js";
import * as long from "./longcards.js";
import * as word from "./wordcards.js";

const RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const SUITED = [..."mps"].flatMap((s) => RANKS.map((r) => `${r}${s}`));
const WINDS = ["E", "S", "W", "N"];
const FLOWERS = ["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"];
const WORDS = [..."xd"].flatMap((s) => [...RANKS, 10].map((v) => `${s}${v}`));
/** Paohuzi's house rules the calculator offers (OPT-PH-1, 2, 3, 5, 6), each with its values,
 *  the default first (mandatory pao, OPT-PH-4, changes no score). */
const PH_RULES = [["min_huxi", ["15", "10"]], ["self_draw_bonus", ["none", "tun", "double"]],
  ["mingtang", ["none", "red_black", "full"]], ["xing", ["off", "follow", "turn"]],
  ["payment_cap", ["0", "20", "40", "60", "80", "100", "200", "400"]]];
/** MCR's minimum points to win (OPT-MCR-2: any integer from 1 to 64). */
const MCR_MINIMA = Array.from({ length: 64 }, (_, i) => String(i + 1));
const PH_RULE_KEYS = new Set([...PH_RULES.map(([key]) => key), "turned_card"]);

/** A Paohuzi house rule's value in words (calc.rules.*; numbers as they are, a cap of 0 none). */
function phRuleValue(key, v) {
  if (key === "payment_cap") return v === "0" ? t("calc.rules.no_cap") : v;
  if (key === "min_huxi") return v;
  return t(key === "self_draw_bonus" ? `calc.rules.bonus.${v}` : `calc.rules.${key}.${v}`);
}

/** Paohuzi's spec: the hand and situation, and the house rules that differ from the defaults
 *  as ``options`` (none: the calculator as without rules); the turned card only under "turn"
 *  and not on the stock's last card, where the winning card is turned (OPT-PH-5.1). */
function phSpec(s) {
  const sit = Object.fromEntries(Object.entries(s.sit).filter(([k]) => !PH_RULE_KEYS.has(k)));
  const options = Object.fromEntries(PH_RULES.filter(([key, values]) => s.sit[key] !== values[0])
    .map(([key]) => [key, /^\d+$/.test(s.sit[key]) ? Number(s.sit[key]) : s.sit[key]]));
  const turned = options.xing === "turn" && !sit.last_card && s.sit.turned_card !== "none";
  return {
    groups: s.groups.map((g) => ({ type: g.kind, cards: g.cards })),
    concealed: s.hand, ...(s.win ? { winning_card: s.win } : {}), ...sit,
    ...(turned ? { turned_card: s.sit.turned_card } : {}), ...(Object.keys(options).length ? { options } : {}),
  };
}

// ------------------------------------------------------------------ drawing cards per family

const TILES = {
  draw: (face, opts) => tileEl(face, opts),
  sizes: { palette: "md", hand: "md", group: "sm", small: "xs2" },
  key: tileKey,
};
const LONG = {
  draw: (face, opts) => long.cardEl(face, opts),
  // the score's cards at "xs": a long card is narrow, and at "mini" its numerals were unreadable
  sizes: { palette: "md", hand: "md", group: "sm", small: "xs" },
  key: long.faceKey,
};
const WORD = {
  draw: (face, opts) => word.cardEl(face, opts),
  sizes: { palette: "md", hand: "md", group: "sm", small: "xs" }, // as LONG
  key: word.faceKey,
};

// ------------------------------------------------------------------ group builders

/** A group of ``n`` identical cards of the clicked face. */
const identical = (n) => (face) => ({ cards: Array(n).fill(face) });

/** MCR chow: the clicked face and the two above it (or, for an 8 or 9, the run ending there). */
function chow(face) {
  if (!/^[1-9][mps]$/.test(face)) return { error: t("calc.error.chow_suit") };
  const low = Math.min(Number(face[0]), 7);
  return { cards: [0, 1, 2].map((i) => `${low + i}${face[1]}`) };
}

/** PH-4.5: a run of one size, 2-7-10 of one size, or one value twice in one size and once in the other. */
function isChi(cards) {
  const faces = cards.map((c) => ({ big: c[0] === "d", v: Number(c.slice(1)) }))
    .sort((a, b) => a.big - b.big || a.v - b.v);
  const [a, b, c] = faces;
  if (a.big === c.big) {
    if (b.v === a.v + 1 && c.v === a.v + 2) return true;
    return a.v === 2 && b.v === 7 && c.v === 10;
  }
  return a.v === b.v && b.v === c.v;
}

/** Paohuzi chi: three clicks; the group is made once the third card is chosen. */
function chi(face, pending) {
  const cards = [...pending, face];
  if (cards.length < 3) return { pending: cards };
  if (!isChi(cards)) return { error: t("calc.error.not_chi", { cards: cards.join(" ") }) };
  return { cards };
}

// ------------------------------------------------------------------ the four games

const wind = (key) => ({ kind: "select", key, options: WINDS, label: (v) => t(`calc.wind.${v}`) });

// Sichuan's house rules the score is worked out under (rules/options.md OPT-SC-3, 4, 7): shown in
// their own fieldset (``rule``); a situation flag of an extra row shows once its row is on (``when``).
const SC_EXTRA = ["menqing_zhongzhang", "tian_di_hu", "gang_shang_pao"];
const SC_RULES = [
  { kind: "select", key: "fan_cap", rule: true, options: ["2", "3", "4", "5", "6", "none"],
    label: (v) => v === "none" ? t("calc.rules.no_cap") : t("calc.rules.cap", { fan: Number(v) }) },
  { kind: "select", key: "self_draw_bonus", rule: true, options: ["base", "fan", "none"],
    label: (v) => t(`calc.rules.bonus.${v}`) },
  { kind: "select", key: "dian_gang_hua", rule: true, options: ["self_draw", "discard"],
    label: (v) => t(`calc.rules.dian_gang_hua.${v}`) },
  ...SC_EXTRA.map((key) => ({ kind: "flag", key, rule: true })),
];

/** Sichuan's spec ``options`` and the extra rows' flags, only those whose row is on. */
function sichuanRules(sit) {
  const { fan_cap: cap, self_draw_bonus: bonus, kong_discard: kongDiscard, heavenly, earthly } = sit;
  return {
    ...(sit.kong_replacement && sit.kong_given ? { kong_given: true } : {}),
    ...(sit.gang_shang_pao && kongDiscard ? { kong_discard: true } : {}),
    ...(sit.tian_di_hu && heavenly ? { heavenly: true } : {}),
    ...(sit.tian_di_hu && earthly ? { earthly: true } : {}),
    options: { fan_cap: cap === "none" ? null : Number(cap), self_draw_bonus: bonus,
      dian_gang_hua: sit.dian_gang_hua, extra_fans: SC_EXTRA.filter((k) => sit[k]) },
  };
}

const GAMES = {
  mcr: {
    family: TILES,
    rows: [SUITED.slice(0, 9), SUITED.slice(9, 18), SUITED.slice(18), [...WINDS, "C", "F", "P"], FLOWERS],
    extras: FLOWERS,
    groups: ["chow", "pung", "kong", "concealed_kong"],
    build: { chow, pung: identical(3), kong: identical(4), concealed_kong: identical(4) },
    maxGroups: 4,
    handSize: (s) => 13 - 3 * s.groups.length,
    needsWin: () => true,
    situation: [
      { kind: "flag", key: "self_drawn" }, { kind: "flag", key: "last_tile" },
      { kind: "flag", key: "kong_replacement" }, { kind: "flag", key: "robbing_kong" },
      { kind: "flag", key: "fourth_tile" }, wind("seat_wind"), wind("prevalent_wind"),
      // the table's minimum (OPT-MCR-2), which the verdict under the items reads
      { kind: "select", key: "min_points", rule: true, options: MCR_MINIMA, label: (v) => v },
    ],
    defaults: { self_drawn: false, last_tile: false, kong_replacement: false, robbing_kong: false,
      fourth_tile: false, seat_wind: "E", prevalent_wind: "E", min_points: "8" },
    spec: ({ sit: { min_points: minimum, ...sit }, ...s }) => ({
      melds: s.groups.map((g) => g.kind === "chow" ? { type: "chow", tile: g.cards[0] }
        : { type: g.kind === "pung" ? "pung" : "kong", tile: g.cards[0],
          ...(g.kind === "concealed_kong" ? { concealed: true } : {}) }),
      concealed: s.hand, winning_tile: s.win, flowers: s.extras.length, ...sit,
      options: { min_points: Number(minimum) },
    }),
    result: (res, page) => scoredResult("mcr", res, page),
    summary: (r) => t("calc.summary.mcr", { total: r.total }),
    // Pure Straight in characters, a dots chow and a 5-bamboo pair, won on the 5 bamboo.
    example: { hand: ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2p", "3p", "4p", "5s"], win: "5s" },
  },
  sichuan: {
    family: TILES,
    rows: [SUITED.slice(0, 9), SUITED.slice(9, 18), SUITED.slice(18)],
    groups: ["pung", "kong", "concealed_kong"],
    build: { pung: identical(3), kong: identical(4), concealed_kong: identical(4) },
    maxGroups: 4,
    handSize: (s) => 13 - 3 * s.groups.length,
    needsWin: () => true,
    situation: [
      { kind: "select", key: "missing_suit", options: ["auto", "m", "p", "s"],
        label: (v) => t(`calc.suit.${v}`) },
      { kind: "flag", key: "self_draw" }, { kind: "flag", key: "kong_replacement" },
      // 点杠花: the kong was made on a discard, which decides who pays (OPT-SC-5)
      { kind: "flag", key: "kong_given", when: (sit) => sit.kong_replacement },
      { kind: "flag", key: "robbing_kong" }, { kind: "flag", key: "last_tile" },
      { kind: "flag", key: "kong_discard", when: (sit) => sit.gang_shang_pao },
      { kind: "flag", key: "heavenly", when: (sit) => sit.tian_di_hu },
      { kind: "flag", key: "earthly", when: (sit) => sit.tian_di_hu },
      ...SC_RULES,
    ],
    defaults: { missing_suit: "auto", self_draw: false, kong_replacement: false, robbing_kong: false,
      last_tile: false, kong_discard: false, heavenly: false, earthly: false, kong_given: false,
      fan_cap: "5", self_draw_bonus: "base", dian_gang_hua: "self_draw", menqing_zhongzhang: false,
      tian_di_hu: false, gang_shang_pao: false },
    spec: (s) => ({
      melds: s.groups.map((g) => ({ type: g.kind === "pung" ? "pung" : "kong", tile: g.cards[0],
        ...(g.kind === "concealed_kong" ? { concealed: true } : {}) })),
      concealed: s.hand, winning_tile: s.win,
      self_draw: s.sit.self_draw, kong_replacement: s.sit.kong_replacement,
      robbing_kong: s.sit.robbing_kong, last_tile: s.sit.last_tile,
      missing_suit: s.sit.missing_suit === "auto" ? absentSuit(s) : s.sit.missing_suit,
      ...sichuanRules(s.sit),
    }),
    result: (res, page) => scoredResult("sichuan", res, page),
    summary: (r) => t("calc.summary.sichuan", { fan: r.fan, total: r.points_per_payer }),
    // Full flush of bamboo: four chows and a pair, won on a discard.
    example: { hand: ["1s", "2s", "3s", "2s", "3s", "4s", "4s", "5s", "6s", "7s", "8s", "9s", "9s"], win: "9s" },
  },
  paohuzi: {
    family: WORD,
    rows: [WORDS.slice(0, 10), WORDS.slice(10)],
    groups: ["ti", "pao", "wei", "peng", "chi"],
    build: { ti: identical(4), pao: identical(4), wei: identical(3), peng: identical(3), chi },
    maxGroups: 7,
    handSize: () => 21,
    handSizeIsMax: true,
    needsWin: () => false,
    situation: [{ kind: "flag", key: "own_reveal" }, { kind: "flag", key: "heavenly" },
      { kind: "flag", key: "dealer" }, { kind: "flag", key: "last_card", title: "calc.sit.ph_last_card" },
      // house rules (shared/rules/options.md OPT-PH): sent as the spec's options when one is set
      ...PH_RULES.map(([key, values]) => ({ kind: "select", key, options: values, rule: true,
        label: (v) => phRuleValue(key, v) })),
      { kind: "select", key: "turned_card", options: ["none", ...WORDS], rule: true,
        when: (sit) => sit.xing === "turn" && !sit.last_card,
        label: (v) => (v === "none" ? t("calc.sit.turned_none") : word.cardName(v)) }],
    defaults: { own_reveal: false, heavenly: false, dealer: false, last_card: false, turned_card: "none",
      ...Object.fromEntries(PH_RULES.map(([key, values]) => [key, values[0]])) },
    spec: (s) => phSpec(s),
    result: (res, page) => scoredResult("paohuzi", res, page),
    summary: (r) => (r.payment === undefined ? t("calc.summary.paohuzi", { huxi: r.huxi, tun: r.tun })
      : t("calc.summary.paohuzi_pay", { huxi: r.huxi, tun: r.tun, payment: r.payment })),
    // A big 壹贰叁, small 2-7-10 and 一二三, two kans, a peng on the table, won on 十.
    example: {
      hand: ["d1", "d2", "d3", "x2", "x7", "x10", "x1", "x2", "x3", "d5", "d5", "d5", "x8", "x8", "x8", "x4", "x5"],
      groups: [{ kind: "peng", cards: ["d9", "d9", "d9"] }], win: "x6",
    },
  },
  nantong: {
    family: LONG,
    rows: [SUITED.slice(0, 9), SUITED.slice(9, 18), SUITED.slice(18), ["Q", "B", "H"]],
    groups: ["pung", "exposed_kong", "added_kong", "concealed_kong", "opening_kong", "opening_triplet"],
    build: { pung: identical(3), exposed_kong: identical(4), added_kong: identical(4),
      concealed_kong: identical(4), opening_kong: identical(4), opening_triplet: identical(3) },
    indicators: true,
    maxPlayers: 3, // NT-6.9: every player's hu is settled pairwise
    otherDefaults: { how: "none" },
    maxGroups: 7,
    handSize: (s) => 22 - 3 * s.groups.length + (s.sit.how === "heavenly" ? 1 : 0),
    needsWin: (s) => s.sit.how !== "none" && s.sit.how !== "heavenly",
    situation: [
      { kind: "select", key: "how", options: ["none", "discard", "robbed_kong", "self_draw", "heavenly"],
        label: (v) => t(`calc.how.${v}`) },
      { kind: "flag", key: "ready" }, { kind: "flag", key: "hezi" },
      { kind: "flag", key: "kong_replacement" }, { kind: "flag", key: "dealer_first_discard" },
      { kind: "flag", key: "last_card" },
    ],
    defaults: { how: "discard", ready: false, hezi: false, kong_replacement: false,
      dealer_first_discard: false, last_card: false },
    spec: (s) => ({
      indicators: s.indicators,
      players: seatsOf(s).map((p) => {
        const { how, ready, hezi, ...win } = p.sit;
        return {
          concealed: p.hand, melds: p.groups.map((g) => ({ type: g.kind, card: g.cards[0] })), hezi, ready,
          win: how === "none" ? null : { how, ...(how === "heavenly" ? {} : { card: p.win }), ...win },
        };
      }),
    }),
    result: (res, page) => scoredResult("nantong", res, page),
    summary: (r) => t("calc.summary.nantong", { total: r.players[0].total }),
    // NT-6.3's worked example: indicators 2 of Strings and 3 of Myriads; six triplets and a
    // pair of 9 of Coins, won on the 5 of Myriads from a discard.
    example: {
      indicators: ["2s", "3m"],
      hand: ["1m", "1m", "1m", "2s", "2s", "2s", "4p", "4p", "4p", "6m", "6m", "6m", "7s", "7s", "7s",
        "3p", "3p", "3p", "5m", "5m", "9p", "9p"],
      win: "5m",
    },
  },
};

/** The sorted hand cut into runs of one suit (honours, flowers and the specials each one run):
 * a long hand wraps between runs, never leaving a suit's last card alone on a line. */
function runsOf(sorted) {
  const suit = (f) => (/\d/.test(f) ? f.replace(/\d+/g, "") : "*");
  const runs = [];
  for (const f of sorted) {
    if (runs.length && suit(runs.at(-1)[0]) === suit(f)) runs.at(-1).push(f);
    else runs.push([f]);
  }
  return runs;
}

/** Sichuan needs a missing suit (SC-7.3): by default the first suit the hand does not hold. */
function absentSuit(s) {
  const held = new Set(allCards(s).map((f) => f[1]));
  return [..."mps"].find((x) => !held.has(x)) ?? "p";
}

/** Every card the state uses: each player's hand, winning card, groups and Hezi, the chi being
 * built, the indicators and the flowers. */
function allCards(s) {
  const held = seatsOf(s).flatMap((p) => [...p.hand, ...(p.win ? [p.win] : []), ...p.groups.flatMap((g) => g.cards),
    ...(p.sit.hezi && s.indicators.length === 2 ? [s.indicators[0], s.indicators[0]] : [])]);
  return [...held, ...s.pending, ...s.indicators, ...s.extras];
}

/** The players of the state (Nantong may have three): the one being edited lives in the state's
 * own fields, the others in ``s.others``. */
function seatsOf(s) {
  const me = { hand: s.hand, win: s.win, groups: s.groups, sit: s.sit };
  return [...s.others.slice(0, s.current), me, ...s.others.slice(s.current)];
}

/** Make player ``i`` the one being edited. */
function switchTo(s, i) {
  const seats = seatsOf(s);
  Object.assign(s, seats[i]);
  s.others = seats.filter((_, j) => j !== i);
  s.current = i;
}

// ------------------------------------------------------------------ state and its URL

function emptyState(cfg) {
  return { hand: [], win: null, groups: [], extras: [], indicators: [], pending: [],
    sit: { ...cfg.defaults }, mode: "hand", others: [], current: 0 };
}

function encodeState(s) {
  const seat = (p) => ({ h: p.hand, w: p.win, g: p.groups.map((g) => [g.kind, ...g.cards]), s: p.sit });
  const data = { ...seat(s), x: s.extras, i: s.indicators };
  if (s.others.length) Object.assign(data, { o: s.others.map(seat), c: s.current });
  return btoa(JSON.stringify(data)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const isFaceList = (v, faces) => Array.isArray(v) && v.every((f) => faces.has(f));

/** The state a shared URL carries; anything unreadable gives an empty hand. */
function decodeState(cfg, text) {
  const s = emptyState(cfg);
  if (!text) return s;
  try {
    const d = JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/")));
    const faces = new Set(cfg.rows.flat());
    const seat = (e, defaults) => {
      const p = { hand: [], win: null, groups: [], sit: { ...defaults } };
      if (isFaceList(e?.h, faces)) p.hand = e.h;
      if (faces.has(e?.w)) p.win = e.w;
      if (Array.isArray(e?.g)) {
        p.groups = e.g.filter((g) => Array.isArray(g) && cfg.groups.includes(g[0]) && isFaceList(g.slice(1), faces))
          .map(([kind, ...cards]) => ({ kind, cards }));
      }
      for (const [k, v] of Object.entries(e?.s ?? {})) {
        const ctl = cfg.situation.find((c) => c.key === k);
        if (ctl && typeof v === typeof cfg.defaults[k] && (ctl.kind !== "select" || ctl.options.includes(v))) p.sit[k] = v;
      }
      return p;
    };
    Object.assign(s, seat(d, cfg.defaults));
    if (isFaceList(d.x, new Set(cfg.extras ?? []))) s.extras = d.x;
    if (cfg.indicators && isFaceList(d.i, faces)) s.indicators = d.i.slice(0, 2);
    if (cfg.maxPlayers && Array.isArray(d.o)) {
      s.others = d.o.slice(0, cfg.maxPlayers - 1).map((e) => seat(e, { ...cfg.defaults, ...cfg.otherDefaults }));
      s.current = Number.isInteger(d.c) && d.c >= 0 && d.c <= s.others.length ? d.c : 0;
    }
  } catch {
    return emptyState(cfg);
  }
  return s;
}

// ------------------------------------------------------------------ the page

/** Render the calculator of ``params.game`` into ``root``. */
export async function render(root, params) {
  const game = params.game;
  const cfg = GAMES[game];
  document.title = `paiju — ${t("calc.heading")}`;
  if (!cfg) {
    root.replaceChildren(h("section", { class: "calc", "data-testid": "calc-page" },
      h("h1", {}, t("calc.heading")),
      h("p", { class: "calc__error", role: "alert", "data-testid": "calc-error" }, t("calc.error.unknown_game")),
      gameLinks(game)));
    return;
  }
  const shared = location.hash.replace(/^#\/?/, "").split("/")[2];
  const page = new CalcPage(root, game, cfg, decodeState(cfg, shared));
  page.draw();
  page.score();
}

function gameLinks(current) {
  return h("nav", { class: "calc__games", "aria-label": t("calc.other_games") },
    Object.keys(GAMES).map((g) => h("a", {
      href: `#/calc/${g}`, class: g === current ? "is-current" : "", "data-testid": `calc-game-${g}`,
      "aria-current": g === current ? "page" : null,
    }, t(`calc.game.${g}`))));
}

class CalcPage {
  constructor(root, game, cfg, state) {
    this.root = root;
    this.game = game;
    this.cfg = cfg;
    this.s = state;
    this.seq = 0;
    this.notice = "";
    // on a wide screen it scrolls beside the hand: the keyboard can scroll it too (WCAG 2.1.1)
    this.resultEl = h("section", { class: "calc__result", "data-testid": "calc-result", tabindex: "0",
      "aria-label": t("calc.result") });
    // the whole table would be too much to read out at every click: screen readers hear the gist
    this.liveEl = h("p", { class: "visually-hidden", "aria-live": "polite", "data-testid": "calc-live" });
    // on a phone the result is below the builder: a bar pinned to the bottom shows its gist
    this.summaryEl = h("button", { type: "button", class: "calc__summary", "data-testid": "calc-summary",
      onclick: () => this.resultEl.scrollIntoView({ block: "start" }) });
  }

  // ---------------------------------------------------------------- changes

  /** Copies of ``face`` still free (four of each card, one of each MCR flower). */
  free(face) {
    const max = this.cfg.extras?.includes(face) ? 1 : 4;
    return max - allCards(this.s).filter((f) => f === face).length;
  }

  changed() {
    this.s.pending = this.s.mode === "chi" ? this.s.pending : [];
    history.replaceState(null, "", `#/calc/${this.game}/${encodeState(this.s)}`);
    this.draw();
    this.score();
  }

  pick(face) {
    const s = this.s;
    const cfg = this.cfg;
    this.notice = "";
    if (cfg.extras?.includes(face)) {
      if (this.free(face) > 0) s.extras = [...s.extras, face].sort();
      return this.changed();
    }
    if (s.mode === "indicator") {
      if (s.indicators.length >= 2) this.notice = t("calc.error.two_indicators");
      else if (this.free(face) > 0) s.indicators = [...s.indicators, face];
      return this.changed();
    }
    if (s.mode === "win") {
      if (this.free(face) + (s.win === face ? 1 : 0) <= 0) this.notice = t("calc.error.no_copies", { card: face });
      else {
        s.win = face;
        s.mode = "hand";
      }
      return this.changed();
    }
    if (s.mode === "hand") {
      if (this.free(face) <= 0) this.notice = t("calc.error.no_copies", { card: face });
      else if (s.hand.length < cfg.handSize(s)) s.hand = [...s.hand, face];
      else if (!s.win && (cfg.needsWin(s) || cfg.handSizeIsMax)) s.win = face;
      else this.notice = t("calc.error.hand_full");
      return this.changed();
    }
    // a group
    if (s.groups.length >= cfg.maxGroups) {
      this.notice = t("calc.error.too_many_groups", { count: cfg.maxGroups });
      return this.changed();
    }
    const made = cfg.build[s.mode](face, s.pending);
    if (made.error) {
      this.notice = made.error;
      s.pending = [];
    } else if (made.pending) {
      if (this.free(face) > 0) s.pending = made.pending;
      else this.notice = t("calc.error.no_copies", { card: face });
      this.draw();
      return undefined;
    } else {
      s.pending = [];
      const need = {};
      for (const f of made.cards) need[f] = (need[f] ?? 0) + 1;
      const short = Object.keys(need).find((f) => this.free(f) < need[f]);
      if (short) this.notice = t("calc.error.no_copies", { card: short });
      else s.groups = [...s.groups, { kind: s.mode, cards: made.cards }];
    }
    return this.changed();
  }

  setMode(mode) {
    this.s.mode = mode;
    this.s.pending = [];
    this.notice = "";
    this.draw();
    this.root.querySelector(`[data-testid=calc-mode-${mode}]`)?.focus();
  }

  // ---------------------------------------------------------------- drawing

  card(face, size, opts = {}) {
    return this.cfg.family.draw(face, { size: this.cfg.family.sizes[size], ...opts });
  }

  draw() {
    const focus = document.activeElement?.dataset?.testid;
    const s = this.s;
    const cfg = this.cfg;
    this.root.replaceChildren(h("section", { class: `calc calc--${this.game}`, "data-testid": "calc-page",
      "data-game": this.game },
    h("header", { class: "calc__head" },
      h("h1", {}, t("calc.heading"), " · ", t(`calc.game.${this.game}`)),
      h("p", { class: "muted" }, t(byPointer(`calc.intro.${this.game}`))),
      gameLinks(this.game)),
    h("div", { class: "calc__body" },
      h("div", { class: "calc__build" },
        cfg.maxPlayers ? this.playersEl() : null,
        this.modesEl(),
        this.paletteEl(),
        this.notice ? h("p", { class: "calc__notice", role: "alert", "data-testid": "calc-notice" }, this.notice) : null,
        this.handEl(),
        this.situationEl(),
        h("p", { class: "calc__buttons" },
          h("button", { type: "button", class: "btn", "data-testid": "calc-example",
            onclick: () => this.load(cfg.example) }, t("calc.example")),
          h("button", { type: "button", class: "btn btn--ghost calc__clear", "data-testid": "calc-clear",
            onclick: () => this.load({}) }, t("calc.clear"))),
        this.summaryEl, this.liveEl),
      this.resultEl)));
    if (s.pending.length) this.root.querySelector("[data-testid=calc-pending]")?.scrollIntoView?.({ block: "nearest" });
    if (focus) this.root.querySelector(`[data-testid="${focus}"]`)?.focus({ preventScroll: true });
  }

  load(example) {
    const s = emptyState(this.cfg);
    s.hand = [...(example.hand ?? [])];
    s.win = example.win ?? null;
    s.groups = (example.groups ?? []).map((g) => ({ ...g, cards: [...g.cards] }));
    s.indicators = [...(example.indicators ?? [])];
    this.s = s;
    this.notice = "";
    this.changed();
  }

  /** Nantong: the players of the deal, one edited at a time; each is scored and all settle. */
  playersEl() {
    const s = this.s;
    const n = s.others.length + 1;
    const pick = (i) => () => {
      switchTo(s, i);
      s.mode = "hand";
      this.changed();
    };
    // a group of toggle buttons (a tablist may hold only tabs, and Add / Remove are not)
    return h("div", { class: "calc__players", role: "group", "aria-label": t("calc.players") },
      Array.from({ length: n }, (_, i) => h("button", {
        type: "button", class: `calc__player${i === s.current ? " is-on" : ""}`,
        "aria-pressed": i === s.current ? "true" : "false", "data-testid": `calc-player-${i}`,
        onclick: pick(i),
      }, t("calc.player", { n: i + 1 }))),
      n < this.cfg.maxPlayers ? h("button", { type: "button", class: "calc__player calc__player--add",
        "data-testid": "calc-player-add", onclick: () => {
          s.others = [...seatsOf(s)];
          Object.assign(s, { hand: [], win: null, groups: [], sit: { ...this.cfg.defaults, ...this.cfg.otherDefaults } });
          s.current = n;
          s.mode = "hand";
          this.changed();
        } }, t("calc.add_player")) : null,
      n > 1 ? h("button", { type: "button", class: "calc__player calc__player--remove",
        "data-testid": "calc-player-remove", onclick: () => {
          const seats = seatsOf(s).filter((_, j) => j !== s.current);
          Object.assign(s, seats[0], { others: seats.slice(1), current: 0, mode: "hand" });
          this.changed();
        } }, t("calc.remove_player", { n: s.current + 1 })) : null);
  }

  modesEl() {
    const modes = ["hand", "win", ...(this.cfg.indicators ? ["indicator"] : []), ...this.cfg.groups];
    return h("div", { class: "calc__modes", role: "radiogroup", "aria-label": t(byPointer("calc.modes_label")) },
      h("span", { class: "calc__modes-label" }, t(byPointer("calc.modes_label"))),
      modes.map((m) => h("button", {
        type: "button", role: "radio", class: `calc__mode${this.s.mode === m ? " is-on" : ""}`,
        "aria-checked": this.s.mode === m ? "true" : "false", "data-testid": `calc-mode-${m}`,
        onclick: () => this.setMode(m),
      }, t(`calc.mode.${m}`))));
  }

  paletteEl() {
    const cfg = this.cfg;
    const mode = this.s.mode;
    return h("div", { class: "calc__palette", "data-testid": "calc-palette", role: "group",
      "aria-label": t(byPointer("calc.palette_label"), { target: t(`calc.mode.${mode}`) }) },
    cfg.rows.map((row) => h("div", { class: "calc__row" }, row.map((face) => {
      const free = this.free(face);
      const chowless = mode === "chow" && !/^[1-9][mps]$/.test(face) && !cfg.extras?.includes(face);
      const el = this.card(face, "palette", { tag: "button", cls: "calc__face",
        data: { testid: `calc-face-${face}`, free } });
      el.disabled = free <= 0 || chowless;
      el.title = `${el.title || el.getAttribute("aria-label")} · ${t("calc.copies_left", { count: free })}`;
      el.addEventListener("click", () => this.pick(face));
      return el;
    }))));
  }

  removable(face, testid, onremove, cls = "") {
    const el = this.card(face, "hand", { tag: "button", cls: `calc__card ${cls}`, data: { testid } });
    el.setAttribute("aria-label", t("calc.remove_card", { card: el.getAttribute("aria-label") }));
    el.addEventListener("click", onremove);
    return el;
  }

  handEl() {
    const s = this.s;
    const cfg = this.cfg;
    const size = cfg.handSize(s);
    const sorted = [...s.hand].sort((a, b) => cfg.family.key(a) - cfg.family.key(b));
    const drop = (face) => () => {
      const i = s.hand.indexOf(face);
      s.hand = s.hand.filter((_, j) => j !== i);
      this.changed();
    };
    const parts = [];
    if (cfg.indicators) {
      parts.push(h("div", { class: "calc__slot", "data-testid": "calc-indicators" },
        h("h2", {}, t("calc.indicators")),
        h("div", { class: "calc__cards" }, s.indicators.length ? s.indicators.map((f, i) =>
          this.removable(f, "calc-indicator", () => {
            s.indicators = s.indicators.filter((_, j) => j !== i);
            this.changed();
          })) : h("span", { class: "muted" }, t(byPointer("calc.indicators_hint"))))));
    }
    parts.push(h("div", { class: "calc__slot calc__slot--hand", "data-testid": "calc-hand" },
      h("h2", {}, cfg.handSizeIsMax ? t("calc.hand_free", { count: s.hand.length })
        : t("calc.hand_count", { count: s.hand.length, size })),
      h("div", { class: "calc__cards calc__cards--hand" }, sorted.length
        ? runsOf(sorted).map((run) => h("span", { class: "calc__run", "data-testid": "calc-hand-run" },
          run.map((f) => this.removable(f, "calc-hand-card", drop(f)))))
        : h("span", { class: "muted" }, t(byPointer("calc.hand_hint"))))));
    parts.push(h("div", { class: "calc__slot", "data-testid": "calc-win" },
      h("h2", {}, t("calc.winning_card")),
      h("div", { class: "calc__cards" }, s.win
        ? this.removable(s.win, "calc-win-card", () => { s.win = null; this.changed(); }, "is-winning")
        : h("span", { class: "muted" }, t(cfg.needsWin(s) ? byPointer("calc.win_hint") : "calc.win_optional")))));
    const groups = s.groups.map((g, i) => h("div", { class: "calc__group", "data-testid": "calc-group", "data-kind": g.kind },
      h("span", { class: "calc__group-name" }, t(`calc.mode.${g.kind}`)),
      h("span", { class: "calc__cards" }, g.cards.map((f) => this.card(f, "group"))),
      h("button", { type: "button", class: "calc__remove", "data-testid": "calc-group-remove",
        "aria-label": t("calc.remove_group", { group: t(`calc.mode.${g.kind}`) }),
        onclick: () => { s.groups = s.groups.filter((_, j) => j !== i); this.changed(); } }, "×")));
    if (s.pending.length) {
      groups.push(h("div", { class: "calc__group is-pending", "data-testid": "calc-pending" },
        h("span", { class: "calc__group-name" }, t(byPointer("calc.pending"), { group: t(`calc.mode.${s.mode}`) })),
        h("span", { class: "calc__cards" }, s.pending.map((f) => this.card(f, "group")))));
    }
    parts.push(h("div", { class: "calc__slot", "data-testid": "calc-groups" },
      h("h2", {}, t("calc.groups")),
      groups.length ? h("div", { class: "calc__groups" }, groups)
        : h("span", { class: "muted" }, t(byPointer("calc.groups_hint")))));
    if (cfg.extras) {
      parts.push(h("div", { class: "calc__slot", "data-testid": "calc-flowers" },
        h("h2", {}, t("calc.flowers", { count: s.extras.length })),
        h("div", { class: "calc__cards" }, s.extras.length ? s.extras.map((f) =>
          this.removable(f, "calc-flower", () => { s.extras = s.extras.filter((x) => x !== f); this.changed(); }))
          : h("span", { class: "muted" }, t(byPointer("calc.flowers_hint"))))));
    }
    return h("div", { class: "calc__hand" }, parts);
  }

  situationEl() {
    const s = this.s;
    const shown = this.cfg.situation.filter((c) => !c.when || c.when(s.sit));
    const rules = shown.filter((c) => c.rule);
    return [
      h("fieldset", { class: "calc__situation", "data-testid": "calc-situation" },
        h("legend", {}, t("calc.situation")), this.controls(shown.filter((c) => !c.rule))),
      rules.length ? h("fieldset", { class: "calc__situation", "data-testid": "calc-rules" },
        h("legend", {}, t("calc.rules.legend")), this.controls(rules)) : null,
    ];
  }

  /** The situation's (or the house rules') checkboxes and selects. */
  controls(list) {
    const s = this.s;
    return list.map((c) => {
      const label = t(c.title ?? `calc.${c.rule ? "rules" : "sit"}.${c.key}`);
      if (c.kind === "flag") {
        return h("label", { class: "calc__flag" },
          h("input", { type: "checkbox", "data-testid": `calc-flag-${c.key}`, checked: s.sit[c.key],
            onchange: (ev) => { s.sit[c.key] = ev.target.checked; this.changed(); } }),
          " ", label);
      }
      return h("label", { class: "calc__select" }, label, " ",
        h("select", { "data-testid": `calc-select-${c.key}`,
          onchange: (ev) => { s.sit[c.key] = ev.target.value; this.changed(); } },
        c.options.map((v) => h("option", { value: v, selected: s.sit[c.key] === v }, c.label(v)))));
    });
  }

  // ---------------------------------------------------------------- scoring

  /** What the hand still lacks before the server can score it, in words; null when complete. */
  missing() {
    const s = this.s;
    const cfg = this.cfg;
    if (cfg.indicators && s.indicators.length < 2) return t("calc.need.indicators");
    if (s.pending.length) return t("calc.need.pending");
    if (cfg.handSizeIsMax) return s.hand.length + s.groups.length ? null : t("calc.need.empty");
    const seats = seatsOf(s);
    for (const i of [s.current, ...seats.keys()]) {
      const lack = this.seatMissing(seats[i]);
      if (lack) return seats.length > 1 ? `${t("calc.player", { n: i + 1 })}: ${lack}` : lack;
    }
    return null;
  }

  seatMissing(p) {
    const cfg = this.cfg;
    const size = cfg.handSize(p);
    if (p.hand.length < size) return t("calc.need.cards", { count: size - p.hand.length });
    if (p.hand.length > size) return t("calc.need.fewer", { count: p.hand.length - size });
    if (cfg.needsWin(p) && !p.win) return t("calc.need.win");
    if (!cfg.needsWin(p) && p.win) return t("calc.need.no_win");
    return null;
  }

  /** The result's gist: the bar pinned on a phone, and the live region screen readers hear. */
  say(text) {
    this.summaryEl.textContent = text;
    this.liveEl.textContent = text;
  }

  async score() {
    const seq = ++this.seq;
    const lack = this.missing();
    if (lack) {
      this.say(lack);
      this.resultEl.removeAttribute("aria-busy");
      this.resultEl.dataset.state = "incomplete";
      this.resultEl.replaceChildren(h("h2", {}, t("calc.result")),
        h("p", { class: "calc__need", "data-testid": "calc-need" }, lack));
      return;
    }
    this.resultEl.dataset.state = "loading";
    this.resultEl.setAttribute("aria-busy", "true");
    let res;
    let body;
    try {
      res = await api(`/games/${encodeURIComponent(this.game)}/score`, { method: "POST", body: this.cfg.spec(this.s) });
    } catch (err) {
      if (seq !== this.seq) return;
      const why = err.status === 0 ? t("calc.error.network")
        : err.status >= 400 && err.status < 500 ? t("calc.error.invalid") : t("calc.error.server", { status: err.status });
      body = [h("div", { class: "calc__error", role: "alert", "data-testid": "calc-error", "data-code": err.code },
        h("strong", {}, why), err.status ? h("p", {}, err.message) : null)];
    }
    if (seq !== this.seq) return;
    this.resultEl.removeAttribute("aria-busy");
    if (res) body = this.cfg.result(res, this);
    this.resultEl.dataset.state = res ? (res.winning === false ? "not-winning" : "scored") : "error";
    this.say(!res ? t("calc.summary.error")
      : res.winning === false && !res.items?.length ? t("calc.not_winning") : this.cfg.summary(res));
    this.resultEl.replaceChildren(h("h2", {}, t("calc.result")), ...[body].flat().filter(Boolean));
  }
}

// ------------------------------------------------------------------ itemised results

function totalRow(label, value) {
  return footRow(label, value, "calc-total", "calc__total");
}

function notWinning(res) {
  return h("div", { class: "calc__error calc__error--soft", role: "alert", "data-testid": "calc-not-winning" },
    h("strong", {}, t("calc.not_winning")), res.reason ? h("p", {}, res.reason) : null);
}

/** The reading the scorer chose, drawn small: the groups and the pair. */
function readingEl(page, groups, pair) {
  return h("div", { class: "calc__reading", "data-testid": "calc-reading" },
    h("span", { class: "muted" }, t("calc.reading")),
    groups.map((g) => h("span", { class: "calc__reading-group" }, g.map((f) => page.card(f, "small")))),
    pair ? h("span", { class: "calc__reading-group" }, [pair, pair].map((f) => page.card(f, "small"))) : null);
}

function mahjongReading(page, r) {
  const groups = r.melds ? r.melds.map((m) => m.tiles) : r.pairs ? r.pairs.map((f) => [f, f]) : [r.tiles ?? []];
  return readingEl(page, groups, r.pair);
}

/** What each game shows around the one items table: the score its items make (Nantong: the
 *  current player's), the rows under them, and what comes before and after the table. */
const AROUND = {
  mcr: {
    // the flowers after "total before flowers", so that the rows add up top to bottom
    subtotal: () => ({ label: t("calc.mcr.before_flowers"), testid: "calc-before-flowers",
      later: (it) => it.code === "flower_tiles" }),
    foot: (res) => [totalRow(t("calc.total_points"), res.total)],
    after: (res, page) => [
      h("p", { class: res.meets_minimum ? "calc__ok" : "calc__warn", "data-testid": "calc-minimum" },
        t(res.meets_minimum ? "calc.mcr.minimum_met" : "calc.mcr.minimum_missed",
          { points: res.points_before_flowers, min: res.min_points ?? 8 })),
      mahjongReading(page, res.reading)],
  },
  sichuan: {
    foot: (res) => [
      footRow(t("calc.sichuan.fan"), res.fan, "calc-fan"),
      footRow(t(res.capped ? "calc.sichuan.points_capped" : "calc.sichuan.points",
        { fan: res.fan, cap: Math.round(Math.log2(res.points)) }), res.points, "calc-points"),
      // the self-draw point after the cap (OPT-SC-4.1): none under the other bonuses, nor for 天胡
      totalRow(t(res.paid_by === "kong_giver" ? "calc.sichuan.per_payer_kong_giver"
        : res.points_per_payer > res.points ? "calc.sichuan.per_payer_self_draw"
          : "calc.sichuan.per_payer"), res.points_per_payer)],
    after: (res, page) => [mahjongReading(page, res.reading)],
  },
  paohuzi: {
    before: (res) => res.heavenly ? h("p", { class: "calc__ok", "data-testid": "calc-heavenly" },
      t("calc.paohuzi.heavenly", { how: patternName("paohuzi", res.heavenly, res.heavenly) })) : null,
    foot: (res) => [
      totalRow(t("calc.paohuzi.total_huxi"), res.huxi),
      footRow(t("calc.paohuzi.minimum"), res.minimum, "calc-minimum"),
      footRow(t(res.payment === undefined ? "calc.paohuzi.tun" : "calc.paohuzi.tun_huxi"), res.tun, "calc-tun")],
    after: (res, page) => [res.winning ? null : notWinning(res),
      ...(res.winning ? payoutTables(res, { card: (f) => page.card(f, "small"), cls: "calc__table" }) : [])],
  },
  nantong: {
    score: (res, page) => res.players[page.s.current],
    before: (p) => p.win ? h("p", { class: "calc__ok" },
      t("calc.nantong.shape", { shape: patternName("nantong", p.win.shape.code, p.win.shape.name) })) : null,
    foot: (p) => [
      footRow(t("calc.nantong.base"), p.base, "calc-base"),
      p.win ? footRow(t("calc.nantong.before_rounding"), p.total_before_rounding, "calc-before-rounding") : null,
      totalRow(t(p.win ? "calc.nantong.total_win" : "calc.nantong.total"), p.total)],
    after: (p, page, res) => [
      p.win ? readingEl(page, p.win.reading.groups.map((g) => g.cards), p.win.reading.pair) : null,
      res.players.length > 1 ? settlementEl(res, page.s.current) : null],
  },
};

/** Every game's result: the one items table (web/items.js) with the game's rows around it. */
function scoredResult(game, res, page) {
  const around = AROUND[game];
  const score = around.score ? around.score(res, page) : res;
  if (res.winning === false && !score.items.length) return notWinning(res);
  return [
    around.before ? around.before(score, page, res) : null,
    itemsTable(game, score.items, { unit: score.unit, card: (f) => page.card(f, "small"),
      foot: around.foot(score, res), subtotal: around.subtotal?.(), cls: "calc__table", testid: "calc-table" }),
    ...around.after(score, page, res),
  ];
}

/** NT-6.9: every pair of players settles the difference of their totals. */
function settlementEl(res, current) {
  return h("table", { class: "calc__table calc__settlement", "data-testid": "calc-settlement" },
    h("caption", {}, t("calc.nantong.settlement")),
    h("thead", {}, h("tr", {}, h("th", {}, t("calc.col.player")), h("th", { class: "num" }, t("calc.col.total")),
      h("th", { class: "num" }, t("calc.col.settled")))),
    h("tbody", {}, res.players.map((p, i) => h("tr", { class: i === current ? "is-current" : "",
      "data-testid": "calc-settlement-row" },
    h("td", {}, t("calc.player", { n: i + 1 }), res.winner === i ? [" ", zh("胡")] : null),
    h("td", { class: "num" }, String(res.totals[i])),
    h("td", { class: "num", "data-value": res.deltas[i] }, signed(res.deltas[i]))))));
}
