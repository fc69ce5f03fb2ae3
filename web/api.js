// The JSON API (REST under /api) and the live connection to a match (WebSocket with
// reconnect and backoff; polling GET every second while the socket is down).

/**
 * JSON.parse that keeps seeds exact: a seed is an integer up to 2^63 - 1, beyond what a JS
 * number holds (2^53), so every `"seed": 123…` is read as the string of its digits.
 */
export function parseJson(text) {
  return JSON.parse(text.replace(/("seed"\s*:\s*)(-?\d+)/g, '$1"$2"'));
}

export class ApiError extends Error {
  constructor(status, code, message, body = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Call the API; resolve to the JSON body, reject with ApiError (status 0: network failure). */
export async function api(path, { method = "GET", token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(`/api${path}`, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (err) {
    throw new ApiError(0, "network", "the server cannot be reached");
  }
  let data = null;
  try {
    data = parseJson(await res.text());
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

export const games = () => api("/games");

export const createMatch = (game, seats) => api("/matches", { method: "POST", body: { game, seats } });

export const getMatch = (id, token) => api(`/matches/${encodeURIComponent(id)}`, { token });

export const getLegal = (id, token) => api(`/matches/${encodeURIComponent(id)}/legal`, { token });

export const postAction = (id, token, action, version) =>
  api(`/matches/${encodeURIComponent(id)}/actions`, { method: "POST", token, body: { action, version } });

export const nextDeal = (id, token, version) =>
  api(`/matches/${encodeURIComponent(id)}/next-deal`, { method: "POST", token, body: { version } });

export const restartMatch = (id, token, version) =>
  api(`/matches/${encodeURIComponent(id)}/restart`, { method: "POST", token, body: { version } });

/** Close codes the server uses for refusals: 4000 + HTTP status. */
const FATAL_CLOSE = new Set([4401, 4403, 4404]);

/**
 * Keeps a match view up to date. Callbacks: onView(matchView), onError({code, message}),
 * onFatal(ApiError-like) when the match or token is gone, onMode("live"|"polling"|"connecting").
 */
export class LiveMatch {
  constructor(matchId, token, handlers) {
    this.matchId = matchId;
    this.token = token;
    this.h = handlers;
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
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = parseJson(ev.data);
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
