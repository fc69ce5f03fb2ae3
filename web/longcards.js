// Nantong long cards drawn as inline SVG: tall narrow cards with a Chinese numeral on top, the
// suit's emblem in the middle and its mark below — 万 Myriads (red), 饼 Coins (blue), 条 Strings
// (green) — and the three cards that form only identical groups: 千 Thousand, 白花 White Flower,
// 红花 Red Flower. The four Old Generals (千 白花 红花 and the Nine of Strings) carry a gold band.
// Faces use the API notation: "1m"–"9m", "1p"–"9p", "1s"–"9s", "Q", "B", "H".
// Chinese glyphs come from the bundled subset font (fonts/paiju-cjk.woff2, family PaijuCJK).
// Names in words come from t(): app.long.*.

import { t } from "./i18n.js";
import { faceClass, faceDownEl, faceEl, svgCache } from "./faces.js";

const NUMERALS = "一二三四五六七八九";
const CJK = "PaijuCJK, 'Noto Serif CJK SC', serif";
const INK = "#1d2746";
const PAPER = "#fbf8ef";
const GOLD = "#d9a21b";
export const SUITS = {
  m: { cn: "万", color: "#b3261e" },
  p: { cn: "饼", color: "#1c4f9c" },
  s: { cn: "条", color: "#17803d" },
};
const SPECIAL = {
  Q: { cn: "千", color: "#3b2a5c" },
  B: { cn: "白花", color: "#1c4f9c" },
  H: { cn: "红花", color: "#c62828" },
};
const FACES = [..."mps"].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}${s}`)).concat(["Q", "B", "H"]);

/** The face of a physical card id (id = face × 4 + copy; faces 0–8 m, 9–17 p, 18–26 s, Q B H). */
export const faceOfId = (id) => FACES[id >> 2] ?? "?";

/** NT-1.4: Thousand, White Flower, Red Flower and the Nine of Strings. */
export const isOldGeneral = (face) => face === "9s" || Boolean(SPECIAL[face]);

/** "五万", "千", "白花". */
export function cardChinese(face) {
  if (SPECIAL[face]) return SPECIAL[face].cn;
  return `${NUMERALS[Number(face[0]) - 1]}${SUITS[face[1]]?.cn ?? "?"}`;
}

/** "5 of Myriads", "Thousand", "Red Flower". */
export function cardName(face) {
  if (SPECIAL[face]) return t(`app.long.${face}`);
  if (!SUITS[face[1]]) return face;
  return t(`app.long.${face[1]}`, { count: Number(face[0]) });
}

/** Sort key: Myriads, Coins, Strings by rank, then Thousand, White Flower, Red Flower. */
export const faceKey = (face) => FACES.indexOf(face);

// ------------------------------------------------------------------ drawings (viewBox 30×78)

function text(glyph, y, size, color) {
  return `<text x="15" y="${y}" text-anchor="middle" font-size="${size}" font-family="${CJK}" font-weight="700" fill="${color}">${glyph}</text>`;
}

function coin(cx, cy, r, color) {
  const hole = r * 0.42;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${(r * 0.78).toFixed(2)}" fill="none" stroke="${PAPER}" stroke-width="${(r * 0.1).toFixed(2)}"/>`
    + `<rect x="${cx - hole}" y="${cy - hole}" width="${2 * hole}" height="${2 * hole}" fill="${PAPER}"/>`;
}

function emblem(suit, color) {
  if (suit === "p") return coin(15, 39.5, 8.6, color);
  if (suit === "s") {
    return `<line x1="15" y1="28" x2="15" y2="51" stroke="${color}" stroke-width="1.4"/>`
      + coin(15, 32, 3.8, color) + coin(15, 39.5, 3.8, color) + coin(15, 47, 3.8, color);
  }
  // Myriads: a seal, two nested lozenges
  return `<rect x="9" y="33.5" width="12" height="12" transform="rotate(45 15 39.5)" fill="${color}"/>`
    + `<rect x="11.6" y="36.1" width="6.8" height="6.8" transform="rotate(45 15 39.5)" fill="none" stroke="${PAPER}" stroke-width="1.1"/>`;
}

function flower(color, stroke) {
  const petals = [0, 72, 144, 216, 288].map((a) =>
    `<ellipse cx="15" cy="33.4" rx="3.5" ry="5.4" fill="${color}" stroke="${stroke}" stroke-width="0.9" transform="rotate(${a} 15 39.5)"/>`).join("");
  return petals + `<circle cx="15" cy="39.5" r="2.6" fill="${GOLD}"/>`;
}

function body(face) {
  const band = isOldGeneral(face)
    ? `<rect x="4" y="1.6" width="22" height="2.6" rx="1.3" fill="${GOLD}"/><rect x="4" y="73.8" width="22" height="2.6" rx="1.3" fill="${GOLD}"/>`
    : "";
  if (face === "Q") {
    return band + `<circle cx="15" cy="13" r="2.2" fill="#c62828"/><circle cx="15" cy="66" r="2.2" fill="#c62828"/>`
      + text("千", 50, 27, SPECIAL.Q.color);
  }
  if (face === "B") return band + text("白", 23, 19, SPECIAL.B.color) + flower("#ffffff", SPECIAL.B.color) + text("花", 70, 19, SPECIAL.B.color);
  if (face === "H") return band + text("红", 23, 19, SPECIAL.H.color) + flower(SPECIAL.H.color, "#8e1b1b") + text("花", 70, 19, SPECIAL.H.color);
  const suit = SUITS[face[1]];
  return band + text(NUMERALS[Number(face[0]) - 1], 23, 20, INK) + emblem(face[1], suit.color)
    + text(suit.cn, 70, 20, suit.color);
}

export const cardSvg = svgCache("0 0 30 78", body);

/**
 * A face-up long card. ``opts.size``: "lg" (your hand), "md" (indicators, your groups), "sm"
 * (discards, other players' groups), "xs" (settlement); ``opts.tag`` "button" for your hand.
 */
export function cardEl(face, opts = {}) {
  return faceEl(face, opts, {
    className: faceClass("lcard", opts.size, opts.cls), name: cardName(face),
    title: `${cardChinese(face)} · ${cardName(face)}`,
    inner: `<span class="lcard__face">${cardSvg(face)}</span>`,
  });
}

/** A face-down long card. */
export function backEl(size = "xs", cls = "") {
  return faceDownEl("lcard", size, cls);
}
