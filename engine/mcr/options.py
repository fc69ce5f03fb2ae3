"""MCR's house-rule options (rules/options.md, OPT-MCR): flowers, the minimum, the prevailing
wind. With every option at its default the game is exactly ``mcr.md``."""

from __future__ import annotations

import random

from ..core.options import SEED, Option, Options, Preset, resolve

WINDS = ("east", "south", "west", "north")

OPTIONS: tuple[Option, ...] = (
    Option("flowers", True, "OPT-MCR-1", values=(True, False)),
    Option("min_points", 8, "OPT-MCR-2", bounds=(1, 64)),
    Option("prevailing_wind", "east", "OPT-MCR-3", values=("east", "rotate", "random")),
)
DEFAULTS: Options = resolve(OPTIONS, None, "mcr")

PRESETS: tuple[Preset, ...] = (
    SEED,
    Preset("popular", {"flowers": False, "prevailing_wind": "random"}),
)
"""The room form's one-click tables: ``mcr.md`` as written, and Botzone's table (no flowers, a
random prevailing wind, the 8-point minimum; "MCR combinations" in rules/options.md)."""


def prevailing_wind(options: Options, number: int, rng: random.Random) -> int:
    """The deal's prevailing wind, 0–3 for East…North: East (OPT-MCR-3.1); by the deal's number
    in the match, four deals a wind over sixteen (OPT-MCR-3.2); or drawn from the deal's
    generator after the shuffle (OPT-MCR-3.3, OPT-0.3)."""
    if options.prevailing_wind == "rotate":
        return number % 16 // 4
    if options.prevailing_wind == "random":
        return rng.randrange(len(WINDS))
    return 0


__all__ = ["DEFAULTS", "OPTIONS", "PRESETS", "prevailing_wind"]
