// Friends at one table, #/friends/<game>: choose how many people play (2 up to the game's
// players), create the match with those human seats and the computer ("basic" AI) in the others,
// then hand each friend the join link of their seat (#/join/<match>/<token>: the token is the
// seat, so each link goes to one friend only) and sit down at your own. Every player's page asks
// the server with its own token, so each sees only its own hand. The table just created is kept
// in this browser, so coming back here shows its links again.

import * as API from "./api.js";
import { createMatch } from "./player.js";
import { h } from "./dom.js";
import { TABLES } from "./games.js";
import { t } from "./i18n.js";
import { copyText, ensureStyles, gameTitle } from "./replay.js";
import { choiceName, chosenOptions, gamesInfo, openRoomForm } from "./room.js";
import { seatNames } from "./kit.js";

const SAVED = "paiju.friends";   // {game, match_id, mine, tokens: {seat: token}}

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(SAVED) ?? "null");
    return v && typeof v.match_id === "string" && v.tokens && typeof v.tokens === "object" ? v : null;
  } catch {
    return null;
  }
}

function save(value) {
  try {
    if (value) localStorage.setItem(SAVED, JSON.stringify(value));
    else localStorage.removeItem(SAVED);
  } catch {
    /* private mode: the links stay on screen until the page closes */
  }
}

/** The link that seats whoever opens it at ``seat`` of the match. */
export function joinUrl(matchId, token) {
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(matchId)}/${encodeURIComponent(token)}`;
}

export async function render(root, params) {
  ensureStyles();
  const name = params.game ?? "";
  const table = TABLES[name];
  const section = h("section", { class: "friends", "data-testid": "friends", "data-game": name });
  root.replaceChildren(section);
  let game = null;
  if (table) {
    try {
      game = (await gamesInfo())[name] ?? null;
    } catch (err) {
      section.replaceChildren(h("p", { role: "alert" }, t("replay.friends.error", { message: err.message })));
      return;
    }
  }
  if (!game) {
    section.replaceChildren(h("h1", {}, t("replay.friends.heading")),
      h("p", { role: "alert" }, t("replay.friends.unknown", { game: name })),
      h("p", {}, h("a", { class: "btn btn--primary", href: "./" }, t("replay.back"))));
    return;
  }
  document.title = `paiju — ${t("replay.friends.title", { game: gameTitle(name) })}`;
  const head = [
    h("h1", {}, t("replay.friends.title", { game: gameTitle(name) })),
    h("p", {}, t("replay.friends.intro")),
    h("p", {}, h("a", { href: "./" }, t("replay.back")), " · ",
      h("a", { href: `#/rules/${name}` }, t("replay.friends.rules"))),
  ];
  const saved = load();
  if (saved?.game === name && await stillThere(saved)) {
    section.replaceChildren(...head, linksCard(game, saved, () => { save(null); render(root, params); }));
  } else {
    if (saved?.game === name) save(null);
    section.replaceChildren(...head, setupCard(game, (created) => {
      save(created);
      section.replaceChildren(...head, linksCard(game, created, () => { save(null); render(root, params); }));
      section.querySelector("[data-testid=friends-sit]")?.focus();
    }));
  }
}

async function stillThere(saved) {
  try {
    await API.getMatch(saved.match_id, saved.tokens[saved.mine]);
    return true;
  } catch {
    return false;
  }
}

function setupCard(game, onCreated) {
  const options = [];
  for (let n = 2; n <= game.players; n++) options.push(n);
  const choices = h("fieldset", { class: "friends__choices", "data-testid": "friends-humans" },
    h("legend", {}, t("replay.friends.humans")),
    options.map((n) => h("label", { class: "friends__choice" },
      h("input", { type: "radio", name: "humans", value: n, checked: n === 2, "data-testid": `friends-humans-${n}` }),
      n === game.players ? t("replay.friends.allPeople", { n })
        : t("replay.friends.option", { n, ai: game.players - n }))));
  const error = h("p", { class: "friends__error", role: "alert", "data-testid": "friends-error" });
  const create = h("button", { type: "button", class: "btn btn--primary", "data-testid": "friends-create" },
    t("replay.friends.create"));
  create.addEventListener("click", async () => {
    const humans = Number(choices.querySelector("input:checked")?.value ?? 2);
    const options = chosenOptions(game); // the house rules last chosen (room.js)
    const seats = [];
    for (let s = 0; s < game.players; s++) {
      seats.push(s < humans ? { kind: "human" } : { kind: "ai", level: TABLES[game.name].ai ?? "basic" });
    }
    create.disabled = true;
    create.textContent = t("replay.friends.creating");
    error.textContent = "";
    try {
      const m = await createMatch(game.name, seats, options);
      const tokens = {};
      for (const s of m.seats) if (s.token) tokens[s.seat] = s.token;
      onCreated({ game: game.name, match_id: m.match_id, mine: 0, tokens });
    } catch (err) {
      create.disabled = false;
      create.textContent = t("replay.friends.create");
      error.textContent = t("replay.friends.error", { message: err.message });
    }
  });
  const rules = game.options.length ? h("p", { class: "friends__rules" },
    h("span", { "data-testid": "friends-rules" }, t("options.ui.current", { name: choiceName(game) })), " ",
    h("button", { type: "button", class: "btn btn--ghost", "data-testid": "friends-room", "aria-haspopup": "dialog",
      onclick: (ev) => openRoomForm(game, { opener: ev.currentTarget, startLabel: t("options.ui.save"),
        onStart: () => {
          rules.querySelector("[data-testid=friends-rules]").textContent =
            t("options.ui.current", { name: choiceName(game) });
        } }) }, t("options.ui.roomOptions"))) : null;
  return h("div", { class: "friends__card", "data-testid": "friends-setup" },
    h("h2", {}, t("replay.friends.setup")),
    choices,
    rules,
    h("p", { class: "muted" }, t("replay.friends.aiNote")),
    h("div", { class: "friends__actions" }, create), error);
}

function linksCard(game, saved, onNew) {
  // positions as the creator will see them at the table ("on your right"...)
  const names = seatNames({ seat: saved.mine, state: { players: Array(game.players).fill(null) } });
  const friends = Object.keys(saved.tokens).map(Number).filter((s) => s !== saved.mine).sort((a, b) => a - b);
  const rows = friends.map((seat) => {
    const url = joinUrl(saved.match_id, saved.tokens[seat]);
    const id = `join-${seat}`;
    const input = h("input", { id, type: "text", readonly: true, value: url, "data-testid": `join-link-${seat}`,
      onfocus: (ev) => ev.target.select() });
    const done = h("span", { class: "friends__copied", role: "status" });
    return h("li", { class: "friends__link", "data-seat": seat },
      h("label", { for: id }, names.name(seat)),
      input,
      h("button", { type: "button", class: "btn", "data-testid": `copy-${seat}`,
        onclick: () => copyText(url, input, done) }, t("replay.friends.copy")),
      done);
  });
  const sit = h("a", { class: "btn btn--primary", "data-testid": "friends-sit",
    href: `#/join/${encodeURIComponent(saved.match_id)}/${encodeURIComponent(saved.tokens[saved.mine])}` },
  t("replay.friends.sit"));
  return h("div", { class: "friends__card", "data-testid": "friends-links", "data-match": saved.match_id },
    h("h2", {}, t("replay.friends.ready")),
    h("p", { class: "muted" }, t("replay.friends.secret"), " ", t("replay.friends.seatsNote")),
    h("ol", { class: "friends__links" }, rows),
    h("div", { class: "friends__actions" }, sit,
      h("button", { type: "button", class: "btn btn--ghost", "data-testid": "friends-new", onclick: onNew },
        t("replay.friends.new"))));
}
