// House-rule options (issue 28, rules/options.md) in the page: the room form that the lobby and
// the friends' page open before a match is made, the choice remembered per game, and the line
// that tells a table or a replay which options differ from the rules page.
//
// Everything comes from GET /api/games?lang=<the page's language>: each option's key, values or
// bounds, default, label, help and value labels, and each game's presets ("seed", "popular").
// The texts are those of web/locales/<lang>/options.json, which the page also loads as its
// "options" namespace for its own words (the form's buttons, the table's line).

import * as API from "./api.js";
import { h } from "./dom.js";
import { getLanguage, has, t } from "./i18n.js";

const ROOM_KEY = "paiju.room"; // {game: {preset: id | "custom", options: {...}}}: the last choice
const CUSTOM = "custom";

// ------------------------------------------------------------------ the games' options (API)

const loaded = new Map(); // lang -> Promise of {game: GameInfo}
const ready = new Map();  // lang -> {game: GameInfo}, once loaded

/** The games as GET /api/games lists them, in the page's language: {game: GameInfo}, fetched
 * once per language; a failed fetch is forgotten, so the next call tries again. */
export function gamesInfo() {
  const lang = getLanguage();
  if (!loaded.has(lang)) {
    loaded.set(lang, API.games(lang).then((list) => {
      const games = Object.fromEntries(list.map((g) => [g.name, g]));
      ready.set(lang, games);
      return games;
    }, (err) => {
      loaded.delete(lang);
      throw err;
    }));
  }
  return loaded.get(lang);
}

// ------------------------------------------------------------------ values

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Whether ``value`` is one ``option`` allows (as the server checks it: OPT-0.1). */
function allowed(option, value) {
  if (option.many) {
    return Array.isArray(value) && new Set(value).size === value.length
      && value.every((v) => option.values.some((w) => same(v, w)));
  }
  if (option.values) return option.values.some((w) => same(value, w));
  return Number.isInteger(value) && value >= option.min && value <= option.max;
}

/** Every option's default: the seed rules. */
function defaults(game) {
  return Object.fromEntries(game.options.map((o) => [o.key, o.default]));
}

/** A value as one option shows it: its value label, or the number itself. */
export function valueText(option, value) {
  if (option.many) {
    const names = option.values.filter((v) => value.some((w) => same(v, w)))
      .map((v) => option.value_labels[option.values.findIndex((w) => same(v, w))]);
    return names.length ? names.join(", ") : t("options.ui.none");
  }
  if (option.values) {
    const i = option.values.findIndex((w) => same(value, w));
    return i >= 0 ? option.value_labels[i] : String(value);
  }
  return String(value);
}

/** The preset whose options are exactly ``options``, else null (a custom choice). */
function matchingPreset(game, options) {
  return game.presets.find((p) => same(sorted(p.options), sorted(options))) ?? null;
}

function sorted(options) {
  return Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)));
}

// ------------------------------------------------------------------ the remembered choice

function readAll() {
  try {
    const v = JSON.parse(localStorage.getItem(ROOM_KEY) ?? "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

function remember(name, choice) {
  try {
    localStorage.setItem(ROOM_KEY, JSON.stringify({ ...readAll(), [name]: choice }));
  } catch {
    /* private mode: the choice holds until the page closes */
  }
}

/**
 * The game's last choice, checked against what the server offers now: a preset by its id (its
 * options as the server lists them today), or custom options, each kept only if still allowed
 * (a value the server no longer takes falls back to the default). First time: the seed rules.
 */
export function choiceOf(game) {
  const kept = readAll()[game.name];
  const seed = game.presets[0] ?? { id: "seed", options: defaults(game) };
  const preset = game.presets.find((p) => p.id === kept?.preset);
  if (preset) return { preset: preset.id, options: { ...preset.options } };
  if (kept?.preset === CUSTOM && kept.options && typeof kept.options === "object") {
    const options = defaults(game);
    for (const o of game.options) {
      if (o.key in kept.options && allowed(o, kept.options[o.key])) options[o.key] = kept.options[o.key];
    }
    return { preset: matchingPreset(game, options)?.id ?? CUSTOM, options };
  }
  return { preset: seed.id, options: { ...seed.options } };
}

/** The name of a game's remembered choice: "Seed rules", "Popular app rules" or "Custom". */
export function choiceName(game, choice = choiceOf(game)) {
  return game.presets.find((p) => p.id === choice.preset)?.label ?? t("options.preset.custom");
}

/** The options to create a match of ``game`` with: the remembered choice; none for a game
 * without options (the request then carries no ``options`` at all). */
export function chosenOptions(game) {
  return game.options.length ? choiceOf(game).options : undefined;
}

// ------------------------------------------------------------------ the room form

let counter = 0;

/**
 * Open the room form of ``game`` (a GameInfo) as a modal dialog: the presets first, then each
 * option as a select, a number or a list of checkboxes, its default marked; the last choice
 * filled in. ``onStart(options)`` runs on Start (Enter in a field too) once the choice is
 * remembered; Cancel, Escape or a click outside close it. Focus goes to the checked preset, and
 * back to ``opener`` when the dialog closes.
 */
export function openRoomForm(game, { onStart, opener = null, startLabel = t("options.ui.start") }) {
  const id = `room-${game.name}-${++counter}`;
  const choice = choiceOf(game);
  const controls = new Map(); // key -> {read(), write(value)}
  const presetName = `${id}-preset`;
  const radios = [...game.presets.map((p) => [p.id, p.label, p.help]),
    [CUSTOM, t("options.preset.custom"), ""]].map(([pid, label, help]) => {
    const input = h("input", { type: "radio", name: presetName, value: pid, id: `${id}-p-${pid}`,
      checked: pid === choice.preset, "data-testid": `room-preset-${pid}`,
      onchange: () => {
        const preset = game.presets.find((p) => p.id === pid);
        if (preset) fill(preset.options);
      } });
    return h("div", { class: "room__preset" }, input,
      h("label", { for: input.id }, h("strong", {}, label), help ? h("small", {}, help) : null));
  });
  const presetBox = h("fieldset", { class: "room__presets", "data-testid": "room-presets" },
    h("legend", {}, t("options.ui.presets")), radios);
  const fields = game.options.map((o) => optionField(o, `${id}-o-${o.key}`, controls, onEdit));
  const error = h("p", { class: "room__error", role: "alert", "data-testid": "room-error" });
  const start = h("button", { type: "submit", class: "btn btn--primary", "data-testid": "room-start" }, startLabel);
  const cancel = h("button", { type: "button", class: "btn btn--ghost", "data-testid": "room-cancel",
    onclick: () => dialog.close() }, t("options.ui.cancel"));
  const form = h("form", { class: "room__form", method: "dialog", novalidate: true,
    onsubmit: (ev) => {
      ev.preventDefault();
      const options = read();
      if (!options) return;
      const preset = matchingPreset(game, options);
      remember(game.name, preset ? { preset: preset.id } : { preset: CUSTOM, options });
      dialog.close();
      onStart(options);
    } },
  h("h2", { id: `${id}-title` }, t("options.ui.title", { game: gameLabel(game) })),
  presetBox,
  h("fieldset", { class: "room__options", "data-testid": "room-options" },
    h("legend", {}, t("options.ui.options")), fields),
  error,
  h("div", { class: "room__actions" }, cancel, start));
  const dialog = h("dialog", { class: "room", "data-testid": "room-form", "data-game": game.name,
    "aria-labelledby": `${id}-title` }, form);
  closeOnBackdrop(dialog);
  dialog.addEventListener("close", () => {
    dialog.remove();
    opener?.focus();
  });

  function fill(options) {
    for (const [key, control] of controls) control.write(options[key]);
    error.textContent = "";
  }

  /** A control changed: the preset whose options these are, else Custom. */
  function onEdit() {
    const options = read(false);
    const pid = (options && matchingPreset(game, options)?.id) ?? CUSTOM;
    for (const r of presetBox.querySelectorAll("input")) r.checked = r.value === pid;
  }

  /** The options chosen, or null when a number is out of its range (said, and focused). */
  function read(report = true) {
    const options = {};
    for (const o of game.options) {
      const value = controls.get(o.key).read();
      if (!allowed(o, value)) {
        if (report) {
          error.textContent = `${o.label}: ${t("options.ui.range", { min: o.min, max: o.max })}`;
          controls.get(o.key).focus();
        }
        return null;
      }
      options[o.key] = value;
    }
    return options;
  }

  fill(choice.options);
  document.body.append(dialog);
  dialog.showModal();
  presetBox.querySelector("input:checked")?.focus();
  return dialog;
}

function gameLabel(game) {
  return has(`app.game.${game.name}.title`) ? t(`app.game.${game.name}.title`) : game.title;
}

/** A click on the backdrop of ``dialog`` (outside its box) closes it; clicks inside, on its
 * padding too, do not. */
function closeOnBackdrop(dialog) {
  dialog.addEventListener("click", (ev) => {
    if (ev.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    if (ev.clientX < r.left || ev.clientX > r.right || ev.clientY < r.top || ev.clientY > r.bottom) dialog.close();
  });
}

/** One option's field; registers how to read and write it in ``controls``. */
function optionField(o, id, controls, onEdit) {
  const help = h("small", { id: `${id}-help`, class: "room__help" }, o.help);
  const marked = (i) => (same(o.values[i], o.default) && !o.many
    ? `${o.value_labels[i]} (${t("options.ui.default")})` : o.value_labels[i]);
  if (o.many) {
    const boxes = o.values.map((v, i) => h("input", { type: "checkbox", id: `${id}-${i}`,
      "data-testid": `room-opt-${o.key}-${i}`, "data-value": JSON.stringify(v), onchange: onEdit }));
    controls.set(o.key, {
      read: () => o.values.filter((_, i) => boxes[i].checked),
      write: (value) => boxes.forEach((b, i) => { b.checked = (value ?? []).some((w) => same(w, o.values[i])); }),
      focus: () => boxes[0]?.focus(),
    });
    const defaultText = valueText(o, o.default);
    return h("fieldset", { class: "room__field room__field--many", "data-testid": `room-opt-${o.key}`,
      "aria-describedby": help.id },
    h("legend", {}, o.label),
    boxes.map((b, i) => h("div", { class: "room__check" }, b, h("label", { for: b.id }, o.value_labels[i]))),
    h("small", { class: "room__default" }, `${t("options.ui.default")}: ${defaultText}`), help);
  }
  let input;
  if (o.values) {
    input = h("select", { id, "data-testid": `room-opt-${o.key}`, "aria-describedby": help.id, onchange: onEdit },
      o.values.map((v, i) => h("option", { value: String(i), "data-value": JSON.stringify(v),
        "data-default": same(v, o.default) ? "true" : null }, marked(i))));
    controls.set(o.key, {
      read: () => o.values[Number(input.value)],
      write: (value) => { input.value = String(Math.max(0, o.values.findIndex((w) => same(w, value)))); },
      focus: () => input.focus(),
    });
  } else {
    input = h("input", { type: "number", id, min: o.min, max: o.max, step: 1, inputmode: "numeric",
      "data-testid": `room-opt-${o.key}`, "aria-describedby": `${id}-range ${help.id}`, oninput: onEdit });
    controls.set(o.key, {
      read: () => (/^\s*\d+\s*$/.test(input.value) ? Number(input.value) : NaN),
      write: (value) => { input.value = String(value ?? o.default); },
      focus: () => input.focus(),
    });
  }
  return h("div", { class: "room__field" },
    h("label", { for: id }, o.label), input,
    o.values ? null : h("small", { id: `${id}-range`, class: "room__default" },
      `${t("options.ui.range", { min: o.min, max: o.max })} · ${t("options.ui.default")}: ${o.default}`),
    help);
}

// ------------------------------------------------------------------ the options in play

/** The options of ``options`` that differ from ``game``'s defaults: [{option, value, text}]. */
export function changedOptions(game, options) {
  return game.options.filter((o) => o.key in (options ?? {}) && !same(options[o.key], o.default))
    .map((o) => ({ option: o, value: options[o.key], text: valueText(o, options[o.key]) }));
}

/**
 * The active house rules of a table or a replay: a compact line of the options that differ from
 * the rules page (nothing when none does), whose button opens the full list in a dialog. While
 * the games' options load, null; ``redraw`` runs once they have.
 */
export function activeOptions(name, options, redraw = null, { inline = false } = {}) {
  const games = ready.get(getLanguage());
  if (!games) {
    gamesInfo().then(() => redraw?.()).catch(() => {});
    return null;
  }
  const game = games[name];
  if (!game || !game.options.length) return null;
  const changed = changedOptions(game, options);
  if (!changed.length) return null;
  const summary = changed.map((c) => `${c.option.label}: ${c.text}`).join("; ");
  const button = h("button", { type: "button", class: "room-active__btn", "data-testid": "table-options",
    "aria-haspopup": "dialog", title: summary, onclick: () => optionsDialog(game, options, button) },
  t("options.ui.tableLabel"), " ", h("span", { class: "room-active__count" }, String(changed.length)));
  return h("span", { class: `room-active${inline ? " room-active--inline" : ""}`, "data-testid": "active-options",
    "data-options": JSON.stringify(options) },
  button,
  inline ? h("ul", { class: "room-active__chips" }, changed.map((c) => h("li", {
    "data-key": c.option.key }, `${c.option.label}: ${c.text}`))) : null);
}

/** Every option of the table, the ones that differ from the rules page first and marked. */
function optionsDialog(game, options, opener) {
  const changed = new Set(changedOptions(game, options).map((c) => c.option.key));
  const order = [...game.options].sort((a, b) => changed.has(b.key) - changed.has(a.key));
  const dialog = h("dialog", { class: "room room--list", "data-testid": "table-options-list",
    "aria-labelledby": "room-active-title" },
  h("h2", { id: "room-active-title" }, t("options.ui.tableAll")),
  h("dl", { class: "room-active__list" }, order.map((o) => [
    h("dt", { "data-key": o.key, "data-changed": changed.has(o.key) ? "true" : "false" }, o.label),
    h("dd", { "data-key": o.key }, valueText(o, options[o.key] ?? o.default),
      changed.has(o.key) ? "" : ` (${t("options.ui.default")})`)])),
  h("form", { method: "dialog", class: "room__actions" },
    h("button", { class: "btn btn--primary", "data-testid": "table-options-close" }, t("options.ui.close"))));
  closeOnBackdrop(dialog);
  dialog.addEventListener("close", () => {
    dialog.remove();
    // the table redraws while the list is open: back to the button that stands for the opener now
    (opener?.isConnected ? opener : document.querySelector("[data-testid=table-options]"))?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
}
