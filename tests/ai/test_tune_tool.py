"""``bench/tune.py``: a variant of a prior is a fresh copy of its module with some constants
changed, so that it can duel the prior itself; the prior's module must stay as it was."""
from __future__ import annotations

import sys

import pytest

from server.settings import ROOT

sys.path.insert(0, str(ROOT))

from ai.policies import paohuzi_prior  # noqa: E402
from bench.duel import final  # noqa: E402
from bench.tune import parse, variant  # noqa: E402


def test_a_variant_changes_its_copy_only() -> None:
    before = paohuzi_prior.PAIR
    policy = variant("ai.policies.paohuzi_prior:prior", {"PAIR": 0.5})
    assert policy.__globals__["PAIR"] == 0.5
    assert paohuzi_prior.PAIR == before
    assert policy is not paohuzi_prior.prior


def test_a_variant_with_the_same_constants_never_differs() -> None:
    same = variant("ai.policies.paohuzi_prior:prior", {"PAIR": paohuzi_prior.PAIR})
    assert final("paohuzi", same, paohuzi_prior.prior, shuffles=3, seed=5).gains == [0.0] * 3


def test_a_changed_constant_can_change_the_play() -> None:
    wild = variant("ai.policies.paohuzi_prior:prior", {"PENG": -50.0, "CHI": 50.0})
    assert any(final("paohuzi", wild, paohuzi_prior.prior, shuffles=3, seed=5).gains)


def test_arguments() -> None:
    assert parse("PAIR=2.0, PASSED=1") == {"PAIR": 2.0, "PASSED": 1}
    with pytest.raises(SystemExit):
        variant("ai.policies.paohuzi_prior:prior", {"NO_SUCH_WEIGHT": 1})
