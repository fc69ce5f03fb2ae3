"""Sichuan fan (SC-8) and points (SC-9.1 to SC-9.3): the calculator behind every win and ready
check.

``evaluate`` works on counts and is what the game calls; ``paid`` says what each payer gives
for it under the match's fan cap and self-draw bonus (OPT-SC-3, OPT-SC-4); ``score_spec`` reads
the JSON hand description of the public calculator (``game.score``) and returns the itemised
result.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.errors import InvalidSpec
from ..core.items import Item
from ..core.items import pattern_items as core_pattern_items
from ..core.options import Options
from ..mahjong import (
    FACE_NAMES,
    NUM_SUITED,
    SUITS,
    counts_of,
    is_seven_pairs,
    standard_readings,
)
from ..mahjong.spec import (
    check_copies,
    face_reader,
    read_flags,
    read_hand,
    read_meld_list,
    read_object,
)
from .options import DEFAULTS

FAN_CAP = 5  # SC-9.1: five fan = 32 points (the default of OPT-SC-3)
UNIT = "fan"
"""What a score counts in: its items' values and totals (engine/core/items.py)."""

PATTERNS: dict[str, tuple[str, str, int]] = {
    # code: (English name, Chinese, fan per count)
    "basic_hand": ("Basic hand", "平胡", 0),
    "all_pungs": ("All pungs", "对对胡", 1),
    "seven_pairs": ("Seven pairs", "七对", 2),
    "outside_hand": ("Outside hand", "带幺九", 2),
    "all_258_pungs": ("All 2/5/8 pungs", "将对", 3),
    "full_flush": ("Full flush", "清一色", 2),
    "pair_wait_four_melds": ("Pair wait with four declared melds", "金钩钓", 1),
    "root": ("Root", "根", 1),
    "kong_replacement": ("Win on a kong replacement", "杠上开花", 1),
    "robbing_kong": ("Robbing a kong", "抢杠胡", 1),
    "last_tile": ("Last tile", "海底", 1),
    "self_draw": ("Self-draw (one more fan)", "自摸加番", 1),  # only under OPT-SC-4.2
}


@dataclass(frozen=True, slots=True)
class DeclaredMeld:
    """A pung or kong on the table (``concealed`` only for a concealed kong)."""

    kind: str
    face: int
    concealed: bool = False


@dataclass(frozen=True, slots=True)
class Situation:
    """How the winning tile came (SC-8 event rows, SC-9.3 self-draw)."""

    self_draw: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    last_tile: bool = False


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The best reading of a winning hand (SC-8.2) with its itemised fan."""

    fan: int
    patterns: tuple[tuple[str, int], ...]
    """(code, count) in table order; fan = sum of count × the pattern's fan."""
    shape: str
    pair: int | None
    melds: tuple[tuple[str, int, bool], ...]
    """(kind, face, declared) with kind pung/kong/chow (chow: lowest face); seven pairs: ()."""

    @property
    def points(self) -> int:
        """SC-9.1 at the default cap; a match's own cap: ``paid``."""
        return base_points(self.fan)

    def items(self) -> list[Item]:
        """The fan patterns as score items (``engine/core/items.py``): they add up to ``fan``."""
        return pattern_items(self.patterns)

    def with_self_draw_fan(self) -> Evaluation:
        """The hand with OPT-SC-4.2's self-draw fan added (an item of its own)."""
        pats = sorted((*self.patterns, ("self_draw", 1)), key=lambda p: _ORDER[p[0]])
        return replace(self, fan=self.fan + 1, patterns=tuple(pats))

    def to_json(self, situation: Situation, options: Options = DEFAULTS) -> dict[str, Any]:
        ev, per_payer = paid(self, situation.self_draw, options)
        return ev._json(situation, options.fan_cap, per_payer)

    def _json(self, situation: Situation, cap: int | None, per_payer: int) -> dict[str, Any]:
        if self.shape == "seven_pairs":
            reading: dict[str, Any] = {"shape": "seven_pairs", "pairs": [
                FACE_NAMES[f] for f in _pairs_of(self.melds)]}
        else:
            reading = {"shape": "standard", "pair": FACE_NAMES[self.pair or 0], "melds": [
                {"type": k, "tiles": _meld_faces(k, f), "declared": d} for k, f, d in self.melds]}
        return {
            "winning": True,
            "fan": self.fan,
            "capped": cap is not None and self.fan > cap,
            "points": base_points(self.fan, cap),
            "self_draw": situation.self_draw,
            "points_per_payer": per_payer,
            "unit": UNIT,
            "items": self.items(),
            "reading": reading,
        }


def pattern_items(patterns: Iterable[tuple[str, int]]) -> list[Item]:
    """(code, count) pairs as score items, each pattern's fan per count."""
    return core_pattern_items(patterns, PATTERNS)


def _pairs_of(melds: tuple[tuple[str, int, bool], ...]) -> list[int]:
    return [f for k, f, _ in melds]


def _meld_faces(kind: str, face: int) -> list[str]:
    if kind == "chow":
        return [FACE_NAMES[face + i] for i in range(3)]
    return [FACE_NAMES[face]] * (4 if kind == "kong" else 3)


def base_points(fan: int, cap: int | None = FAN_CAP) -> int:
    """SC-9.1 with OPT-SC-3.1: 2 ^ fan, capped at ``cap`` fan (None: no cap; 0 fan = 1 point)."""
    return 1 << (fan if cap is None else min(fan, cap))


def paid(ev: Evaluation, self_draw: bool, options: Options) -> tuple[Evaluation, int]:
    """The reading a win is paid on and what each payer gives for it (SC-9.1 to SC-9.3).

    For a win paid as a self-draw (OPT-SC-4.4: the caller says which wins are) the bonus is
    one point after the cap (``base``, OPT-SC-4.1 and OPT-SC-3.2), one more fan before it
    (``fan``, OPT-SC-4.2) or nothing (``none``, OPT-SC-4.3); any other win pays the capped base.
    """
    bonus = options.self_draw_bonus if self_draw else "none"
    if bonus == "fan":
        ev = ev.with_self_draw_fan()
    return ev, base_points(ev.fan, options.fan_cap) + (1 if bonus == "base" else 0)


def _is_terminal(face: int) -> bool:
    return face % 9 in (0, 8)


def _has_terminal(kind: str, face: int) -> bool:
    if kind == "chow":
        return face % 9 in (0, 6)
    return _is_terminal(face)


def _is_258(face: int) -> bool:
    return face % 9 in (1, 4, 7)


def evaluate(
    declared: Sequence[DeclaredMeld],
    concealed: tuple[int, ...],
    winning: int,
    missing_suit: int | None,
    situation: Situation = Situation(),
) -> Evaluation | None:
    """The highest-fan reading (SC-8.2) of a hand, or ``None`` when it is not a legal win.

    ``concealed`` is the counts vector of the concealed tiles *including* the winning tile.
    """
    full = list(concealed)
    for m in declared:
        full[m.face] += 4 if m.kind == "kong" else 3
    if any(full[NUM_SUITED:]):
        return None
    suits = {f // 9 for f in range(NUM_SUITED) if full[f]}
    if missing_suit is not None and missing_suit in suits:
        return None  # SC-7.3
    common: list[tuple[str, int]] = []
    if len(suits) == 1:
        common.append(("full_flush", 1))
    roots = sum(1 for n in full if n == 4)
    if roots:
        common.append(("root", roots))
    if situation.kong_replacement:
        common.append(("kong_replacement", 1))
    if situation.robbing_kong:
        common.append(("robbing_kong", 1))
    if situation.last_tile:
        common.append(("last_tile", 1))

    candidates: list[Evaluation] = []
    decl = tuple((m.kind, m.face, True) for m in declared)
    for pair, melds in standard_readings(concealed):
        all_melds = decl + tuple((k, f, False) for k, f in melds)
        pats: list[tuple[str, int]] = []
        if all(k != "chow" for k, _, _ in all_melds):
            if _is_258(pair) and all(_is_258(f) for _, f, _ in all_melds):
                pats.append(("all_258_pungs", 1))  # replaces all pungs
            else:
                pats.append(("all_pungs", 1))
        if _is_terminal(pair) and all(_has_terminal(k, f) for k, f, _ in all_melds):
            pats.append(("outside_hand", 1))
        if not pats:
            pats.append(("basic_hand", 1))
        if len(declared) == 4 and pair == winning:
            pats.append(("pair_wait_four_melds", 1))
        candidates.append(_make("standard", pair, all_melds, pats + common))
    if not declared and is_seven_pairs(concealed):
        pairs = tuple(("pair", f, False) for f in range(NUM_SUITED) for _ in range(concealed[f] // 2))
        candidates.append(_make("seven_pairs", None, pairs, [("seven_pairs", 1)] + common))
    if not candidates:
        return None
    return max(candidates, key=lambda e: e.fan)


_ORDER = {code: i for i, code in enumerate(PATTERNS)}


def _make(shape: str, pair: int | None, melds: tuple[tuple[str, int, bool], ...],
          pats: list[tuple[str, int]]) -> Evaluation:
    pats.sort(key=lambda p: _ORDER[p[0]])
    fan = sum(PATTERNS[c][2] * n for c, n in pats)
    return Evaluation(fan=fan, patterns=tuple(pats), shape=shape, pair=pair, melds=melds)


# ---------------------------------------------------------------- the JSON calculator

_FLAGS = ("self_draw", "kong_replacement", "robbing_kong", "last_tile")


_face = face_reader(NUM_SUITED, "is not a Sichuan tile (suits m, p, s only)")


def read_spec(spec: object) -> tuple[list[DeclaredMeld], tuple[int, ...], int, int, Situation]:
    """Parse and check a calculator spec (see ``score_spec``); ``InvalidSpec`` on any fault."""
    spec = read_object(spec, {"melds", "concealed", "winning_tile", "missing_suit", *_FLAGS})
    declared: list[DeclaredMeld] = []
    for i, m in enumerate(read_meld_list(spec)):
        if not isinstance(m, dict) or set(m) - {"type", "tile", "concealed"}:
            raise InvalidSpec(f"melds[{i}] must be {{'type', 'tile', 'concealed'?}}")
        kind = m.get("type")
        if kind not in ("pung", "kong"):
            raise InvalidSpec(f"melds[{i}].type must be 'pung' or 'kong' (no chows in Sichuan)")
        concealed = m.get("concealed", False)
        if not isinstance(concealed, bool) or (concealed and kind != "kong"):
            raise InvalidSpec(f"melds[{i}].concealed must be a boolean, true only for a kong")
        declared.append(DeclaredMeld(kind, _face(m.get("tile"), f"melds[{i}].tile"), concealed))
    faces, winning = read_hand(spec, len(declared), _face)
    missing = spec.get("missing_suit")
    if missing not in tuple(SUITS):
        raise InvalidSpec("missing_suit must be 'm', 'p' or 's'")
    flags = read_flags(spec, _FLAGS)
    if flags["kong_replacement"]:
        if not any(m.kind == "kong" for m in declared):
            raise InvalidSpec("kong_replacement needs a kong among the melds")
        flags["self_draw"] = True  # SC-9.5: a kong replacement win is a self-draw
    if flags["robbing_kong"] and (flags["self_draw"] or flags["last_tile"]):
        raise InvalidSpec("robbing_kong is a win on another player's tile, never with self_draw "
                          "or last_tile (no kong once the wall's last tile is drawn, SC-6.4)")
    full = counts_of(faces + [winning])
    total = list(full)
    for m in declared:
        total[m.face] += 4 if m.kind == "kong" else 3
    check_copies(total)
    return declared, full, winning, SUITS.index(missing), Situation(**flags)


def score_spec(spec: object, options: Options = DEFAULTS) -> dict[str, Any]:
    """The public calculator, under the match's fan cap and self-draw bonus (``options``,
    OPT-SC-3 and OPT-SC-4; a self-draw under ``fan`` shows a ``self_draw`` item of 1 fan).

    In::

        {"melds": [{"type": "pung" | "kong", "tile": "5m", "concealed": false}],
         "concealed": ["1m", "2m", ...],   # 13 − 3·melds tiles, without the winning tile
         "winning_tile": "3m",
         "missing_suit": "p",
         "self_draw": false, "kong_replacement": false, "robbing_kong": false, "last_tile": false}

    Out, for a winning hand::

        {"winning": true, "fan": 4, "capped": false, "points": 16, "self_draw": false,
         "points_per_payer": 16,          # points, +1 for a self-draw (SC-9.3, OPT-SC-4)
         "unit": "fan",
         "items": [{"code": "seven_pairs", "name": "Seven pairs", "chinese": "七对",
                    "value": 2, "count": 1, "op": "+", "total": 2, "cards": [],
                    "factors": [], "notes": []}, ...],   # sum of totals = fan
         "reading": {"shape": "standard", "pair": "5m",
                     "melds": [{"type": "chow", "tiles": ["1m", "2m", "3m"], "declared": false}]}
                    | {"shape": "seven_pairs", "pairs": ["1m", ...]}}

    Otherwise ``{"winning": false, "reason": "..."}``. ``kong_replacement`` implies
    ``self_draw`` (SC-9.5). Unreadable input raises ``InvalidSpec``.
    """
    declared, full, winning, missing, situation = read_spec(spec)
    total = list(full)
    for m in declared:
        total[m.face] += 1
    if any(total[f] for f in range(missing * 9, missing * 9 + 9)):
        return {"winning": False, "unit": UNIT, "items": [],
                "reason": f"the hand holds its missing suit {SUITS[missing]} (SC-7.3)"}
    ev = evaluate(declared, full, winning, missing, situation)
    if ev is None:
        return {"winning": False, "unit": UNIT, "items": [],
                "reason": "the tiles do not form four melds and a pair, nor seven pairs (SC-7)"}
    return ev.to_json(situation, options)
