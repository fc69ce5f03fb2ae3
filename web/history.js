// Your history, #/history: the deals this browser's player finished (player.js), newest first,
// each with its game, date, opponents, score, result and links to its replay and its review, and statistics per
// game (deals, win rate, deal-in rate, mean score, best hand), from GET /api/players/me/history.
// Numbers and dates are written the page's language's way (Intl); "Show older" pages back.

import * as API from "./api.js";
import { h } from "./dom.js";
import { getLanguage, listText, patternName, t } from "./i18n.js";
import { forgetPlayer, player } from "./player.js";
import { replayHref, reviewHref } from "./links.js";
import { gameTitle } from "./replay.js";

const PAGE = 20;

/** The page's language's ways of writing numbers and dates. */
function formats() {
  const lang = getLanguage();
  return {
    date: new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }),
    count: new Intl.NumberFormat(lang),
    rate: new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 1 }),
    score: new Intl.NumberFormat(lang, { signDisplay: "exceptZero", maximumFractionDigits: 1 }),
  };
}

export async function render(root) {
  ensureStyles();
  document.title = `paiju — ${t("history.title")}`;
  const body = h("div", { class: "history__body" },
    h("p", { class: "loading", "data-testid": "loading" }, t("history.loading")));
  root.replaceChildren(h("section", { class: "history", "data-testid": "history" },
    h("h1", {}, t("history.title")),
    h("p", { class: "muted" }, t("history.intro"), " ", h("a", { href: "./" }, t("history.back"))),
    body));
  const me = await player();
  let data = null;
  let failure = me ? null : t("history.noPlayer");
  if (me) {
    try {
      data = await API.history(me.token, { limit: PAGE });
    } catch (err) {
      if (err.status === 401) forgetPlayer(); // the server forgot us: a new player next time
      else failure = t("history.error", { message: err.message });
    }
  }
  if (document.body.dataset.screen !== "history") return; // left while loading
  if (failure) {
    body.replaceChildren(h("p", { role: "alert", "data-testid": "history-error" }, failure));
  } else if (!data || !data.deals.length) {
    body.replaceChildren(h("div", { class: "history__card", "data-testid": "history-empty" },
      h("p", {}, t("history.empty")),
      h("a", { class: "btn btn--primary", href: "./" }, t("history.play"))));
  } else {
    body.replaceChildren(statsCard(data.stats), dealsCard(me, data));
  }
}

function statsCard(stats) {
  const f = formats();
  const head = ["game", "deals", "winRate", "dealInRate", "meanScore", "best"];
  return h("div", { class: "history__card" },
    h("h2", {}, t("history.stats")),
    h("div", { class: "history__scroll" }, h("table", { class: "history__table", "data-testid": "history-stats" },
      h("thead", {}, h("tr", {}, head.map((k) => h("th", { scope: "col" }, t(`history.col.${k}`))))),
      h("tbody", {}, stats.map((s) => h("tr", { "data-game": s.game, "data-testid": "history-stat" },
        h("th", { scope: "row" }, gameTitle(s.game)),
        cell("deals", "num", "stat-deals", f.count.format(s.deals)),
        cell("winRate", "num", "stat-win-rate", f.rate.format(s.win_rate)),
        cell("dealInRate", "num", "stat-deal-in-rate", f.rate.format(s.deal_in_rate)),
        cell("meanScore", "num", "stat-mean", f.score.format(s.mean_score)),
        cell("best", "", "stat-best", s.best ? h("a", { href: replayHref(s.best.match_id, s.best.deal, s.best.seat) },
          handText(s.game, s.best.hand, s.best.value, s.best.unit)) : "—")))))));
}

/** A cell that names its column (a phone shows each row as a card of labelled lines). */
function cell(column, cls, testid, ...content) {
  return h("td", { class: cls || null, "data-testid": testid, "data-label": t(`history.col.${column}`) }, content);
}

function dealsCard(me, data) {
  const rows = h("tbody", {}, data.deals.map(dealRow));
  const more = h("button", { type: "button", class: "btn", "data-testid": "history-more" }, t("history.more"));
  let before = data.next_before;
  more.hidden = before === null;
  more.addEventListener("click", async () => {
    more.disabled = true;
    try {
      const page = await API.history(me.token, { limit: PAGE, before });
      rows.append(...page.deals.map(dealRow));
      before = page.next_before;
      more.hidden = before === null;
    } catch (err) {
      more.after(h("p", { role: "alert" }, t("history.error", { message: err.message })));
    }
    more.disabled = false;
  });
  const head = ["date", "game", "opponents", "score", "result", "replay"];
  return h("div", { class: "history__card" },
    h("h2", {}, t("history.deals")),
    h("div", { class: "history__scroll" }, h("table", { class: "history__table", "data-testid": "history-deals" },
      h("thead", {}, h("tr", {}, head.map((k) => h("th", { scope: "col" }, t(`history.col.${k}`))))),
      rows)),
    h("p", { class: "history__more" }, more));
}

function dealRow(d) {
  const f = formats();
  const result = h("span", {}, t(`history.result.${d.result}`));
  if (d.result === "won" && d.hand_value !== null) {
    result.append(h("br"), h("small", {}, handText(d.game, d.hand, d.hand_value, d.unit)));
  }
  return h("tr", { "data-testid": "history-deal", "data-match": d.match_id, "data-deal": d.deal, "data-result": d.result },
    cell("date", "", null, h("time", { datetime: d.finished_at }, f.date.format(new Date(d.finished_at)))),
    cell("game", "", null, gameTitle(d.game)),
    cell("opponents", "", null, opponentsText(d.opponents)),
    cell("score", "num", "deal-score", f.score.format(d.score)),
    cell("result", "", null, result),
    cell("replay", "", null, h("a", { href: replayHref(d.match_id, d.deal, d.seat), "data-testid": "history-replay" },
      t("history.replay", { deal: f.count.format(d.deal + 1) })), h("br"),
    h("a", { href: reviewHref(d.match_id, d.deal, d.seat), "data-testid": "history-review" },
      t("history.review", { deal: f.count.format(d.deal + 1) }))));
}

/** "basic AI ×3", "a person and strong AI ×2": the opponents by kind and level, listed the language's way. */
function opponentsText(opponents) {
  const counts = new Map();
  for (const o of opponents) {
    const name = o.kind === "ai" ? t("history.ai", { level: t(`app.ai.${o.level}`) }) : t("history.person");
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return listText([...counts].map(([name, n]) => (n > 1 ? `${name} ×${formats().count.format(n)}` : name)));
}

/** A won hand: its headline pattern (where the game names one) and its value in its unit. */
function handText(game, hand, value, unit) {
  // the unit's plural form for ``value``, the number written the language's way (1,250 / 1250)
  const amount = t(`app.unit.${unit}`, { count: value }).replace(String(value), formats().count.format(value));
  return hand ? `${patternName(game, hand, hand)} · ${amount}` : amount;
}

function ensureStyles() {
  if (document.querySelector("link[data-history-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("./history.css", import.meta.url).href,
    "data-history-css": "" }));
}
