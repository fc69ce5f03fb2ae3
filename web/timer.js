// The claim timer: when the settings ask for it (off by default: settings.js), a claim decision
// (win, kong, pung, chow, chi… or pass) shows a countdown on the claim prompt and passes by
// itself when it runs out. The deadline belongs to the decision (its key), so re-renders and
// refreshed legal actions keep it. app.js says which decision is open (``open``) and plays the
// pass (``pass``).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { claimSeconds, onSettingsChange } from "./settings.js";

/**
 * The claim timer of the page ``root``: ``open()`` gives the claim decision open to us right now
 * as {key, pass} (the pass action), or null; ``pass(action)`` plays it when time runs out.
 * Returns ``draw``, to call after every render (the settings call it when they change).
 */
export function claimTimer(root, { open, pass }) {
  const timer = { key: null, deadline: 0, interval: null };

  function stop() {
    clearInterval(timer.interval);
    timer.interval = null;
  }

  function draw() {
    const decision = open();
    const secs = claimSeconds();
    if (!decision || !secs) {
      stop();
      root.querySelector("[data-testid=claim-timer]")?.remove();
      return;
    }
    const { key } = decision;
    if (timer.key !== key) Object.assign(timer, { key, deadline: performance.now() + secs * 1000 });
    const left = Math.max(0, timer.deadline - performance.now());
    if (left === 0) {
      stop();
      pass(decision.pass);
      return;
    }
    const prompt = root.querySelector("[data-testid=claim-prompt]");
    if (prompt) {
      let el = prompt.querySelector("[data-testid=claim-timer]");
      if (!el) {
        el = h("div", { class: "claim-timer", "data-testid": "claim-timer", role: "timer",
          "aria-label": t("app.timer.label") },
        h("span", { class: "claim-timer__track", "aria-hidden": "true" }, h("span", { class: "claim-timer__bar" })),
        h("span", { class: "claim-timer__text" }));
        prompt.append(el);
      }
      const n = Math.ceil(left / 1000);
      el.dataset.left = String(n);
      el.classList.toggle("is-urgent", n <= 3);
      el.querySelector(".claim-timer__bar").style.width = `${(100 * left) / (secs * 1000)}%`;
      const text = el.querySelector(".claim-timer__text");
      if (text.textContent !== t("app.timer.passIn", { n })) text.textContent = t("app.timer.passIn", { n });
    }
    timer.interval ??= setInterval(draw, 200);
  }

  onSettingsChange(() => draw());
  return draw;
}
