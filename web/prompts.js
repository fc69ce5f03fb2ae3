// What a turn's prompt says (issue 26, defect 9), for every game's table (table.js, paohuzi.js,
// nantong.js): exactly the moves its legal actions offer, joined as alternatives by the
// language's own rules (Intl.ListFormat: "win", "win or play on", "win, declare a kong or
// discard a tile"), and how to discard with the pointer at hand: "tap" on a touch screen,
// "click" and "double-click" with a mouse (the hand's cards discard on a double click: kit.js).
// A claim's question names its answers the same way ("win on it, pung it or pass?"), the
// exchange's the suits it may pass ("three characters or bamboo tiles"), and other
// pages say their gestures by the pointer too (byPointer: the calculators' texts).
// Texts: app.prompt.* (the options app.prompt.opt.*, the leads app.prompt.lead.*, claims
// app.prompt.claim.*).

import { getLanguage, t } from "./i18n.js";

/** Whether the main pointer is a finger (a coarse pointer, or none that hovers). */
export function isTouch() {
  const matches = (query) => globalThis.matchMedia?.(query).matches ?? false;
  return matches("(pointer: coarse)") || matches("(hover: none)");
}

/** ``key``, or on a touch screen its variant ``key.touch`` (which says "tap", not "click"). */
export function byPointer(key) {
  return isTouch() ? `${key}.touch` : key;
}

/** ``items`` as alternatives in the current language: "a", "a or b", "a, b or c". */
export function orList(items) {
  const lang = getLanguage() === "zh" ? "zh-Hans" : getLanguage();
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "disjunction" }).format(items);
  } catch {
    return items.join(", "); // a browser without Intl.ListFormat
  }
}

/**
 * A turn's options in the order the buttons show them: a win, a kong (of any kind), ``pass``
 * (the name of what passing means here, when the game offers it), then ``discard`` (the name of
 * the discard asked for).
 */
export function turnOptions(legal, { discard = "discardTile", pass = null } = {}) {
  const offered = (...types) => legal.some((a) => types.includes(a.type));
  return [offered("win") && "win", offered("concealed_kong", "added_kong") && "kong",
    pass && offered("pass") && pass, offered("discard") && discard].filter(Boolean);
}

/**
 * A turn's prompt: ``lead`` (a sentence said first: why this turn is special, or ""), then
 * "Your turn:" with the ``options`` offered (names of app.prompt.opt.* texts, or [name, params];
 * the same option named twice, say two kongs, is said once), then, when a discard is among them,
 * how to discard a ``piece`` ("tile" or "card") with this screen's pointer.
 */
export function turnPrompt({ lead = "", options, piece = "tile" }) {
  const phrases = [...new Set(options.map((o) => {
    const [name, params] = Array.isArray(o) ? o : [o, {}];
    return t(`app.prompt.opt.${name}`, params);
  }))];
  const discards = options.some((o) => String(Array.isArray(o) ? o[0] : o).startsWith("discard"));
  return sentences(lead, t("app.prompt.turn", { options: orList(phrases) }),
    discards ? t(`app.prompt.how.${isTouch() ? "touch" : "mouse"}.${piece}`) : "");
}

/**
 * A claim's question: the claims its legal ``answers`` offer, in the buttons' order, as
 * alternatives ("Win on it, pung it or pass?"); a win that ``rob``s a kong says so. Several chows
 * (or chis) are said once; ``after`` follows (say, that each chi is its own button).
 */
export function claimAsk(answers, { rob = false, after = "" } = {}) {
  const names = [...new Set(answers.map((a) => (rob && a.type === "win" ? "rob" : a.type)))];
  const ask = t("app.prompt.claim.ask",
    { options: orList(names.map((n) => t(`app.prompt.claim.opt.${n}`))) });
  return sentences(ask.charAt(0).toLocaleUpperCase(getLanguage()) + ask.slice(1), after);
}

/**
 * The exchange's question (Sichuan's exchange of three): three tiles of one of the ``suits`` it
 * offers (their names, as alternatives), where they go (``where``, a phrase), and how to choose
 * them with this screen's pointer.
 */
export function exchangeAsk(suits, where) {
  return sentences(t("app.prompt.exchange.ask", { suits: orList(suits), where }),
    t(`app.prompt.exchange.how.${isTouch() ? "touch" : "mouse"}`));
}

/** Sentences one after another, the empty ones left out. */
function sentences(...texts) {
  return texts.filter(Boolean)
    .reduce((text, next) => `${text}${FULL_STOP.test(text) ? "" : " "}${next}`);
}

/** Chinese sentences follow one another with no space. */
const FULL_STOP = /[。！？：]$/;
