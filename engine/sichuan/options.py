"""Sichuan's house-rule options (rules/options.md, OPT-SC): Blood River, the fan cap, the
self-draw bonus and how a win on the replacement of a claimed kong is paid. Only the options
the engine plays are declared; with every option at its default the game is exactly
``sichuan.md``."""

from __future__ import annotations

from ..core.options import Option, Options, resolve

OPTIONS: tuple[Option, ...] = (
    Option("fan_cap", 5, "OPT-SC-3", values=(2, 3, 4, 5, 6, None)),
    Option("self_draw_bonus", "base", "OPT-SC-4", values=("base", "fan", "none")),
    Option("dian_gang_hua", "self_draw", "OPT-SC-5", values=("self_draw", "discard")),
    Option("blood_mode", "battle", "OPT-SC-2", values=("battle", "river")),
)
DEFAULTS: Options = resolve(OPTIONS, None, "sichuan")

__all__ = ["DEFAULTS", "OPTIONS"]
