// This browser's anonymous player (no sign-up): made by the server on first need and kept in
// localStorage, so the deals played here are recorded for the History page (history.js). Its
// token goes with every new match (POST /api/matches), whose first human seat is then ours, and
// a seat joined by a friend's link is taken for it (POST /api/players/me/seats).

import * as API from "./api.js";

const KEY = "paiju.player"; // {id, token}

function stored() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "null");
    return v && typeof v.id === "string" && typeof v.token === "string" ? v : null;
  } catch {
    return null;
  }
}

/** This browser's player if it has one (never made here: the review page asks with it). */
export const knownPlayer = () => stored();

/** This browser's player, made now if it has none; null when it cannot be made or kept. */
export async function player() {
  const known = stored();
  if (known) return known;
  try {
    const made = await API.createPlayer();
    localStorage.setItem(KEY, JSON.stringify(made));
    return stored();
  } catch {
    return null; // no server or no storage: play on, unrecorded
  }
}

/** Forget a player the server no longer knows (a new database): the next call makes one. */
export function forgetPlayer() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

/** A seat joined by its link (friends.js) becomes this browser's player's, so its deals are
 * recorded too; nothing is lost if it cannot be (the table plays on, unrecorded). */
export async function claimSeat(session) {
  const me = await player();
  if (!me) return;
  try {
    await API.claimSeat(me.token, session.match_id, session.token);
  } catch (err) {
    if (err.status === 401 && err.code === "auth/unknown_player") forgetPlayer();
  }
}

/** POST /api/matches (under house-rule ``options`` when given) as this browser's player;
 * unrecorded rather than refused when the player cannot be had, and with a new player when the
 * server forgot ours. */
export async function createMatch(game, seats, options = undefined) {
  const me = await player();
  try {
    return await API.createMatch(game, seats, me?.token, options);
  } catch (err) {
    if (err.status !== 401 || !me) throw err;
    forgetPlayer();
    return API.createMatch(game, seats, (await player())?.token, options);
  }
}
