// The top bar's status line, shared by the lobby and the table: a message that fades (an error
// after 8 s, anything else after 4 s), and a refusal of the server in words.

import { has, t } from "./i18n.js";

const statusEl = document.getElementById("status");
let statusTimer = null;

/** A refusal in words: the translation of its code when there is one, else the server's message. */
export function errorText(err) {
  if (err.status === 0) return t("app.error.offline");
  const key = `app.error.${String(err.code ?? "").replace("/", ".")}`;
  return err.code && has(key) ? t(key) : err.message;
}

export function setStatus(text, kind = "info") {
  clearTimeout(statusTimer);
  statusEl.textContent = text ?? "";
  statusEl.dataset.kind = kind;
  if (text) statusTimer = setTimeout(() => setStatus(""), kind === "error" ? 8000 : 4000);
}
