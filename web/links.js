// The hash links to a finished deal's pages, built in one place: the settlement (app.js), the
// replay's share link (replay.js) and the History page (history.js) all point at them.

/** The link to a replay, seen from ``seat`` when given: the settlement's "Replay this deal"
 * (the player's own seat) and the link to share. */
export function replayHref(matchId, deal, seat = null) {
  return `#/replay/${encodeURIComponent(matchId)}/${deal}${seat === null ? "" : `/${seat}`}`;
}

/** The link to the review of a seat's decisions (review.js): without ``seat`` it asks with this
 * browser's table token, with it (History) with this browser's player's. */
export function reviewHref(matchId, deal, seat = null) {
  return `#/review/${encodeURIComponent(matchId)}/${deal}${seat === null ? "" : `/${seat}`}`;
}
