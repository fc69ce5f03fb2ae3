// The tables the page can draw, keyed by the game's name in the API. Each has a render function
// (MatchView + context → the table) and a settlement (the end-of-deal dialog); ``ai`` is the level
// the lobby asks for its AI seats: one the AI has a policy of for that game (ai/policies), since
// the server would play an unknown one as "random" while the seat still shows the level asked.

import * as mahjong from "./table.js";
import * as nantong from "./nantong.js";
import * as paohuzi from "./paohuzi.js";

export const TABLES = {
  sichuan: {
    title: "Sichuan mahjong", chinese: "四川麻将 · 血战到底", ai: "basic",
    render: mahjong.renderTable, settlement: mahjong.settlement,
  },
  mcr: {
    title: "Chinese Official Mahjong", chinese: "国标麻将", ai: "basic",
    render: mahjong.renderTable, settlement: mahjong.settlement,
  },
  nantong: {
    title: "Nantong long cards", chinese: "南通长牌 · 独子胡", ai: "basic",
    render: nantong.renderTable, settlement: nantong.settlement,
  },
  paohuzi: {
    title: "Paohuzi word cards", chinese: "跑胡子 · 字牌", ai: "basic",
    render: paohuzi.renderTable, settlement: paohuzi.settlement,
  },
};
