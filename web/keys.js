// Keyboard play and screen-reader support for every table, driven from the DOM the table modules
// render, so that one module serves the four games: action buttons carry data-action (their
// legal action's type), hand cards are the buttons in [data-testid=hand], log lines carry their
// event index (data-event). After each render this module shows each button's key, names the
// regions, announces what happened in a polite live region, and puts the focus where the next
// decision is; its keydown handler plays by keyboard:
//   ← → (Home, End)  move through your hand, selecting the card (or through the buttons); in a
//                    hand that chooses several cards at once (Sichuan's exchange, data-multi)
//                    they only move, and Enter or Space chooses the card or puts it back
//   ↑ ↓              go to your hand / to the action buttons
//   Enter, Space     discard the selected card; otherwise press the focused button
//   letters, digits  the action buttons (W/H win, P pung/peng, K kong, C chow/chi, X pass, …)
//   Esc              clear the selection (or close the help);  ?  the keyboard help

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { orList } from "./prompts.js";

/** data-action → its keys (the first is shown on the button). */
export const ACTION_KEYS = {
  win: ["w", "h"], pung: ["p"], peng: ["p"], kong: ["k"], chow: ["c"], chi: ["c"], pao: ["o"],
  pass: ["x"], discard: ["d"], next: ["n"], view: ["v"], exchange: ["e"],
  "suit-m": ["1"], "suit-p": ["2"], "suit-s": ["3"],
  opening_kong: ["k"], opening_triplet: ["t"], hezi: ["z"], ready: ["r"], finish: ["f"],
};

/** The actions each game's table offers, in the order the help lists them. */
const GAME_ACTIONS = {
  sichuan: ["exchange", "suit-m", "suit-p", "suit-s", "win", "pung", "kong", "pass", "discard"],
  mcr: ["win", "chow", "pung", "kong", "pass", "discard"],
  nantong: ["opening_kong", "opening_triplet", "hezi", "ready", "finish", "win", "pung", "kong", "pass", "discard"],
  paohuzi: ["win", "pao", "peng", "chi", "pass", "discard"],
};
const AFTER_DEAL = ["next", "view"];

const HAND_TILE = "[data-testid=hand] button[data-testid=hand-tile]";
const MAX_SPOKEN = 5;        // announcements kept in the live region
const MAX_EVENTS_SPOKEN = 4; // log lines read out at once (the rest are in the log panel)

const state = {
  root: null,
  live: null,
  help: null,
  heard: { deal: null, version: -1, event: -1 }, // the last log line announced, and where
  decided: null,                      // the table version whose decision was announced
  settled: null,                      // the version whose settlement was announced
  group: null,                        // {action, index, version}: the last letter with several buttons
  toldHelp: false,                    // the first decision's announcement says where the keys are
};

const keyLabel = (k) => (k.length === 1 ? k.toUpperCase() : k);

function onTable() {
  return document.body.dataset.screen === "table" && state.root?.querySelector("[data-testid=table]");
}

function visible(el) {
  return !el.disabled && el.isConnected && el.getClientRects().length > 0;
}

/** Enabled buttons of ``action``, in document order (inside an open settlement when it shows). */
function buttonsOf(action) {
  return [...state.root.querySelectorAll(`button[data-action="${action}"]`)].filter(visible);
}

function handTiles() {
  return [...state.root.querySelectorAll(HAND_TILE)].filter(visible);
}

function actionButtons() {
  const bar = state.root.querySelector("[data-testid=settlement] .settlement__buttons")
    ?? state.root.querySelector("[data-testid=actions]");
  return bar ? [...bar.querySelectorAll("button")].filter(visible) : [];
}

function selectedTile() {
  return state.root.querySelector(`${HAND_TILE}.is-selected`);
}

/** A hand that chooses several cards at once (data-multi): moving never chooses. */
function multiHand() {
  return state.root.querySelector("[data-testid=hand][data-multi=true]") !== null;
}

/** The button's words without its key hint: what a person reads on it. */
function buttonText(b) {
  if (b.getAttribute("aria-label")) return b.getAttribute("aria-label");
  const copy = b.cloneNode(true);
  copy.querySelectorAll(".key-hint, [aria-hidden=true]").forEach((n) => n.remove());
  const words = [];
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) words.push(walker.currentNode.textContent);
  return words.join(" ").replace(/\s+/g, " ").trim();
}

// ------------------------------------------------------------------ announcements

function announce(text) {
  if (!text || !state.live) return;
  state.live.append(h("p", {}, text));
  while (state.live.childElementCount > MAX_SPOKEN) state.live.firstElementChild.remove();
}

/** A log line as a spoken sentence: its own full stop, so that lines read apart. */
function sentence(text) {
  const line = text.replace(/\s+/g, " ").trim();
  return !line || /[.!?。！？…]$/.test(line) ? line : `${line}.`;
}

/** New log lines since the last render, then the decision asked of you, then the results. */
function announceChanges(table) {
  const deal = table.dataset.deal;
  const version = table.dataset.version;
  const lines = [...state.root.querySelectorAll("[data-testid=log] li[data-event]")];
  // a table just opened (or another one, at an older version): its history is not news
  const sameTable = state.heard.deal !== null && Number(version) >= state.heard.version;
  const sameDeal = sameTable && state.heard.deal === deal;
  const fresh = !sameTable ? [] : sameDeal
    ? lines.filter((li) => Number(li.dataset.event) > state.heard.event) : lines;
  const last = lines.length ? Number(lines.at(-1).dataset.event) : -1;
  state.heard = { deal, version: Number(version), event: sameDeal ? Math.max(last, state.heard.event) : last };
  const said = fresh.slice(-MAX_EVENTS_SPOKEN).map((li) => sentence(li.textContent)).filter(Boolean);

  const deciding = table.dataset.toAct === "true" && table.dataset.legalReady === "true";
  if (deciding && state.decided !== version) {
    state.decided = version;
    said.push(decisionText());
  }
  const settlement = state.root.querySelector("[data-testid=settlement]");
  if (settlement && state.settled !== version) {
    state.settled = version;
    const title = settlement.querySelector("h2")?.textContent.trim();
    if (title) said.push(title, t("play.announce.afterDeal"));
  }
  if (said.length) announce(said.join(" "));
}

/** "Your move: <the prompt>. Choices: Win (W), Pass (X)." */
function decisionText() {
  const bar = state.root.querySelector("[data-testid=actions]");
  const prompt = sentence(bar?.querySelector(".prompt h2, .actions__hint")?.textContent ?? "");
  const choices = actionButtons().filter((b) => b.dataset.action)
    .map((b) => `${buttonText(b)} (${b.dataset.keyHint ?? ""})`);
  const parts = [t("play.announce.yourMove"), prompt];
  if (handTiles().length) parts.push(t(multiHand() ? "play.announce.chooseKeys" : "play.announce.discardKeys"));
  if (choices.length) parts.push(t("play.announce.choices", { list: orList(choices) }));
  if (!state.toldHelp) {
    state.toldHelp = true; // once a page: where the keys are listed
    parts.push(t("play.announce.help"));
  }
  return parts.filter(Boolean).join(" ");
}

// ------------------------------------------------------------------ decoration after a render

/** Show each action button's key (a <kbd>, numbered when several buttons share it). */
function markKeys() {
  const counts = {};
  for (const b of state.root.querySelectorAll("button[data-action]")) {
    const keys = ACTION_KEYS[b.dataset.action];
    if (!keys) continue;
    const n = (counts[b.dataset.action] = (counts[b.dataset.action] ?? 0) + 1);
    b.dataset.keyIndex = String(n);
  }
  for (const b of state.root.querySelectorAll("button[data-action]")) {
    const keys = ACTION_KEYS[b.dataset.action];
    if (!keys) continue;
    const several = counts[b.dataset.action] > 1;
    const hint = keyLabel(keys[0]) + (several ? b.dataset.keyIndex : "");
    b.dataset.keyHint = hint;
    b.setAttribute("aria-keyshortcuts", keys.map(keyLabel).join(" "));
    const shown = b.querySelector(":scope > .key-hint");
    if (shown?.textContent === hint) continue;
    shown?.remove();
    b.append(h("kbd", { class: "key-hint", "aria-hidden": "true", title: t("play.hint.key", { key: hint }) }, hint));
  }
}

/** Name the regions a screen reader jumps between. */
function labelRegions() {
  const bar = state.root.querySelector("[data-testid=actions]");
  if (bar && !bar.getAttribute("role")) {
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", t("play.region.actions"));
  }
  for (const river of state.root.querySelectorAll("[data-testid=river]:not([role])")) {
    const seat = river.closest("[data-seat]");
    const who = seat?.dataset.testid === "my-seat" ? t("play.region.yours") : seat?.getAttribute("aria-label");
    river.setAttribute("role", "group");
    river.setAttribute("aria-label", who ? t("play.region.discardsOf", { who }) : t("play.region.discards"));
  }
  // face-down cards are hidden from screen readers; their row says how many there are
  for (const backs of state.root.querySelectorAll("[data-testid=backs][aria-label]:not([role])")) {
    backs.setAttribute("role", "img");
  }
  const hand = state.root.querySelector("[data-testid=hand]");
  if (hand && !hand.dataset.labelled) {
    hand.dataset.labelled = "true";
    const n = hand.querySelectorAll("[data-testid=hand-tile]").length;
    hand.setAttribute("aria-label", t("play.region.hand", { count: n }));
  }
}

/** One tab stop in the hand: the selected card, or the drawn one, or the last legal one. */
function rovingHand() {
  const tiles = handTiles();
  if (!tiles.length) return null;
  const current = (multiHand() ? tiles.find((b) => b === document.activeElement) : null)
    ?? tiles.find((b) => b.classList.contains("is-selected"))
    ?? tiles.find((b) => b.classList.contains("is-drawn")) ?? tiles.at(-1);
  for (const b of tiles) b.tabIndex = b === current ? 0 : -1;
  return current;
}

/** After a move the focus is lost (its button is gone): put it on the next decision. */
function placeFocus(table, current) {
  const active = document.activeElement;
  const lost = !active || active === document.body || active === state.root || !active.isConnected;
  if (!lost || state.help?.open) return;
  if (state.root.querySelector("[data-testid=settlement]")) return; // the app focuses the results
  if (table.dataset.toAct !== "true" || table.dataset.legalReady !== "true") return;
  const buttons = actionButtons();
  const target = current ?? buttons.find((b) => b.dataset.suggested === "true") ?? buttons[0];
  target?.focus({ preventScroll: true });
}

function afterRender() {
  const table = onTable();
  if (!table) {
    state.heard = { deal: null, version: -1, event: -1 }; // the next table starts afresh
    return;
  }
  markKeys();
  labelRegions();
  const current = rovingHand();
  announceChanges(table);
  placeFocus(table, current);
}

// ------------------------------------------------------------------ the keys

/** Move the selection through the hand (or the focus through the buttons) by ``step``, or to
 *  ``absolute`` (0 the first, -1 the last); false when there is nothing to move through. */
function move(step, absolute = null) {
  const active = document.activeElement;
  const buttons = actionButtons();
  const inButtons = buttons.includes(active);
  const tiles = handTiles().filter((b) => !b.disabled); // only the cards one may play (a locked hand: one)
  const list = tiles.length && !inButtons ? tiles : buttons;
  if (!list.length) return false;
  let i = list.indexOf(list === tiles ? selectedTile() ?? active : active);
  if (absolute !== null) i = absolute < 0 ? list.length - 1 : absolute;
  else if (i < 0) i = step > 0 ? 0 : list.length - 1;
  else i = (i + step + list.length) % list.length;
  const target = list[i];
  // selecting changes the tile and the Discard button in place: the tile stays, focusable
  if (list === tiles && !multiHand() && !target.classList.contains("is-selected")) target.click();
  target.focus();
  return true;
}

function toHand() {
  const tile = selectedTile() ?? rovingHand();
  if (!tile) return false;
  if (!multiHand() && !tile.classList.contains("is-selected")) tile.click();
  tile.focus();
  return true;
}

function confirm(ev) {
  const active = document.activeElement;
  const tile = selectedTile();
  const discard = buttonsOf("discard")[0];
  const onTile = active?.matches?.(HAND_TILE);
  if (tile && discard && (onTile ? active === tile : !(active instanceof HTMLButtonElement))) {
    ev.preventDefault();
    discard.click();
    return;
  }
  if (active instanceof HTMLButtonElement || active instanceof HTMLAnchorElement) return; // native press
  const first = actionButtons()[0];
  if (first) {
    ev.preventDefault();
    first.focus();
    announce(buttonText(first));
  }
}

/** A letter or digit: the action button it names (several: the next of them, focused). */
function shortcut(key) {
  const actions = Object.keys(ACTION_KEYS).filter((a) => ACTION_KEYS[a].includes(key));
  for (const action of actions) {
    const buttons = buttonsOf(action);
    if (buttons.length === 1) {
      buttons[0].click();
      return true;
    }
    if (buttons.length > 1) {
      const version = onTable()?.dataset.version;
      const again = state.group?.action === action && state.group.version === version;
      const index = again ? (state.group.index + 1) % buttons.length : 0;
      state.group = { action, index, version };
      buttons[index].focus();
      announce(t("play.announce.oneOf", { label: buttonText(buttons[index]), n: index + 1, total: buttons.length }));
      return true;
    }
  }
  if (/^[1-9]$/.test(key)) {
    // a digit picks among several buttons of one kind (chi, chow, kong choices)
    const action = state.group?.action ?? [...new Set(actionButtons().map((b) => b.dataset.action))]
      .find((a) => a && buttonsOf(a).length > 1);
    const target = action ? buttonsOf(action)[Number(key) - 1] : null;
    if (target) {
      target.click();
      return true;
    }
  }
  return false;
}

function clear() {
  if (state.help?.open) {
    state.help.close();
    return true;
  }
  const tile = onTable() ? selectedTile() : null;
  state.group = null;
  if (tile) {
    tile.click();
    tile.focus();
    announce(t("play.announce.cleared"));
    return true;
  }
  return false;
}

function onKeyDown(ev) {
  if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const target = ev.target;
  // a switch (a checkbox: the hints', the auto-play ones) keeps Space and Enter, not the other keys
  const box = target instanceof HTMLInputElement && target.type === "checkbox" && ![" ", "Enter"].includes(ev.key);
  if (target instanceof HTMLElement && !box && (target.isContentEditable
    || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
  if (ev.key === "?" && (onTable() || state.help?.open)) {
    ev.preventDefault();
    toggleHelp();
    return;
  }
  if (ev.key === "Escape") {
    if (clear()) ev.preventDefault();
    return;
  }
  if (!onTable() || state.help?.open) return;
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  const moves = { ArrowRight: 1, ArrowLeft: -1, Home: 0, End: 0 };
  if (key in moves) {
    // without a card or a button to go to, the keys keep their usual meaning (scrolling)
    if (move(moves[key], key === "Home" ? 0 : key === "End" ? -1 : null)) ev.preventDefault();
  } else if (key === "ArrowUp") {
    if (toHand()) ev.preventDefault();
  } else if (key === "ArrowDown") {
    const first = actionButtons()[0];
    if (first) {
      ev.preventDefault();
      first.focus();
    }
  } else if (key === "Enter" || key === " ") {
    confirm(ev);
  } else if (key.length === 1 && shortcut(key)) {
    ev.preventDefault();
  }
  if (key.length === 1 && !/[1-9]/.test(key) && state.group && !ACTION_KEYS[state.group.action].includes(key)) {
    state.group = null;
  }
}

// ------------------------------------------------------------------ help

const moreHelp = []; // (game) => [[keys, text], ...]: other modules' keys (autoplay.js)

/** List more keys in the help: ``rows(game)`` gives [[keys, text], ...] for the game at the table. */
export function addHelpRows(rows) {
  moreHelp.push(rows);
}

function helpRows() {
  const game = state.root.querySelector("[data-testid=table]")?.dataset.game;
  const actions = [...(GAME_ACTIONS[game] ?? [...new Set(Object.values(GAME_ACTIONS).flat())]), ...AFTER_DEAL];
  const row = (keys, text) => h("tr", {}, h("th", { scope: "row" },
    keys.map((k, i) => [i ? " " : "", h("kbd", {}, k)])), h("td", {}, text));
  return [
    row(["←", "→", t("play.key.home"), t("play.key.end")], t("play.help.arrows")),
    row(["↑", "↓"], t("play.help.updown")),
    row([t("play.key.enter"), t("play.key.space")], t("play.help.enter")),
    row([t("play.key.escape")], t("play.help.escape")),
    row(["?"], t("play.help.toggle")),
    ...actions.map((a) => row(ACTION_KEYS[a].map(keyLabel), t(`play.action.${a}`))),
    ...moreHelp.flatMap((rows) => rows(game)).map(([keys, text]) => row(keys, text)),
  ];
}

function toggleHelp() {
  const dialog = state.help;
  if (!dialog) return;
  if (dialog.open) {
    dialog.close();
    return;
  }
  dialog.replaceChildren(
    h("h2", { id: "keys-help-title" }, t("play.help.title")),
    h("table", { class: "keys-help__table" }, h("tbody", {}, helpRows())),
    h("p", { class: "keys-help__note" }, t("play.help.several")),
    h("form", { method: "dialog" }, h("button", { class: "btn btn--primary", "data-testid": "keys-help-close" },
      t("play.help.close"))));
  dialog.showModal();
}

// ------------------------------------------------------------------ install

/** Wire keyboard play and the screen-reader aids to the app's root element (once). */
export function installKeys(root) {
  if (state.root) return;
  state.root = root;
  state.live = h("div", { class: "visually-hidden", "aria-live": "polite", "aria-atomic": "false",
    "data-testid": "announcer" });
  state.help = h("dialog", { class: "keys-help", "data-testid": "keys-help", "aria-labelledby": "keys-help-title" });
  const button = h("button", { type: "button", class: "keys-button", "data-testid": "keys-help-button",
    "aria-keyshortcuts": "?", onclick: toggleHelp }, h("span", { "aria-hidden": "true" }, "⌨ "), "?");
  const label = () => {
    button.setAttribute("aria-label", t("play.help.button"));
    button.title = t("play.help.button");
  };
  document.body.append(state.live, state.help);
  document.querySelector(".topbar")?.append(button);
  state.help.addEventListener("close", () => onTable() && rovingHand()?.focus({ preventScroll: true }));
  document.addEventListener("keydown", onKeyDown);
  // the key hints are for keyboards: a touch hides them (CSS), a key brings them back
  const input = (kind) => { document.documentElement.dataset.input = kind; };
  document.addEventListener("pointerdown", (ev) => input(ev.pointerType === "touch" ? "touch" : "pointer"),
    { capture: true, passive: true });
  document.addEventListener("keydown", () => input("keys"), { capture: true, passive: true });
  // the table re-renders wholesale; decorate after each change (markKeys' own edits are no-ops
  // the second time round, so this settles at once)
  new MutationObserver(() => {
    label();
    afterRender();
  }).observe(root, { childList: true, subtree: true });
}
