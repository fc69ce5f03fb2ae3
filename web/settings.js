// Display settings: contrast, grain and colour temperature (0–100, 50 = the table's own look),
// large tiles, reduced motion and the claim timer; and the sound (sound.js): its volume (0–100,
// 50 by default: sounds are on, at a moderate level, once the page got a click or a key, as
// browsers want) and mute, which alone silences it (reduced motion leaves sound alone). They live in localStorage under
// "paiju.settings" and show on <html> as custom properties and classes, by one rule that the
// inline script in index.html applies too, before the first paint:
//   a number n   → style "--set-<name>: n/100", plus the attribute data-set-<name> when n ≠ 50;
//   true         → class "set-<name>".
// style.css turns those into a contrast filter, a warm or cool wash, a grain overlay, bigger tiles
// and no animations. The claim timer (off by default, so that nothing ever passes for a player
// who did not ask for it, and so that the browser tests never depend on it) is read by app.js
// through claimSeconds().

import { h } from "./dom.js";
import { percentText, t } from "./i18n.js";

const STORE_KEY = "paiju.settings";

export const DEFAULTS = Object.freeze({
  contrast: 50, grain: 50, temperature: 50, largeTiles: false, reducedMotion: false, claimTimer: 0,
  mute: false, volume: 50,
});
export const SLIDERS = ["contrast", "grain", "temperature"];
export const CLAIM_TIMES = [0, 10, 20, 30];

/** The stored settings, each checked against its default's type and range. */
export function getSettings() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(STORE_KEY) ?? "{}") ?? {};
  } catch {
    stored = {};
  }
  const out = { ...DEFAULTS };
  for (const name of [...SLIDERS, "volume"]) {
    const v = Number(stored[name]);
    if (Number.isFinite(v)) out[name] = Math.min(100, Math.max(0, Math.round(v)));
  }
  for (const name of ["largeTiles", "reducedMotion", "mute"]) out[name] = stored[name] === true;
  if (CLAIM_TIMES.includes(stored.claimTimer)) out.claimTimer = stored.claimTimer;
  return out;
}

/** Put the settings on <html> (the same rule as index.html's inline script). */
export function applySettings(settings = getSettings(), root = document.documentElement) {
  for (const [name, v] of Object.entries(settings)) {
    const attr = `set${name[0].toUpperCase()}${name.slice(1)}`;
    if (typeof v === "number") {
      root.style.setProperty(`--set-${name}`, String(v / 100));
      if (v !== 50) root.dataset[attr] = "";
      else delete root.dataset[attr];
    } else if (typeof v === "boolean") root.classList.toggle(`set-${name}`, v);
  }
}

const listeners = new Set();

/** Call ``fn(settings)`` after every change (app.js restarts the claim timer). */
export function onSettingsChange(fn) {
  listeners.add(fn);
}

export function setSetting(name, value) {
  const next = { ...getSettings(), [name]: value };
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(next));
  } catch {
    /* private mode: the change lasts until the page closes */
  }
  applySettings(next);
  for (const fn of listeners) fn(next);
}

/** Seconds a claim decision may take before it passes by itself; 0: no timer. */
export function claimSeconds() {
  return getSettings().claimTimer;
}

// ------------------------------------------------------------------ the panel

function slider(name, value) {
  const id = `set-${name}`;
  const out = h("output", { for: id, class: "settings__value", "data-testid": `setting-${name}-value` }, percentText(value));
  return h("div", { class: "settings__row" },
    h("label", { for: id }, t(`app.settings.${name}`)),
    h("input", {
      type: "range", id, min: 0, max: 100, step: 5, value, "data-testid": `setting-${name}`,
      "aria-describedby": `${id}-hint`,
      oninput: (ev) => {
        const v = Number(ev.currentTarget.value);
        out.textContent = percentText(v);
        setSetting(name, v);
      },
    }),
    out,
    h("small", { id: `${id}-hint`, class: "settings__hint" }, t(`app.settings.${name}Hint`)));
}

function checkbox(name, value) {
  const id = `set-${name}`;
  return h("div", { class: "settings__row settings__row--check" },
    h("input", { type: "checkbox", id, checked: value, "data-testid": `setting-${name}`,
      onchange: (ev) => setSetting(name, ev.currentTarget.checked) }),
    h("label", { for: id }, t(`app.settings.${name}`)));
}

/** Sound: mute and the volume; a change of volume plays a sample (sound.js, loaded lazily). */
function soundRows(s) {
  const out = h("output", { for: "set-volume", class: "settings__value", "data-testid": "setting-volume-value" },
    percentText(s.volume));
  const sample = () => import("./sound.js").then((m) => m.playCue("turn"));
  return [
    h("div", { class: "settings__row" },
      h("label", { for: "set-volume" }, t("play.sound.volume")),
      h("input", {
        type: "range", id: "set-volume", min: 0, max: 100, step: 5, value: s.volume, "data-testid": "setting-volume",
        "aria-describedby": "set-volume-hint",
        oninput: (ev) => {
          out.textContent = percentText(Number(ev.currentTarget.value));
          setSetting("volume", Number(ev.currentTarget.value));
        },
        onchange: sample,
      }),
      out,
      h("small", { id: "set-volume-hint", class: "settings__hint" }, t("play.sound.volumeHint"))),
    h("div", { class: "settings__row settings__row--check" },
      h("input", { type: "checkbox", id: "set-mute", checked: s.mute, "data-testid": "setting-mute",
        onchange: (ev) => setSetting("mute", ev.currentTarget.checked) }),
      h("label", { for: "set-mute" }, t("play.sound.mute"))),
  ];
}

/**
 * The settings dialog; ``onClose`` runs when it closes (Escape, the Close button, outside).
 * "Back to the defaults" refills this same dialog: the app holds it to close it (a new one put in
 * its place could no longer be closed).
 */
export function settingsPanel(onClose) {
  const panel = h("section", { class: "settings", role: "dialog",
    "aria-labelledby": "settings-title", "data-testid": "settings", tabindex: "-1",
    onkeydown: (ev) => {
      if (ev.key === "Escape") {
        ev.stopPropagation();
        onClose();
      }
    } });
  const fill = () => {
    const s = getSettings();
    const timer = h("select", { id: "set-claimTimer", "data-testid": "setting-claimTimer",
      onchange: (ev) => setSetting("claimTimer", Number(ev.currentTarget.value)) },
    CLAIM_TIMES.map((n) => h("option", { value: n, selected: n === s.claimTimer },
      n ? t("app.settings.seconds", { count: n }) : t("app.settings.timerOff"))));
    panel.replaceChildren(
      h("header", { class: "settings__head" },
        h("h2", { id: "settings-title" }, t("app.settings.title")),
        h("button", { type: "button", class: "btn btn--ghost", "data-testid": "settings-close", onclick: onClose },
          t("app.settings.close"))),
      ...SLIDERS.map((name) => slider(name, s[name])),
      checkbox("largeTiles", s.largeTiles),
      checkbox("reducedMotion", s.reducedMotion),
      h("div", { class: "settings__row" },
        h("label", { for: "set-claimTimer" }, t("app.settings.claimTimer")), timer,
        h("small", { class: "settings__hint" }, t("app.settings.claimTimerHint"))),
      ...soundRows(s),
      h("p", { class: "settings__foot" },
        h("button", { type: "button", class: "btn", "data-testid": "settings-reset", onclick: () => {
          for (const [name, v] of Object.entries(DEFAULTS)) setSetting(name, v);
          fill();
          panel.focus();
        } }, t("app.settings.reset"))));
  };
  fill();
  return panel;
}
