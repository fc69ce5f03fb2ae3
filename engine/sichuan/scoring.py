"""Sichuan fan (SC-8) and points (SC-9.1 to SC-9.3): the calculator behind every win and ready
check.

``evaluate`` works on counts and is what the game calls; it scores the extra rows a match
switches on (OPT-SC-7: 门清, 中张, 杠上炮 and the fixed-value 天胡/地胡). ``paid`` says what each
payer gives for it under the match's fan cap and self-draw bonus (OPT-SC-3, OPT-SC-4);
``score_spec`` reads the JSON hand description of the public calculator (``game.score``) and
returns the itemised result.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
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
    # OPT-SC-7, only when the match's extra_fans switch them on
    "concealed_hand": ("Concealed hand", "门清", 1),
    "all_simples": ("All simples", "中张", 1),
    "kong_discard": ("Win on a discard after a kong", "杠上炮", 1),
    "heavenly_hand": ("Heavenly hand", "天胡", 5),
    "earthly_hand": ("Earthly hand", "地胡", 5),
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
    kong_discard: bool = False
    """The discard a player made after drawing a kong replacement in the same turn (杠上炮)."""
    heavenly: bool = False
    """The dealer's first turn, on its dealt hand, before any kong (天胡, OPT-SC-7.3)."""
    earthly: bool = False
    """A non-dealer's first self-draw or the dealer's first discard, before any pung, kong or
    win (地胡, OPT-SC-7.3)."""
    kong_given: bool = False
    """The replacement that won was drawn for a kong made on another player's discard (点杠花,
    OPT-SC-5.2): the calculator's flag; the game reads it from its events (``kong_giver``).
    It scores nothing; under ``dian_gang_hua = "discard"`` it changes who pays."""


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
    fixed: bool = False
    """A Heavenly or Earthly hand (OPT-SC-7.3): whichever reading it is paid on, it takes no
    self-draw bonus."""

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
        """The calculator's result; ``paid_by`` says who pays ``points_per_payer``: every
        opponent (a self-draw), the discarder, or the kong's discarder (OPT-SC-5.2)."""
        giver = situation.kong_given and options.dian_gang_hua == "discard"
        ev, per_payer = paid(self, situation.self_draw and not giver, options)
        paid_by = "kong_giver" if giver else "each_opponent" if situation.self_draw \
            else "discarder"
        return ev._json(situation, options.fan_cap, per_payer) | {"paid_by": paid_by}

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

    For a win paid as a self-draw (OPT-SC-4.4: the caller says which wins are; never a
    Heavenly or Earthly hand, OPT-SC-7.3) the bonus is
    one point after the cap (``base``, OPT-SC-4.1 and OPT-SC-3.2), one more fan before it
    (``fan``, OPT-SC-4.2) or nothing (``none``, OPT-SC-4.3); any other win pays the capped base.
    """
    bonus = options.self_draw_bonus if self_draw and not ev.fixed else "none"
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


FIXED_FAN = 5
"""OPT-SC-7.3: a Heavenly or Earthly hand is worth 2 ^ 5 = 32 before the cap."""


def _extra_rows(declared: Sequence[DeclaredMeld], full: Sequence[int], situation: Situation,
                extra_fans: Collection[str]) -> list[tuple[str, int]]:
    """The OPT-SC-7 rows that ``extra_fans`` switches on and the hand scores: 门清 and 中张
    (structural, OPT-SC-7.1) and 杠上炮 (an event, OPT-SC-7.2)."""
    rows: list[tuple[str, int]] = []
    if "menqing_zhongzhang" in extra_fans:
        if all(m.concealed for m in declared):  # concealed kongs keep the hand concealed
            rows.append(("concealed_hand", 1))
        if not any(full[f] for f in range(NUM_SUITED) if _is_terminal(f)):
            rows.append(("all_simples", 1))
    if "gang_shang_pao" in extra_fans and situation.kong_discard:
        rows.append(("kong_discard", 1))
    return rows


def is_fixed_hand(situation: Situation, extra_fans: Collection[str]) -> bool:
    """Whether the win is a Heavenly or Earthly hand the match values (OPT-SC-7.3)."""
    return "tian_di_hu" in extra_fans and (situation.heavenly or situation.earthly)


def _fixed_value(ev: Evaluation, situation: Situation) -> Evaluation:
    """OPT-SC-7.3: 32 (five fan), or the hand's normal value if higher; as with SC-8.2 the
    reading with the most fan is shown (the fixed one on a tie). Never a self-draw bonus."""
    if ev.fan > FIXED_FAN:
        return replace(ev, fixed=True)
    code = "heavenly_hand" if situation.heavenly else "earthly_hand"
    return replace(ev, fan=FIXED_FAN, patterns=((code, 1),), fixed=True)


def evaluate(
    declared: Sequence[DeclaredMeld],
    concealed: tuple[int, ...],
    winning: int,
    missing_suit: int | None,
    situation: Situation = Situation(),
    extra_fans: Collection[str] = (),
) -> Evaluation | None:
    """The highest-fan reading (SC-8.2) of a hand, or ``None`` when it is not a legal win.

    ``concealed`` is the counts vector of the concealed tiles *including* the winning tile;
    ``extra_fans`` the match's OPT-SC-7 rows.
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
    common += _extra_rows(declared, full, situation, extra_fans)

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
    best = max(candidates, key=lambda e: e.fan)
    return _fixed_value(best, situation) if is_fixed_hand(situation, extra_fans) else best


_ORDER = {code: i for i, code in enumerate(PATTERNS)}


def _make(shape: str, pair: int | None, melds: tuple[tuple[str, int, bool], ...],
          pats: list[tuple[str, int]]) -> Evaluation:
    pats.sort(key=lambda p: _ORDER[p[0]])
    fan = sum(PATTERNS[c][2] * n for c, n in pats)
    return Evaluation(fan=fan, patterns=tuple(pats), shape=shape, pair=pair, melds=melds)


# ---------------------------------------------------------------- the JSON calculator

_FLAGS = ("self_draw", "kong_replacement", "robbing_kong", "last_tile", "kong_discard",
          "heavenly", "earthly", "kong_given")
_NEEDS_OPTION = {"kong_discard": "gang_shang_pao", "heavenly": "tian_di_hu",
                 "earthly": "tian_di_hu"}
"""The calculator's OPT-SC-7 flags and the ``extra_fans`` value whose row each one scores."""


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
    if flags["kong_given"] and not (flags["kong_replacement"] and any(
            m.kind == "kong" and not m.concealed for m in declared)):
        raise InvalidSpec("kong_given needs kong_replacement and an exposed kong among the "
                          "melds: the kong made on another player's discard (OPT-SC-5.2)")
    if flags["robbing_kong"] and (flags["self_draw"] or flags["last_tile"]):
        raise InvalidSpec("robbing_kong is a win on another player's tile, never with self_draw "
                          "or last_tile (no kong once the wall's last tile is drawn, SC-6.4)")
    _check_first_turn_and_kong_discard(flags, declared)
    full = counts_of(faces + [winning])
    total = list(full)
    for m in declared:
        total[m.face] += 4 if m.kind == "kong" else 3
    check_copies(total)
    return declared, full, winning, SUITS.index(missing), Situation(**flags)


def _check_first_turn_and_kong_discard(flags: dict[str, bool],
                                       declared: Sequence[DeclaredMeld]) -> None:
    """OPT-SC-7.2, OPT-SC-7.3: 杠上炮 is a win on a discard; 天胡 (a self-draw, ``self_draw``
    implied) and 地胡 come before any pung or kong, so with no melds and no other event."""
    if flags["kong_discard"] and (flags["self_draw"] or flags["kong_replacement"]
                                  or flags["robbing_kong"]):
        raise InvalidSpec("kong_discard is a win on the discard of a kong's player, never with "
                          "self_draw, kong_replacement or robbing_kong (OPT-SC-7.2)")
    first = [f for f in ("heavenly", "earthly") if flags[f]]
    if not first:
        return
    others = [f for f in ("kong_replacement", "robbing_kong", "last_tile", "kong_discard")
              if flags[f]]
    if len(first) > 1 or others or declared:
        raise InvalidSpec(f"{first[0]} comes before any pung or kong: no melds, not with "
                          f"{' or '.join(first[1:] + others) or 'melds'} (OPT-SC-7.3)")
    if flags["heavenly"]:
        flags["self_draw"] = True  # the dealer wins on its own dealt hand


def score_spec(spec: object, options: Options = DEFAULTS) -> dict[str, Any]:
    """The public calculator, under the match's fan cap, self-draw bonus and extra fans
    (``options``, OPT-SC-3, OPT-SC-4, OPT-SC-7; a self-draw under ``fan`` shows a ``self_draw``
    item of 1 fan). The flags ``kong_discard`` (杠上炮), ``heavenly`` (天胡) and ``earthly``
    (地胡) need their row in ``options["extra_fans"]``.

    In::

        {"melds": [{"type": "pung" | "kong", "tile": "5m", "concealed": false}],
         "concealed": ["1m", "2m", ...],   # 13 − 3·melds tiles, without the winning tile
         "winning_tile": "3m",
         "missing_suit": "p",
         "self_draw": false, "kong_replacement": false, "robbing_kong": false, "last_tile": false,
         "kong_discard": false, "heavenly": false, "earthly": false,
         "kong_given": false,   # the winning replacement's kong was made on a discard (点杠花)
         "options": {"fan_cap": 5, "self_draw_bonus": "base", "extra_fans": [],
                     "dian_gang_hua": "self_draw"}}  # optional

    Out, for a winning hand::

        {"winning": true, "fan": 4, "capped": false, "points": 16, "self_draw": false,
         "points_per_payer": 16,          # points, +1 for a self-draw (SC-9.3, OPT-SC-4)
         "paid_by": "discarder",          # or "each_opponent", "kong_giver" (OPT-SC-5.2)
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
    for flag, row in _NEEDS_OPTION.items():
        if getattr(situation, flag) and row not in options.extra_fans:
            raise InvalidSpec(f"{flag} scores only with {row!r} in options.extra_fans (OPT-SC-7)")
    total = list(full)
    for m in declared:
        total[m.face] += 1
    if any(total[f] for f in range(missing * 9, missing * 9 + 9)):
        return {"winning": False, "unit": UNIT, "items": [],
                "reason": f"the hand holds its missing suit {SUITS[missing]} (SC-7.3)"}
    ev = evaluate(declared, full, winning, missing, situation, options.extra_fans)
    if ev is None:
        return {"winning": False, "unit": UNIT, "items": [],
                "reason": "the tiles do not form four melds and a pair, nor seven pairs (SC-7)"}
    return ev.to_json(situation, options)
