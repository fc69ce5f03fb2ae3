// Translations. Every text the page shows goes through t("ns.key"): the namespace is the key's
// first segment and lives in web/locales/<lang>/<ns>.json (flat {"key": "text"} objects, one file
// per namespace so that separate parts of the app keep separate files). A key missing from the
// chosen language falls back to English, and is recorded in window.__paijuMissing so that the
// browser tests fail on it; tests/web/test_i18n.py checks every language has every English key.

export const LANGUAGES = [
  ["en", "English"], ["fr", "Français"], ["pl", "Polski"], ["it", "Italiano"], ["zh", "中文"],
];
export const NAMESPACES = ["app", "play", "patterns", "rules", "calc", "hints", "replay", "history", "options", "review"];

const STORE_KEY = "paiju.lang";
const FALLBACK = "en";
const dicts = {};          // lang -> ns -> {key: text}
let current = FALLBACK;
const missing = new Set();
globalThis.__paijuMissing = missing;

function stored() {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
}

function browserLanguage() {
  for (const tag of navigator.languages ?? [navigator.language ?? ""]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.some(([code]) => code === base)) return base;
  }
  return FALLBACK;
}

async function loadLanguage(lang) {
  if (dicts[lang]) return;
  const loaded = {};
  await Promise.all(NAMESPACES.map(async (ns) => {
    loaded[ns] = await fetchTexts(new URL(`./locales/${lang}/${ns}.json`, import.meta.url));
  }));
  dicts[lang] = loaded;
}

/** One locale file; a network failure or a server error is tried again twice (a busy or
 * restarting server must not leave a whole page in the fallback language), a missing file is
 * empty at once. */
async function fetchTexts(url, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return await res.json();
      if (res.status < 500 || i >= attempts) return {};
    } catch {
      if (i >= attempts) return {};
    }
    await new Promise((done) => setTimeout(done, 200 * i));
  }
}

/** Load English and the chosen (or the browser's) language; call once before the first render. */
export async function initI18n() {
  const wanted = stored();
  current = LANGUAGES.some(([code]) => code === wanted) ? wanted : browserLanguage();
  await Promise.all([loadLanguage(FALLBACK), loadLanguage(current)]);
  document.documentElement.lang = current === "zh" ? "zh-Hans" : current;
}

export function getLanguage() {
  return current;
}

/** Switch language and remember the choice; the caller re-renders. */
export async function setLanguage(lang) {
  if (!LANGUAGES.some(([code]) => code === lang)) return;
  await loadLanguage(lang);
  current = lang;
  try {
    localStorage.setItem(STORE_KEY, lang);
  } catch {
    /* private mode: the choice lasts until the page closes */
  }
  document.documentElement.lang = lang === "zh" ? "zh-Hans" : lang;
}

function lookup(lang, key) {
  const dot = key.indexOf(".");
  const table = dicts[lang]?.[key.slice(0, dot)];
  const text = table?.[key.slice(dot + 1)];
  return typeof text === "string" && text !== "" ? text : undefined;
}

/** Whether ``key`` exists (in English at least): for optional texts such as pattern names. */
export function has(key) {
  return lookup(current, key) !== undefined || lookup(FALLBACK, key) !== undefined;
}

/**
 * The text of ``key`` in the current language with ``{name}`` placeholders filled from
 * ``params``. With a numeric ``params.count`` the plural form "key.one" / "key.few" / ... (the
 * language's Intl.PluralRules category) is preferred over plain "key".
 */
export function t(key, params = {}) {
  let text;
  if (typeof params.count === "number") {
    const rule = new Intl.PluralRules(current).select(params.count);
    text = lookup(current, `${key}.${rule}`) ?? lookup(current, key);
  }
  text ??= lookup(current, key);
  if (text === undefined) {
    if (current !== FALLBACK) missing.add(`${current}:${key}`);
    if (typeof params.count === "number") {
      const rule = new Intl.PluralRules(FALLBACK).select(params.count);
      text = lookup(FALLBACK, `${key}.${rule}`);
    }
    text ??= lookup(FALLBACK, key);
  }
  if (text === undefined) {
    missing.add(`${FALLBACK}:${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** ``items`` joined the current language's way: "a, b and c", "a、b和c" (never a hard-coded ", "). */
export function listText(items) {
  return new Intl.ListFormat(current, { type: "conjunction" }).format(items);
}

/** ``n`` per cent written the current language's way: "50%", in French "50 %". */
export function percentText(n) {
  return new Intl.NumberFormat(current, { style: "percent" }).format(n / 100);
}

/** A scoring pattern's name in the current language, else the name the server sent. */
export function patternName(game, code, fallback) {
  const key = `patterns.${game}.${code}`;
  return has(key) ? t(key) : fallback;
}
