// Mahjong tiles drawn as inline SVG: characters (万), dots (筒), bamboo (条), honours, flowers.
// Faces use the API notation: "1m"–"9m", "1p"–"9p", "1s"–"9s", "E S W N", "C F P", "f1"–"f8".
// Chinese glyphs come from the bundled subset font (fonts/paiju-cjk.woff2, family PaijuCJK).
// Names in words (aria labels, sentences) come from t() in the "app" namespace: app.tile.*.

import { t } from "./i18n.js";
import { faceClass, faceDownEl, faceEl, svgCache } from "./faces.js";

const NUMERALS = "一二三四五六七八九";
export const SUIT_CHARS = { m: "万", p: "筒", s: "条" };
/** A suit's name: "characters", "dots", "bamboo". */
export const suitName = (suit) => t(`app.suit.${suit}`);
const HONOURS = { E: ["东"], S: ["南"], W: ["西"], N: ["北"], C: ["中"], F: ["發"], P: ["白"] };
/** The seat and prevailing winds: face → [character]; windName(face) says it in words. */
export const WINDS = { E: ["东"], S: ["南"], W: ["西"], N: ["北"] };
export const windName = (face) => t(`app.wind.${face}`);
/** Flowers f1–f4 (plum, orchid, bamboo, chrysanthemum) and seasons f5–f8. */
const FLOWERS = {
  f1: ["梅"], f2: ["兰"], f3: ["竹"], f4: ["菊"], f5: ["春"], f6: ["夏"], f7: ["秋"], f8: ["冬"],
};

const RED = "#c62828";
const GREEN = "#17803d";
const BLUE = "#1c4f9c";
const INK = "#1d2746";
const GOLD = "#d9a21b";
const CJK = "PaijuCJK, 'Noto Serif CJK SC', serif";

/** The face of a physical tile id (suited and honour tiles: id // 4; MCR flowers: 136–143). */
export function faceOfId(id) {
  if (id >= 136) return id < 144 ? `f${id - 135}` : "?";
  const f = id >> 2;
  if (f < 27) return `${(f % 9) + 1}${"mps"[Math.floor(f / 9)]}`;
  return "ESWNCFP"[f - 27] ?? "?";
}

export const isFlower = (face) => Boolean(FLOWERS[face]);

/** A person-readable name: "5 characters", "1 dot", "Red dragon", "Flower 3 (bamboo)". */
export function tileName(face) {
  if (HONOURS[face]) return t(`app.tile.${face}`);
  if (FLOWERS[face]) return t("app.tile.flower", { n: face.slice(1), name: t(`app.tile.${face}`) });
  const suit = face[1];
  if (!SUIT_CHARS[suit]) return face;
  return t(`app.tile.${suit}`, { count: Number(face[0]) });
}

/** Sort key: suit order m, p, s, honours, flowers; then rank. */
export function faceKey(face) {
  if (HONOURS[face]) return 100 + "ESWNCFP".indexOf(face);
  if (FLOWERS[face]) return 200 + Number(face.slice(1));
  return "mps".indexOf(face[1]) * 10 + Number(face[0]);
}

// ------------------------------------------------------------------ face drawings (viewBox 40×50)

function dot(cx, cy, r, color) {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${(r * 0.68).toFixed(2)}" fill="#fbf8ef"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${(r * 0.5).toFixed(2)}" fill="none" stroke="${color}" stroke-width="${(r * 0.12).toFixed(2)}"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${(r * 0.26).toFixed(2)}" fill="${color}"/>`;
}

const DOTS = {
  2: [[20, 14, 8.5, GREEN], [20, 36, 8.5, BLUE]],
  3: [[10, 10, 7, BLUE], [20, 25, 7, RED], [30, 40, 7, GREEN]],
  4: [[11, 14, 7.5, BLUE], [29, 14, 7.5, GREEN], [11, 36, 7.5, GREEN], [29, 36, 7.5, BLUE]],
  5: [[10, 11, 6.8, BLUE], [30, 11, 6.8, GREEN], [20, 25, 6.8, RED], [10, 39, 6.8, GREEN],
      [30, 39, 6.8, BLUE]],
  6: [[12, 9, 6.5, GREEN], [28, 9, 6.5, GREEN], [12, 26, 6.5, RED], [28, 26, 6.5, RED],
      [12, 41, 6.5, RED], [28, 41, 6.5, RED]],
  7: [[8, 7, 5.6, GREEN], [20, 12, 5.6, GREEN], [32, 17, 5.6, GREEN], [12, 30, 5.6, RED],
      [28, 30, 5.6, RED], [12, 43, 5.6, RED], [28, 43, 5.6, RED]],
  8: [7, 18.5, 30, 42].flatMap((y) => [[12, y, 5.4, BLUE], [28, y, 5.4, BLUE]]),
  9: [[8.5, BLUE], [25, RED], [41.5, GREEN]].flatMap(([y, c]) =>
    [[8, y, 5.6, c], [20, y, 5.6, c], [32, y, 5.6, c]]),
};

function dotsFace(rank) {
  if (rank === 1) {
    return `<circle cx="20" cy="25" r="16" fill="${GREEN}"/>`
      + `<circle cx="20" cy="25" r="13.2" fill="#fbf8ef"/>`
      + Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<circle cx="${(20 + 11 * Math.cos(a)).toFixed(2)}" cy="${(25 + 11 * Math.sin(a)).toFixed(2)}" r="1.5" fill="${BLUE}"/>`;
      }).join("")
      + `<circle cx="20" cy="25" r="8" fill="${RED}"/>`
      + `<circle cx="20" cy="25" r="5.4" fill="#fbf8ef"/>`
      + `<circle cx="20" cy="25" r="3" fill="${GREEN}"/>`;
  }
  return DOTS[rank].map(([x, y, r, c]) => dot(x, y, r, c)).join("");
}

function stick(cx, cy, len, color, angle = 0) {
  const w = 5.2;
  const x = cx - w / 2;
  const y = cy - len / 2;
  const rot = angle ? ` transform="rotate(${angle} ${cx} ${cy})"` : "";
  return `<g${rot}><rect x="${x}" y="${y}" width="${w}" height="${len}" rx="2.1" fill="${color}"/>`
    + `<rect x="${x - 0.6}" y="${cy - 0.9}" width="${w + 1.2}" height="1.8" rx="0.9" fill="${color}" stroke="#fbf8ef" stroke-width="0.55"/>`
    + `<rect x="${x - 0.4}" y="${y - 0.2}" width="${w + 0.8}" height="1.6" rx="0.8" fill="${color}"/>`
    + `<rect x="${x - 0.4}" y="${y + len - 1.4}" width="${w + 0.8}" height="1.6" rx="0.8" fill="${color}"/>`
    + `<line x1="${cx}" y1="${y + 2}" x2="${cx}" y2="${y + len - 2}" stroke="#fbf8ef" stroke-width="0.8" opacity="0.7"/>`
    + `</g>`;
}

const STICKS = {
  2: [[20, 13, 20, BLUE], [20, 37, 20, GREEN]],
  3: [[20, 13, 20, BLUE], [12, 37, 20, GREEN], [28, 37, 20, GREEN]],
  4: [[12, 13, 20, BLUE], [28, 13, 20, GREEN], [12, 37, 20, GREEN], [28, 37, 20, BLUE]],
  5: [[9, 13, 19, GREEN], [31, 13, 19, BLUE], [20, 25, 19, RED], [9, 37, 19, BLUE],
      [31, 37, 19, GREEN]],
  6: [9, 20, 31].flatMap((x) => [[x, 13, 19, GREEN], [x, 37, 19, BLUE]]),
  7: [[20, 8, 13, RED], ...[9, 20, 31].flatMap((x) => [[x, 24.5, 13, GREEN], [x, 41.5, 13, GREEN]])],
  8: [[6, 13, 19, GREEN], [34, 13, 19, GREEN], [15.5, 13, 19, BLUE, 22], [24.5, 13, 19, BLUE, -22],
      [6, 37, 19, GREEN], [34, 37, 19, GREEN], [15.5, 37, 19, BLUE, -22], [24.5, 37, 19, BLUE, 22]],
  9: [9, 20, 31].flatMap((x) => [8.5, 25, 41.5].map((y) => [x, y, 13, x === 20 ? RED : GREEN])),
};

function bird() {
  // 1 bamboo: a small sparrow on a bamboo stalk.
  return `<rect x="18.2" y="30" width="3.6" height="18" rx="1.6" fill="${GREEN}"/>`
    + `<rect x="17.4" y="38" width="5.2" height="1.6" rx="0.8" fill="${GREEN}" stroke="#fbf8ef" stroke-width="0.4"/>`
    + `<path d="M21 40 q7 -3 9 -9" stroke="${GREEN}" stroke-width="1.6" fill="none" stroke-linecap="round"/>`
    + `<path d="M30 31 q-3 1 -4 4 q4 0 4 -4z" fill="${GREEN}"/>`
    // tail feathers
    + `<path d="M12 26 L2 36 L6 37 L3 42 L9 39 L9 44 L14 33 Z" fill="${BLUE}"/>`
    + `<path d="M5 37 L3 42 M9 39 L9 44" stroke="${RED}" stroke-width="1" stroke-linecap="round"/>`
    // body
    + `<ellipse cx="19" cy="24" rx="10" ry="8" fill="${GREEN}" transform="rotate(-20 19 24)"/>`
    + `<path d="M12 24 q7 -7 15 -3 q-6 8 -15 3z" fill="#4fae5f"/>`
    + `<path d="M14 25.5 q6 -3 11 -1.5" stroke="${RED}" stroke-width="0.9" fill="none"/>`
    // head, crest, beak, eye
    + `<circle cx="27" cy="13" r="5.4" fill="${GREEN}"/>`
    + `<path d="M24 8.5 q1 -5 4 -6 q-0.5 3 1.2 4.5" fill="${RED}"/>`
    + `<path d="M31.8 12 L37.5 13.8 L31.6 15.4 Z" fill="${RED}"/>`
    + `<circle cx="28.4" cy="12.2" r="1.5" fill="#fbf8ef"/><circle cx="28.7" cy="12.2" r="0.8" fill="${INK}"/>`
    // feet
    + `<path d="M17 31 l-1 4 M21 31 l1 4" stroke="${RED}" stroke-width="1.1" stroke-linecap="round"/>`;
}

function bambooFace(rank) {
  if (rank === 1) return bird();
  return STICKS[rank].map(([x, y, l, c, a]) => stick(x, y, l, c, a)).join("");
}

function charactersFace(rank) {
  return `<text x="20" y="21" text-anchor="middle" font-size="19" font-family="${CJK}" fill="${INK}">${NUMERALS[rank - 1]}</text>`
    + `<text x="20" y="46" text-anchor="middle" font-size="22" font-family="${CJK}" fill="${RED}">万</text>`;
}

function honourFace(face) {
  const [glyph] = HONOURS[face];
  if (face === "P") {
    return `<rect x="8" y="9" width="24" height="32" rx="2" fill="none" stroke="${BLUE}" stroke-width="2.2"/>`
      + `<rect x="11.5" y="12.5" width="17" height="25" rx="1" fill="none" stroke="${BLUE}" stroke-width="0.9"/>`;
  }
  const color = face === "C" ? RED : face === "F" ? GREEN : INK;
  return `<text x="20" y="35" text-anchor="middle" font-size="27" font-family="${CJK}" fill="${color}">${glyph}</text>`;
}

function flowerFace(face) {
  // The flower's character, its number (1–4 within flowers and within seasons) in the corner,
  // and a little blossom: flowers in red, seasons in blue.
  const n = Number(face.slice(1));
  const season = n > 4;
  const color = season ? BLUE : RED;
  const petals = [0, 72, 144, 216, 288].map((a) =>
    `<ellipse cx="33" cy="8.2" rx="1.7" ry="3" fill="${season ? GREEN : RED}" opacity="0.8" transform="rotate(${a} 33 11)"/>`).join("");
  return `<text x="7.5" y="13.5" text-anchor="middle" font-size="13" font-weight="700" font-family="system-ui, sans-serif" fill="${season ? RED : BLUE}">${season ? n - 4 : n}</text>`
    + petals + `<circle cx="33" cy="11" r="1.5" fill="${GOLD}"/>`
    + `<text x="20" y="43" text-anchor="middle" font-size="26" font-family="${CJK}" fill="${color}">${FLOWERS[face][0]}</text>`;
}

function tileBody(face) {
  if (HONOURS[face]) return honourFace(face);
  if (FLOWERS[face]) return flowerFace(face);
  return { m: charactersFace, p: dotsFace, s: bambooFace }[face[1]](Number(face[0]));
}

/** The inner SVG markup of a face (cached). */
export const faceSvg = svgCache("0 0 40 50", tileBody);

/**
 * A face-up tile element. ``opts.tag`` "button" for selectable tiles; ``opts.size``
 * "lg" (hand), "md", "sm" (rivers, melds); extra ``opts.cls`` and data attributes via ``opts.data``.
 */
export function tileEl(face, opts = {}) {
  return faceEl(face, opts, {
    className: faceClass("tile", opts.size, opts.cls), name: tileName(face),
    inner: `<span class="tile__face">${faceSvg(face)}</span><span class="tile__idx" aria-hidden="true">${face}</span>`,
  });
}

/** A face-down tile. */
export function backEl(size = "xs", cls = "") {
  return faceDownEl("tile", size, cls);
}
