// The hash links to a finished deal's pages, built in one place: the settlement (app.js), the
// replay's share link (replay.js) and the History page (history.js) all point at them.

/** ``#/<page>/<match>/<deal>``, with ``/<seat>`` when a seat is given. */
const dealHref = (page, matchId, deal, seat) =>
  `#/${page}/${encodeURIComponent(matchId)}/${deal}${seat === null ? "" : `/${seat}`}`;

/** The link to a replay, seen from ``seat`` when given: the settlement's "Replay this deal"
 * (the player's own seat) and the link to share. */
export const replayHref = (matchId, deal, seat = null) => dealHref("replay", matchId, deal, seat);

/** The link to the review of a seat's decisions (review.js): without ``seat`` it asks with this
 * browser's table token, with it (History) with this browser's player's. */
export const reviewHref = (matchId, deal, seat = null) => dealHref("review", matchId, deal, seat);
