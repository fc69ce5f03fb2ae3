// The rules page of each game (#/rules/<game>), written for players. The page is data: each game
// lists its sections, and each section's title and text are keys of the "rules" namespace
// (web/locales/<lang>/rules.json: "<game>.<section>.title" and "<game>.<section>.body"), plus
// drawn figures: groups of tiles or cards, and worked examples whose itemised scores add up and
// match the server's calculator (tests/web/test_rules_pages.py posts each example's ``spec`` to
// /api/games/<game>/score). Texts may use a tiny markup — paragraphs split by a blank line, "- "
// list items, **bold** — which is built into DOM nodes as text, never parsed as HTML.

import { h, zh } from "./dom.js";
import { t, patternName } from "./i18n.js";
import { gamesInfo } from "./room.js";
import { tileEl } from "./tiles.js";
import * as longcards from "./longcards.js";
import * as wordcards from "./wordcards.js";

const CURRENT = "paiju.current"; // app.js: the table to return to

// ------------------------------------------------------------------ pattern tables

/** MCR-6: code, English name (fallback when no translation exists), Chinese name, points. */
const MCR_PATTERNS = [
  ["big_four_winds", "Big Four Winds", "大四喜", 88],
  ["big_three_dragons", "Big Three Dragons", "大三元", 88],
  ["all_green", "All Green", "绿一色", 88],
  ["nine_gates", "Nine Gates", "九莲宝灯", 88],
  ["four_kongs", "Four Kongs", "四杠", 88],
  ["seven_shifted_pairs", "Seven Shifted Pairs", "连七对", 88],
  ["thirteen_orphans", "Thirteen Orphans", "十三幺", 88],
  ["all_terminals", "All Terminals", "清幺九", 64],
  ["little_four_winds", "Little Four Winds", "小四喜", 64],
  ["little_three_dragons", "Little Three Dragons", "小三元", 64],
  ["all_honors", "All Honors", "字一色", 64],
  ["four_concealed_pungs", "Four Concealed Pungs", "四暗刻", 64],
  ["pure_terminal_chows", "Pure Terminal Chows", "一色双龙会", 64],
  ["quadruple_chow", "Quadruple Chow", "一色四同顺", 48],
  ["four_pure_shifted_pungs", "Four Pure Shifted Pungs", "一色四节高", 48],
  ["four_pure_shifted_chows", "Four Pure Shifted Chows", "一色四步高", 32],
  ["three_kongs", "Three Kongs", "三杠", 32],
  ["all_terminals_and_honors", "All Terminals and Honors", "混幺九", 32],
  ["seven_pairs", "Seven Pairs", "七对", 24],
  ["greater_honors_and_knitted_tiles", "Greater Honors and Knitted Tiles", "七星不靠", 24],
  ["all_even_pungs", "All Even Pungs", "全双刻", 24],
  ["full_flush", "Full Flush", "清一色", 24],
  ["pure_triple_chow", "Pure Triple Chow", "一色三同顺", 24],
  ["pure_shifted_pungs", "Pure Shifted Pungs", "一色三节高", 24],
  ["upper_tiles", "Upper Tiles", "全大", 24],
  ["middle_tiles", "Middle Tiles", "全中", 24],
  ["lower_tiles", "Lower Tiles", "全小", 24],
  ["pure_straight", "Pure Straight", "清龙", 16],
  ["three_suited_terminal_chows", "Three-Suited Terminal Chows", "三色双龙会", 16],
  ["pure_shifted_chows", "Pure Shifted Chows", "一色三步高", 16],
  ["all_fives", "All Fives", "全带五", 16],
  ["triple_pung", "Triple Pung", "三同刻", 16],
  ["three_concealed_pungs", "Three Concealed Pungs", "三暗刻", 16],
  ["lesser_honors_and_knitted_tiles", "Lesser Honors and Knitted Tiles", "全不靠", 12],
  ["knitted_straight", "Knitted Straight", "组合龙", 12],
  ["upper_four", "Upper Four", "大于五", 12],
  ["lower_four", "Lower Four", "小于五", 12],
  ["big_three_winds", "Big Three Winds", "三风刻", 12],
  ["mixed_straight", "Mixed Straight", "花龙", 8],
  ["reversible_tiles", "Reversible Tiles", "推不倒", 8],
  ["mixed_triple_chow", "Mixed Triple Chow", "三色三同顺", 8],
  ["mixed_shifted_pungs", "Mixed Shifted Pungs", "三色三节高", 8],
  ["chicken_hand", "Chicken Hand", "无番和", 8],
  ["last_tile_draw", "Last Tile Draw", "妙手回春", 8],
  ["last_tile_claim", "Last Tile Claim", "海底捞月", 8],
  ["out_with_replacement_tile", "Out with Replacement Tile", "杠上开花", 8],
  ["robbing_the_kong", "Robbing the Kong", "抢杠和", 8],
  ["all_pungs", "All Pungs", "碰碰和", 6],
  ["half_flush", "Half Flush", "混一色", 6],
  ["mixed_shifted_chows", "Mixed Shifted Chows", "三色三步高", 6],
  ["all_types", "All Types", "五门齐", 6],
  ["melded_hand", "Melded Hand", "全求人", 6],
  ["two_concealed_kongs", "Two Concealed Kongs", "双暗杠", 6],
  ["two_dragon_pungs", "Two Dragon Pungs", "双箭刻", 6],
  ["concealed_and_melded_kong", "Concealed Kong and Melded Kong", "明暗杠", 5],
  ["outside_hand", "Outside Hand", "全带幺", 4],
  ["fully_concealed_hand", "Fully Concealed Hand", "不求人", 4],
  ["two_melded_kongs", "Two Melded Kongs", "双明杠", 4],
  ["last_tile", "Last Tile", "和绝张", 4],
  ["dragon_pung", "Dragon Pung", "箭刻", 2],
  ["prevalent_wind", "Prevalent Wind", "圈风刻", 2],
  ["seat_wind", "Seat Wind", "门风刻", 2],
  ["concealed_hand", "Concealed Hand", "门前清", 2],
  ["all_chows", "All Chows", "平和", 2],
  ["tile_hog", "Tile Hog", "四归一", 2],
  ["double_pung", "Double Pung", "双同刻", 2],
  ["two_concealed_pungs", "Two Concealed Pungs", "双暗刻", 2],
  ["concealed_kong", "Concealed Kong", "暗杠", 2],
  ["all_simples", "All Simples", "断幺", 2],
  ["pure_double_chow", "Pure Double Chow", "一般高", 1],
  ["mixed_double_chow", "Mixed Double Chow", "喜相逢", 1],
  ["short_straight", "Short Straight", "连六", 1],
  ["two_terminal_chows", "Two Terminal Chows", "老少副", 1],
  ["pung_of_terminals_or_honors", "Pung of Terminals or Honors", "幺九刻", 1],
  ["melded_kong", "Melded Kong", "明杠", 1],
  ["one_voided_suit", "One Voided Suit", "缺一门", 1],
  ["no_honors", "No Honors", "无字", 1],
  ["edge_wait", "Edge Wait", "边张", 1],
  ["closed_wait", "Closed Wait", "嵌张", 1],
  ["single_wait", "Single Wait", "单钓将", 1],
  ["self_drawn", "Self-Drawn", "自摸", 1],
  ["flower_tiles", "Flower Tiles", "花牌", 1],
];

/** SC-8: code, English name, Chinese name, fan as shown ("+2": added to the shape's fan). */
const SICHUAN_FANS = [
  ["basic_hand", "Basic hand", "平胡", "0"],
  ["all_pungs", "All pungs", "对对胡", "1"],
  ["seven_pairs", "Seven pairs", "七对", "2"],
  ["outside_hand", "Outside hand", "带幺九", "2"],
  ["all_258_pungs", "All 2/5/8 pungs", "将对", "3"],
  ["full_flush", "Full flush", "清一色", "+2"],
  ["pair_wait_four_melds", "Pair wait with four declared melds", "金钩钓", "+1"],
  ["root", "Root", "根", "+1"],
  ["kong_replacement", "Win on a kong replacement", "杠上开花", "+1"],
  ["robbing_kong", "Robbing a kong", "抢杠胡", "+1"],
  ["last_tile", "Last tile", "海底", "+1"],
];

const PATTERN_TABLES = { mcr: MCR_PATTERNS, sichuan: SICHUAN_FANS };

// ------------------------------------------------------------------ the four games
//
// A figure is {groups: [{label, faces}]} (a labelled row of groups) or an example
// {example, caption, indicators?, hand: [{faces, label?}], tables: [{lines, total?}]}: hand faces
// ending in "*" are the winning tile; a line is {label | pattern, params?, faces?, calc?, n}.
// A table with a total is checked by the tests to add up; ``spec`` and ``check`` tie the example
// to the server's calculator.

const MCR = {
  chinese: "国标麻将",
  draw: "tile",
  sections: [
    { id: "glance" },
    {
      id: "tiles",
      figures: [{ groups: [
        { label: "mcr.fig.characters", faces: ["1m", "5m", "9m"] },
        { label: "mcr.fig.dots", faces: ["1p", "5p", "9p"] },
        { label: "mcr.fig.bamboo", faces: ["1s", "5s", "9s"] },
        { label: "mcr.fig.winds", faces: ["E", "S", "W", "N"] },
        { label: "mcr.fig.dragons", faces: ["C", "F", "P"] },
        { label: "mcr.fig.flowers", faces: ["f1", "f2", "f5", "f6"] },
      ] }],
    },
    { id: "deal" },
    { id: "turn" },
    {
      id: "groups",
      figures: [{ groups: [
        { label: "mcr.fig.chow", faces: ["3p", "4p", "5p"] },
        { label: "mcr.fig.pung", faces: ["E", "E", "E"] },
        { label: "mcr.fig.kong", faces: ["C", "C", "C", "C"] },
        { label: "mcr.fig.pair", faces: ["7s", "7s"] },
      ] }],
    },
    { id: "claims" },
    {
      id: "winning",
      figures: [{ groups: [
        { label: "mcr.fig.seven_pairs", faces: ["1m", "1m", "4m", "4m", "9p", "9p", "2s", "2s", "6s", "6s", "S", "S", "F", "F"] },
        { label: "mcr.fig.thirteen_orphans", faces: ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "C", "F", "P", "P"] },
      ] }],
    },
    {
      id: "scoring",
      figures: [
        {
          example: "mcr-short",
          caption: "mcr.ex.short.caption",
          hand: [
            { faces: ["C", "C", "C"], label: "mcr.ex.claimed" },
            { faces: ["4p", "5p", "6p"], label: "mcr.ex.claimed" },
            { faces: ["1s", "2s", "3s"] }, { faces: ["7p", "8p", "9p"] }, { faces: ["E", "E*"] },
          ],
          tables: [{
            lines: [
              { pattern: "dragon_pung", n: 2 }, { pattern: "short_straight", n: 1 },
              { pattern: "one_voided_suit", n: 1 }, { pattern: "single_wait", n: 1 },
            ],
            total: { label: "mcr.ex.short.total", n: 5 },
          }],
          note: "mcr.ex.short.note",
          spec: {
            melds: [{ type: "pung", tile: "C", from: 2 }, { type: "chow", tiles: ["4p", "5p", "6p"] }],
            concealed: ["1s", "2s", "3s", "7p", "8p", "9p", "E"], winning_tile: "E", seat_wind: "S",
          },
          check: { total: 5, meets_minimum: false },
        },
        {
          example: "mcr-win",
          caption: "mcr.ex.win.caption",
          hand: [
            { faces: ["C", "C", "C"], label: "mcr.ex.claimed" },
            { faces: ["1m", "2m", "3m"] }, { faces: ["4m", "5m", "6m"] }, { faces: ["7m", "8m", "9m"] },
            { faces: ["W", "W*"] }, { faces: ["f2"], label: "mcr.ex.flower" },
          ],
          tables: [
            {
              lines: [
                { pattern: "pure_straight", n: 16 }, { pattern: "half_flush", n: 6 },
                { pattern: "dragon_pung", n: 2 }, { pattern: "single_wait", n: 1 },
                { pattern: "flower_tiles", n: 1 },
              ],
              total: { label: "mcr.ex.win.total", n: 26 },
            },
            {
              title: "mcr.ex.win.pay",
              lines: [
                { label: "mcr.ex.win.discarder", calc: "8 + 26", n: 34 },
                { label: "mcr.ex.win.another", calc: "8", n: 8 },
                { label: "mcr.ex.win.another", calc: "8", n: 8 },
              ],
              total: { label: "mcr.ex.win.winner", n: 50 },
            },
          ],
          spec: {
            melds: [{ type: "pung", tile: "C", from: 2 }],
            concealed: ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "W"], winning_tile: "W",
            flowers: 1,
          },
          check: { total: 26, meets_minimum: true },
        },
      ],
    },
    { id: "families" },
    { id: "payments" },
    { id: "end" },
    { id: "patterns", table: "mcr" },
    { id: "options", options: [
      ["flowers", "OPT-MCR-1", [true, false], true],
      ["min_points", "OPT-MCR-2", { min: 1, max: 64 }, 8],
      ["prevailing_wind", "OPT-MCR-3", ["east", "rotate", "random"], "east"],
    ] },
  ],
};

const SICHUAN = {
  chinese: "四川麻将 · 血战到底",
  draw: "tile",
  sections: [
    { id: "glance" },
    {
      id: "tiles",
      figures: [{ groups: [
        { label: "sichuan.fig.characters", faces: ["1m", "2m", "3m", "9m"] },
        { label: "sichuan.fig.dots", faces: ["1p", "2p", "3p", "9p"] },
        { label: "sichuan.fig.bamboo", faces: ["1s", "2s", "3s", "9s"] },
      ] }],
    },
    { id: "missing" },
    { id: "turn" },
    {
      id: "groups",
      figures: [{ groups: [
        { label: "sichuan.fig.sequence", faces: ["6s", "7s", "8s"] },
        { label: "sichuan.fig.pung", faces: ["5p", "5p", "5p"] },
        { label: "sichuan.fig.kong", faces: ["9m", "9m", "9m", "9m"] },
        { label: "sichuan.fig.pair", faces: ["2p", "2p"] },
      ] }],
    },
    { id: "claims" },
    { id: "blood" },
    { id: "winning" },
    { id: "fan", table: "sichuan" },
    { id: "payments" },
    {
      id: "example",
      figures: [{
        example: "sichuan-win",
        caption: "sichuan.ex.win.caption",
        hand: [
          { faces: ["5s", "5s", "5s", "5s"], label: "sichuan.ex.concealed_kong" },
          { faces: ["9s", "9s", "9s"], label: "sichuan.ex.pung" },
          { faces: ["1s", "2s", "3s"] }, { faces: ["6s", "7s", "8s"] }, { faces: ["2s", "2s*"] },
        ],
        tables: [
          {
            lines: [
              { pattern: "basic_hand", n: 0 }, { pattern: "full_flush", n: 2 }, { pattern: "root", n: 1 },
            ],
            total: { label: "sichuan.ex.win.fan", n: 3 },
          },
          {
            title: "sichuan.ex.win.pay",
            lines: [
              { label: "sichuan.ex.win.base", calc: "2³", n: 8 },
              { label: "sichuan.ex.win.each", calc: "8 + 1", n: 9 },
            ],
          },
        ],
        note: "sichuan.ex.win.note",
        spec: {
          melds: [{ type: "kong", tile: "5s", concealed: true }, { type: "pung", tile: "9s" }],
          concealed: ["1s", "2s", "3s", "6s", "7s", "8s", "2s"], winning_tile: "2s",
          missing_suit: "m", self_draw: true,
        },
        check: { fan: 3, points: 8, points_per_payer: 9 },
      }],
    },
    { id: "end" },
    { id: "options", options: [
      ["exchange_three", "OPT-SC-1", ["off", "random", "clockwise", "counterclockwise", "across"], "off"],
      ["blood_mode", "OPT-SC-2", ["battle", "river"], "battle"],
      ["fan_cap", "OPT-SC-3", [2, 3, 4, 5, 6, null], 5],
      ["self_draw_bonus", "OPT-SC-4", ["base", "fan", "none"], "base"],
      ["dian_gang_hua", "OPT-SC-5", ["self_draw", "discard"], "self_draw"],
      ["call_transfer", "OPT-SC-6", ["off", "on"], "off"],
      ["extra_fans", "OPT-SC-7", ["menqing_zhongzhang", "tian_di_hu", "gang_shang_pao"], [], true],
    ] },
  ],
};

const PAOHUZI = {
  chinese: "跑胡子 · 字牌",
  draw: "word",
  sections: [
    { id: "glance" },
    {
      id: "cards",
      figures: [{ groups: [
        { label: "paohuzi.fig.small", faces: ["x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10"] },
        { label: "paohuzi.fig.big", faces: ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10"] },
      ] }],
    },
    { id: "deal" },
    { id: "turn" },
    {
      id: "groups",
      figures: [{ groups: [
        { label: "paohuzi.fig.chi_run", faces: ["x1", "x2", "x3"] },
        { label: "paohuzi.fig.chi_2710", faces: ["d2", "d7", "d10"] },
        { label: "paohuzi.fig.chi_mixed", faces: ["x5", "x5", "d5"] },
        { label: "paohuzi.fig.peng", faces: ["d8", "d8", "d8"] },
        { label: "paohuzi.fig.wei", faces: ["x4", "x4", "x4"] },
        { label: "paohuzi.fig.pao", faces: ["x6", "x6", "x6", "x6"] },
        { label: "paohuzi.fig.ti", faces: ["d10", "d10", "d10", "d10"] },
        { label: "paohuzi.fig.pair", faces: ["x9", "x9"] },
      ] }],
    },
    { id: "claims" },
    { id: "special" },
    { id: "winning" },
    { id: "huxi" },
    {
      id: "example",
      figures: [{
        example: "paohuzi-win",
        caption: "paohuzi.ex.win.caption",
        hand: [
          { faces: ["d8", "d8", "d8"], label: "paohuzi.ex.wei" },
          { faces: ["x2", "x7", "x10"], label: "paohuzi.ex.chi" },
          { faces: ["d3", "d3", "d3"], label: "paohuzi.ex.kan" },
          { faces: ["x1", "x2", "x3"] }, { faces: ["x4", "x5", "x6"] }, { faces: ["d4", "d5", "d6"] },
          { faces: ["x9", "x9", "d9*"] },
        ],
        tables: [
          {
            lines: [
              { faces: ["d8"], label: "paohuzi.ex.line.wei_big", n: 6 },
              { faces: ["x2", "x7", "x10"], label: "paohuzi.ex.line.2710_small", n: 3 },
              { faces: ["d3"], label: "paohuzi.ex.line.kan_big", n: 6 },
              { faces: ["x1", "x2", "x3"], label: "paohuzi.ex.line.123_small", n: 3 },
              { faces: ["x4", "x5", "x6"], label: "paohuzi.ex.line.other_run", n: 0 },
              { faces: ["d4", "d5", "d6"], label: "paohuzi.ex.line.other_run", n: 0 },
              { faces: ["x9", "x9", "d9"], label: "paohuzi.ex.line.mixed", n: 0 },
            ],
            total: { label: "paohuzi.ex.win.huxi", n: 18 },
          },
          {
            title: "paohuzi.ex.win.tun_title",
            lines: [{ label: "paohuzi.ex.win.tun", calc: "1 + (18 − 15) ÷ 3", n: 2 }],
          },
        ],
        note: "paohuzi.ex.win.note",
        spec: {
          groups: [{ type: "wei", cards: ["d8", "d8", "d8"] }, { type: "chi", cards: ["x2", "x7", "x10"] }],
          concealed: ["d3", "d3", "d3", "x1", "x2", "x3", "x4", "x5", "x6", "d4", "d5", "d6", "x9", "x9"],
          winning_card: "d9",
        },
        check: { huxi: 18, tun: 2 },
      }],
    },
    { id: "end" },
    { id: "options", options: [
      ["min_huxi", "OPT-PH-1", [15, 10], 15],
      ["self_draw_bonus", "OPT-PH-2", ["none", "tun", "double"], "none"],
      ["mingtang", "OPT-PH-3", ["none", "red_black", "full"], "none"],
      ["pao", "OPT-PH-4", ["optional", "mandatory"], "optional"],
      ["xing", "OPT-PH-5", ["off", "follow", "turn"], "off"],
      ["payment_cap", "OPT-PH-6", { min: 0, max: 1000 }, 0],
    ] },
  ],
};

const NANTONG = {
  chinese: "南通长牌 · 独子胡",
  draw: "long",
  sections: [
    { id: "glance" },
    {
      id: "cards",
      figures: [{ groups: [
        { label: "nantong.fig.myriads", faces: ["1m", "5m", "9m"] },
        { label: "nantong.fig.coins", faces: ["1p", "5p", "9p"] },
        { label: "nantong.fig.strings", faces: ["1s", "5s", "9s"] },
        { label: "nantong.fig.specials", faces: ["Q", "B", "H"] },
        { label: "nantong.fig.generals", faces: ["Q", "B", "H", "9s"] },
      ] }],
    },
    { id: "deal" },
    { id: "prep" },
    { id: "turn" },
    { id: "claims" },
    {
      id: "winning",
      figures: [{ groups: [
        { label: "nantong.fig.sequence", faces: ["4m", "5m", "6m"] },
        { label: "nantong.fig.wenqian", faces: ["1p", "2p", "3p"] },
        { label: "nantong.fig.triplet", faces: ["7s", "7s", "7s"] },
        { label: "nantong.fig.kong", faces: ["H", "H", "H", "H"] },
        { label: "nantong.fig.pair", faces: ["B", "B"] },
      ] }],
    },
    { id: "base" },
    {
      id: "indicators",
      figures: [{
        example: "nantong-indicators",
        caption: "nantong.ex.ind.caption",
        indicators: ["2s", "3m"],
        hand: [{ faces: ["2m", "2m", "2m"] }, { faces: ["2s", "2s", "2s"] }],
        tables: [{
          lines: [
            { faces: ["2m"], label: "nantong.ex.ind.rank", calc: "4 × 2", n: 8 },
            { faces: ["2s"], label: "nantong.ex.ind.exact", calc: "12 × 2", n: 24 },
          ],
        }],
      }],
    },
    { id: "bonuses" },
    { id: "multipliers" },
    { id: "settlement" },
    {
      id: "example",
      figures: [{
        example: "nantong-win",
        caption: "nantong.ex.win.caption",
        indicators: ["2s", "3m"],
        hand: [
          { faces: ["Q", "Q", "Q"], label: "nantong.ex.pung" },
          { faces: ["2s", "2s", "2s"] }, { faces: ["1p", "2p", "3p"] }, { faces: ["3m", "4m*", "5m"] },
          { faces: ["5m", "6m", "7m"] }, { faces: ["6s", "7s", "8s"] }, { faces: ["7p", "8p", "9p"] },
          { faces: ["9m", "9m"] },
        ],
        tables: [
          {
            title: "nantong.ex.win.you",
            lines: [
              { faces: ["Q"], label: "nantong.ex.win.pung_general", calc: "2 × 2", n: 4 },
              { faces: ["2s"], label: "nantong.ex.ind.exact", calc: "12 × 2", n: 24 },
              { label: "nantong.ex.win.tazi", n: 20 },
              { faces: ["1p", "2p", "3p"], label: "nantong.ex.win.wenqian", n: 20 },
              { faces: ["4m"], label: "nantong.ex.win.wait", n: 10 },
            ],
            total: { label: "nantong.ex.win.before", n: 78 },
          },
          {
            title: "nantong.ex.win.totals",
            lines: [
              { label: "nantong.ex.win.total_you", calc: "78 → 80", n: 80 },
              { label: "nantong.ex.win.total_ai1", calc: "2 → 10", n: 10 },
              { label: "nantong.ex.win.total_ai2", calc: "8 + 8 = 16 → 20", n: 20 },
            ],
          },
          {
            title: "nantong.ex.win.pairs",
            lines: [
              { label: "nantong.ex.win.pay_ai1_you", calc: "80 − 10", n: 70 },
              { label: "nantong.ex.win.pay_ai2_you", calc: "80 − 20", n: 60 },
              { label: "nantong.ex.win.pay_ai1_ai2", calc: "20 − 10", n: 10 },
            ],
          },
          {
            title: "nantong.ex.win.net",
            lines: [
              { label: "nantong.ex.win.net_you", calc: "70 + 60", n: 130 },
              { label: "nantong.ex.win.net_ai1", calc: "−70 − 10", n: -80 },
              { label: "nantong.ex.win.net_ai2", calc: "−60 + 10", n: -50 },
            ],
            total: { label: "nantong.ex.win.sum", n: 0 },
          },
        ],
        note: "nantong.ex.win.note",
        spec: {
          indicators: ["2s", "3m"],
          players: [
            {
              concealed: ["2s", "2s", "2s", "1p", "2p", "3p", "5m", "6m", "7m", "6s", "7s", "8s", "7p", "8p",
                "9p", "3m", "5m", "9m", "9m"],
              melds: [{ type: "pung", card: "Q" }], win: { how: "discard", card: "4m" },
            },
            {
              concealed: ["1m", "1m", "2m", "4m", "6m", "7m", "8m", "9m", "1s", "3s", "4s", "5s", "5s", "6s",
                "8p", "8p", "B", "1p", "9p"],
              melds: [{ type: "pung", card: "6p" }],
            },
            {
              concealed: ["H", "H", "H", "2m", "2m", "2m", "1s", "1s", "3s", "4s", "4p", "4p", "5p", "6p", "7s",
                "8s", "9s", "9s", "1m", "3p", "5s", "2p"],
            },
          ],
        },
        check: { totals: [80, 10, 20], deltas: [130, -80, -50], before_rounding: 78 },
      }],
    },
    { id: "end" },
    { id: "options", options: [] },
  ],
};

export const RULES = { mcr: MCR, sichuan: SICHUAN, paohuzi: PAOHUZI, nantong: NANTONG };
export const GAME_ORDER = ["mcr", "sichuan", "paohuzi", "nantong"];

// ------------------------------------------------------------------ text with light markup

let used = new Set(); // the rules keys the last render asked for (tests compare with rules.json)

/** The keys of the "rules" namespace the last render used, without the "rules." prefix. */
export function usedKeys() {
  return [...used].sort();
}

function tr(key, params) {
  used.add(key);
  return t(`rules.${key}`, params);
}

/** "a **b** c" → text, <strong>b</strong>, text: built as nodes, so markup in a text stays text. */
function inline(text) {
  return text.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 ? h("strong", {}, part) : part));
}

/** Paragraphs split by a blank line; a paragraph whose lines all start with "- " is a list. */
function prose(text) {
  return text.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n").map((l) => l.trim()).filter(Boolean);
    if (lines.length && lines.every((l) => l.startsWith("- "))) {
      return h("ul", {}, lines.map((l) => h("li", {}, inline(l.slice(2)))));
    }
    return h("p", {}, inline(lines.join(" ")));
  });
}

// ------------------------------------------------------------------ drawings

function drawer(game) {
  const kind = RULES[game].draw;
  if (kind === "long") return (face, cls) => longcards.cardEl(face, { size: "md", cls });
  if (kind === "word") return (face, cls) => wordcards.cardEl(face, { size: "md", cls });
  return (face, cls) => tileEl(face, { size: "md", cls });
}

function smallDrawer(game) {
  const kind = RULES[game].draw;
  if (kind === "long") return (face) => longcards.cardEl(face, { size: "xs" });
  if (kind === "word") return (face) => wordcards.cardEl(face, { size: "xs" });
  return (face) => tileEl(face, { size: "xs2" });
}

function groupEl(faces, draw, label) {
  return h("figure", { class: "rules-group", "data-testid": "rules-group" },
    h("span", { class: "rules-group__cards" }, faces.map((f) => {
      const winning = f.endsWith("*");
      return draw(winning ? f.slice(0, -1) : f, winning ? "is-winning" : "");
    })),
    label ? h("figcaption", {}, tr(label)) : null);
}

function groupsFigure(game, fig) {
  const draw = drawer(game);
  return h("div", { class: "rules-figure rules-figure--groups", "data-testid": "rules-figure" },
    fig.groups.map((g) => groupEl(g.faces, draw, g.label)));
}

/** A name followed by its Chinese, unless the name already is the Chinese (the page in Chinese). */
function withChinese(name, chinese) {
  const text = typeof name === "string" ? name : name.textContent;
  return text === chinese ? [name] : [name, " ", zh(chinese)];
}

function lineLabel(game, line) {
  if (line.pattern) {
    const row = PATTERN_TABLES[game].find(([code]) => code === line.pattern);
    return withChinese(patternName(game, line.pattern, row[1]), row[2]);
  }
  return tr(line.label, line.params);
}

function scoreTable(game, table) {
  const small = smallDrawer(game);
  const fmt = (n) => (n < 0 ? `\u2212${-n}` : String(n));
  return h("table", { class: "rules-score", "data-testid": "rules-score" },
    table.title ? h("caption", {}, tr(table.title)) : null,
    h("tbody", {}, table.lines.map((line) => h("tr", {},
      h("th", { scope: "row" },
        line.faces ? h("span", { class: "rules-score__cards" }, line.faces.map(small)) : null,
        lineLabel(game, line)),
      h("td", { class: "rules-score__calc" }, line.calc ?? ""),
      h("td", { class: "rules-score__n", "data-n": line.n }, fmt(line.n))))),
    table.total ? h("tfoot", {}, h("tr", {},
      h("th", { scope: "row", colspan: "2" }, tr(table.total.label)),
      h("td", { class: "rules-score__n", "data-testid": "rules-total", "data-n": table.total.n },
        fmt(table.total.n)))) : null);
}

function exampleFigure(game, fig) {
  const draw = drawer(game);
  return h("figure", { class: "rules-example", "data-testid": "rules-example", "data-example": fig.example },
    h("figcaption", { class: "rules-example__caption" }, inline(tr(fig.caption))),
    fig.indicators ? h("p", { class: "rules-example__indicators" },
      h("span", {}, tr("ui.indicators")), " ",
      fig.indicators.map((f) => longcards.cardEl(f, { size: "md", cls: "is-indicator" }))) : null,
    h("div", { class: "rules-example__hand" },
      fig.hand.map((g) => groupEl(g.faces, draw, g.label))),
    fig.tables.map((tb) => scoreTable(game, tb)),
    fig.note ? h("div", { class: "rules-example__note" }, prose(tr(fig.note))) : null);
}

function patternTable(game) {
  const rows = PATTERN_TABLES[game];
  const unit = game === "mcr" ? "ui.points" : "ui.fan";
  const body = [];
  let last = null;
  for (const [code, en, chinese, value] of rows) {
    if (game === "mcr" && value !== last) {
      body.push(h("tr", { class: "rules-patterns__band" },
        h("th", { colspan: "2", scope: "rowgroup" }, tr("ui.points_band", { count: value }))));
      last = value;
    }
    body.push(h("tr", { "data-code": code, "data-testid": "rules-pattern" },
      h("td", { class: "rules-patterns__value" }, String(value)),
      h("td", {},
        withChinese(h("strong", {}, patternName(game, code, en)), chinese),
        h("span", { class: "rules-patterns__desc" }, inline(tr(`${game}.pat.${code}`))))));
  }
  return h("table", { class: "rules-patterns", "data-testid": "rules-patterns" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, tr(unit)), h("th", { scope: "col" }, tr("ui.pattern")))),
    h("tbody", {}, body));
}

// ------------------------------------------------------------------ the page

function hasTable() {
  try {
    const v = JSON.parse(localStorage.getItem(CURRENT) ?? "null");
    return Boolean(v && typeof v.match_id === "string");
  } catch {
    return false;
  }
}

/** The game's name and its Chinese title; in Chinese only what the name does not already say. */
function heading(name, chinese) {
  if (!chinese.startsWith(name)) return [name, " ", zh(chinese)];
  const rest = chinese.slice(name.length).replace(/^\s*·\s*/, "");
  return rest ? [name, " ", zh(rest)] : [name];
}

function section(game, s) {
  const id = `rules-${game}-${s.id}`;
  return h("section", { class: "rules-section", id, "data-testid": `rules-section-${s.id}`, "aria-labelledby": `${id}-h` },
    h("h2", { id: `${id}-h`, tabindex: "-1" }, tr(`${game}.${s.id}.title`)),
    prose(tr(`${game}.${s.id}.body`)),
    (s.figures ?? []).map((fig) => (fig.groups ? groupsFigure(game, fig) : exampleFigure(game, fig))),
    s.table ? patternTable(s.table) : null,
    s.options ? s.options.map((o) => houseRule(game, o)) : null);
}

// ------------------------------------------------------------------ house rules (options)

let offered = null; // {game: Set of option keys} the server offers now (GET /api/games), or null

/** A value as a text key spells it (web/locales/<lang>/options.json, server/labels.py). */
const valueKey = (v) => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * One house-rule option (rules/options.md; its rule id is the element's ``data-rule``, never
 * shown): its name and explanation, then its values with the default marked, or its range. An
 * option the server does not offer yet says so.
 */
function houseRule(game, [key, rule, values, dflt, many = false]) {
  const name = (v) => t(`options.${game}.${key}.value.${valueKey(v)}`);
  const isDefault = (v) => (many ? false : v === dflt);
  const choices = Array.isArray(values)
    ? h("p", { class: "rules-option__values" }, tr("ui.opt_values"), " ",
      values.map((v, i) => [i ? " · " : "", isDefault(v)
        ? h("strong", { "data-default": "true" }, `${name(v)} (${tr("ui.opt_default")})`) : name(v)]))
    : h("p", { class: "rules-option__values" }, tr("ui.opt_range", { min: values.min, max: values.max, default: dflt }));
  const missing = offered && !offered[game]?.has(key);
  return h("div", { class: "rules-option", "data-testid": "rules-option", "data-key": key, "data-rule": rule,
    "data-offered": offered ? String(!missing) : null },
  h("h3", {}, t(`options.${game}.${key}.label`)),
  prose(tr(`${game}.opt.${key}`)),
  choices,
  missing ? h("p", { class: "rules-option__soon" }, t("options.ui.notYet")) : null);
}

function toc(game, root) {
  return h("nav", { class: "rules-toc", "aria-label": tr("ui.toc"), "data-testid": "rules-toc" },
    h("h2", {}, tr("ui.toc")),
    h("ol", {}, RULES[game].sections.map((s) => h("li", {}, h("a", {
      href: `#/rules/${game}`,
      "data-section": s.id,
      onclick: (ev) => {
        // the hash is the route: scroll to the section instead of changing it
        ev.preventDefault();
        const head = root.querySelector(`#rules-${game}-${s.id}-h`);
        head?.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
        head?.focus({ preventScroll: true });
      },
    }, tr(`${game}.${s.id}.title`))))));
}

function otherGames(game) {
  return h("nav", { class: "rules-games", "aria-label": tr("ui.other_games") },
    GAME_ORDER.map((g) => (g === game
      ? h("span", { class: "rules-games__current", "aria-current": "page" }, tr(`${g}.name`))
      : h("a", { href: `#/rules/${g}`, "data-testid": `rules-switch-${g}` }, tr(`${g}.name`)))));
}

export async function render(root, params) {
  used = new Set();
  try {
    const games = await gamesInfo();
    offered = Object.fromEntries(Object.values(games).map((g) => [g.name, new Set(g.options.map((o) => o.key))]));
  } catch {
    offered = null; // no server: the options are explained, without saying which are offered
  }
  const game = RULES[params?.game] ? params.game : null;
  const back = h("a", { class: "rules-back", href: "#/", "data-testid": "rules-back" },
    `\u2190 ${tr(hasTable() ? "ui.back_table" : "ui.back_games")}`);
  if (!game) {
    root.replaceChildren(h("article", { class: "rules", "data-testid": "rules" }, back,
      h("h1", {}, tr("ui.unknown_title")),
      h("p", {}, tr("ui.unknown_body")),
      otherGames(null)));
    document.title = `${tr("ui.unknown_title")} — paiju`;
    return;
  }
  const spec = RULES[game];
  const page = h("article", { class: "rules", "data-testid": "rules", "data-game": game });
  page.append(
    h("header", { class: "rules-head" }, back, otherGames(game),
      h("h1", {}, heading(tr(`${game}.name`), spec.chinese)),
      h("p", { class: "rules-head__lead" }, inline(tr(`${game}.lead`)))),
    h("div", { class: "rules-layout" },
      toc(game, page),
      h("div", { class: "rules-body" }, spec.sections.map((s) => section(game, s)))),
    h("p", { class: "rules-foot" }, h("a", { class: "rules-back", href: "#/" },
      `\u2190 ${tr(hasTable() ? "ui.back_table" : "ui.back_games")}`)));
  root.replaceChildren(page);
  document.title = `${tr("ui.title", { game: tr(`${game}.name`) })} — paiju`;
  window.scrollTo(0, 0);
}
