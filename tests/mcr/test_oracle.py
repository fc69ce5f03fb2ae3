"""Our MCR scorer against the reference calculator (``pymahjonggb``), MCR-6 **[ruling]**.

Random winning hands of every shape (``tests/mcr/oracle.py``: four sets and a pair with random
claimed and concealed sets, kongs and situations; dense hands with many readings; seven pairs;
seven shifted pairs; thirteen orphans; honours and knitted tiles; knitted straights with a meld
and a pair; nine gates) and every hand-built hand of ``test_scoring.py`` are scored by both; the
totals (flowers included) and the itemised patterns must be equal. Skipped when the C++
extension ``MahjongGB`` is not installed (``pip install pymahjonggb``).

A larger sweep runs by hand: ``python -m tests.mcr.oracle 50000 <seed>``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.mcr.patterns import PATTERNS
from engine.mcr.scoring import read_spec

from .oracle import HAVE_ORACLE, Case, compare, oracle, ours, points, random_cases
from .test_scoring import EXCLUSIONS, PATTERN_HANDS

pytestmark = pytest.mark.skipif(
    not HAVE_ORACLE, reason="the reference calculator MahjongGB is not installed "
                            "(pip install pymahjonggb builds it with g++)")

RANDOM_HANDS = 20_000


def _report(mismatches: list[tuple[Case, object, object]]) -> str:
    lines = []
    for case, o, u in mismatches[:10]:
        lines.append(f"{case.describe()}\n  oracle {points(o)} {o}\n  ours   {points(u)} {u}")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return random_cases(RANDOM_HANDS, seed=20260)


def test_random_hands_agree_with_the_oracle(cases: list[Case]):
    """MCR-4.3, MCR-6: same total and same itemisation on thousands of random winning hands."""
    totals, itemised = compare(cases)
    assert not totals, f"{len(totals)} totals differ:\n{_report(totals)}"
    assert not itemised, f"{len(itemised)} itemisations differ:\n{_report(itemised)}"


def test_random_hands_cover_every_shape_and_pattern(cases: list[Case]):
    """The random sample is worth comparing: every shape and every pattern occurs in it."""
    kinds = Counter(c.kind for c in cases)
    assert set(kinds) == {"standard", "dense", "seven_pairs", "shifted_pairs",
                          "thirteen_orphans", "honors_knitted", "knitted_straight",
                          "nine_gates"}
    seen: Counter[str] = Counter()
    for case in cases:
        seen.update(ours(case) or {})
    rare = [code for code in PATTERNS if seen[code] == 0 and code != "chicken_hand"]
    assert not rare, f"patterns never produced by the random hands: {rare}"


def _case(spec: dict) -> Case:
    melds, counts, win, sit = read_spec(spec)
    return Case(melds, counts, win, sit, "hand-built")


@pytest.mark.parametrize("hand", [ph.hand for ph in PATTERN_HANDS]
                         + [ex.hand for ex in EXCLUSIONS if ex.wins],
                         ids=[f"scores-{ph.code}" for ph in PATTERN_HANDS]
                         + [f"excluded-{ex.code}" for ex in EXCLUSIONS if ex.wins])
def test_hand_built_hands_agree_with_the_oracle(hand: dict):
    """MCR-6: every hand of test_scoring.py scores the same for the reference calculator."""
    case = _case(hand)
    assert ours(case) == oracle(case), case.describe()


def test_non_winning_hands_agree():
    """MCR-4.1: hands that are not complete are refused by both."""
    for ex in EXCLUSIONS:
        if not ex.wins:
            case = _case(ex.hand)
            assert ours(case) is None and oracle(case) is None
