// What a Paohuzi win pays, row by row (shared/rules/options.md, the payment formula t × F × D,
// capped): the mingtang (OPT-PH-3) as one items table whose total is the multiplier F, then the
// payment: the tun, the xing (OPT-PH-5: the turned card and the face it names), the self-draw
// tun, × F, × 2 for a doubled self-draw, the cap. The settlement (paohuzi.js) and the calculator
// (calculator.js) both draw a win's result with it, so they read the same.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { footRow, itemsTable } from "./items.js";

/** A row of the payment as an item (engine/core/items.py's shape), named patterns.paohuzi.<code>. */
function row(code, value, op = "+", cards = []) {
  return { code, name: code, chinese: "", value, count: 1, op, total: value, cards, factors: [], notes: [] };
}

/** The payment's rows, top to bottom: their running total is each opponent's payment. */
export function paymentItems(w) {
  const x = w.xing;
  const items = [row("pay_tun", w.tun)];
  if (x) {
    const cards = [x.card?.face, x.face].filter(Boolean);
    items.push(row(`pay_xing_${x.mode}`, x.count, "+", cards));
  }
  const selfTun = w.tun_paid - w.tun - (x ? x.count : 0);
  if (selfTun) items.push(row("pay_self_draw_tun", selfTun));
  if (w.multiplier !== 1) items.push(row("pay_mingtang", w.multiplier, "×"));
  if (w.doubled) items.push(row("pay_self_draw_double", 2, "×"));
  if (w.capped) items.push(row("pay_cap", w.payment, "="));
  return items;
}

/** Whether the win's payment is more than its tun (a house rule changed it): only then are the
 *  tables drawn, so that a match with the rules as written reads as before. */
export function hasPayout(w) {
  return w.payment !== undefined && (w.mingtang?.length > 0 || !!w.xing || w.payment !== w.tun);
}

/** The mingtang table (none: omitted) and the payment table, for a win result carrying
 *  ``mingtang``, ``xing``, ``tun_paid``, ``multiplier``, ``doubled``, ``capped``, ``payment``
 *  (the settlement's ``win`` and the calculator's answer with options). */
export function payoutTables(w, opts = {}) {
  if (!hasPayout(w)) return [];
  const card = opts.card;
  const out = [];
  if (w.mingtang?.length) {
    out.push(itemsTable("paohuzi", w.mingtang, { unit: "multiplier", card, cls: `patterns ${opts.cls ?? ""}`,
      testid: "mingtang-table",
      foot: [footRow(t("app.ph.multiplier"), w.multiplier, "mingtang-multiplier")] }));
  }
  out.push(itemsTable("paohuzi", paymentItems(w), { unit: "tun", card, cls: `patterns ${opts.cls ?? ""}`,
    testid: "payment-table",
    foot: [footRow(t("app.ph.eachPays"), w.payment, "each-pays")] }));
  return out.map((el) => h("div", { class: "payout" }, el));
}
