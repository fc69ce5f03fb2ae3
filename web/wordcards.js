// Paohuzi word cards (字牌) drawn as inline SVG: tall cards with the Chinese numeral at the top,
// again upside down at the bottom (a card reads from both ends), and the value in the middle.
// As in the real deck, the 2, 7 and 10 of both sizes (二 七 十, 贰 柒 拾) are printed in red and
// the rest in black: the ink is the card's CSS colour (.wcard--red, style.css), the SVG draws in
// currentColor. Big numbers 壹…拾 sit on a warmer card with a double frame, so the two sizes
// never look alike.
// Faces use the API notation: "x1"–"x10" small, "d1"–"d10" big.
// Chinese glyphs come from the bundled subset font (fonts/paiju-cjk.woff2, family PaijuCJK).
// Names in words come from t(): app.word.small / app.word.big.

import { t } from "./i18n.js";
import { faceClass, faceDownEl, faceEl, svgCache } from "./faces.js";

const SMALL = "一二三四五六七八九十";
const BIG = "壹贰叁肆伍陆柒捌玖拾";
const CJK = "PaijuCJK, 'Noto Serif CJK SC', serif";
/** The values printed in red in either size (二 七 十, 贰 柒 拾). */
const RED_VALUES = new Set([2, 7, 10]);

export const isBig = (face) => face[0] === "d";
export const valueOf = (face) => Number(face.slice(1));
/** Whether the card is printed in red (the 2, 7 and 10 of both sizes), else black. */
export const isRed = (face) => RED_VALUES.has(valueOf(face));

/** The face of a physical card id (id = face × 4 + copy; faces 0–9 small, 10–19 big). */
export function faceOfId(id) {
  const f = id >> 2;
  return f < 10 ? `x${f + 1}` : `d${f - 9}`;
}

/** "三", "叁". */
export const cardChinese = (face) => (isBig(face) ? BIG : SMALL)[valueOf(face) - 1] ?? "?";

/** "small 3", "big 3". */
export const cardName = (face) => t(isBig(face) ? "app.word.big" : "app.word.small", { n: valueOf(face) });

/** Sort key: small 1–10, then big 1–10. */
export const faceKey = (face) => (isBig(face) ? 10 : 0) + valueOf(face);

// ------------------------------------------------------------------ drawings (viewBox 30×72)

function body(face) {
  const big = isBig(face);
  const color = "currentColor";
  const glyph = cardChinese(face);
  const v = valueOf(face);
  const frame = big
    ? `<rect x="2" y="2" width="26" height="68" rx="3" fill="none" stroke="${color}" stroke-width="1.3"/>`
      + `<rect x="4" y="4" width="22" height="64" rx="2" fill="none" stroke="${color}" stroke-width="0.5"/>`
    : "";
  return frame
    + `<text x="15" y="27" text-anchor="middle" font-size="23" font-family="${CJK}" font-weight="700" fill="${color}">${glyph}</text>`
    + `<circle cx="15" cy="37" r="5.6" fill="${color}"/>`
    + `<text x="15" y="39.6" text-anchor="middle" font-size="${v === 10 ? 6.4 : 7.6}" font-family="system-ui, sans-serif" font-weight="700" fill="#fff">${v}</text>`
    + `<text x="15" y="47.5" text-anchor="middle" font-size="13" font-family="${CJK}" font-weight="700" fill="${color}" transform="rotate(180 15 52.5)">${glyph}</text>`;
}

export const cardSvg = svgCache("0 0 30 72", body);

/**
 * A face-up word card. ``opts.size``: "lg" (your hand), "md" (the card on offer), "sm"
 * (groups, discard rows), "xs" (buttons, settlement); ``opts.tag`` "button" for your hand.
 */
export function cardEl(face, opts = {}) {
  return faceEl(face, opts, {
    className: faceClass("wcard", opts.size, isBig(face) && "wcard--big",
      isRed(face) ? "wcard--red" : "wcard--black", opts.cls), name: cardName(face),
    title: `${cardChinese(face)} · ${cardName(face)}`,
    inner: `<span class="wcard__face">${cardSvg(face)}</span>`,
  });
}

/** A face-down word card. */
export function backEl(size = "tiny", cls = "") {
  return faceDownEl("wcard", size, cls);
}
