"""Sichuan's extra fan rows (shared/rules/options.md OPT-SC-7): 门清 and 中张, 杠上炮, and the
fixed-value 天胡 and 地胡, on hand-made positions and in the calculator."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import get_game
from engine.core.errors import InvalidSpec

from .position import act, position, tile_of
from .test_call_transfer import kong_and_discard, refund_position
from .test_options import SIX_FAN, exhausted, heavenly, wait_values, with_options
from .test_rules import deltas

G = get_game("sichuan")
MQZZ = ["menqing_zhongzhang"]


def on_discard(hand: str, tile: str, melds=(), **options):
    """Seat 1 discards ``tile``; seat 0 (``hand``, ``melds``) wins on it."""
    state, _ = position({0: hand, 1: f"{tile} 1s 2s 3s"}, melds={0: list(melds)}, turn=1)
    state = with_options(state, **options)
    state = act(G, state, 1, type="discard", card=tile_of(state, 1, tile))
    return act(G, state, 0, type="win")


CONCEALED = "1m 2m 3m 4m 5m 6m 7m 8m 9m 4s 5s 6s 9s"
"""Waits on 9s: a basic hand (0 fan) with no declared meld."""


# ------------------------------------------------------------------ OPT-SC-7.1 门清, 中张

def test_concealed_hand_on_a_discard():
    """OPT-SC-7.1 [ruling: no self-draw needed]: 门清 +1 on a discard; off by default."""
    assert dict(on_discard(CONCEALED, "9s").wins[0].patterns) == {"basic_hand": 1}
    after = on_discard(CONCEALED, "9s", extra_fans=MQZZ)
    assert dict(after.wins[0].patterns) == {"basic_hand": 1, "concealed_hand": 1}
    assert after.wins[0].fan == 1 and deltas(after) == [2, -2, 0, 0]


def test_a_concealed_kong_keeps_the_hand_concealed():
    """OPT-SC-7.1: concealed kongs allowed: 门清 + root."""
    after = on_discard("1m 2m 3m 4m 5m 6m 7m 8m 9m 9s", "9s", melds=[("ckong", "5s", None)],
                       extra_fans=MQZZ)
    assert dict(after.wins[0].patterns) == {"basic_hand": 1, "root": 1, "concealed_hand": 1}


@pytest.mark.parametrize("meld", [("pung", "5s", 2), ("kong", "5s", 2)])
def test_a_pung_or_exposed_kong_is_no_concealed_hand(meld):
    """OPT-SC-7.1: a pung or an exposed kong on the table: no 门清."""
    after = on_discard("1m 2m 3m 4m 5m 6m 7m 8m 9m 9s", "9s", melds=[meld], extra_fans=MQZZ)
    assert "concealed_hand" not in dict(after.wins[0].patterns)


def test_an_added_kong_is_no_concealed_hand():
    """OPT-SC-7.1: a pung made into an added kong is no 门清 either."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 9s", 1: "9s 1s 2s 3s"},
                        melds={0: [("kong", "5s", 2)]}, turn=1)
    state = replace(state, melds=(tuple(replace(m, added=True) for m in state.melds[0]),
                                  *state.melds[1:]))
    state = with_options(state, extra_fans=MQZZ)
    state = act(G, state, 1, type="discard", card=tile_of(state, 1, "9s"))
    after = act(G, state, 0, type="win")
    assert dict(after.wins[0].patterns) == {"basic_hand": 1, "root": 1}


ALL_SIMPLES = "2m 3m 4m 5m 6m 7m 3s 4s 5s 6s 7s 8s 5m"
"""Waits on 5m (and 2m, 8m): no 1 or 9 anywhere."""


def test_all_simples_and_concealed_hand_stack():
    """OPT-SC-7.1: 中张 +1 (no 1 or 9 in hand, melds or winning tile) with 门清 +1: 2 fan."""
    after = on_discard(ALL_SIMPLES, "5m", extra_fans=MQZZ)
    assert dict(after.wins[0].patterns) == {"basic_hand": 1, "concealed_hand": 1,
                                            "all_simples": 1}
    assert deltas(after) == [4, -4, 0, 0]


def test_a_terminal_in_a_meld_or_the_winning_tile_breaks_all_simples():
    """OPT-SC-7.1: 中张 looks at the melds and the winning tile too."""
    after = on_discard("2m 3m 4m 5m 6m 7m 3s 4s 5s 5m", "5m", melds=[("pung", "9s", 2)],
                       extra_fans=MQZZ)
    assert "all_simples" not in dict(after.wins[0].patterns)
    after = on_discard("2m 3m 4m 5m 6m 7m 3s 4s 5s 6s 7s 8s 9s", "9s", extra_fans=MQZZ)
    assert dict(after.wins[0].patterns) == {"basic_hand": 1, "concealed_hand": 1}


def test_concealed_hand_counts_in_the_ready_check():
    """OPT-SC-7.1: 门清 and 中张 are structural: SC-10.3 counts them (the nine-gates wait is
    3 fan, 8 points; with 门清 4 fan, 16). OPT-SC-7.2, 7.3: 杠上炮 and 天胡/地胡 never count
    there, so switching them on changes nothing."""
    assert exhausted()["payments"][-1]["amount"] == 8
    assert exhausted(extra_fans=MQZZ)["payments"][-1]["amount"] == 16
    assert exhausted(extra_fans=["tian_di_hu", "gang_shang_pao"])["payments"][-1]["amount"] == 8


def test_hints_value_a_wait_with_the_extra_rows():
    """OPT-SC-7.1 with OPT-0.4: a wait's value in the hints counts 门清 (4 + 1 fan)."""
    assert wait_values(extra_fans=MQZZ) == (32, 33)


# ------------------------------------------------------------------ OPT-SC-7.2 杠上炮

def test_kong_discard_scores_only_when_switched_on():
    """OPT-SC-7.2: a win on the discard made after a kong's replacement scores 杠上炮 +1 (1 fan,
    2 points); by default it is an ordinary discard win."""
    assert dict(kong_and_discard("concealed", (1,)).wins[0].patterns) == {"basic_hand": 1}
    after = kong_and_discard("concealed", (1, 3), extra_fans=["gang_shang_pao"])
    for w in after.wins:  # every winner on that discard
        assert dict(w.patterns) == {"basic_hand": 1, "kong_discard": 1} and w.points == 2


def test_kong_discard_adds_to_last_tile():
    """OPT-SC-7.2: when the replacement was the wall's last tile, the discard after it scores
    海底 and 杠上炮 (basic 0 + 1 + 1 = 2 fan, 4 points)."""
    after = refund_position(extra_fans=["gang_shang_pao"])
    w = after.wins[0]
    assert dict(w.patterns) == {"basic_hand": 1, "last_tile": 1, "kong_discard": 1}
    assert w.points == 4


# ------------------------------------------------------------------ OPT-SC-7.3 天胡, 地胡

@pytest.mark.parametrize(("cap", "bonus", "each"), [
    (5, "base", 32), (5, "fan", 32), (5, "none", 32), (3, "base", 8), (None, "base", 32),
])
def test_heavenly_hand_is_worth_32_with_no_self_draw_bonus(cap, bonus, each):
    """OPT-SC-7.3 (with OPT-SC-4.4): the dealer's first-turn win is worth 32 (its normal 2 fan
    is less), capped by the fan cap (8 with 3 fan), paid by every opponent with no self-draw
    bonus whatever the bonus."""
    after = heavenly(extra_fans=["tian_di_hu"], fan_cap=cap, self_draw_bonus=bonus)
    w = after.wins[0]
    assert dict(w.patterns) == {"heavenly_hand": 1} and w.fan == 5
    assert deltas(after) == [3 * each, -each, -each, -each]


def test_heavenly_hand_pays_its_normal_value_when_higher():
    """OPT-SC-7.3: six fan uncapped is 64, more than 32: the normal reading is paid, still
    with no self-draw bonus (64, not 65)."""
    state, _ = position({0: SIX_FAN, 1: "1s 2s", 2: "9s 9s", 3: "8s 8s"})
    after = act(G, with_options(state, extra_fans=["tian_di_hu"], fan_cap=None), 0, type="win")
    assert after.wins[0].fan == 6 and "heavenly_hand" not in dict(after.wins[0].patterns)
    assert deltas(after) == [192, -64, -64, -64]


def test_no_heavenly_hand_after_a_kong():
    """OPT-SC-7.3: the dealer that declared a kong first wins an ordinary kong-replacement
    self-draw (2 fan: 4 + 1 from each)."""
    state, _ = position({0: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 2m 7m 8m", 1: "1s", 2: "9s",
                         3: "8s"}, wall="6m 9m", wall_extra=0)
    state = with_options(state, extra_fans=["tian_di_hu"])
    state = G.apply(state, 0, next(a for a in G.legal_actions(state, 0)
                                   if a["type"] == "concealed_kong"))
    after = act(G, state, 0, type="win")
    assert after.wins[0].fan == 2 and deltas(after) == [6 + 15, -7, -7, -7]


DEALER = "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s 7m"
WAITS_4S = {1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 5s 5s",
            3: "2m 2m 2m 3m 3m 3m 6m 6m 6m 9m 9m 5s 6s"}
"""Seats 1 and 3 both wait on 4s: basic hands, 1 point."""


def first_turns(hands, **options):
    state, _ = position({0: DEALER} | hands, wall="4s")
    return with_options(state, **options)


@pytest.mark.parametrize("bonus", ["base", "fan"])
def test_earthly_hand_by_self_draw_on_the_first_draw(bonus):
    """OPT-SC-7.3: the dealer discards 7m, seat 1 self-draws 4s on its first draw: 32 from
    every opponent, no self-draw bonus."""
    state = first_turns({1: WAITS_4S[1]}, extra_fans=["tian_di_hu"], self_draw_bonus=bonus)
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "7m"))
    assert state.turn == 1 and state.drawn >> 2 == tile_of(state, 0, "4s") >> 2
    after = act(G, state, 1, type="win")
    assert dict(after.wins[0].patterns) == {"earthly_hand": 1}
    assert deltas(after) == [-32, 96, -32, -32]


def test_earthly_hand_on_the_dealers_first_discard_is_paid_by_the_dealer():
    """OPT-SC-7.3 [ruling: both kinds of 地胡]: seats 1 and 3 win on the dealer's first
    discard; each is 地胡 (wins on one discard are simultaneous), the dealer alone pays."""
    state = first_turns(WAITS_4S, extra_fans=["tian_di_hu"])
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "4s"))
    state = act(G, state, 1, type="win")
    after = act(G, state, 3, type="win")
    assert [dict(w.patterns) for w in after.wins] == [{"earthly_hand": 1}] * 2
    assert deltas(after) == [-64, 32, 0, 32]


def test_no_earthly_hand_after_a_pung():
    """OPT-SC-7.3: seat 2 pungs the dealer's 7m; seat 3's self-draw on its first draw is then
    an ordinary one (1 + 1 from each)."""
    state = first_turns({2: "7m 7m 8m", 3: WAITS_4S[3]}, extra_fans=["tian_di_hu"])
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "7m"))
    state = act(G, state, 2, type="pung")
    state = act(G, state, 2, type="discard", card=tile_of(state, 2, "8m"))
    assert state.turn == 3
    after = act(G, state, 3, type="win")
    assert dict(after.wins[0].patterns) == {"basic_hand": 1}
    assert deltas(after) == [-2, -2, -2, 6]


def test_no_earthly_hand_on_a_later_discard():
    """OPT-SC-7.3: only the dealer's first discard: seat 1's discard won by seat 3 is an
    ordinary win."""
    state = first_turns({1: "4s 1m 2m", 3: WAITS_4S[3]}, extra_fans=["tian_di_hu"])
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "7m"))
    state = act(G, state, 1, type="discard", card=tile_of(state, 1, "4s"))
    state = act(G, state, 3, type="win")
    after = act(G, state, 0, type="pass")  # the dealer's nine gates could win on it too
    assert dict(after.wins[0].patterns) == {"basic_hand": 1} and deltas(after)[1] == -1


# ------------------------------------------------------------------ the calculator

def spec(concealed: str, winning: str, **flags):
    return {"concealed": concealed.split(), "winning_tile": winning, "missing_suit": "p",
            **flags}


def test_calculator_scores_the_extra_rows():
    """OPT-SC-7.1, 7.2 in the calculator: ``options.extra_fans`` switches the rows on."""
    r = G.score(spec(ALL_SIMPLES, "5m", options={"extra_fans": MQZZ}))
    assert [i["code"] for i in r["items"]] == ["basic_hand", "concealed_hand", "all_simples"]
    assert (r["fan"], r["points"]) == (2, 4)
    assert G.score(spec(ALL_SIMPLES, "5m"))["fan"] == 0
    r = G.score(spec(CONCEALED, "9s", kong_discard=True, last_tile=True,
                     options={"extra_fans": ["gang_shang_pao"]}))
    assert [i["code"] for i in r["items"]] == ["basic_hand", "last_tile", "kong_discard"]


@pytest.mark.parametrize(("flag", "cap", "bonus", "points"), [
    ("heavenly", 5, "base", 32), ("heavenly", 3, "fan", 8), ("earthly", None, "base", 32),
])
def test_calculator_first_turn_hands(flag, cap, bonus, points):
    """OPT-SC-7.3 in the calculator: 32 capped by the fan cap, no self-draw bonus; 天胡 is a
    self-draw by nature."""
    r = G.score(spec(CONCEALED, "9s", **{flag: True}, self_draw=flag == "earthly",
                     options={"extra_fans": ["tian_di_hu"], "fan_cap": cap,
                              "self_draw_bonus": bonus}))
    assert [i["code"] for i in r["items"]] == [f"{flag}_hand"]
    assert (r["fan"], r["points"], r["points_per_payer"], r["self_draw"]) == (
        5, points, points, True)


@pytest.mark.parametrize("bad", [
    {"kong_discard": True},                                        # row not switched on
    {"heavenly": True},
    {"kong_discard": True, "self_draw": True, "options": {"extra_fans": ["gang_shang_pao"]}},
    {"heavenly": True, "earthly": True, "options": {"extra_fans": ["tian_di_hu"]}},
    {"earthly": True, "last_tile": True, "options": {"extra_fans": ["tian_di_hu"]}},
])
def test_calculator_refuses_impossible_flags(bad):
    """OPT-SC-7.2, 7.3: 杠上炮 is a discard win; 天胡/地胡 come alone; each needs its row."""
    with pytest.raises(InvalidSpec):
        G.score(spec(CONCEALED, "9s", **bad))


def test_calculator_refuses_a_first_turn_hand_with_melds():
    """OPT-SC-7.3: nobody has punged or konged: no melds."""
    s = {"melds": [{"type": "pung", "tile": "5s"}], "concealed": "1m 2m 3m 4m 5m 6m 7m 8m 9m 9s"
         .split(), "winning_tile": "9s", "missing_suit": "p", "earthly": True,
         "options": {"extra_fans": ["tian_di_hu"]}}
    with pytest.raises(InvalidSpec):
        G.score(s)


def test_the_ai_values_waits_with_the_extra_rows():
    """OPT-SC-7.1 with OPT-0.4: the prior's wait value counts 门清 and 中张 when the view's
    options switch them on (2 fan: 4 points instead of 1)."""
    from ai.policies import sichuan_prior as P
    from engine.mahjong import counts_of, parse_face
    counts = counts_of([parse_face(f) for f in ALL_SIMPLES.split()])
    assert P.wait_points(counts, (), parse_face("5m"), 1) == 1
    assert P.wait_points(counts, (), parse_face("5m"), 1, 5, ("menqing_zhongzhang",)) == 4
    state, _ = position({0: ALL_SIMPLES})
    assert P.extra_fans(G.view(with_options(state, extra_fans=MQZZ), 0)) == tuple(MQZZ)
    assert P.extra_fans(G.view(state, 0)) == ()
