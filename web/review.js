// The review page, #/review/<match_id>/<deal>[/<seat>]: the player's own decisions in a finished
// deal judged by the strongest AI (POST /api/matches/{id}/deals/{deal}/review starts it, GET
// reads it). The seat is this browser's: its token is the one kept for the table (the current or
// the last one left), or, from the History page (which names the seat), this browser's player's
// token, which the server takes for the seats its player played. While the server works a progress bar fills (polled every second); then the
// summary (share of decisions matched, points lost in expectation) and every decision: what
// you played, what the reviewer would, the expected score of each ± its standard error, and the
// hand as it was (the table as the seat saw it, on demand). Decisions played otherwise are
// highlighted.

import { api } from "./api.js";
import { h } from "./dom.js";
import { TABLES } from "./games.js";
import { has, t } from "./i18n.js";
import { knownPlayer } from "./player.js";
import { CARDS, FAMILY, ensureStyles, gameTitle, problemPanel } from "./replay.js";
import { suitName } from "./tiles.js";

const POLL_MS = 1000;
const SESSIONS = ["paiju.current", "paiju.last"]; // app.js keeps the table's seat token there

const page = { timer: null, key: null };

/** Who asks: {token, query}; the table's seat token for ``matchId`` when the URL names no seat,
 *  else this browser's player's (null: neither). */
function asker(matchId, seat) {
  const table = seat === null ? tableToken(matchId) : null;
  if (table) return { token: table, query: "" };
  const me = knownPlayer();
  return me ? { token: me.token, query: seat === null ? "" : `?seat=${seat}` } : null;
}

/** This browser's seat token in ``matchId`` (null: it has none). */
function tableToken(matchId) {
  for (const key of SESSIONS) {
    try {
      const s = JSON.parse(localStorage.getItem(key) ?? "null");
      if (s?.match_id === matchId && s.token) return s.token;
    } catch {
      // a damaged entry: as if absent
    }
  }
  return null;
}

export async function render(root, params) {
  clearTimeout(page.timer);
  ensureStyles();
  const matchId = params.match_id ?? "";
  const deal = Number(params.deal);
  const seat = params.seat === undefined || params.seat === "" ? null : Number(params.seat);
  document.title = `paiju — ${t("review.heading")}`;
  if (!matchId || !Number.isInteger(deal) || deal < 0 || (seat !== null && !Number.isInteger(seat))) {
    root.replaceChildren(problem(t("review.error.not_found")));
    return;
  }
  const who = asker(matchId, seat);
  if (!who) {
    root.replaceChildren(problem(t("review.error.no_seat")));
    return;
  }
  const key = `${matchId}/${deal}/${seat}`;
  page.key = key;
  root.replaceChildren(h("p", { class: "loading", "data-testid": "loading" }, t("review.loading")));
  const path = `/matches/${encodeURIComponent(matchId)}/deals/${deal}/review${who.query}`;
  const fetchIt = (method) => api(path, { method, token: who.token });
  let body;
  try {
    body = await fetchIt("POST"); // starts it, or finds it (done: the stored answer)
  } catch (err) {
    root.replaceChildren(failure(err, () => render(root, params)));
    return;
  }
  const poll = async () => {
    if (page.key !== key || document.body.dataset.screen !== "review") return; // left
    try {
      body = await fetchIt("GET");
    } catch (err) {
      root.replaceChildren(failure(err, () => render(root, params)));
      return;
    }
    show(root, body, poll, () => render(root, params));
  };
  show(root, body, poll, () => render(root, params));
}

function failure(err, retry) {
  const text = err.code === "deal/in_progress" ? t("review.error.in_progress")
    : err.status === 404 ? t("review.error.not_found")
      : err.status === 401 || err.status === 403 ? t("review.error.no_seat")
        : t("review.error.other", { message: err.message });
  return problem(text, err.code === "deal/in_progress" || err.status === 0 ? retry : null);
}

const problem = (text, retry = null) => problemPanel("review", text, retry);

function show(root, body, poll, retry) {
  if (document.body.dataset.screen !== "review") return;
  if (body.status === "done") {
    root.replaceChildren(results(body));
    root.querySelector("h1")?.focus({ preventScroll: true });
    return;
  }
  if (body.status === "failed") {
    root.replaceChildren(problem(t("review.error.failed", { reason: body.reason ?? "" }), retry));
    return;
  }
  const bar = root.querySelector("[data-testid=review-progress]");
  if (bar) { // update in place: nothing blinks, a screen reader hears the count change
    bar.max = Math.max(1, body.total);
    bar.value = body.done;
    root.querySelector("[data-testid=review-count]").textContent = progressText(body);
  } else root.replaceChildren(progressView(body));
  clearTimeout(page.timer);
  page.timer = setTimeout(poll, POLL_MS);
}

function progressText(body) {
  return body.total ? t("review.progress", { done: body.done, total: body.total }) : t("review.queued");
}

function head(body) {
  return h("header", { class: "replay__head" },
    h("div", {},
      h("h1", { tabindex: "-1" }, t("review.title", { game: gameTitle(body.game), deal: body.deal + 1 })),
      h("p", { class: "muted" }, t("review.intro"), " ", h("a", { href: "./" }, t("review.back")))));
}

function progressView(body) {
  return h("section", { class: "replay review", "data-testid": "review", "data-status": body.status },
    head(body),
    h("div", { class: "review__running" },
      h("progress", { class: "review__bar", "data-testid": "review-progress", max: Math.max(1, body.total),
        value: body.done, "aria-label": t("review.progressLabel") }),
      h("p", { "data-testid": "review-count", role: "status" }, progressText(body))));
}

// ------------------------------------------------------------------ the answer

function signed(x) {
  const r = Math.round(x * 10) / 10;
  return `${r > 0 ? "+" : r < 0 ? "−" : ""}${Math.abs(r).toFixed(1)}`;
}

function score(s) {
  return t("review.score", { mean: signed(s.mean), se: s.se.toFixed(1) });
}

function results(body) {
  const s = body.summary;
  const pct = Math.round(100 * s.matched_share);
  const summary = h("div", { class: "review__summary", "data-testid": "review-summary" },
    h("p", { class: "review__big" }, t("review.summary.matched", { matched: s.matched, n: s.decisions, pct })),
    h("p", {}, t("review.summary.flagged", { flagged: s.flagged }), " ",
      t("review.summary.lost", { lost: s.expected_loss.toFixed(1) })),
    h("p", { class: "muted" }, t("review.summary.how")));
  const list = body.decisions.length
    ? h("ol", { class: "review__list", "data-testid": "review-decisions" },
      body.decisions.map((d) => decisionItem(body, d)))
    : h("p", { "data-testid": "review-none" }, t("review.none"));
  return h("section", { class: "replay review", "data-testid": "review", "data-status": "done" },
    head(body), summary, list);
}

function decisionItem(body, d) {
  const family = CARDS[FAMILY[body.game]] ?? CARDS.tiles;
  const view = d.view;
  const mine = view.players?.[view.seat] ?? {};
  const played = new Set(cardIds(d.played));
  const hand = [...(mine.hand ?? []), ...(view.drawn && typeof view.drawn === "object" ? [view.drawn] : [])]
    .map((c) => {
      const el = family.el(c.face);
      el.setAttribute("aria-label", family.name(c.face));
      if (played.has(c.id)) el.classList.add("review__played");
      return el;
    });
  const details = h("details", { class: "review__table" },
    h("summary", {}, t("review.table")));
  details.addEventListener("toggle", () => {
    if (!details.open || details.dataset.drawn) return;
    details.dataset.drawn = "1";
    details.append(tableOf(body, view));
  });
  return h("li", { class: `review__item${d.matched ? "" : " is-different"}${d.flagged ? " is-mistake" : ""}`, "data-testid": "review-decision",
    "data-matched": String(d.matched), "data-flagged": String(d.flagged) },
  h("p", { class: "review__line" },
    h("span", { class: "review__move" }, t("review.move", { n: d.index })), " ",
    h("span", { class: "review__verdict" }, d.matched ? t("review.same") : d.flagged ? t("review.other") : t("review.close"))),
  h("p", { class: "review__line" }, h("strong", {}, t("review.you")), " ", actionText(body.game, d.played, view, family),
    " · ", h("span", { "data-testid": "review-played-score" }, score(d.played_score))),
  d.matched ? null : h("p", { class: "review__line" }, h("strong", {}, t("review.reviewer")), " ",
    actionText(body.game, d.best, view, family), " · ", h("span", {}, score(d.best_score)), " · ",
    t("review.cost", { loss: signed(-d.loss), se: d.loss_se.toFixed(1) })),
  h("div", { class: "review__hand", role: "group", "aria-label": t("review.hand") }, hand),
  details);
}

function cardIds(a) {
  return [...(Number.isInteger(a.card) ? [a.card] : []), ...(Array.isArray(a.cards) ? a.cards : [])];
}

/** An action in words with its cards ("discard [5m]"), in the player's own verb form. */
function actionText(game, a, view, family) {
  const ids = cardIds(a);
  if (!ids.length && a.type !== "pass" && view.claim?.card) ids.push(view.claim.card.id);
  const key = `replay.action.${a.type}.you`;
  const extra = a.suit ? suitName(a.suit) : a.low ? family.name(a.low) : "";
  const cards = ids.map((id) => {
    const el = family.el(family.face(id));
    el.setAttribute("aria-label", family.name(family.face(id)));
    return el;
  });
  return h("span", { class: "review__action" }, has(key) ? t(key) : a.type, extra ? ` ${extra}` : "",
    cards.length ? h("span", { class: "replay__cards" }, cards) : null);
}

/** The table as the seat saw it, drawn by the game's own table module (nothing to act on). */
function tableOf(body, view) {
  const table = TABLES[body.game];
  if (!table) return h("p", { class: "muted" }, t("replay.noTable", { game: body.game }));
  const ctx = {
    legal: null, selected: null, busy: false, fresh: null, replay: true, seedCheck: "",
    title: gameTitle(body.game),
    on: { act() {}, select() {}, discard() {}, nextDeal() {}, restart() {}, toggleSettlement() {} },
  };
  const match = { match_id: body.match_id, game: body.game, version: 0, deal: body.deal, seat: view.seat,
    seats: [], scores: (view.players ?? []).map((p) => p.score ?? 0), seed_hash: view.seed_hash,
    state: { ...view, events: [] } };
  try {
    return h("div", { class: "replay__board" }, table.render(match, ctx));
  } catch {
    return h("p", { class: "muted" }, t("replay.noTable", { game: body.game }));
  }
}
