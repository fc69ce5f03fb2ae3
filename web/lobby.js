// The lobby: every game the server offers, each with its AI level (remembered per game), its
// house rules (room.js: Play starts at once with the rules last chosen, "Room options" opens the
// room form first), its rules, calculator and friends' links, and the table left last to resume. Games whose table the
// page cannot draw yet are listed as "coming soon". app.js shows it and sits down at the table
// it opens (``open``).

import { createMatch } from "./player.js";
import { choiceName, chosenOptions, gamesInfo, openRoomForm } from "./room.js";
import { h, zh } from "./dom.js";
import { TABLES } from "./games.js";
import { has, t } from "./i18n.js";
import { errorText, setStatus } from "./status.js";
import { tileEl } from "./tiles.js";

const LEVELS_KEY = "paiju.levels"; // {game: level}: the AI level last chosen in the lobby
const LEVELS = ["random", "basic", "strong"]; // the AI service's levels (ai/policies)

/**
 * Draw the lobby into ``root``: ``message`` above the games, a button to resume the table
 * ``last`` (if any), and ``open(session)`` to sit down at a table (resumed or started here).
 */
export async function renderLobby(root, { message = "", last = null, open }) {
  const list = h("div", { class: "games", "data-testid": "games" }, h("p", { class: "muted" }, t("app.lobby.loading")));
  root.replaceChildren(h("section", { class: "lobby", "data-testid": "lobby" },
    h("div", { class: "lobby__hero" },
      h("div", { class: "lobby__tiles", "aria-hidden": "true" },
        ["1m", "5p", "1s", "E", "C", "f5"].map((f) => tileEl(f, { size: "lg" }))),
      h("h1", {}, zh("牌局"), " paiju"),
      h("p", {}, t("app.lobby.tagline"), " ",
        h("a", { href: "#/history", "data-testid": "lobby-history" }, t("history.lobbyLink")))),
    message ? h("p", { class: "lobby__message", role: "alert" }, message) : null,
    last ? h("p", { class: "lobby__resume" }, h("button", {
      type: "button", class: "btn", "data-testid": "resume", onclick: () => open(last),
    }, t("app.lobby.resume"))) : null,
    list));
  try {
    const games = Object.values(await gamesInfo());
    list.replaceChildren(...games.map((g) => gameCard(g, root, open)));
  } catch (err) {
    list.replaceChildren(h("p", { class: "lobby__message", role: "alert" },
      t("app.lobby.gamesError", { error: errorText(err) })));
  }
}

/** A game's title in the current language (the server's English one for a game we do not know). */
export function gameTitle(name, fallback = name) {
  return has(`app.game.${name}.title`) ? t(`app.game.${name}.title`) : fallback;
}

function gameCard(g, root, open) {
  const known = TABLES[g.name];
  return h("article", { class: "game-card", "data-testid": `game-${g.name}` },
    h("h2", {}, gameTitle(g.name, g.title)),
    known ? h("p", { class: "game-card__cn" }, zh(known.chinese)) : null,
    h("p", {}, has(`app.game.${g.name}.summary`) ? t(`app.game.${g.name}.summary`) : g.description),
    h("p", { class: "muted", "data-testid": `blurb-${g.name}` }, known ? blurb(g)
      : t("app.lobby.comingSoonPlayers", { count: g.players })),
    known ? levelPicker(g, root) : null,
    known && g.options.length ? roomLine(g) : null,
    h("p", { class: "game-card__play" }, h("button", {
      type: "button", class: "btn btn--primary", "data-testid": `play-${g.name}`,
      disabled: !known, onclick: (ev) => startMatch(g, ev.currentTarget, root, open),
    }, known ? t("app.lobby.play") : t("app.lobby.tableComingSoon")),
    known && g.options.length ? h("button", {
      type: "button", class: "btn", "data-testid": `room-${g.name}`, "aria-haspopup": "dialog",
      onclick: (ev) => {
        const opener = ev.currentTarget;
        openRoomForm(g, { opener, onStart: (options) => {
          refreshRoomLine(g, root);
          startMatch(g, root.querySelector(`[data-testid=play-${g.name}]`), root, open, options);
        } });
      },
    }, t("options.ui.roomOptions")) : null),
    known ? h("p", { class: "game-card__links" },
      h("a", { href: `#/rules/${g.name}`, "data-testid": `rules-${g.name}` }, t("app.lobby.rules")), " · ",
      h("a", { href: `#/calc/${g.name}`, "data-testid": `calc-${g.name}` }, t("app.lobby.calc")), " · ",
      h("a", { href: `#/friends/${g.name}`, "data-testid": `friends-${g.name}` }, t("app.lobby.friends")))
      : null);
}

/** The house rules Play starts with: the game's last choice (room.js). */
function roomLine(g) {
  return h("p", { class: "game-card__room", "data-testid": `room-rules-${g.name}` },
    t("options.ui.current", { name: choiceName(g) }));
}

function refreshRoomLine(g, root) {
  root.querySelector(`[data-testid=room-rules-${g.name}]`)?.replaceWith(roomLine(g));
}

function blurb(g) {
  return t("app.lobby.against", { count: g.players - 1, level: t(`app.ai.${aiLevel(g.name)}`) });
}

/** The AI level for a game's opponents: the one last chosen, else the table's default. */
function aiLevel(game) {
  try {
    const chosen = JSON.parse(localStorage.getItem(LEVELS_KEY) ?? "{}")?.[game];
    if (LEVELS.includes(chosen)) return chosen;
  } catch {
    /* unreadable or private mode: the default */
  }
  return TABLES[game].ai;
}

function levelPicker(g, root) {
  const select = h("select", { "data-testid": `level-${g.name}`, onchange: (ev) => {
    try {
      const levels = JSON.parse(localStorage.getItem(LEVELS_KEY) ?? "{}") ?? {};
      localStorage.setItem(LEVELS_KEY, JSON.stringify({ ...levels, [g.name]: ev.currentTarget.value }));
    } catch {
      /* private mode: the choice holds until the lobby is drawn again */
    }
    const line = root.querySelector(`[data-testid=blurb-${g.name}]`);
    if (line) line.textContent = t("app.lobby.against", {
      count: g.players - 1, level: t(`app.ai.${ev.currentTarget.value}`) });
  } }, LEVELS.map((level) => h("option", { value: level, selected: level === aiLevel(g.name) },
    t(`app.ai.${level}`))));
  return h("label", { class: "game-card__level" }, t("app.lobby.level"), " ", select);
}

/** A match of ``g`` against the AI, under ``options`` (by default the rules last chosen). */
async function startMatch(g, button, root, open, options = chosenOptions(g)) {
  button.disabled = true;
  const seats = [{ kind: "human" }];
  const level = root.querySelector(`[data-testid=level-${g.name}]`)?.value ?? aiLevel(g.name);
  for (let i = 1; i < g.players; i++) seats.push({ kind: "ai", level });
  try {
    const m = await createMatch(g.name, seats, options);
    const mine = m.seats.find((s) => s.token);
    open({ match_id: m.match_id, token: mine.token, game: g.name });
  } catch (err) {
    button.disabled = false;
    setStatus(t("app.lobby.startError", { error: errorText(err) }), "error");
  }
}
