"""MCR's house-rule options (shared/rules/options.md, OPT-0 and OPT-MCR) on hand-made positions
and seeded deals; with every option at its default the game is exactly mcr.md (the other MCR
tests play the defaults)."""

from __future__ import annotations

import json

import pytest

from engine import get_game
from engine.core.options import InvalidOptions, Options, Variant
from engine.core.state import evolve
from engine.mcr.game import DECK
from engine.mcr.options import DEFAULTS

from .position import act, position, tile_of, types

G = get_game("mcr")
# 123m 234m 456p 678s + 5p: all chows, concealed, single wait, no honours: under 8 points
SMALL = "1m 2m 3m 2m 3m 4m 4p 5p 6p 6s 7s 8s 5p"
# 123 456 789m + 111p + 5s, waiting on 5s: Pure Straight alone is 16 points
STRAIGHT = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 5s"


def with_options(state, **options):
    return evolve(state, options=G.options(options))


# ------------------------------------------------------------------ OPT-0: how options are set

def test_missing_keys_take_their_defaults():
    """OPT-0.1: options may be left out or given in part; the rest are the defaults."""
    assert G.options() == G.options({}) == DEFAULTS
    assert DEFAULTS.to_json() == {"flowers": True, "min_points": 8, "prevailing_wind": "east"}
    assert G.options({"min_points": 12}).to_json() == {
        "flowers": True, "min_points": 12, "prevailing_wind": "east"}


@pytest.mark.parametrize(("raw", "key"), [
    ({"flower": False}, "flower"),                     # unknown key
    ({"fan_cap": 3}, "fan_cap"),                       # another game's key
    ({"flowers": 0}, "flowers"),                       # JSON 0 is no boolean
    ({"flowers": "false"}, "flowers"),
    ({"min_points": 0}, "min_points"),                 # OPT-MCR-2.2: 1-64
    ({"min_points": 65}, "min_points"),
    ({"min_points": 8.0}, "min_points"),
    ({"min_points": True}, "min_points"),              # JSON true is no integer
    ({"prevailing_wind": "south"}, "prevailing_wind"),
    ([], None),                                        # not an object at all
])
def test_a_bad_option_is_refused_naming_its_key(raw, key):
    """OPT-0.1: an unknown key, a key of another game or a value outside the allowed set is
    refused with ``options/invalid`` naming the key."""
    with pytest.raises(InvalidOptions) as err:
        G.options(raw)
    assert err.value.code == "options/invalid" and err.value.key == key
    if key is not None:
        assert repr(key) in err.value.message


def test_every_view_carries_the_resolved_options_and_a_replay_is_exact():
    """OPT-0.2: every view carries the resolved object (every key); seed + options + actions
    reproduce the deal."""
    options = {"flowers": False, "prevailing_wind": "random"}
    state = G.new_deal(11, options=options)
    resolved = {"flowers": False, "min_points": 8, "prevailing_wind": "random"}
    for seat in (None, 0, 1, 2, 3):
        assert G.view(state, seat)["options"] == resolved
    assert G.open_view(state)["options"] == resolved
    assert G.new_deal(11, options=options) == state
    assert G.new_deal(11, options=G.options(options)) == state  # resolved options resolve alike
    assert G.sample(G.view(state, 2), __import__("random").Random(1)).options == state.options


def test_options_are_immutable_and_hashable():
    opts = G.options({"min_points": 10})
    assert opts.min_points == opts["min_points"] == 10 and hash(opts) == hash(G.options(opts))
    with pytest.raises(AttributeError):
        opts.min_points = 1  # type: ignore[misc]
    assert json.dumps(opts.to_json())
    assert Options({"a": (1, 2)}).to_json() == {"a": [1, 2]}


def test_a_variant_deals_under_its_options():
    """A game with options bound (the arena, the property tests) deals under them."""
    variant = Variant(G, {"flowers": False})
    assert variant.name == "mcr" and variant.new_deal(4).options.flowers is False
    assert variant.new_deal(4) == G.new_deal(4, options={"flowers": False})


# ------------------------------------------------------------------ OPT-MCR-1: no flowers

def test_without_flowers_136_tiles_83_in_the_wall_and_no_flower_events():
    """OPT-MCR-1.1: the 136 tiles without the eight flowers; no exposure or replacement at the
    deal; 83 tiles stay in the wall."""
    for seed in range(20):
        state = G.new_deal(seed, options={"flowers": False})
        ids = [t for zone in G.zones(state).values() for t in zone]
        assert sorted(ids) == list(DECK[:136])
        assert len(state.wall) == 83
        assert not any(e[0] in ("flower", "draw") for e in state.events)
        assert state.flowers == ((), (), (), ())


def test_with_flowers_a_deal_replaces_them():
    """OPT-MCR-1 at its default: the 144 tiles (MCR-1.1, MCR-2.3)."""
    flowered = [G.new_deal(seed) for seed in range(20)]
    assert any(any(s.flowers) for s in flowered)
    assert all(sorted(t for z in G.zones(s).values() for t in z) == list(DECK) for s in flowered)


def test_without_flowers_no_flower_points():
    """OPT-MCR-1.1: Flower Tiles never scores; the total is the points before flowers."""
    state, _ = position({0: "5p E E E S S S W W W N N N C", 2: STRAIGHT})
    state = with_options(state, flowers=False)
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5p"))
    assert "win" not in types(G.legal_actions(after, 2))  # 5p does not complete the straight


# ------------------------------------------------------------------ OPT-MCR-2: the minimum

def test_min_points_one_lets_any_complete_hand_win():
    """OPT-MCR-2.1, OPT-MCR-2.2: with 1, a hand under 8 points may win; settlement is still
    8 + total (MCR-5)."""
    state, _ = position({0: "5p E E E S S S W W W N N N C", 1: SMALL})
    assert "win" not in types(G.legal_actions(act(G, state, 0, type="discard",
                                                    card=tile_of(state, 0, "5p")), 1))
    state = with_options(state, min_points=1)
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5p"))
    assert "win" in types(G.legal_actions(after, 1))
    won = act(G, after, 1, type="win")
    total = won.wins[0].total
    assert total < 8 and G.result(won)["deltas"][1] == 3 * 8 + total


def test_min_points_above_eight_refuses_a_21_point_hand_at_22():
    """OPT-MCR-2.1: a hand may be declared a win only with at least ``min_points`` before
    flowers; the hints say so too."""
    state, _ = position({0: "5s E E E S S S W W W N N N C", 2: STRAIGHT})
    # Pure Straight 16, Concealed Hand 2, Pung of Terminals 1, No Honours 1, Single Wait 1
    for minimum, wins in ((8, True), (21, True), (22, False)):
        s = with_options(state, min_points=minimum)
        after = act(G, s, 0, type="discard", card=tile_of(s, 0, "5s"))
        assert ("win" in types(G.legal_actions(after, 2))) is wins, minimum
        waits = {w["face"]: w["claimed"] for w in G.hints(s, 2)["hand"]["waits"]}
        assert waits["5s"]["wins"] is wins, minimum


def test_the_calculator_reads_the_minimum():
    """OPT-MCR-2 in the calculator: ``meets_minimum`` against the given minimum."""
    spec = {"concealed": "1m 2m 3m 2m 3m 4m 4p 5p 6p 6s 7s 8s 5p".split(),
            "winning_tile": "5p"}
    plain = G.score(spec)
    assert plain["winning"] and not plain["meets_minimum"]
    assert G.score({**spec, "options": {"min_points": 1}})["meets_minimum"]
    assert plain["min_points"] == 8
    assert G.score({**spec, "options": {"min_points": 1}})["min_points"] == 1
    assert G.score({**spec, "options": {}})["meets_minimum"] is False
    with pytest.raises(InvalidOptions):
        G.score({**spec, "options": {"min_points": 0}})


# ------------------------------------------------------------------ OPT-MCR-3: the wind

def test_prevailing_wind_east_rotate_random():
    """OPT-MCR-3.1 East always; OPT-MCR-3.2 by the deal's number, four deals a wind over
    sixteen; OPT-MCR-3.3 drawn per deal from the seed (OPT-0.3), every wind in time."""
    assert {G.new_deal(s, number=n).prevailing for s in range(3) for n in range(20)} == {0}
    rotate = {"prevailing_wind": "rotate"}
    assert [G.new_deal(1, options=rotate, number=n).prevailing for n in range(18)] == \
        [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4 + [0, 0]
    drawn = [G.new_deal(s, options={"prevailing_wind": "random"}).prevailing for s in range(40)]
    assert set(drawn) == {0, 1, 2, 3}
    assert drawn == [G.new_deal(s, options={"prevailing_wind": "random"}).prevailing
                     for s in range(40)]
    # the draw comes after the shuffle: the cards are the same as under East (OPT-0.3)
    a, b = G.new_deal(5, options={"prevailing_wind": "random"}), G.new_deal(5)
    assert a.hands == b.hands and a.wall == b.wall and a.dealer == b.dealer


def test_the_prevailing_wind_scores_and_seat_winds_stay():
    """OPT-MCR-3.4: seat winds are unchanged; the prevailing wind's pung scores Prevailing
    Wind (MCR-2.2) only in its round."""
    hand = "S S S 1m 2m 3m 4p 5p 6p 7s 8s 9s 5m"
    state, _ = position({0: "5m E E E C C C F F F P P N", 1: hand})
    for wind, name in ((0, "E"), (1, "S")):
        s = evolve(state, prevailing=wind)
        view = G.view(s, 1)
        assert view["prevailing_wind"] == name
        assert [p["seat_wind"] for p in view["players"]] == ["E", "S", "W", "N"]
        ev = G.evaluation(s, 1, tile_of(s, 0, "5m"), 0)
        codes = {code for code, _ in ev.patterns}
        assert ("prevalent_wind" in codes) is (wind == 1), (wind, codes)
