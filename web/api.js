// The JSON API (REST under /api) and the live connection to a match (WebSocket with
// reconnect and backoff; polling GET every second while the socket is down). While the server's
// database restarts it answers 503 with Retry-After: requests are sent again after it.

export class ApiError extends Error {
  constructor(status, code, message, body = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** How many times a request answered 503 (the database restarting) is sent in all. */
const RETRY_ATTEMPTS = 8;
const RETRY_AFTER_MAX_S = 10;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The seconds a 503 asks to wait before trying again. */
function retryAfter(res) {
  const s = Number(res.headers.get("Retry-After"));
  return Number.isFinite(s) && s >= 0 ? Math.min(s, RETRY_AFTER_MAX_S) : 1;
}

/**
 * Call the API; resolve to the JSON body, reject with ApiError (status 0: network failure).
 * A 503 (the database restarting) is sent again after its Retry-After, a few times: an action
 * too, since at its version it lands at most once (a 409 then says it had).
 */
export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  for (let attempt = 1; ; attempt++) {
    try {
      res = await fetch(`/api${path}`, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      });
    } catch (err) {
      throw new ApiError(0, "network", "the server cannot be reached");
    }
    if (res.status !== 503 || attempt >= RETRY_ATTEMPTS) break;
    await sleep(retryAfter(res) * 1000);
  }
  let data = null;
  try {
    data = JSON.parse(await res.text()); // seeds stay exact: the server caps them at 2^53 - 1
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = data?.error ?? {};
    throw new ApiError(res.status, e.code ?? `http/${res.status}`,
      e.message ?? `request failed (${res.status})`, data);
  }
  return data;
}

/** The games, their house-rule options and presets, labelled in ``lang`` (room.js). */
export const games = (lang = "en") => api(`/games?lang=${encodeURIComponent(lang)}`);

/** A new match, under ``options`` when given (room.js); with a player's token its first human
 * seat is that player's (player.js). */
export const createMatch = (game, seats, token = null, options = undefined) =>
  api("/matches", { method: "POST", token, body: options === undefined ? { game, seats } : { game, seats, options } });

export const createPlayer = () => api("/players", { method: "POST" });

/** The player takes the seat ``seatToken`` holds (a friend's join link). */
export const claimSeat = (token, matchId, seatToken) =>
  api("/players/me/seats", { method: "POST", token, body: { match_id: matchId, token: seatToken } });

/** The player's finished deals, newest first, and statistics per game. */
export const history = (token, { limit = 20, before = null } = {}) =>
  api(`/players/me/history?limit=${limit}${before ? `&before=${before}` : ""}`, { token });

export const getMatch = (id, token) => api(`/matches/${encodeURIComponent(id)}`, { token });

export const getLegal = (id, token) => api(`/matches/${encodeURIComponent(id)}/legal`, { token });

export const postAction = (id, token, action, version) =>
  api(`/matches/${encodeURIComponent(id)}/actions`, { method: "POST", token, body: { action, version } });

export const nextDeal = (id, token, version) =>
  api(`/matches/${encodeURIComponent(id)}/next-deal`, { method: "POST", token, body: { version } });

export const restartMatch = (id, token, version) =>
  api(`/matches/${encodeURIComponent(id)}/restart`, { method: "POST", token, body: { version } });

/** Close codes the server uses for refusals: 4000 + HTTP status (4503, the database
 * restarting, is not fatal: the page connects again). */
const FATAL_CLOSE = new Set([4401, 4403, 4404]);

/** After this long without a message the page asks for the match ({"type": "sync"}, answered
 * with a snapshot); when that too goes unanswered as long, the socket is dead: connect again. */
const SILENCE_MS = 15000;

/**
 * Keeps a match view up to date. Callbacks: onView(matchView), onError({code, message}),
 * onFatal(ApiError-like) when the match or token is gone, onMode("live"|"polling"|"connecting").
 * Options: silenceMs (SILENCE_MS).
 */
export class LiveMatch {
  constructor(matchId, token, handlers, { silenceMs = SILENCE_MS } = {}) {
    this.matchId = matchId;
    this.token = token;
    this.h = handlers;
    this.silenceMs = silenceMs;
    this.heard = 0; // when the socket last brought a message
    this.asked = 0; // when a sync went out that has had no answer yet (0: none)
    this.watchTimer = null;
    this.ws = null;
    this.attempts = 0;
    this.stopped = false;
    this.pollTimer = null;
    this.retryTimer = null;
    this.mode = null;
    this.events = []; // the deal's event log as this connection's messages built it
  }

  start() {
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.watchTimer);
    this.stopPolling();
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
      this.ws = null;
    }
  }

  setMode(mode) {
    if (mode !== this.mode) {
      this.mode = mode;
      this.h.onMode?.(mode);
    }
  }

  connect() {
    if (this.stopped) return;
    this.setMode(this.pollTimer ? "polling" : "connecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/api/matches/${encodeURIComponent(this.matchId)}`
      + `/ws?token=${encodeURIComponent(this.token)}`;
    let ws;
    try {
      ws = new WebSocket(url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.heard = Date.now();
      this.asked = 0;
      this.watch();
    };
    ws.onmessage = (ev) => {
      this.heard = Date.now();
      this.asked = 0;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "snapshot" || msg.type === "update") {
        this.stopPolling();
        this.setMode("live");
        if (msg.type === "update") {
          // updates leave the deal's event log out: extend the one this connection was sent
          this.events = this.events.slice(0, msg.events_from).concat(msg.events);
          msg.match.state.events = this.events;
        } else {
          this.events = msg.match.state.events;
        }
        this.h.onView(msg.match, msg.events ?? [], msg.type);
      } else if (msg.type === "error") {
        // a sync the restarting database could not answer: the next silence asks again
        if (msg.error?.code === "db/unavailable") return;
        this.h.onError?.(msg.error ?? { code: "unknown", message: "error" });
      }
    };
    ws.onclose = (ev) => {
      if (this.ws === ws) this.ws = null;
      if (this.stopped) return;
      if (FATAL_CLOSE.has(ev.code)) {
        this.stop();
        this.h.onFatal?.(new ApiError(ev.code - 4000, "ws/closed", "this table is no longer available"));
        return;
      }
      this.startPolling();
      this.scheduleRetry();
    };
  }

  /** Check the socket for silence now and then: a lost update, or a dead connection, must not
   * leave the table waiting forever. */
  watch() {
    clearInterval(this.watchTimer);
    this.watchTimer = setInterval(() => {
      const ws = this.ws;
      if (!ws || ws.readyState !== WebSocket.OPEN) return;
      const now = Date.now();
      if (this.asked && now - this.asked > this.silenceMs) {
        ws.close(); // no answer to the sync either: onclose connects again
      } else if (!this.asked && now - this.heard > this.silenceMs) {
        this.asked = now;
        ws.send(JSON.stringify({ type: "sync" }));
      }
    }, Math.max(100, this.silenceMs / 4));
  }

  scheduleRetry() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const base = Math.min(10000, 500 * 2 ** this.attempts);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.connect(), base * (0.75 + Math.random() * 0.5));
  }

  startPolling() {
    if (this.pollTimer || this.stopped) return;
    this.setMode("polling");
    const tick = async () => {
      try {
        const view = await getMatch(this.matchId, this.token);
        if (!this.stopped && this.pollTimer) this.h.onView(view, []);
      } catch (err) {
        if (err.status === 404 || err.status === 401 || err.status === 403) {
          this.stop();
          this.h.onFatal?.(err);
        }
      }
    };
    this.pollTimer = setInterval(tick, 1000);
    tick();
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  /** Fetch the view now (after a 409, or on demand). */
  async refresh() {
    try {
      this.h.onView(await getMatch(this.matchId, this.token), []);
    } catch (err) {
      if (err.status === 404 || err.status === 401 || err.status === 403) this.h.onFatal?.(err);
    }
  }
}
