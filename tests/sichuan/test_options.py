"""Sichuan's house-rule options (shared/rules/options.md, OPT-SC-3 to OPT-SC-5) on hand-made
positions, settlements checked to the point; with every option at its default the game is
exactly sichuan.md (the other Sichuan tests play the defaults)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import get_game
from engine.core.errors import InvalidSpec
from engine.core.options import InvalidOptions
from engine.core.result import Payment
from engine.core.state import evolve
from engine.sichuan.hints import hints
from engine.sichuan.options import DEFAULTS

from .position import act, faces, position, tile_of, types
from .test_rules import a_win, deltas, exhausted_position

G = get_game("sichuan")

SIX_FAN = "1m 1m 1m 1m 2m 2m 2m 2m 3m 3m 4m 4m 5m 5m"
"""Seven pairs 2 + full flush 2 + two roots 2 = 6 fan (64 points uncapped), 5m just drawn."""
OTHERS = {1: "1s 2s 3s 4s 5s 6s 7s 8s 9s 1s 2s 3s 4s", 2: "9s 9s", 3: "8s 8s"}


def with_options(state, **options):
    return evolve(state, options=G.options(options))


def six_fan_self_draw(**options):
    """Seat 0 self-draws the six-fan hand under ``options``: the state after the win."""
    state, _ = position({0: SIX_FAN, **OTHERS}, drawn="5m")
    return act(G, with_options(state, **options), 0, type="win")


def six_fan_on_discard(**options):
    """Seat 1 discards the 5m that completes seat 0's six-fan hand; seat 0 wins on it."""
    state, _ = position({0: SIX_FAN[:-3], 1: "5m " + OTHERS[1][:-3], 2: "9s 9s", 3: "8s 8s"},
                        turn=1)
    state = with_options(state, **options)
    state = act(G, state, 1, type="discard", card=tile_of(state, 1, "5m"))
    return act(G, state, 0, type="win")


# ------------------------------------------------------------------ the options themselves

def test_sichuan_options_and_their_defaults():
    """OPT-0.1: the options the engine plays, every key filled in; a missing key takes
    its default; ``null`` is the uncapped fan cap."""
    assert G.options() == DEFAULTS
    assert DEFAULTS.to_json() == {"dian_gang_hua": "self_draw", "exchange_three": "off",
                                  "fan_cap": 5, "self_draw_bonus": "base", "call_transfer": "off",
                                  "extra_fans": [], "blood_mode": "battle"}
    assert G.options({"fan_cap": None}).fan_cap is None
    assert [o.to_json()["key"] for o in G.option_specs] == [
        "exchange_three", "blood_mode", "fan_cap", "self_draw_bonus", "dian_gang_hua",
        "call_transfer", "extra_fans"]


@pytest.mark.parametrize(("raw", "key"), [
    ({"fan_cap": 7}, "fan_cap"),
    ({"fan_cap": 1}, "fan_cap"),
    ({"fan_cap": "5"}, "fan_cap"),
    ({"fan_cap": 5.0}, "fan_cap"),
    ({"fan_cap": True}, "fan_cap"),
    ({"self_draw_bonus": "double"}, "self_draw_bonus"),
    ({"dian_gang_hua": "all"}, "dian_gang_hua"),
    ({"min_points": 8}, "min_points"),            # MCR's key
    ({"exchange_three": "left"}, "exchange_three"),
])
def test_a_bad_option_is_refused_naming_its_key(raw, key):
    """OPT-0.1: a value outside the allowed set, another game's key, or an option the engine
    does not play is refused with ``options/invalid`` naming the key."""
    with pytest.raises(InvalidOptions) as err:
        G.options(raw)
    assert err.value.code == "options/invalid" and err.value.key == key


def test_every_view_carries_the_options_and_a_hand_made_state_has_the_defaults():
    """OPT-0.2: the resolved object is in every view and survives sampling; a hand-made
    position plays the defaults."""
    options = {"fan_cap": None, "self_draw_bonus": "fan", "dian_gang_hua": "discard",
               "call_transfer": "on", "extra_fans": ["tian_di_hu", "menqing_zhongzhang"],
               "blood_mode": "river"}
    state = G.new_deal(5, options=options)
    options["extra_fans"] = ["menqing_zhongzhang", "tian_di_hu"]  # in the option's own order
    for seat in (None, 0, 1, 2, 3):
        assert G.view(state, seat)["options"] == {"exchange_three": "off", **options}
    assert G.sample(G.view(state, 1), __import__("random").Random(2)).options == state.options
    assert position({0: "1m"})[0].options == DEFAULTS


# ------------------------------------------------------------------ OPT-SC-3 fan cap

@pytest.mark.parametrize(("cap", "each"), [(2, 5), (3, 9), (4, 17), (5, 33), (6, 65),
                                           (None, 65)])
def test_a_self_draw_pays_the_capped_base_plus_one(cap, each):
    """OPT-SC-3.1, OPT-SC-3.2: base = 2 ^ min(fan, cap), no cap with null; the self-draw point
    comes after the cap (33 at the default, 65 uncapped for six fan)."""
    after = six_fan_self_draw(fan_cap=cap)
    assert after.wins[0].fan == 6 and after.wins[0].points == each - 1
    assert deltas(after) == [3 * each, -each, -each, -each]


@pytest.mark.parametrize(("cap", "base"), [(2, 4), (3, 8), (5, 32), (None, 64)])
def test_a_discard_win_pays_the_capped_base(cap, base):
    """OPT-SC-3.1 with SC-9.2: the discarder pays 2 ^ min(fan, cap)."""
    after = six_fan_on_discard(fan_cap=cap)
    assert after.wins[0].fan == 6 and after.wins[0].self_draw is False
    assert deltas(after) == [base, -base, 0, 0]


def exhausted(**options):
    state = with_options(exhausted_position(), **options)
    return G.result(act(G, state, 0, type="discard", card=tile_of(state, 0, "5s")))


@pytest.mark.parametrize(("cap", "pig", "ready"), [(2, 4, 4), (3, 8, 8), (5, 32, 8),
                                                   (6, 64, 8), (None, 32, 8)])
def test_exhaustion_flower_pig_and_ready_check_under_the_cap(cap, pig, ready):
    """OPT-SC-3.1 (SC-10.3 capped: the 3-fan ready hand pays 4 under a 2-fan cap),
    OPT-SC-3.3 (the flower pig pays 2 ^ cap, 32 with no cap), OPT-SC-3.4 (the kong refund
    is never capped: 2 back to each payer); SC-10.5 the deal still sums to zero."""
    res = exhausted(fan_cap=cap)
    rows = [(p["reason"], p["payer"], p["payee"], p["amount"]) for p in res["payments"]]
    assert rows[3:] == [
        ("refund", 2, 0, 2), ("refund", 2, 1, 2), ("refund", 2, 3, 2),
        ("flower_pig", 1, 0, pig), ("flower_pig", 1, 2, pig), ("flower_pig", 1, 3, pig),
        ("ready_check", 2, 0, ready),
    ]
    assert res["deltas"] == [pig + ready, -3 * pig, pig - ready, pig]


def test_kong_payments_are_never_capped():
    """OPT-SC-3.4: under the smallest cap an exposed kong still collects 2 from its
    discarder, a concealed kong 2 from every active opponent (SC-9.4)."""
    state, _ = position({0: "9m 1m 2m 3m 4m 5m 6m 1s 2s 3s 7s 8s 9s 5s",
                         3: "9m 9m 9m 1s 4s 4s 5s 6s 7s 7s 8s 8s 2m"})
    after = act(G, with_options(state, fan_cap=2), 0, type="discard",
                card=tile_of(state, 0, "9m"))
    after = act(G, after, 3, type="kong")
    assert deltas(after) == [-2, 0, 0, 2]
    state, _ = position({0: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 2m 7m 8m"}, drawn="8m")
    state = with_options(state, fan_cap=2)
    kong = next(a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong")
    assert deltas(G.apply(state, 0, kong)) == [6, -2, -2, -2]


def test_calculator_reads_the_cap():
    """OPT-SC-3.1, OPT-SC-3.2 in the calculator: ``spec["options"]`` caps points and the
    capped flag; without options it is the default cap."""
    spec = {"concealed": SIX_FAN.split()[:-1], "winning_tile": "5m", "missing_suit": "p",
            "self_draw": True}
    r = G.score(spec)
    assert (r["fan"], r["capped"], r["points"], r["points_per_payer"]) == (6, True, 32, 33)
    r = G.score(spec | {"options": {"fan_cap": None}})
    assert (r["fan"], r["capped"], r["points"], r["points_per_payer"]) == (6, False, 64, 65)
    r = G.score(spec | {"options": {"fan_cap": 3}, "self_draw": False})
    assert (r["fan"], r["capped"], r["points"], r["points_per_payer"]) == (6, True, 8, 8)
    with pytest.raises(InvalidOptions):
        G.score(spec | {"options": {"fan_cap": 9}})


FLUSH_PAIRS = "1m 1m 3m 3m 5m 5m 7m 7m 2m 2m 4m 4m 6m 9s"
"""Discarding 9s leaves a seven-pairs full flush (4 fan, 16 points) waiting on 6m."""


def wait_values(**options) -> tuple[int, int]:
    state, _ = position({0: FLUSH_PAIRS}, missing="pppp")
    row = next(d for d in hints(G, with_options(state, **options), 0)["discards"]
               if d["face"] == "9s")
    wait = next(w for w in row["waits"] if w["face"] == "6m")
    return wait["claimed"]["total"], wait["self_drawn"]["total"]


def test_hints_value_a_wait_under_the_cap_and_the_bonus():
    """OPT-SC-3.1, OPT-SC-3.2, OPT-SC-4.1 to OPT-SC-4.3 and OPT-0.4 in the hints: a wait's
    points use the match's cap and self-draw bonus."""
    assert wait_values() == (16, 17)
    assert wait_values(fan_cap=3) == (8, 9)
    assert wait_values(fan_cap=None, self_draw_bonus="fan") == (16, 32)
    assert wait_values(fan_cap=4, self_draw_bonus="fan") == (16, 16)
    assert wait_values(self_draw_bonus="none") == (16, 16)


def test_the_ai_values_waits_under_the_cap():
    """OPT-SC-3.1, OPT-0.4: the prior's wait value reads the cap from the view."""
    from ai.policies import sichuan_prior as P
    from engine.mahjong import counts_of, parse_face
    counts = counts_of([parse_face(f) for f in FLUSH_PAIRS.split()[:-1]])
    assert P.wait_points(counts, (), parse_face("6m"), 1) == 16
    assert P.wait_points(counts, (), parse_face("6m"), 1, 3) == 8
    state, _ = position({0: FLUSH_PAIRS})
    assert P.fan_cap(G.view(with_options(state, fan_cap=None), 0)) is None
    assert P.fan_cap(G.view(state, 0)) == 5


# ------------------------------------------------------------------ OPT-SC-4 self-draw bonus

@pytest.mark.parametrize(("bonus", "cap", "fan", "each"), [
    ("base", 5, 6, 33), ("fan", 5, 7, 32), ("none", 5, 6, 32),
    ("base", None, 6, 65), ("fan", None, 7, 128), ("none", None, 6, 64),
])
def test_self_draw_bonus_on_a_capped_hand(bonus, cap, fan, each):
    """OPT-SC-4.1 (base + 1), OPT-SC-4.2 (one more fan before the cap, no extra point: 32
    capped, 128 uncapped), OPT-SC-4.3 (the base only)."""
    after = six_fan_self_draw(fan_cap=cap, self_draw_bonus=bonus)
    w = after.wins[0]
    assert w.fan == fan and (dict(w.patterns).get("self_draw") == 1) == (bonus == "fan")
    assert deltas(after) == [3 * each, -each, -each, -each]


def test_self_draw_fan_is_an_item_of_the_win():
    """OPT-SC-4.2: the added fan is itemised, so the win's items add up to its fan."""
    w = G.win_json(six_fan_self_draw(fan_cap=None, self_draw_bonus="fan").wins[0])
    assert [i["code"] for i in w["items"]][-1] == "self_draw"
    assert sum(i["total"] for i in w["items"]) == w["fan"] == 7 and w["points"] == 128


def heavenly(**options):
    state, _ = position({0: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m", **OTHERS})
    return act(G, with_options(state, **options), 0, type="win")


@pytest.mark.parametrize(("bonus", "each"), [("base", 5), ("fan", 8), ("none", 4)])
def test_the_dealers_first_turn_win_is_paid_as_a_self_draw(bonus, each):
    """OPT-SC-4.4: the dealer's first-turn win (SC-4.1, 2 fan) takes the self-draw bonus."""
    assert deltas(heavenly(self_draw_bonus=bonus)) == [3 * each, -each, -each, -each]


@pytest.mark.parametrize("bonus", ["base", "fan", "none"])
def test_a_discard_win_never_takes_the_bonus(bonus):
    """OPT-SC-4.4: a win paid by a discarder gets no self-draw bonus (6 fan, uncapped 64)."""
    after = six_fan_on_discard(fan_cap=None, self_draw_bonus=bonus)
    assert after.wins[0].fan == 6 and deltas(after) == [64, -64, 0, 0]


def test_a_robbed_kong_never_takes_the_bonus():
    """OPT-SC-4.4: robbing a kong is paid by the kong's player, the base only (SC-5.3)."""
    state, _ = position({0: "5s 1s 1s 2s 2s 3s 3s 7s 7s 8s 2m",
                         1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 4s 6s 9s 9s"},
                        melds={0: [("pung", "5s", 2)]}, drawn="5s")
    state = with_options(state, self_draw_bonus="fan")
    state = act(G, state, 0, type="added_kong", card=tile_of(state, 0, "5s"))
    after = act(G, state, 1, type="win")
    w = after.wins[0]
    # 123m 456m 789m 456s 99s: basic 0 + robbing a kong 1 = 1 fan, 2 points
    assert dict(w.patterns) == {"basic_hand": 1, "robbing_kong": 1} and w.fan == 1
    assert deltas(after) == [-2, 2, 0, 0]


def test_the_ready_check_counts_no_self_draw():
    """OPT-SC-4.4: SC-10.3 counts no self-draw whatever the bonus (3 fan = 8)."""
    for bonus in ("base", "fan", "none"):
        assert exhausted(self_draw_bonus=bonus)["payments"][-1]["amount"] == 8


def test_calculator_reads_the_bonus():
    """OPT-SC-4.1 to OPT-SC-4.3 in the calculator: ``fan`` adds a ``self_draw`` item of one
    fan to a self-draw only; ``none`` pays the base."""
    spec = {"concealed": FLUSH_PAIRS.split()[:-1], "winning_tile": "6m", "missing_suit": "p",
            "self_draw": True}
    r = G.score(spec | {"options": {"self_draw_bonus": "fan"}})
    assert (r["fan"], r["points"], r["points_per_payer"]) == (5, 32, 32)
    assert r["items"][-1]["code"] == "self_draw" and sum(i["total"] for i in r["items"]) == 5
    r = G.score(spec | {"options": {"self_draw_bonus": "fan"}, "self_draw": False})
    assert (r["fan"], r["points_per_payer"]) == (4, 16)
    assert "self_draw" not in [i["code"] for i in r["items"]]
    r = G.score(spec | {"options": {"self_draw_bonus": "none"}})
    assert (r["fan"], r["points"], r["points_per_payer"]) == (4, 16, 16)
    assert G.score(spec)["points_per_payer"] == 17


# ------------------------------------------------------------------ OPT-SC-5 点杠花

def kong_replacement_win(**options):
    """Seat 0 discards 9m, seat 3 makes an exposed kong and wins on its replacement 1m:
    root 1 + kong replacement 1 = 2 fan, 4 points (test_rules' SC-9.5 position)."""
    state, _ = position({
        0: "9m 1m 2m 3m 4m 5m 6m 1s 2s 3s 7s 8s 9s 5s",
        3: "9m 9m 9m 1s 1s 4s 5s 6s 7s 8s 9s 2m 3m",
    }, wall="6m", wall_extra=0)
    state = replace(state, wall=state.wall + (tile_of(state, 0, "1m") ^ 1,))
    state = with_options(state, **options)
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    after = act(G, after, 3, type="kong")
    assert faces([after.drawn]) == "1m"
    return act(G, after, 3, type="win")


def test_dian_gang_hua_as_self_draw():
    """OPT-SC-5.1: by default SC-9.5 as written: every active opponent pays base + 1."""
    assert deltas(kong_replacement_win()) == [-2 - 5, -5, -5, 2 + 15]


@pytest.mark.parametrize("bonus", ["base", "fan", "none"])
def test_dian_gang_hua_paid_by_the_discarder(bonus):
    """OPT-SC-5.2 (with OPT-SC-4.4): the win on the replacement of a kong claimed on a discard
    is paid by that discarder alone, the base with no self-draw bonus whatever the bonus; the
    hand still scores 杠上开花."""
    after = kong_replacement_win(dian_gang_hua="discard", self_draw_bonus=bonus)
    w = after.wins[0]
    assert w.fan == 2 and dict(w.patterns)["kong_replacement"] == 1
    assert deltas(after) == [-2 - 4, 0, 0, 2 + 4]
    assert after.payments[-1] == Payment(0, 3, 4, "win")


def kong_chain_win(**options):
    """Seat 3 makes an exposed kong of seat 0's 9m, declares a concealed kong of 7s on the
    replacement and wins on the second replacement: two roots + kong replacement = 3 fan."""
    state, _ = position({
        0: "9m 1m 2m 3m 4m 5m 6m 1s 2s 3s 7m 8m 9s 5s",
        3: "9m 9m 9m 7s 7s 7s 7s 1m 2m 3m 4s 5s 6s",
    }, wall="6m 5m 5m", wall_extra=0)
    after = act(G, with_options(state, **options), 0, type="discard",
                card=tile_of(state, 0, "9m"))
    after = act(G, after, 3, type="kong")
    kong = next(a for a in G.legal_actions(after, 3) if a["type"] == "concealed_kong")
    after = G.apply(after, 3, kong)
    assert "win" in types(G.legal_actions(after, 3))
    return act(G, after, 3, type="win")


@pytest.mark.parametrize("mode", ["self_draw", "discard"])
def test_after_a_chain_of_kongs_it_is_an_ordinary_self_draw(mode):
    """OPT-SC-5.2: when the kong player declared another kong before winning, the win is an
    ordinary kong-replacement self-draw (3 fan: 8 + 1 from each); kongs: exposed 2 from
    seat 0, concealed 2 from each."""
    after = kong_chain_win(dian_gang_hua=mode)
    assert after.wins[0].fan == 3
    assert deltas(after) == [-2 - 2 - 9, -2 - 9, -2 - 9, 8 + 27]


def test_concealed_kong_replacement_win_stays_a_self_draw():
    """OPT-SC-5.2: concealed kongs are not affected: the replacement win is paid by all."""
    state, _ = position({0: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 2m 7m 8m", **OTHERS},
                        drawn="8m", wall="6m 9m", wall_extra=0)
    state = with_options(state, dian_gang_hua="discard")
    kong = next(a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong")
    after = act(G, G.apply(state, 0, kong), 0, type="win")
    # 789m 123s 789s 22m + kong 5m: root 1 + kong replacement 1 = 2 fan: 4 + 1 from each
    assert after.wins[0].fan == 2
    assert deltas(after) == [6 + 15, -2 - 5, -2 - 5, -2 - 5]


def test_a_winner_leaves_the_kong_discarder_paying_alone():
    """OPT-SC-5.2 with SC-6.1: the discarder pays even when another player has already won."""
    state, _ = position({
        0: "9m 1m 2m 3m 4m 5m 6m 1s 2s 3s 7s 8s 9s 5s",
        3: "9m 9m 9m 1s 1s 4s 5s 6s 7s 8s 9s 2m 3m",
    }, wall="6m", wall_extra=0)
    state = replace(state, wall=state.wall + (tile_of(state, 0, "1m") ^ 1,), wins=(a_win(1),))
    state = with_options(state, dian_gang_hua="discard")
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    after = act(G, after, 3, type="kong")
    after = act(G, after, 3, type="win")
    assert deltas(after) == [-2 - 4, 0, 0, 2 + 4]


def test_calculator_pays_dian_gang_hua_as_the_match_says():
    """OPT-SC-5.1, OPT-SC-5.2 in the calculator: a win on the replacement of a kong made on a
    discard (``kong_given``) is a self-draw paid by each opponent by default, and under
    ``"discard"`` paid by the kong's discarder alone with no self-draw bonus; the flag needs an
    exposed kong and ``kong_replacement``."""
    spec = {"melds": [{"type": "kong", "tile": "9m"}], "winning_tile": "1m",
            "concealed": "1s 1s 4s 5s 6s 7s 8s 9s 2m 3m".split(), "missing_suit": "p",
            "kong_replacement": True, "kong_given": True}
    same = G.score(spec)
    assert (same["fan"], same["points_per_payer"], same["paid_by"]) == (2, 5, "each_opponent")
    assert G.score(spec | {"options": {"dian_gang_hua": "self_draw"}}) == same
    given = G.score(spec | {"options": {"dian_gang_hua": "discard"}})
    assert (given["fan"], given["points_per_payer"], given["paid_by"]) == (2, 4, "kong_giver")
    # the same fan as the game's own settlement of that win (kong_replacement_win above)
    assert deltas(kong_replacement_win(dian_gang_hua="discard"))[3] == 4 + 2
    concealed = G.score(spec | {"kong_given": False, "options": {"dian_gang_hua": "discard"}})
    assert concealed["paid_by"] == "each_opponent"
    for bad in ({"kong_replacement": False},
                {"melds": [{"type": "kong", "tile": "9m", "concealed": True}]}):
        with pytest.raises(InvalidSpec, match="kong_given"):
            G.score(spec | bad)
