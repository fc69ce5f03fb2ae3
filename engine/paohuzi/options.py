"""Paohuzi's house-rule options (rules/options.md, OPT-PH): the minimum huxi, the self-draw
bonus, mandatory pao, the payment cap. With every option at its default the game is exactly
``paohuzi.md``. The minimum is read where wins are checked and tun counted, the pao where claims
are offered (engine/paohuzi/game.py), the payment here.

Only the options the engine plays are declared (OPT-PH-3 名堂 and OPT-PH-5 xing are not yet:
declaring them would offer rules nobody applies)."""

from __future__ import annotations

from ..core.options import SEED, Option, Options, Preset, resolve

PAYMENT_CAP_MAX = 1000
"""OPT-PH-6 says "any integer ≥ 0"; ``Option`` needs bounds, and a room form a range. The apps'
caps run 20–400 (options.md, P1 and P5). No payment can reach 1000: a hand holds at most 26
cards and no group is worth more than 3 huxi a card (a big ti: 12 for 4), so under 79 huxi, at
most 24 tun at a 10 minimum, 50 with a doubled self-draw. So the bound refuses no useful cap."""

OPTIONS: tuple[Option, ...] = (
    Option("min_huxi", 15, "OPT-PH-1", values=(15, 10)),
    Option("self_draw_bonus", "none", "OPT-PH-2", values=("none", "tun", "double")),
    Option("pao", "optional", "OPT-PH-4", values=("optional", "mandatory")),
    Option("payment_cap", 0, "OPT-PH-6", bounds=(0, PAYMENT_CAP_MAX)),
)
DEFAULTS: Options = resolve(OPTIONS, None, "paohuzi")

PRESETS: tuple[Preset, ...] = (
    SEED,
    Preset("popular", {"mingtang": "red_black", "self_draw_bonus": "tun", "pao": "mandatory"}),
)
"""The room form's one-click tables: ``paohuzi.md`` as written, and Changde's room (红黑点 名堂,
a self-draw adds a tun, mandatory pao; rules/options.md, P1)."""


def payment(options: Options, tun: int, self_draw: bool) -> int:
    """What each opponent pays a winner of ``tun`` tun (PH-6.3 with OPT-PH-1.1): the options
    file's *t* × *F* × *D*, capped. A self-draw adds a tun under ``"tun"`` or doubles under
    ``"double"`` (OPT-PH-2.1); the cap bounds each payment when above 0 (OPT-PH-6.1). Without
    名堂 (OPT-PH-3) *F* is 1 and without xing (OPT-PH-5) nothing else adds to *t*."""
    bonus = options.self_draw_bonus if self_draw else "none"
    amount = (tun + (bonus == "tun")) * (2 if bonus == "double" else 1)
    return min(amount, options.payment_cap) if options.payment_cap > 0 else amount


__all__ = ["DEFAULTS", "OPTIONS", "PRESETS", "PAYMENT_CAP_MAX", "payment"]
