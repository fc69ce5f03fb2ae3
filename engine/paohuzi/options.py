"""Paohuzi's house-rule options (rules/options.md, OPT-PH): the minimum huxi, the self-draw
bonus, 名堂, mandatory pao, xing, the payment cap. With every option at its default the game is
exactly ``paohuzi.md``. The minimum is read where wins are checked and tun counted, the pao where
claims are offered (engine/paohuzi/game.py), 名堂 and xing where a win is settled
(engine/paohuzi/mingtang.py), the payment here."""

from __future__ import annotations

from ..core.options import SEED, Option, Options, Preset, resolve

PAYMENT_CAP_MAX = 1000
"""OPT-PH-6 says "any integer ≥ 0"; ``Option`` needs bounds, and a room form a range. The apps'
caps run 20–400 (options.md, P1 and P5), so the bound refuses no cap a room offers. (Without
名堂 no payment even reaches it: a hand holds at most 26 cards and no group is worth more than 3
huxi a card, so under 79 huxi, at most 24 tun at a 10 minimum, 50 with a doubled self-draw; the
名堂 multiply that.)"""

OPTIONS: tuple[Option, ...] = (
    Option("min_huxi", 15, "OPT-PH-1", values=(15, 10)),
    Option("self_draw_bonus", "none", "OPT-PH-2", values=("none", "tun", "double")),
    Option("mingtang", "none", "OPT-PH-3", values=("none", "red_black", "full")),
    Option("pao", "optional", "OPT-PH-4", values=("optional", "mandatory")),
    Option("xing", "off", "OPT-PH-5", values=("off", "follow", "turn")),
    Option("payment_cap", 0, "OPT-PH-6", bounds=(0, PAYMENT_CAP_MAX)),
)
DEFAULTS: Options = resolve(OPTIONS, None, "paohuzi")

PRESETS: tuple[Preset, ...] = (
    SEED,
    Preset("popular", {"mingtang": "red_black", "self_draw_bonus": "tun", "pao": "mandatory"}),
)
"""The room form's one-click tables: ``paohuzi.md`` as written, and Changde's room (红黑点 名堂,
a self-draw adds a tun, mandatory pao; rules/options.md, P1)."""


def payment_terms(options: Options, tun: int, self_draw: bool, xing: int = 0) -> tuple[int, int]:
    """The options file's *t* and *D*: *t* is the tun (PH-6.3 with OPT-PH-1.1), plus the
    ``xing`` count (OPT-PH-5.2), plus one for a self-draw under ``"tun"``; *D* is 2 for a
    self-draw under ``"double"``, else 1 (OPT-PH-2.1)."""
    bonus = options.self_draw_bonus if self_draw else "none"
    return tun + xing + (bonus == "tun"), 2 if bonus == "double" else 1


def payment(options: Options, tun: int, self_draw: bool, multiplier: int = 1,
            xing: int = 0) -> int:
    """What each opponent pays a winner of ``tun`` tun: the options file's *t* × *F* × *D*
    (``payment_terms``; *F* the 名堂 ``multiplier``, OPT-PH-3.3, 1 without), bounded by the cap
    when above 0 (OPT-PH-6.1)."""
    t, d = payment_terms(options, tun, self_draw, xing)
    amount = t * multiplier * d
    return min(amount, options.payment_cap) if options.payment_cap > 0 else amount


__all__ = ["DEFAULTS", "OPTIONS", "PAYMENT_CAP_MAX", "PRESETS", "payment", "payment_terms"]
