// Motion at the table (issue 26): a discard slides from the hand to its pond, a claimed card is
// pulled into the new meld, a hand laid down at the end turns up card by card. Short (~250 ms),
// by the Web Animations API, and none of it when the player asked for reduced motion in ⚙ (class
// ``set-reducedMotion`` on <html>, settings.js) or the system prefers it.
//
// The table is drawn anew at every change (app.js ``render``), so the motion works FLIP-wise:
// ``snapshot(root)`` notes where the cards were just before the new table replaces the old,
// ``play(root, before)`` finds what is new and animates it from where it came from.
// ``motionCount()`` says how many animations it started (the browser tests read it from
// ``document.documentElement.dataset.motion``, never from the animations' timing), and
// ``data-motion-discard``, ``-claim`` and ``-reveal`` on <html> how many of each kind.

const MS = 240;
const EASE = "cubic-bezier(0.2, 0.8, 0.3, 1)";
const GROUPS = ".meld, .lgroup, .wgroup";
const SHOWN = ".hand--shown, .lhand--shown, .whand--shown";

/** Whether motion is wanted: not under reduced motion, from ⚙ or from the system. */
export function motionOn() {
  if (document.documentElement.classList.contains("set-reducedMotion")) return false;
  return !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

const box = (el) => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
};

/** Where things are on the table about to be replaced: pond cards and hand cards by id, each
 *  seat's hand (or its backs), the number of groups each seat shows, the shown hands. */
export function snapshot(root) {
  const table = root.querySelector("[data-testid=table]");
  if (!table || !motionOn()) return null;
  const at = (sel, key) => new Map([...table.querySelectorAll(sel)].map((el) => [key(el), box(el)]));
  const seats = new Map();
  for (const seat of table.querySelectorAll("[data-testid=seat], [data-testid=my-seat]")) {
    const hand = seat.querySelector("[data-testid=hand], [data-testid=backs], [data-testid=shown-hand]") ?? seat;
    seats.set(seat.dataset.seat, { hand: box(hand), groups: seat.querySelectorAll(GROUPS).length,
      shown: Boolean(seat.querySelector(SHOWN)) });
  }
  return {
    deal: table.dataset.deal,
    pond: at(".pond [data-card]", (el) => el.dataset.card),
    hand: at("[data-testid=hand] [data-id]", (el) => el.dataset.id),
    offer: table.querySelector(".offer__card, .prompt__tile") ? box(table.querySelector(".offer__card, .prompt__tile")) : null,
    seats,
  };
}

let started = 0;
const kinds = { discard: 0, claim: 0, reveal: 0 };

/** How many animations this module started since the page loaded. */
export function motionCount() {
  return started;
}

function animate(kind, el, keyframes, options) {
  el.animate(keyframes, { duration: MS, easing: EASE, ...options });
  started += 1;
  kinds[kind] += 1;
  const data = document.documentElement.dataset;
  data.motion = String(started);
  data[`motion${kind[0].toUpperCase()}${kind.slice(1)}`] = String(kinds[kind]);
}

/** Slide ``el`` in from the box ``from`` (a FLIP: it is drawn where it ends, moved back, let go). */
function slide(kind, el, from, scale) {
  const to = box(el);
  const dx = from.x - to.x;
  const dy = from.y - to.y;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const s = scale && to.w ? Math.min(2, Math.max(0.5, from.w / to.w)) : 1;
  animate(kind, el, [{ transform: `translate(${dx}px, ${dy}px) scale(${s})` }, { transform: "none" }]);
}

/** Animate what changed between ``before`` (``snapshot``) and the table now in ``root``. */
export function play(root, before) {
  const table = root.querySelector("[data-testid=table]");
  if (!before || !table || before.deal !== table.dataset.deal || !motionOn()) return;
  const gone = [...before.pond.keys()].filter((id) => !table.querySelector(`.pond [data-card="${id}"]`));
  // a discard: from the card in one's hand, or from the other seat's hand, to its pond
  for (const el of table.querySelectorAll(".pond [data-card]")) {
    if (before.pond.has(el.dataset.card)) continue;
    const seat = el.closest("[data-pond]")?.dataset.pond;
    const card = before.hand.get(el.dataset.card); // one's own card: it shrinks on its way
    const from = card ?? before.seats.get(seat)?.hand;
    if (from) slide("discard", el, from, Boolean(card));
  }
  for (const seat of table.querySelectorAll("[data-testid=seat], [data-testid=my-seat]")) {
    const was = before.seats.get(seat.dataset.seat);
    if (!was) continue;
    // a claim: the new group comes from the card taken (its place in a pond, or the offer)
    const groups = seat.querySelectorAll(GROUPS);
    const from = gone.length ? before.pond.get(gone[0]) : before.offer;
    for (let i = was.groups; i < groups.length && from; i++) slide("claim", groups[i], from, false);
    // a hand laid down: its cards turn up one after the other
    const shown = seat.querySelector(SHOWN);
    if (shown && !was.shown) {
      [...shown.children].forEach((card, i) => animate("reveal", card, [
        { transform: "translateY(-10px) rotateX(80deg)", opacity: 0 }, { transform: "none", opacity: 1 },
      ], { delay: Math.min(i * 18, 260), fill: "backwards" }));
    }
  }
}
