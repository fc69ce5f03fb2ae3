// What a Paohuzi win pays, row by row (shared/rules/options.md, the payment formula t × F × D,
// capped): the mingtang (OPT-PH-3) as one items table whose total is the multiplier F, then the
// engine's payment rows (payment_items): the tun, the xing (OPT-PH-5: the turned card and the
// face it names), the self-draw tun, × F, × 2 for a doubled self-draw, the cap. The settlement (paohuzi.js) and the calculator
// (calculator.js) both draw a win's result with it, so they read the same.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { footRow, itemsTable } from "./items.js";

/** Whether the win's payment is more than its tun (a house rule changed it): only then are the
 *  tables drawn, so that a match with the rules as written reads as before. */
export function hasPayout(w) {
  return !!w.payment_items && (w.mingtang.length > 0 || !!w.xing || w.payment !== w.tun);
}

/** The mingtang table (none: omitted) and the payment table, for a win result carrying
 *  ``mingtang``, ``multiplier``, ``payment_items`` and ``payment`` (the settlement's ``win`` and
 *  the calculator's answer with options): the engine's rows, drawn as they come. */
export function payoutTables(w, opts = {}) {
  if (!hasPayout(w)) return [];
  const card = opts.card;
  const out = [];
  if (w.mingtang?.length) {
    out.push(itemsTable("paohuzi", w.mingtang, { unit: "multiplier", card, cls: `patterns ${opts.cls ?? ""}`,
      testid: "mingtang-table",
      foot: [footRow(t("app.ph.multiplier"), w.multiplier, "mingtang-multiplier")] }));
  }
  out.push(itemsTable("paohuzi", w.payment_items, { unit: "tun", card, cls: `patterns ${opts.cls ?? ""}`,
    testid: "payment-table",
    foot: [footRow(t("app.ph.eachPays"), w.payment, "each-pays")] }));
  return out.map((el) => h("div", { class: "payout" }, el));
}
