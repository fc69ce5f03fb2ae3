// paiju web app: the routes (the lobby: lobby.js; the pages: rules, calculator, friends, replay)
// and the live table's match (games.js draws Sichuan, MCR, Nantong, Paohuzi), updated from the
// match's WebSocket. Every text goes through t() (namespace "app", web/locales/<lang>/app.json);
// the language picker in the top bar switches language and re-renders the current screen in place.

import * as API from "./api.js";
import { h, zh, signed } from "./dom.js";
import { lastDiscard } from "./kit.js";
import { TABLES } from "./games.js";
import { faceOfId } from "./tiles.js";
import { initI18n, t, LANGUAGES, getLanguage, setLanguage } from "./i18n.js";
import { seedMatches } from "./seed.js";
import { applySettings, settingsPanel } from "./settings.js";
import { installKeys } from "./keys.js";
import { hintsHooks, hintsPanel } from "./hints.js";
import { gameTitle, renderLobby } from "./lobby.js";
import { activeOptions } from "./room.js";
import { claimSeat } from "./player.js";
import { errorText, setStatus } from "./status.js";
import { claimTimer } from "./timer.js";
import { play as playMotion, snapshot as motionSnapshot } from "./motion.js";
import { autoplayRow, autoSorted, installAutoplay, runAutoplay } from "./autoplay.js";
import { soundForView } from "./sound.js";
import { replayHref, reviewHref } from "./links.js";

const CURRENT = "paiju.current";   // {match_id, token, game}: the table to return to on reload
const LAST = "paiju.last";         // the table left through "Leave table"
const FRESH_MS = 900;              // how long the last discard's animation runs
const TURN_PHASES = new Set(["play"]); // the turn's own move, in every game (docs/views.md)

const app = document.getElementById("app");
const connEl = document.getElementById("conn");
const leaveEl = document.getElementById("leave");
const rulesLinkEl = document.getElementById("rules-link"); // the rules of the game at the table
const historyLinkEl = document.getElementById("history-link"); // history.js; away from the table only
const dealInfoEl = document.getElementById("deal-info");
const roomEl = h("span", { class: "topbar__room" }); // the table's house rules (room.js), beside the deal
dealInfoEl.after(roomEl);

const store = {
  session: null,      // {match_id, token, game}
  view: null,         // MatchView
  legal: null,        // the seat's legal actions at legalVersion (null: none loaded)
  legalVersion: -1,
  legalPhase: null,   // the phase they were for
  selected: null,     // selected tile id
  picked: [],         // the tile ids chosen to pass in Sichuan's exchange of three (OPT-SC-1)
  busy: false,
  live: null,
  showSettlement: true,
  fresh: null,        // {key, since}: the last discard being animated
  seedCheck: null,    // {version, text}
  scrolledFor: -1,    // the version whose decision was scrolled into view
  settlementShown: -1, // the version whose settlement got the focus
};

// ------------------------------------------------------------------ storage

function load(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? "null");
    return v && typeof v.match_id === "string" && typeof v.token === "string" ? v : null;
  } catch {
    return null;
  }
}

function save(key, value) {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    /* private mode: the table still works, it just won't survive a reload */
  }
}

// ------------------------------------------------------------------ connection mode

function setMode(mode) {
  connEl.dataset.mode = mode ?? "";
  connEl.textContent = mode ? t(`app.conn.${mode}`) : "";
  connEl.hidden = !mode;
}

// ------------------------------------------------------------------ lobby

let lobbyMessage = "";

function showLobby(message = "") {
  lobbyMessage = message;
  leaveTable("lobby");
  return renderLobby(app, { message, last: load(LAST), open: sitDown });
}

/** Sit down at ``session``'s table, the one to come back to on reload. */
function sitDown(session) {
  save(CURRENT, session);
  save(LAST, null);
  openTable(session);
}

/** Leave the live table (if any) for the ``screen`` of another route. */
function leaveTable(screen) {
  stopLive();
  store.session = null;
  store.view = null;
  document.body.dataset.screen = screen;
  leaveEl.hidden = true;
  rulesLinkEl.hidden = true;
  historyLinkEl.hidden = false;
  dealInfoEl.textContent = "";
  roomEl.replaceChildren();
  setMode(null);
}

// ------------------------------------------------------------------ the table

function stopLive() {
  if (store.live) store.live.stop();
  store.live = null;
}

function openTable(session) {
  stopLive();
  if (session.game && !TABLES[session.game]) {
    save(CURRENT, null);
    showLobby(t("app.lobby.comingSoonTable"));
    return;
  }
  Object.assign(store, {
    session, view: null, legal: null, legalVersion: -1, legalPhase: null, selected: null, picked: [], busy: false,
    showSettlement: true, fresh: null, seedCheck: null, scrolledFor: -1, settlementShown: -1,
  });
  document.body.dataset.screen = "table";
  leaveEl.hidden = false;
  historyLinkEl.hidden = true;
  app.replaceChildren(h("p", { class: "loading", "data-testid": "loading" }, t("app.table.sitting")));
  store.live = new API.LiveMatch(session.match_id, session.token, {
    onView: (view, events, kind) => {
      if (kind === "snapshot") connEl.dataset.snapshots = String(Number(connEl.dataset.snapshots ?? 0) + 1);
      applyView(view);
    },
    onError: (e) => {
      if (e.code === "action/stale_version") store.live?.refresh();
      else if (!/^(match|auth)\//.test(e.code)) setStatus(errorText(e), "error"); // onFatal follows
    },
    onFatal: () => {
      save(CURRENT, null);
      showLobby(t("app.table.gone"));
    },
    onMode: setMode,
  });
  store.live.start();
}

/** Take a newer view of the match and render it; false when it was not newer. */
function applyView(view) {
  if (!store.session || view.match_id !== store.session.match_id) return false;
  const old = store.view;
  if (old && view.version <= old.version) return false;
  store.view = view;
  soundForView(old, view); // sound.js: the cues of what happened since the last view
  if (!old || old.deal !== view.deal) {
    store.showSettlement = true;
    store.selected = null;
  }
  if (!old || old.deal !== view.deal || view.state.phase !== "exchange") store.picked = [];
  const last = lastDiscard(view.state);
  const key = last ? `${view.deal}:${last.seat}:${last.card.id}` : null;
  if (key && (!store.fresh || store.fresh.key !== key)) store.fresh = { key, since: performance.now() };
  if (store.legalVersion !== view.version && view.state.to_act) fetchLegal(view.version);
  if (view.state.phase === "over") checkSeed(view);
  render();
  return true;
}

async function fetchLegal(version) {
  const { match_id: id, token } = store.session;
  try {
    const res = await API.getLegal(id, token);
    if (!store.view || store.session?.match_id !== id) return;
    if (res.version !== store.view.version) {
      if (res.version > store.view.version) store.live?.refresh();
      return;
    }
    store.legal = res.actions;
    store.legalVersion = res.version;
    store.legalPhase = store.view.state.phase;
    const legalIds = new Set(res.actions.filter((a) => a.type === "discard").map((a) => a.card));
    if (!legalIds.has(store.selected)) store.selected = null;
    render();
  } catch (err) {
    if (err.status !== 0) setStatus(errorText(err), "error");
    if (store.view?.version === version) setTimeout(() => {
      if (store.view?.version === version && store.legalVersion !== version) fetchLegal(version);
    }, 1000);
  }
}

async function checkSeed(view) {
  const st = view.state;
  if (store.seedCheck?.version === view.version) return;
  store.seedCheck = { version: view.version, ok: null };
  if (st.seed === undefined) return;
  const ok = await seedMatches(st.seed, st.seed_hash); // seed.js: shared with the replay page
  if (store.seedCheck?.version !== view.version) return;
  store.seedCheck = { version: view.version, ok };
  render();
}

/** What decision a view asks of this seat: two views with the same key ask the same one. */
function decisionKey(view) {
  const st = view.state;
  const c = st.claim;
  return JSON.stringify([view.deal, st.phase, st.turn, st.drawn?.id ?? null,
    c ? [c.kind, c.from, c.card?.id] : null, st.preparing ?? null]);
}

const sameAction = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ------------------------------------------------------------------ claim timer

/** The claim decision with a pass open to us right now, as the claim timer (timer.js) wants it. */
function openClaim() {
  const view = store.view;
  if (!view || store.busy || document.body.dataset.screen !== "table") return null;
  const st = view.state;
  if (st.phase !== "claim" || !st.to_act || store.legalVersion !== view.version) return null;
  const pass = store.legal?.find((a) => a.type === "pass");
  return pass ? { key: decisionKey(view), pass } : null;
}

const drawClaimTimer = claimTimer(app, { open: openClaim, pass: (action) => act(action) });

/** The decision open to us right now, for the auto-play switches (autoplay.js); null: none. */
function openDecision() {
  const view = store.view;
  if (!view || store.busy || document.body.dataset.screen !== "table") return null;
  if (!view.state.to_act || view.state.phase === "over" || store.legalVersion !== view.version) return null;
  return { view, legal: store.legal ?? [], session: store.session };
}

async function act(action, retry = true) {
  const view = store.view;
  if (!view || store.busy) return;
  const { match_id: id, token } = store.session;
  store.busy = true;
  render();
  try {
    const next = await API.postAction(id, token, action, view.version);
    store.selected = null;
    store.busy = false;
    if (!applyView(next)) render(); // the socket may have brought this version already
  } catch (err) {
    if (err.status === 409) {
      // Another seat moved first (an AI declaring or answering the same claim). When the
      // question put to us is still the same and the action still legal, play it again at
      // the new version; otherwise just show the table as it is now.
      try {
        const fresh = await API.getMatch(id, token);
        const again = retry && fresh.state.to_act && decisionKey(fresh) === decisionKey(view)
          && (await API.getLegal(id, token)).actions.some((a) => sameAction(a, action));
        store.busy = false;
        applyView(fresh);
        if (again) return act(action, false);
      } catch {
        store.busy = false;
      }
    } else {
      store.busy = false;
      setStatus(errorText(err), "error");
    }
    render();
  }
}

async function dealCommand(fn, labelKey) {
  const view = store.view;
  if (!view || store.busy) return;
  store.busy = true;
  render();
  try {
    const next = await fn(store.session.match_id, store.session.token, view.version);
    store.busy = false;
    if (!applyView(next)) render();
  } catch (err) {
    store.busy = false;
    if (err.status === 409) await store.live?.refresh();
    else setStatus(`${t(labelKey)}: ${errorText(err)}`, "error");
    render();
  }
}

const handlers = {
  act,
  select(id) {
    store.selected = store.selected === id ? null : id;
    showSelection();
  },
  /** Choose tile ``id`` to pass in the exchange, or put it back (table.js allows only a choice
   *  that can still become a legal selection). */
  pick(id) {
    store.picked = store.picked.includes(id) ? store.picked.filter((x) => x !== id) : [...store.picked, id];
    render();
  },
  /** Discard ``id`` (a double-click), or the selected tile (the Discard button). */
  discard(id = store.selected) {
    if (id === null || id === undefined) return;
    const ok = store.legalVersion === store.view?.version
      && store.legal?.some((a) => a.type === "discard" && a.card === id);
    if (ok) act({ type: "discard", card: id });
  },
  nextDeal: () => dealCommand(API.nextDeal, "app.settle.nextDeal"),
  restart: () => dealCommand(API.restartMatch, "app.settle.restart"),
  toggleSettlement() {
    store.showSettlement = !store.showSettlement;
    render();
  },
};

/** Selecting a tile changes two things in place (a re-render would break double-clicks). */
function showSelection() {
  for (const el of app.querySelectorAll("[data-testid=hand-tile]")) {
    const on = Number(el.dataset.id) === store.selected;
    el.classList.toggle("is-selected", on);
    el.setAttribute("aria-pressed", on ? "true" : "false");
  }
  const named = app.querySelector("[data-testid=turn-win][data-named-cards]");
  if (named) { // Blood River's first-turn win names the selected tile (table.js namedWin)
    const ids = named.dataset.namedCards.split(",").map(Number);
    const id = ids.includes(store.selected) ? store.selected : ids[ids.length - 1];
    named.dataset.card = String(id);
    named.querySelector("[data-testid=win-named]").textContent = t("app.mj.winNaming", { card: faceOfId(id) });
  }
  const button = app.querySelector("[data-testid=discard]");
  if (button) {
    const ok = store.selected !== null && !store.busy;
    button.disabled = !ok;
    const el = ok ? app.querySelector(`[data-testid=hand-tile][data-id="${store.selected}"]`) : null;
    button.textContent = ok ? t("app.act.discardCard", { card: el?.dataset.short ?? faceOfId(store.selected) })
      : t("app.act.discard");
  }
}

function comingSoon(view) {
  app.replaceChildren(h("section", { class: "lobby coming-soon", "data-testid": "coming-soon" },
    h("h1", {}, t("app.soon.title")),
    h("p", {}, t("app.soon.text", { game: gameTitle(view.game) })),
    h("p", {}, h("a", { class: "btn btn--primary", href: "./", onclick: (ev) => {
      ev.preventDefault();
      save(CURRENT, null);
      showLobby();
    } }, t("app.soon.back")))));
  document.title = t("app.title.default");
}

function render() {
  const view = store.view;
  if (!view || document.body.dataset.screen !== "table") return;
  if (!TABLES[view.game]) {
    comingSoon(view);
    return;
  }
  rulesLinkEl.href = `#/rules/${view.game}`; // opens in place; its back link resumes this table
  rulesLinkEl.hidden = false;
  const focusKey = document.activeElement?.dataset?.key ?? document.activeElement?.dataset?.testid;
  const fresh = store.fresh ? { key: store.fresh.key, elapsed: Math.round(performance.now() - store.fresh.since) } : null;
  // While the legal actions of a new version load, a prompt of the same kind (missing suit,
  // claim) keeps its last buttons, disabled, so that it does not blink at every AI move.
  const current = store.legalVersion === view.version;
  const held = !current && view.state.to_act && !TURN_PHASES.has(view.state.phase)
    && store.legalPhase === view.state.phase;
  const ctx = {
    legal: current || held ? store.legal : null,
    selected: store.selected,
    picked: store.picked,
    busy: store.busy || held,
    fresh: fresh && fresh.elapsed < FRESH_MS ? fresh : null,
    seedCheck: store.seedCheck?.version === view.version && store.seedCheck.ok !== null
      ? t(store.seedCheck.ok ? "app.seed.ok" : "app.seed.bad") : "",
    title: gameTitle(view.game, TABLES[view.game].title),
    replayHref: replayHref(view.match_id, view.deal, view.seat), // the settlement's replay link, from this seat
    reviewHref: view.seat === null ? null : reviewHref(view.match_id, view.deal), // review.js: this seat's decisions
    on: handlers,
    sortDrawn: autoSorted(view.game),   // auto-sort (autoplay.js)
    belowActions: autoplayRow(view),    // the auto-play switches
  };
  ctx.hooks = hintsHooks(view, ctx, store.session, render); // the warning step before a risky discard
  const table = TABLES[view.game];
  const over = view.state.phase === "over" && view.state.result;
  // "Show results" sits in one's action bar, where the next decision goes: floating over the
  // table it covered the auto-play switches on a phone; only a seatless view has it float
  if (over && !store.showSettlement) {
    ctx.showResults = h("button", { type: "button", class: "btn btn--primary show-results",
      "data-testid": "show-settlement", "data-action": "view", onclick: handlers.toggleSettlement }, t("app.table.showResults"));
  }
  const hints = hintsPanel(view, ctx, store.session, render); // the hints switch and panel
  const board = table.render(view, ctx);
  const nodes = [board, hints];
  if (over && store.showSettlement) nodes.push(table.settlement(view, ctx));
  else if (over && !board.contains(ctx.showResults)) nodes.push(ctx.showResults);
  const before = motionSnapshot(app); // where the cards were: motion.js slides what moved
  app.replaceChildren(...nodes);
  playMotion(app, before);
  const st = view.state;
  dealInfoEl.replaceChildren(t("app.top.deal", { n: view.deal + 1 }), " · ",
    h("span", { "data-testid": "my-total" }, t("app.top.total", { total: signed(view.scores[view.seat ?? 0]) })));
  roomEl.replaceChildren(activeOptions(view.game, view.options, render) ?? ""); // the house rules in play (room.js)
  if (st.to_act && st.phase !== "over" && current && store.scrolledFor !== view.version) {
    // on a small screen the decision may be below the fold: bring it into view once
    store.scrolledFor = view.version;
    app.querySelector("[data-testid=actions]")?.scrollIntoView({ block: "nearest" });
  }
  if (focusKey) {
    const el = app.querySelector(`[data-key="${focusKey}"]`) ?? app.querySelector(`[data-testid="${focusKey}"]`);
    if (el && !el.disabled) el.focus({ preventScroll: true });
  }
  if (over && store.showSettlement && store.settlementShown !== view.version) {
    store.settlementShown = view.version; // move focus to the results once, when they open
    app.querySelector("[data-testid=settlement]")?.focus({ preventScroll: true });
  }
  document.title = st.to_act && st.phase !== "over" ? t("app.title.yourMove")
    : t("app.title.table", { title: ctx.title });
  drawClaimTimer();
  runAutoplay(app, view);
}

// ------------------------------------------------------------------ boot

leaveEl.addEventListener("click", (ev) => {
  ev.preventDefault();
  if (store.session) save(LAST, store.session);
  save(CURRENT, null);
  showLobby();
});

installKeys(app); // keyboard play, key hints, live announcements (Esc clears the selection)
installAutoplay({ decision: openDecision, act: (action) => act(action), rerender: render });

// Pages other than the lobby and the live table have a hash route; each lives in its own module,
// loaded on first use: #/rules/<game>, #/calc/<game>, #/friends/<game>, #/replay/<match>/<deal>[/<seat>],
// #/review/<match>/<deal>[/<seat>] (this browser's seat's decisions judged by the strongest AI),
// #/history (this browser's finished deals), and #/join/<match>/<token> (a friend's seat: the
// token is stored, then the URL forgets it).
const PAGES = {
  rules: { module: "./rules.js", params: ["game"] },
  calc: { module: "./calculator.js", params: ["game"] },
  friends: { module: "./friends.js", params: ["game"] },
  replay: { module: "./replay.js", params: ["match_id", "deal", "seat"] },
  review: { module: "./review.js", params: ["match_id", "deal", "seat"] },
  history: { module: "./history.js", params: [] },
};

function parseRoute() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  return { name: parts[0] ?? "", args: parts.slice(1) };
}

/** Show what the URL asks for: a page, a friend's seat, the table to resume, or the lobby. */
async function route() {
  const { name, args } = parseRoute();
  if (name === "join" && args.length === 2) {
    const session = { match_id: args[0], token: args[1] };
    save(CURRENT, session);
    history.replaceState(null, "", location.pathname + location.search);
    claimSeat(session); // its deals go to this browser's history (player.js)
    openTable(session);
    return;
  }
  const page = PAGES[name];
  if (page) {
    leaveTable(name);
    const params = Object.fromEntries(page.params.map((p, i) => [p, args[i]]));
    try {
      const mod = await import(page.module);
      await mod.render(app, params);
    } catch (err) {
      showLobby(t("app.page.error", { error: err.message }));
    }
    return;
  }
  const current = load(CURRENT);
  if (current) openTable(current);
  else showLobby();
}

// ------------------------------------------------------------------ top bar: language, settings

const langEl = document.getElementById("lang");
const settingsButton = document.getElementById("settings-open");
let settingsOpen = null; // the open settings dialog

/** The page's fixed texts (index.html's are English until this runs). */
function staticTexts() {
  document.getElementById("skip").textContent = t("app.top.skip");
  document.querySelector(".brand")?.setAttribute("aria-label", t("app.top.home"));
  leaveEl.textContent = t("app.top.leave");
  rulesLinkEl.textContent = t("rules.link");
  historyLinkEl.textContent = t("history.link");
  langEl.setAttribute("aria-label", t("app.top.language"));
  settingsButton.setAttribute("aria-label", t("app.settings.title"));
  settingsButton.title = t("app.settings.title");
  if (document.body.dataset.screen === "lobby" || !document.title.startsWith("●")) {
    document.title = t("app.title.default");
  }
  // every language under its own name, so that anybody finds theirs
  langEl.replaceChildren(...LANGUAGES.map(([code, name]) => h("option",
    { value: code, lang: code === "zh" ? "zh-Hans" : code, selected: code === getLanguage() }, name)));
}

/** Show the current screen again in the current language, keeping the match and its state. */
function rerender() {
  staticTexts();
  setMode(connEl.dataset.mode || null);
  const screen = document.body.dataset.screen;
  if (screen === "lobby") showLobby(lobbyMessage);
  else if (screen === "table") {
    if (store.view) render();
    else app.querySelector("[data-testid=loading]")?.replaceChildren(t("app.table.sitting"));
  } else route();
  if (settingsOpen) {
    closeSettings(false);
    openSettings();
  }
}

langEl.addEventListener("change", async () => {
  await setLanguage(langEl.value);
  rerender();
});

function closeSettings(refocus = true) {
  settingsOpen?.remove();
  settingsOpen = null;
  settingsButton.setAttribute("aria-expanded", "false");
  if (refocus) settingsButton.focus();
}

function openSettings() {
  if (settingsOpen) return;
  settingsOpen = settingsPanel(() => closeSettings());
  settingsButton.setAttribute("aria-expanded", "true");
  // just below the top bar, which wraps onto two rows on a phone
  const below = Math.round(document.querySelector(".topbar").getBoundingClientRect().bottom);
  settingsOpen.style.top = `${Math.max(0, below) + 6}px`;
  document.body.append(settingsOpen);
  settingsOpen.focus();
}

settingsButton.addEventListener("click", () => (settingsOpen ? closeSettings() : openSettings()));
document.addEventListener("pointerdown", (ev) => {
  if (settingsOpen && !settingsOpen.contains(ev.target) && !settingsButton.contains(ev.target)) {
    closeSettings(false);
  }
});

applySettings();
await initI18n();
staticTexts();
// only now: a hash change while the texts loaded rendered a page of missing texts (the route
// below reads the hash as it is by then)
window.addEventListener("hashchange", route);
route();
