// What the tile and card modules (tiles.js, longcards.js, wordcards.js) share: each face's SVG,
// built once and cached, and the element that shows a face — a span, or a button in a hand —
// with its spoken name and data attributes, or a face-down back.

const SVG_NS = "http://www.w3.org/2000/svg";

/** A face → SVG markup function: ``draw(face)`` gives the body inside ``viewBox``, once per face. */
export function svgCache(viewBox, draw) {
  const cache = new Map();
  return (face) => {
    let svg = cache.get(face);
    if (!svg) {
      svg = `<svg viewBox="${viewBox}" xmlns="${SVG_NS}" aria-hidden="true" focusable="false">${draw(face)}</svg>`;
      cache.set(face, svg);
    }
    return svg;
  };
}

/**
 * A face-up piece. ``opts``: ``tag`` "button" for a hand, ``label`` instead of ``name`` for
 * screen readers, ``data`` attributes; ``className``, ``title`` and ``inner`` markup come from
 * the calling module.
 */
export function faceEl(face, opts, { className, name, title = "", inner }) {
  const el = document.createElement(opts.tag ?? "span");
  el.className = className;
  if (el.tagName === "BUTTON") el.type = "button";
  else el.setAttribute("role", "img");
  el.setAttribute("aria-label", opts.label ?? name);
  if (title) el.title = title;
  el.dataset.face = face;
  for (const [k, v] of Object.entries(opts.data ?? {})) el.dataset[k] = String(v);
  el.innerHTML = inner;
  return el;
}

/** A face-down piece of ``block`` (tile, lcard, wcard): hidden from screen readers. */
export function faceDownEl(block, size, cls) {
  const el = document.createElement("span");
  el.className = `${block} ${block}--${size} ${block}--back${cls ? ` ${cls}` : ""}`;
  el.setAttribute("aria-hidden", "true");
  return el;
}

/** The class list of a face-up piece: its block, size and any extra classes. */
export function faceClass(block, size, ...extra) {
  return [block, `${block}--${size ?? "sm"}`, ...extra.filter(Boolean)].join(" ");
}
