"""Seats around the table, seeded shuffling, seed commitment and zero-sum settlements."""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.core import (
    Payment,
    deal_rng,
    distance,
    first_after,
    next_seat,
    seats_after,
    seed_hash,
    shuffled,
    totals,
)

# ------------------------------------------------------------------ seats


def test_next_seat_wraps():
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [next_seat(s, 3) for s in range(3)] == [1, 2, 0]


def test_seats_after():
    assert seats_after(0, 4) == [1, 2, 3]
    assert seats_after(2, 4) == [3, 0, 1]
    assert seats_after(3, 4) == [0, 1, 2]
    assert seats_after(1, 3) == [2, 0]
    for n in (2, 3, 4):
        for s in range(n):
            after = seats_after(s, n)
            assert len(after) == n - 1 and s not in after
            assert sorted(after + [s]) == list(range(n))


def test_distance():
    assert distance(0, 0, 4) == 0
    assert distance(0, 1, 4) == 1
    assert distance(3, 0, 4) == 1
    assert distance(1, 0, 4) == 3
    assert distance(2, 1, 3) == 2
    for n in (3, 4):
        for s in range(n):
            assert [distance(s, t, n) for t in seats_after(s, n)] == list(range(1, n))


def test_first_after():
    assert first_after(0, 4, [2, 3]) == 2
    assert first_after(2, 4, [0, 1]) == 0
    assert first_after(3, 4, {1, 2}) == 1
    # the seat itself comes last
    assert first_after(1, 4, [1]) == 1
    assert first_after(1, 4, [1, 3]) == 3
    assert first_after(1, 4, []) is None
    assert first_after(1, 4, iter([0])) == 0  # any iterable
    assert first_after(0, 3, [5]) is None  # out of range seats are never found


# ------------------------------------------------------------------ rng


def test_shuffled_is_deterministic_for_a_seed():
    items = list(range(136))
    a = shuffled(items, deal_rng(12345))
    b = shuffled(items, deal_rng(12345))
    assert a == b
    assert isinstance(a, tuple)
    assert sorted(a) == items
    assert a != tuple(items)
    assert shuffled(items, deal_rng(12346)) != a


def test_shuffled_matches_stock_python_random():
    items = list(range(50))
    expected = list(items)
    random.Random(7).shuffle(expected)
    assert shuffled(items, deal_rng(7)) == tuple(expected)


def test_shuffled_does_not_mutate_its_input():
    items = [5, 3, 9, 1, 7, 2]
    before = list(items)
    shuffled(items, deal_rng(1))
    assert items == before
    t = tuple(range(20))
    assert sorted(shuffled(t, deal_rng(2))) == list(t)
    assert shuffled((), deal_rng(3)) == ()


@pytest.mark.parametrize("seed", [0, 1, 42, -7, 2**64 + 3, 10**30])
def test_seed_hash_is_sha256_of_the_decimal_string(seed):
    assert seed_hash(seed) == hashlib.sha256(str(seed).encode()).hexdigest()
    assert len(seed_hash(seed)) == 64


def test_seed_hash_known_value():
    assert seed_hash(0) == "5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9"
    assert seed_hash(1) != seed_hash(2)


@pytest.mark.parametrize("bad", [True, False, 1.0, "1", None, [1]])
def test_deal_rng_rejects_non_ints(bad):
    with pytest.raises(TypeError):
        deal_rng(bad)


def test_deal_rng_accepts_ints():
    assert deal_rng(5).random() == random.Random(5).random()
    assert deal_rng(-5).random() == random.Random(-5).random()


# ------------------------------------------------------------------ result


def test_totals_sum_to_zero():
    pays = [Payment(0, 1, 8, "win"), Payment(2, 1, 8, "win"), Payment(3, 2, 4, "kong"),
            Payment(1, 3, 2, "other", note="x")]
    t = totals(pays, 4)
    assert t == [-8, 14, -4, -2]
    assert sum(t) == 0
    assert totals([], 3) == [0, 0, 0]


def test_totals_random_payments_sum_to_zero():
    rng = random.Random(99)
    for _ in range(200):
        n = rng.choice((3, 4))
        pays = [Payment(rng.randrange(n), rng.randrange(n), rng.randrange(-5, 50), "r")
                for _ in range(rng.randrange(12))]
        t = totals(pays, n)
        assert len(t) == n and sum(t) == 0


def test_payment_to_dict():
    assert Payment(0, 1, 3, "win").to_dict() == {"payer": 0, "payee": 1, "amount": 3,
                                                  "reason": "win"}
    assert Payment(0, 1, 3, "win", "n").to_dict()["note"] == "n"
