"""The house-rule options' texts in a client's language (``GET /api/games?lang=xx``).

One source of translations: ``web/locales/<lang>/options.json``, the file the web app loads as
its ``options`` namespace (web/i18n.js), read here once per language. Keys: ``<game>.<key>.label``,
``<game>.<key>.help``, ``<game>.<key>.value.<value>`` (the value as JSON: ``null``, ``true``,
``5``, ``random``), ``preset.<id>`` and ``<game>.preset.<id>``. A text missing in a language is
the English one, and one missing in English is the key itself, so a label never fails a request.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from engine.core.options import Option, Options, Preset

from .settings import packaged_web

LANGUAGES = ("en", "fr", "it", "pl", "zh")
DEFAULT = "en"


def language(lang: str | None) -> str:
    """The language asked for, or English for none or one we do not have (never an error)."""
    return lang if lang in LANGUAGES else DEFAULT


@cache
def texts(lang: str) -> dict[str, str]:
    """``options.json`` of ``lang`` (read once); ``{}`` when the web app is not installed."""
    path = packaged_web() / "locales" / lang / "options.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def text(lang: str, key: str) -> str:
    """The text of ``key`` in ``lang``, else in English, else the key."""
    return texts(lang).get(key) or texts(DEFAULT).get(key) or key


def value_key(value: Any) -> str:
    """How a value is spelled in a text key: as JSON, a string without its quotes."""
    return value if isinstance(value, str) else json.dumps(value)


def option_json(game: str, option: Option, lang: str) -> dict[str, Any]:
    """``Option.to_json`` with the option's ``label`` and ``help``, and (when it lists values)
    ``value_labels``, one per value in the same order."""
    out = option.to_json()
    base = f"{game}.{option.key}"
    out["label"] = text(lang, f"{base}.label")
    out["help"] = text(lang, f"{base}.help")
    if option.bounds is None:
        out["value_labels"] = [text(lang, f"{base}.value.{value_key(v)}") for v in option.values]
    return out


def preset_json(game: str, preset: Preset, resolved: Options, lang: str) -> dict[str, Any]:
    """A preset as a room form offers it: its id, name, a line on what it is, and the options
    it sets, resolved (every key)."""
    return {"id": preset.id, "label": text(lang, f"preset.{preset.id}"),
            "help": text(lang, f"{game}.preset.{preset.id}"), "options": resolved.to_json()}


__all__ = ["DEFAULT", "LANGUAGES", "language", "option_json", "preset_json", "text", "texts",
           "value_key"]
