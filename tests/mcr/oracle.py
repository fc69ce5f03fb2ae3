"""The reference MCR calculator (``pymahjonggb``, module ``MahjongGB``) as a test oracle, and
random winning hands of every shape to compare with it.

``python -m tests.mcr.oracle 50000`` runs a large sweep by hand and prints every disagreement.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.mcr.scoring import Evaluation, Meld, Situation, evaluate
from engine.mcr.shapes import KNITTED_STRAIGHTS, THIRTEEN_ORPHANS, is_complete

try:  # the C++ extension is optional: tests skip without it
    from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the machine
    MahjongFanCalculator = None

HAVE_ORACLE = MahjongFanCalculator is not None

_ORACLE_TILE = ([f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)]
                + [f"T{r}" for r in range(1, 10)] + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"])
"""Our faces 0–33 in the oracle's notation: W characters, B dots, T bamboo, F winds, J dragons."""

ORACLE_NAMES: dict[str, str] = {
    # the oracle's English fan names -> our pattern codes
    "Big Four Winds": "big_four_winds", "Big Three Dragons": "big_three_dragons",
    "All Green": "all_green", "Nine Gates": "nine_gates", "Four Kongs": "four_kongs",
    "Seven Shifted Pairs": "seven_shifted_pairs", "Thirteen Orphans": "thirteen_orphans",
    "All Terminals": "all_terminals", "Little Four Winds": "little_four_winds",
    "Little Three Dragons": "little_three_dragons", "All Honors": "all_honors",
    "Four Concealed Pungs": "four_concealed_pungs", "Pure Terminal Chows": "pure_terminal_chows",
    "Quadruple Chow": "quadruple_chow", "Four Pure Shifted Pungs": "four_pure_shifted_pungs",
    "Four Pure Shifted Chows": "four_pure_shifted_chows", "Three Kongs": "three_kongs",
    "All Terminals and Honors": "all_terminals_and_honors", "Seven Pairs": "seven_pairs",
    "Greater Honors and Knitted Tiles": "greater_honors_and_knitted_tiles",
    "All Even Pungs": "all_even_pungs", "Full Flush": "full_flush",
    "Pure Triple Chow": "pure_triple_chow", "Pure Shifted Pungs": "pure_shifted_pungs",
    "Upper Tiles": "upper_tiles", "Middle Tiles": "middle_tiles", "Lower Tiles": "lower_tiles",
    "Pure Straight": "pure_straight",
    "Three-Suited Terminal Chows": "three_suited_terminal_chows",
    "Pure Shifted Chows": "pure_shifted_chows", "All Five": "all_fives",
    "Triple Pung": "triple_pung", "Three Concealed Pungs": "three_concealed_pungs",
    "Lesser Honors and Knitted Tiles": "lesser_honors_and_knitted_tiles",
    "Knitted Straight": "knitted_straight", "Upper Four": "upper_four",
    "Lower Four": "lower_four", "Big Three Winds": "big_three_winds",
    "Mixed Straight": "mixed_straight", "Reversible Tiles": "reversible_tiles",
    "Mixed Triple Chow": "mixed_triple_chow", "Mixed Shifted Pungs": "mixed_shifted_pungs",
    "Chicken Hand": "chicken_hand", "Last Tile Draw": "last_tile_draw",
    "Last Tile Claim": "last_tile_claim", "Out with Replacement Tile": "out_with_replacement_tile",
    "Robbing The Kong": "robbing_the_kong", "All Pungs": "all_pungs", "Half Flush": "half_flush",
    "Mixed Shifted Chows": "mixed_shifted_chows", "All Types": "all_types",
    "Melded Hand": "melded_hand", "Two Concealed Kongs": "two_concealed_kongs",
    "Two Dragons Pungs": "two_dragon_pungs", "Outside Hand": "outside_hand",
    "Fully Concealed Hand": "fully_concealed_hand", "Two Melded Kongs": "two_melded_kongs",
    "Last Tile": "last_tile", "Dragon Pung": "dragon_pung", "Prevalent Wind": "prevalent_wind",
    "Seat Wind": "seat_wind", "Concealed Hand": "concealed_hand", "All Chows": "all_chows",
    "Tile Hog": "tile_hog", "Double Pung": "double_pung",
    "Two Concealed Pungs": "two_concealed_pungs", "Concealed Kong": "concealed_kong",
    "All Simples": "all_simples", "Pure Double Chow": "pure_double_chow",
    "Mixed Double Chow": "mixed_double_chow", "Short Straight": "short_straight",
    "Two Terminal Chows": "two_terminal_chows",
    "Pung of Terminals or Honors": "pung_of_terminals_or_honors", "Melded Kong": "melded_kong",
    "One Voided Suit": "one_voided_suit", "No Honors": "no_honors", "Edge Wait": "edge_wait",
    "Closed Wait": "closed_wait", "Single Wait": "single_wait", "Self-Drawn": "self_drawn",
    "Flower Tiles": "flower_tiles",
    "Concealed Kong and Melded Kong": "concealed_and_melded_kong",
}


@dataclass(frozen=True)
class Case:
    """A winning hand: declared melds, concealed counts with the winning tile, the situation."""

    melds: tuple[Meld, ...]
    concealed: tuple[int, ...]
    win: int
    situation: Situation
    kind: str = "?"

    def describe(self) -> str:
        from engine.mahjong import FACE_NAMES
        ms = " ".join(f"{m.kind}:{FACE_NAMES[m.face]}{'(c)' if m.concealed else ''}"
                      for m in self.melds)
        hand = " ".join(FACE_NAMES[f] for f in range(34) for _ in range(self.concealed[f]))
        return f"[{self.kind}] melds=({ms}) hand={hand} win={FACE_NAMES[self.win]} {self.situation}"


def oracle(case: Case) -> dict[str, int] | None:
    """The oracle's patterns (our codes -> count, Flower Tiles included), or None if it says
    the hand does not win."""
    assert MahjongFanCalculator is not None
    packs = []
    for m in case.melds:
        if m.kind == "chow":
            packs.append(("CHI", _ORACLE_TILE[m.face + 1], 1))
        elif m.kind == "pung":
            packs.append(("PENG", _ORACLE_TILE[m.face], m.source or 1))
        else:
            packs.append(("GANG", _ORACLE_TILE[m.face], 0 if m.concealed else (m.source or 1)))
    hand = list(case.concealed)
    hand[case.win] -= 1
    tiles = tuple(_ORACLE_TILE[f] for f in range(34) for _ in range(hand[f]))
    s = case.situation
    about_kong = s.kong_replacement if s.self_drawn else s.robbing_kong
    try:
        res = MahjongFanCalculator(tuple(packs), tiles, _ORACLE_TILE[case.win], s.flowers,
                                   s.self_drawn,
                                   s.fourth_tile, about_kong, s.wall_last, s.seat_wind,
                                   s.prevalent_wind, True)
    except TypeError:
        return None
    return {ORACLE_NAMES[en]: cnt for _pts, cnt, _cn, en in res}


def ours(case: Case) -> dict[str, int] | None:
    ev: Evaluation | None = evaluate(case.melds, case.concealed, case.win, case.situation)
    if ev is None:
        return None
    return dict(ev.patterns)


def points(pats: dict[str, int] | None) -> int | None:
    from engine.mcr.patterns import POINTS
    return None if pats is None else sum(POINTS[c] * n for c, n in pats.items())


# ---------------------------------------------------------------- random winning hands

HONORS = list(range(27, 34))


def _situation(rng: random.Random, concealed_only: bool = False) -> Situation:
    self_drawn = rng.random() < 0.5
    kong = rng.random() < 0.15
    return Situation(
        self_drawn=self_drawn,
        wall_last=rng.random() < 0.1,
        kong_replacement=kong and self_drawn,
        robbing_kong=kong and not self_drawn,
        fourth_tile=rng.random() < 0.2,
        seat_wind=rng.randrange(4),
        prevalent_wind=rng.randrange(4),
        flowers=rng.choice((0, 0, 0, 1, 2, 5)),
    )


def _face_pool(rng: random.Random) -> list[int]:
    """A random style of tiles: some suits, some ranks, maybe honours."""
    suits = rng.sample(range(3), rng.choice((1, 1, 2, 2, 3, 3, 3)))
    style = rng.choice(("any", "any", "any", "low", "high", "mid", "term", "even", "five",
                        "green", "rev"))
    ranks = {
        "any": range(9), "low": range(4), "high": range(5, 9), "mid": range(3, 6),
        "term": (0, 8), "even": (1, 3, 5, 7), "five": (3, 4, 5),
        "green": range(9), "rev": range(9),
    }[style]
    pool = [s * 9 + r for s in suits for r in ranks]
    if style == "green":
        pool = [19, 20, 21, 23, 25] + ([32] if rng.random() < 0.7 else [])
    elif style == "rev":
        pool = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33]
    if rng.random() < 0.45:
        pool += rng.sample(HONORS, rng.randint(1, 7))
    return pool


def _structured_chows(rng: random.Random) -> list[int]:
    """Lowest faces of chows that form the chow patterns often."""
    s = rng.randrange(3)
    kind = rng.choice(("same", "shift1", "shift2", "straight", "mixed_same", "mixed_shift",
                       "mixed_straight", "terminal", "three_terminal", "random"))
    r = rng.randrange(7)
    if kind == "same":
        return [s * 9 + r] * rng.randint(2, 4)
    if kind == "shift1":
        n = rng.randint(3, 4)
        r = rng.randrange(8 - n)
        return [s * 9 + r + k for k in range(n)]
    if kind == "shift2":
        n = rng.randint(3, 4)
        r = rng.randrange(9 - 2 * n)
        return [s * 9 + r + 2 * k for k in range(n)]
    if kind == "straight":
        return [s * 9, s * 9 + 3, s * 9 + 6]
    if kind == "mixed_same":
        return [t * 9 + r for t in rng.sample(range(3), 3)]
    if kind == "mixed_shift":
        r = rng.randrange(5)
        return [t * 9 + r + k for k, t in enumerate(rng.sample(range(3), 3))]
    if kind == "mixed_straight":
        return [t * 9 + 3 * k for k, t in enumerate(rng.sample(range(3), 3))]
    if kind == "terminal":
        return [s * 9, s * 9, s * 9 + 6, s * 9 + 6]
    if kind == "three_terminal":
        a, b = rng.sample([t for t in range(3) if t != s], 2)
        return [a * 9, a * 9 + 6, b * 9, b * 9 + 6]
    return [rng.randrange(3) * 9 + rng.randrange(7) for _ in range(rng.randint(2, 4))]


def _structured_pungs(rng: random.Random) -> list[int]:
    kind = rng.choice(("winds", "dragons", "shift", "mixed_shift", "triple", "double", "random"))
    s = rng.randrange(3)
    if kind == "winds":
        return rng.sample(range(27, 31), rng.randint(2, 4))
    if kind == "dragons":
        return rng.sample(range(31, 34), rng.randint(2, 3))
    if kind == "shift":
        r = rng.randrange(6)
        return [s * 9 + r + k for k in range(rng.randint(3, 4))]
    if kind == "mixed_shift":
        r = rng.randrange(7)
        return [t * 9 + r + k for k, t in enumerate(rng.sample(range(3), 3))]
    if kind == "triple":
        r = rng.randrange(9)
        return [t * 9 + r for t in range(3)]
    if kind == "double":
        r = rng.randrange(9)
        return [t * 9 + r for t in rng.sample(range(3), 2)]
    return [rng.randrange(34) for _ in range(rng.randint(2, 3))]


def random_standard(rng: random.Random) -> Case | None:
    """Four sets and a pair, some declared, in a random style."""
    pool = _face_pool(rng)
    sets: list[tuple[str, int]] = []
    if rng.random() < 0.35:
        sets += [("chow", f) for f in _structured_chows(rng)]
    if rng.random() < 0.3:
        sets += [("pung", f) for f in _structured_pungs(rng)]
    rng.shuffle(sets)
    sets = sets[:4]
    p_chow = rng.choice((0.0, 0.3, 0.6, 0.9, 1.0))
    while len(sets) < 4:
        f = rng.choice(pool)
        if f < 27 and rng.random() < p_chow:
            sets.append(("chow", f - f % 9 + min(f % 9, 6)))
        else:
            sets.append(("pung", f))
    p_kong = rng.choice((0.0, 0.0, 0.1, 0.3, 0.7))
    sets = [("kong" if k == "pung" and rng.random() < p_kong else k, f) for k, f in sets]
    pair = rng.choice(pool)
    full = [0] * 34
    for k, f in sets:
        if k == "chow":
            for i in range(3):
                full[f + i] += 1
        else:
            full[f] += 4 if k == "kong" else 3
    full[pair] += 2
    if max(full) > 4:
        return None
    p_decl = rng.choice((0.0, 0.0, 0.2, 0.5, 0.8, 1.0))
    melds: list[Meld] = []
    concealed = [0] * 34
    concealed[pair] += 2
    for k, f in sets:
        if k == "kong":
            c = rng.random() < 0.4
            melds.append(Meld("kong", f, c, None if c else rng.randint(1, 3)))
        elif rng.random() < p_decl:
            melds.append(Meld(k, f, False, 1 if k == "chow" else rng.randint(1, 3)))
        elif k == "chow":
            for i in range(3):
                concealed[f + i] += 1
        else:
            concealed[f] += 3
    win = rng.choice([f for f in range(34) for _ in range(concealed[f])])
    return Case(tuple(melds), tuple(concealed), win, _situation(rng), "standard")


def random_seven_pairs(rng: random.Random) -> Case | None:
    pool = _face_pool(rng)
    if rng.random() < 0.15:
        s, r = rng.randrange(3), rng.randrange(3)
        faces = [s * 9 + r + k for k in range(7)]
        kind = "shifted_pairs"
    else:
        faces = [rng.choice(pool) for _ in range(7)]
        kind = "seven_pairs"
    c = [0] * 34
    for f in faces:
        c[f] += 2
    if max(c) > 4:
        return None
    win = rng.choice(faces)
    return Case((), tuple(c), win, _situation(rng), kind)


def random_thirteen_orphans(rng: random.Random) -> Case:
    c = [0] * 34
    for f in THIRTEEN_ORPHANS:
        c[f] = 1
    c[rng.choice(THIRTEEN_ORPHANS)] += 1
    win = rng.choice(THIRTEEN_ORPHANS)
    return Case((), tuple(c), win, _situation(rng), "thirteen_orphans")


def random_honors_knitted(rng: random.Random) -> Case:
    ks = rng.choice(KNITTED_STRAIGHTS)
    n_suited = rng.choice((7, 8, 9))
    faces = rng.sample(ks, n_suited) + rng.sample(HONORS, 14 - n_suited)
    c = [0] * 34
    for f in faces:
        c[f] = 1
    return Case((), tuple(c), rng.choice(faces), _situation(rng), "honors_knitted")


def random_knitted_straight(rng: random.Random) -> Case | None:
    ks = rng.choice(KNITTED_STRAIGHTS)
    c = [0] * 34
    for f in ks:
        c[f] += 1
    pool = _face_pool(rng) + list(ks)
    f = rng.choice(pool)
    kind = rng.choice(("chow", "pung", "kong")) if f < 27 else rng.choice(("pung", "kong"))
    if kind == "chow":
        f = f - f % 9 + min(f % 9, 6)
    pair = rng.choice(pool)
    c[pair] += 2
    melds: tuple[Meld, ...] = ()
    declared = kind == "kong" or rng.random() < 0.4
    if declared:
        concealed_kong = kind == "kong" and rng.random() < 0.5
        melds = (Meld(kind, f, concealed_kong, None if concealed_kong else 1),)
    elif kind == "chow":
        for i in range(3):
            c[f + i] += 1
    else:
        c[f] += 3
    total = list(c)
    for m in melds:
        if m.kind == "chow":
            for i in range(3):
                total[m.face + i] += 1
        else:
            total[m.face] += 4 if m.kind == "kong" else 3
    if max(total) > 4:
        return None
    win = rng.choice([g for g in range(34) for _ in range(c[g])])
    return Case(melds, tuple(c), win, _situation(rng), "knitted_straight")


def random_nine_gates(rng: random.Random) -> Case:
    s = rng.randrange(3) * 9
    c = [0] * 34
    for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
        c[s + r] = n
    win = s + rng.randrange(9)
    c[win] += 1
    return Case((), tuple(c), win, _situation(rng), "nine_gates")


def random_dense(rng: random.Random) -> Case | None:
    """Tiles drawn from a narrow range until they happen to win: hands with many readings,
    ambiguous waits, seven pairs that also read as melds."""
    n_melds = rng.choice((0, 0, 0, 1, 2))
    melds: list[Meld] = []
    full = [0] * 34
    for _ in range(n_melds):
        f = rng.randrange(34)
        kind = "chow" if f < 27 and f % 9 <= 6 and rng.random() < 0.5 else rng.choice(("pung", "kong"))
        conc = kind == "kong" and rng.random() < 0.5
        melds.append(Meld(kind, f, conc, None if conc else 1))
        for g in ((f, f + 1, f + 2) if kind == "chow" else (f,) * (4 if kind == "kong" else 3)):
            full[g] += 1
    lo = rng.randrange(27)
    width = rng.randint(4, 8)
    faces = [f for f in range(lo, lo + width) if f < 27 and f // 9 == lo // 9]
    if rng.random() < 0.3:
        s2 = rng.randrange(3) * 9 + rng.randrange(6)
        faces += [s2, s2 + 1, s2 + 2]
    if rng.random() < 0.2:
        faces += rng.sample(HONORS, 2)
    need = 14 - 3 * n_melds
    for _ in range(40):
        c = [0] * 34
        for _ in range(need):
            c[rng.choice(faces)] += 1
        if max(c[f] + full[f] for f in range(34)) > 4:
            continue
        if is_complete(tuple(c), n_melds):
            win = rng.choice([f for f in range(34) for _ in range(c[f])])
            return Case(tuple(melds), tuple(c), win, _situation(rng), "dense")
    return None


GENERATORS = (
    (random_standard, 60), (random_dense, 25), (random_seven_pairs, 10), (random_knitted_straight, 8),
    (random_honors_knitted, 5), (random_thirteen_orphans, 3), (random_nine_gates, 4),
)


def random_cases(n: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    gens = [g for g, w in GENERATORS for _ in range(w)]
    out: list[Case] = []
    while len(out) < n:
        case = rng.choice(gens)(rng)
        if case is not None:
            out.append(case)
    return out


def compare(cases: list[Case]) -> tuple[list[tuple[Case, Any, Any]], list[tuple[Case, Any, Any]]]:
    """(total mismatches, pattern-only mismatches) between our scorer and the oracle."""
    totals, itemised = [], []
    for case in cases:
        o, u = oracle(case), ours(case)
        if points(o) != points(u):
            totals.append((case, o, u))
        elif o != u:
            itemised.append((case, o, u))
    return totals, itemised


def main(argv: list[str]) -> None:  # pragma: no cover - manual sweep
    n = int(argv[1]) if len(argv) > 1 else 50_000
    seed = int(argv[2]) if len(argv) > 2 else 12345
    cases = random_cases(n, seed)
    totals, itemised = compare(cases)
    kinds = Counter(c.kind for c in cases)
    print(f"{n} hands ({dict(kinds)}), seed {seed}: {len(totals)} total mismatches, "
          f"{len(itemised)} itemisation-only mismatches")
    for case, o, u in (totals + itemised)[:40]:
        print(case.describe())
        print("   oracle", points(o), o)
        print("   ours  ", points(u), u)
    seen: Counter[str] = Counter()
    for case in cases:
        u = ours(case)
        seen.update(u or {})
    from engine.mcr.patterns import PATTERNS
    print("patterns never seen:", [c for c in PATTERNS if c not in seen])


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv)
