// One itemised score, drawn one way for every game: the calculator page, the settlement panels
// and the hints all show the engine's `items` (engine/core/items.py) with these helpers.
//
// An item: {code, name, chinese, value, count, op, total, cards, factors, notes}. op "+" adds
// total (value × count × its factors), "×" multiplies what the items above made by value, "="
// makes it value (the hints' conversions). Read top to bottom, the rows make the score's total
// in its unit, so a player can check every step: before a run of × rows a row says the sum so
// far, and a × row's total column says what it makes.

import { h, zh } from "./dom.js";
import { getLanguage, has, patternName, t } from "./i18n.js";
import { cardEl as longCard } from "./longcards.js";
import { tileEl } from "./tiles.js";
import { cardEl as wordCard } from "./wordcards.js";

/** A face of the game, drawn small (a tile, a long card or a word card). */
export function itemCard(game, face) {
  if (game === "paohuzi") return wordCard(face, { size: "mini" });
  if (game === "nantong") return longCard(face, { size: "mini" });
  return tileEl(face, { size: "xs2" });
}

/** An item's name in the page's language (patterns.<game>.<code>), else the engine's English. */
export function itemName(game, it) {
  return patternName(game, it.code, it.name);
}

/** A note's words: a code the game names (a chi's shape) or one of items.note.*. */
export function noteText(game, note) {
  if (has(`patterns.${game}.${note}`)) return patternName(game, note, note);
  return has(`calc.note.${note}`) ? t(`calc.note.${note}`) : note;
}

/** How the item counts: "6", "1 × 2", "×2", "= 16". */
export function valueText(it) {
  if (it.op === "×") return `×${it.value}`;
  if (it.op === "=") return `= ${it.value}`;
  return it.count > 1 ? `${it.value} × ${it.count}` : String(it.value);
}

/** The item's own detail: its cards, its notes and its factors (each ×2 with its card). */
export function itemDetail(game, it, card = (f) => itemCard(game, f)) {
  const out = [];
  if (it.cards.length) out.push(h("span", { class: "item__cards" }, it.cards.map(card)));
  it.notes.forEach((note, i) => out.push(h("small", { class: "muted item__note", "data-testid": "item-note",
    "data-note": note }, `${i ? " · " : " "}${noteText(game, note)}`)));
  for (const f of it.factors) {
    out.push(h("span", { class: "item__factor", "data-testid": "item-factor", "data-code": f.code },
      `×${f.value} `, itemName(game, f), f.cards.length ? [" ", f.cards.map(card)] : null));
  }
  return out;
}

/** A footer row: a label and a number (game-specific totals under the items). */
export function footRow(label, value, testid, cls = "") {
  return h("tr", { class: cls }, h("td", { colspan: 3 }, label),
    h("td", { class: "num", "data-testid": testid, "data-value": value }, String(value)));
}

/** A subtotal row inside the items: a label and what the items above it make. */
function subtotalRow(sub, running) {
  return h("tr", { class: `items__sub ${sub.cls ?? ""}`, "data-testid": "item-subtotal", "data-value": running },
    h("td", { colspan: 3 }, sub.label),
    h("td", { class: "num", "data-testid": sub.testid, "data-value": running }, String(running)));
}

/**
 * The items as one table: name (with its Chinese name), detail, value × count, total.
 * opts.unit: the score's unit (its column header); opts.foot: rows under the items;
 * opts.card: how to draw a face; opts.cls: classes of the table; opts.empty: what to say when
 * there are no items; opts.subtotal: {label, testid, cls, later(item)}: a row with the sum so
 * far before the items ``later`` picks (MCR's flowers, counted after the 8-point minimum),
 * which are drawn last, so that the rows read top to bottom: patterns, "total before
 * flowers", flowers, then the foot's total.
 */
export function itemsTable(game, items, opts = {}) {
  const card = opts.card ?? ((f) => itemCard(game, f));
  const sub = opts.subtotal;
  const later = sub ? items.filter((it) => sub.later(it)) : [];
  const rows = [];
  let running = 0;
  let prev = null;
  for (const it of sub ? [...items.filter((x) => !later.includes(x)), ...later] : items) {
    if (sub && it === later[0]) rows.push(subtotalRow(sub, running));
    if (it.op === "×" && prev === "+") {
      rows.push(h("tr", { class: "items__sub", "data-testid": "item-subtotal" },
        h("td", { colspan: 3 }, t("calc.items.so_far")), h("td", { class: "num" }, String(running))));
    }
    if (it.op === "+") running += it.total;
    else if (it.op === "×") running *= it.total;
    else running = it.total;
    prev = it.op;
    const chinese = it.chinese && getLanguage() !== "zh" ? [" ", zh(it.chinese)] : null;
    rows.push(h("tr", { "data-testid": "item", "data-code": it.code, "data-op": it.op,
      class: it.notes.includes("winning") ? "is-winning" : "" },
    h("td", { class: "item__name", title: it.name }, it.op === "+" ? "" : `${it.op} `, itemName(game, it), chinese),
    h("td", { class: "item__detail" }, itemDetail(game, it, card)),
    h("td", { class: "num", "data-testid": "item-value" }, valueText(it)),
    h("td", { class: "num", "data-testid": "item-total", "data-value": it.op === "+" ? it.total : running },
      String(it.op === "+" ? it.total : running))));
  }
  if (sub && !later.length && items.length) rows.push(subtotalRow(sub, running));
  const head = [t("calc.col.item"), t("calc.col.detail"), t(`calc.col.${opts.unit ?? "points"}`), t("calc.col.total")];
  return h("table", { class: `items ${opts.cls ?? ""}`, "data-testid": opts.testid ?? "items" },
    h("thead", {}, h("tr", {}, head.map((c, i) => h("th", { class: i > 1 ? "num" : "" }, c)))),
    h("tbody", {}, rows.length || !opts.empty ? rows
      : h("tr", { class: "muted" }, h("td", { colspan: 4 }, opts.empty))),
    h("tfoot", {}, opts.foot ?? []));
}
