// A tiny element builder: h("button", {class: "x", onclick: f, "data-testid": "y"}, "text").

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of [children].flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

/** Chinese text, marked for the bundled CJK font and for screen readers. */
export function zh(text) {
  return h("span", { class: "zh", lang: "zh-Hans" }, text);
}

export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}
