"""Sichuan's house-rule options (rules/options.md, OPT-SC): the exchange of three tiles after the
deal, the fan cap, the self-draw bonus, how a win on the replacement of a claimed kong is
paid, the call transfer, the extra fan rows and Blood River. Only the options the engine plays
are declared; with every option at its default the game is exactly ``sichuan.md``."""

from __future__ import annotations

from ..core.options import SEED, Option, Options, Preset, resolve

EXCHANGE_DIRECTIONS = {"counterclockwise": 1, "across": 2, "clockwise": 3}
"""OPT-SC-1.2: seat s gives its three tiles to seat (s + d) % 4 (turn order runs
counter-clockwise, so 1 is the next player, 3 the previous one)."""

EXTRA_FANS = ("menqing_zhongzhang", "tian_di_hu", "gang_shang_pao")
"""OPT-SC-7's rows, each switched on by its value in ``extra_fans``."""

OPTIONS: tuple[Option, ...] = (
    Option("exchange_three", "off", "OPT-SC-1",
           values=("off", "random", "clockwise", "counterclockwise", "across")),
    Option("blood_mode", "battle", "OPT-SC-2", values=("battle", "river")),
    Option("fan_cap", 5, "OPT-SC-3", values=(2, 3, 4, 5, 6, None)),
    Option("self_draw_bonus", "base", "OPT-SC-4", values=("base", "fan", "none")),
    Option("dian_gang_hua", "self_draw", "OPT-SC-5", values=("self_draw", "discard")),
    Option("call_transfer", "off", "OPT-SC-6", values=("off", "on")),
    Option("extra_fans", (), "OPT-SC-7", values=EXTRA_FANS, many=True),
)
DEFAULTS: Options = resolve(OPTIONS, None, "sichuan")

PRESETS: tuple[Preset, ...] = (
    SEED,
    Preset("popular", {"exchange_three": "random", "blood_mode": "river"}),
)
"""The room form's one-click tables: ``sichuan.md`` as written, and the apps' most played room
(换三张 with a random direction, 血流成河), rules/options.md OPT-0.1's own example."""

__all__ = ["DEFAULTS", "EXCHANGE_DIRECTIONS", "EXTRA_FANS", "OPTIONS", "PRESETS"]
