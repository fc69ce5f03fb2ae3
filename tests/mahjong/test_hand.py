"""Hand readings: completeness, every decomposition, waits — hand-made cases and a brute force."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine.mahjong import (
    FACE_NAMES,
    counts_of,
    is_seven_pairs,
    is_standard_complete,
    parse_face,
    seven_pairs_waits,
    standard_readings,
    standard_waits,
)

HONOURS = "ESWNCFP"


def faces(text: str) -> list[int]:
    """``"1112345678999m 55p EES"`` -> faces; digits take the suit letter that follows them."""
    out: list[int] = []
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mps":
            assert digits, text
            out += [parse_face(d + ch) for d in digits]
            digits = []
        elif ch in HONOURS:
            out.append(parse_face(ch))
        else:
            assert ch == " ", text
    assert not digits, text
    return out


def hand(text: str) -> tuple[int, ...]:
    return counts_of(faces(text))


def names(fs) -> list[str]:
    return [FACE_NAMES[f] for f in fs]


# ------------------------------------------------------------------ an independent brute force


def bf_melds(c: list[int]) -> bool:
    """Can the counts be split into pungs and chows (chows only inside a suit)?"""
    i = next((k for k, n in enumerate(c) if n), -1)
    if i < 0:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = bf_melds(c)
        c[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = bf_melds(c)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        if ok:
            return True
    return False


@cache
def bf_complete(counts: tuple[int, ...]) -> bool:
    """Melds and exactly one pair: try every pair, then melds alone."""
    if sum(counts) % 3 != 2:
        return False
    c = list(counts)
    for f in range(34):
        if c[f] >= 2:
            c[f] -= 2
            ok = bf_melds(c)
            c[f] += 2
            if ok:
                return True
    return False


def bf_meld_splits(c: list[int]) -> list[tuple[tuple[str, int], ...]]:
    i = next((k for k, n in enumerate(c) if n), -1)
    if i < 0:
        return [()]
    out = []
    if c[i] >= 3:
        c[i] -= 3
        out += [(("pung", i),) + m for m in bf_meld_splits(c)]
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        out += [(("chow", i),) + m for m in bf_meld_splits(c)]
        for k in (i, i + 1, i + 2):
            c[k] += 1
    return out


def bf_readings(counts: tuple[int, ...]) -> set:
    if sum(counts) % 3 != 2:
        return set()
    c = list(counts)
    out = set()
    for f in range(34):
        if c[f] >= 2:
            c[f] -= 2
            out |= {(f, tuple(sorted(m))) for m in bf_meld_splits(c)}
            c[f] += 2
    return out


def bf_waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for f in range(34):
        c = list(counts)
        c[f] += 1
        if bf_complete(tuple(c)):
            out.append(f)
    return tuple(out)


def random_complete(rng: random.Random, melds: int = 4) -> list[int]:
    """Random melds and a pair, never more than four copies of a face."""
    while True:
        c = [0] * 34
        fs: list[int] = []
        for _ in range(melds):
            if rng.random() < 0.5:
                f = rng.randrange(34)
                group = [f, f, f]
            else:
                s, r = rng.randrange(3), rng.randrange(7)
                group = [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2]
            for g in group:
                c[g] += 1
            fs += group
        p = rng.randrange(34)
        c[p] += 2
        fs += [p, p]
        if max(c) <= 4:
            return fs


def random_near_complete(rng: random.Random, melds: int = 4) -> list[int]:
    """A complete hand with one tile swapped for a random face (still at most four copies)."""
    fs = random_complete(rng, melds)
    while True:
        out = list(fs)
        out.pop(rng.randrange(len(out)))
        # draw mostly near the hand's own faces so that completions happen often
        if rng.random() < 0.6:
            base = rng.choice(out)
            f = min(33, max(0, base + rng.randint(-2, 2)))
        else:
            f = rng.randrange(34)
        out.append(f)
        if out.count(f) <= 4:
            return out


# ------------------------------------------------------------------ hand-made complete hands


@pytest.mark.parametrize("text", [
    "123m 456m 789m 123p 55s",
    "111m 222p 333s EEE CC",
    "EEE SSS WWW NNN PP",
    "11m",
    "123m 11m",
    "11122233344455m",
    "1112345678999m 5m",
    "1112345678999m 9m",
    "789m 123p 789s 123s EE",
    "111222333m 55p",
    "12345678999m 456p",
    "2233445566778m 8m",
])
def test_complete_hands(text):
    c = hand(text)
    assert is_standard_complete(c), text
    assert bf_complete(c)
    assert standard_readings(c)


@pytest.mark.parametrize("text", [
    "123m 456m 789m 123p 5s 6s",  # no pair
    "11m 55p 99s EE 123m 456p",  # several pairs in different suits
    "11m 55p 123m 456p 789s",  # two pairs in two suits, 14 tiles
    "11m 22p 33s 44m 55p 66s 7m 7m",  # pairs but not seven of them in the standard sense
    "ESW NNN CCC 123m 55p",  # honours never form sequences
    "ESW 11p",
    "CFP 11p",
    "NCF 11p",
    "89m 1p 123s 456s 789s EE",  # no chow across suits
    "9m 1p 2p 123s 456s 789s EE",
    "9s E S 123m 456m 789m PP",
    "123m",  # no pair
    "1m",
    "",
    "1112345678999m",  # 13 tiles
    "11m 22m 33p 44p 55s 66s EE",  # seven pairs only
    "1m 9m 1p 9p 1s 9s ESWNCFP E",  # thirteen orphans is not a standard hand
])
def test_incomplete_hands(text):
    c = hand(text)
    assert not bf_complete(c), text
    assert not is_standard_complete(c), text
    assert standard_readings(c) == ()


def test_seven_consecutive_pairs_are_also_standard():
    c = hand("11223344556677m")
    assert is_standard_complete(c)
    assert is_seven_pairs(c)
    rs = standard_readings(c)
    # pair 11/44/77 with the rest as chows
    assert {p for p, _ in rs} == {parse_face(x) for x in ("1m", "4m", "7m")}


def test_nine_gates_waits_on_all_nine():
    c = hand("1112345678999m")
    assert sum(c) == 13
    assert standard_waits(c) == tuple(range(9))
    assert bf_waits(c) == tuple(range(9))


@pytest.mark.parametrize("text,waits", [
    ("123m 456p 789s EEE 5s", "5s"),  # single wait
    ("123m 456p 789s EE 23s", "1s 4s"),  # open wait
    ("123m 456p 789s EE 13s", "2s"),  # closed wait
    ("123m 456p 789s EE 12s", "3s"),  # edge wait
    ("123m 456p 789s EE SS", "E S"),  # two pairs
    ("2345m 456p 789s EEE", "2m 5m"),
    ("23456m 456p 789s EE", "1m 4m 7m"),
    ("1111m 456p 789s EEE", "1m"),  # counts level: the fifth 1m (callers filter it)
    ("4555m 456p 789s EEE", "3m 4m 6m"),
    ("1111m 23m 456p 789s E", "E"),
    ("EEE SSS WWW NNN C", "C"),
    ("ESW NNN CCC PPP F", ""),
    ("1m 9m 1p 9p 1s 9s ESWNCFP", ""),
])
def test_waits_of_13_tiles(text, waits):
    c = hand(text)
    assert sum(c) == 13
    expected = tuple(sorted(faces(waits)))
    assert names(standard_waits(c)) == names(expected), text
    assert bf_waits(c) == expected


def test_waits_faces_argument():
    c = hand("1112345678999m")
    assert standard_waits(c, 5) == (0, 1, 2, 3, 4)
    c = hand("123m 456p 789s EE SS")
    assert standard_waits(c, 28) == (27,)


# ------------------------------------------------------------------ seven pairs


def test_seven_pairs():
    assert is_seven_pairs(hand("11m 22m 33p 44p 55s 66s EE"))
    assert is_seven_pairs(hand("1111m 33p 44p 55s 66s EE"))  # four of a kind as two pairs
    assert is_seven_pairs(hand("1111m 3333p 5555s EE"))
    assert not is_seven_pairs(hand("111m 2m 33p 44p 55s 66s EE"))  # a triplet
    assert not is_seven_pairs(hand("11m 22m 33p 44p 55s 66s"))  # 12 tiles
    assert not is_seven_pairs(hand("11m 22m 33p 44p 55s 66s EE SS"))  # 16 tiles
    assert not is_seven_pairs(hand("1m 9m 1p 9p 1s 9s ESWNCFP E"))


def test_seven_pairs_waits():
    assert names(seven_pairs_waits(hand("11m 22m 33p 44p 55s 66s E"))) == ["E"]
    assert names(seven_pairs_waits(hand("1111m 33p 44p 55s 6s EE"))) == ["6s"]
    assert names(seven_pairs_waits(hand("111m 33p 44p 55s 66s EE"))) == ["1m"]
    assert seven_pairs_waits(hand("11m 22m 33p 44p 5s 6s 7s")) == ()
    assert seven_pairs_waits(hand("11m 22m 33p 44p 55s 66s")) == ()  # 12 tiles
    assert seven_pairs_waits(hand("11m 22m 33p 44p 55s 66s EE")) == ()  # 14 tiles
    assert seven_pairs_waits(hand("11m 22m 33p 44p 55s 66s E"), 27) == ()


# ------------------------------------------------------------------ readings


def test_three_identical_chows_or_three_pungs():
    c = hand("111222333m 55p")
    rs = standard_readings(c)
    p5 = parse_face("5p")
    assert rs == tuple(sorted({
        (p5, (("chow", 0), ("chow", 0), ("chow", 0))),
        (p5, (("pung", 0), ("pung", 1), ("pung", 2))),
    }))


def test_readings_with_a_choice_of_pair():
    c = hand("11123444m 456p 789s")  # 11 + 123 + 444, or 111 + 234 + 44
    rs = set(standard_readings(c))
    assert rs == bf_readings(c)
    assert {p for p, _ in rs} == {0, 3}
    assert len(rs) == 2


def test_nine_gates_readings_each_wait():
    base = faces("1112345678999m")
    for w in range(9):
        c = counts_of(base + [w])
        rs = standard_readings(c)
        assert rs, w
        assert set(rs) == bf_readings(c)
        assert len(set(rs)) == len(rs)


def test_readings_are_sorted_distinct_and_only_of_complete_hands():
    c = hand("2233445566778m 8m")
    rs = standard_readings(c)
    assert list(rs) == sorted(set(rs))
    assert set(rs) == bf_readings(c)
    assert standard_readings(hand("123m 456m 789m 123p 5s 6s")) == ()
    assert standard_readings(hand("11m 22m 33p 44p 55s 66s EE")) == ()  # only seven pairs


def test_readings_reconstruct_the_hand():
    rng = random.Random(5)
    for _ in range(300):
        fs = random_complete(rng, rng.randrange(5))
        c = counts_of(fs)
        rs = standard_readings(c)
        assert rs
        for pair, melds in rs:
            back = [pair, pair]
            for kind, f in melds:
                back += [f, f, f] if kind == "pung" else [f, f + 1, f + 2]
            assert counts_of(back) == c


# ------------------------------------------------------------------ against the brute force


def test_random_14_tile_hands_from_the_full_set():
    rng = random.Random(2024)
    ids = list(range(136))
    for _ in range(3000):
        c = counts_of(t // 4 for t in rng.sample(ids, 14))
        assert is_standard_complete(c) == bf_complete(c), names(f for f in range(34)
                                                                for _ in range(c[f]))


def test_random_near_complete_hands():
    rng = random.Random(77)
    hits = 0
    for i in range(3000):
        fs = random_near_complete(rng) if i % 10 else random_complete(rng)
        c = counts_of(fs)
        got = is_standard_complete(c)
        assert got == bf_complete(c), names(sorted(fs))
        hits += got
    assert hits > 300  # the sample does exercise complete hands


def test_random_hands_of_every_size_and_readings():
    rng = random.Random(31)
    for i in range(1500):
        melds = rng.randrange(5)
        fs = random_near_complete(rng, melds) if i % 3 else random_complete(rng, melds)
        c = counts_of(fs)
        assert is_standard_complete(c) == bf_complete(c), names(sorted(fs))
        assert set(standard_readings(c)) == bf_readings(c), names(sorted(fs))


def test_waits_against_brute_force():
    rng = random.Random(4242)
    ids = list(range(136))
    ready = 0
    for i in range(1000):
        if i % 2:
            c = counts_of(t // 4 for t in rng.sample(ids, 13))
        else:
            fs = random_near_complete(rng)
            fs.pop(rng.randrange(len(fs)))
            c = counts_of(fs)
        w = standard_waits(c)
        assert w == bf_waits(c), names(f for f in range(34) for _ in range(c[f]))
        ready += bool(w)
    assert ready > 100
