"""MCR table rules on hand-made positions (ids from shared/rules/mcr.md); the pattern arithmetic
itself is tested in test_scoring.py and against the reference calculator in test_oracle.py."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import IllegalAction, get_game
from engine.core.result import totals
from engine.core.state import evolve
from engine.mahjong import parse_face
from engine.mcr.state import State
from tests.tables import declare_face_down

from .position import act, faces, position, tile_of, types

G = get_game("mcr")

# 123 456 789m + 111p + 5s, waiting on 5s: Pure Straight alone is 16 points
STRAIGHT = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 5s"
# 123m 234m 456p 678s + 5p: all chows, concealed, single wait, no honours: under 8 points
SMALL = "1m 2m 3m 2m 3m 4m 4p 5p 6p 6s 7s 8s 5p"


def deltas(state: State) -> list[int]:
    return totals(state.payments, 4)


def test_144_tiles_with_eight_flowers():
    """MCR-1.1: 136 suited and honour tiles, four of each, and eight single flowers."""
    state = G.new_deal(3)
    ids = sorted(i for zone in G.zones(state).values() for i in zone)
    assert ids == list(range(144))
    faces_ = Counter(i >> 2 for i in ids if i < 136)
    assert len(faces_) == 34 and set(faces_.values()) == {4}
    assert {f["face"] for p in G.view(state, None)["players"] for f in p["flowers"]} <= {
        f"f{k}" for k in range(1, 9)}


def test_discard_names_the_exact_tile():
    """MCR-1.2: copies are distinct; the discard names one id."""
    state, _ = position({0: "5m 5m " + STRAIGHT})
    copies = [t for t in state.hands[0] if t >> 2 == 4]
    after = act(G, state, 0, type="discard", card=copies[1])
    assert after.discards[0] == (copies[1],) and copies[0] in after.hands[0]


def test_first_dealer_from_the_seed_and_seat_winds():
    """MCR-2.1, MCR-2.2: a random first dealer; seat winds E S W N from the dealer; the
    prevailing wind is East."""
    assert {G.new_deal(s).dealer for s in range(40)} == {0, 1, 2, 3}
    state = G.new_deal(1, dealer=2)
    view = G.view(state, 0)
    assert view["prevailing_wind"] == "E"
    assert [p["seat_wind"] for p in view["players"]] == ["W", "N", "E", "S"]


def test_flowers_at_the_deal_in_rounds_from_the_dealer():
    """MCR-2.3: the dealer first, then in turn order, each exposes its flowers and draws as many
    replacements from the end of the wall; a round repeats while a hand holds a flower."""
    state, _ = position({1: "f1 f2 1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 1p 5s 5s",
                         2: "f3 1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 2p 2p 5p",
                         0: "E E E S S S W W W N N N C"},
                        dealer=1, wall="C C C F F", wall_extra=0)
    # the back of the wall: ... F F; add a flower last so the dealer's second draw is a flower
    state = evolve(state, wall=state.wall[:-1] + (143, state.wall[-1]))
    started = G._start(state)
    flowers = [(e[1], e[2]) for e in started.events if e[0] == "flower"]
    # round 1: dealer seat 1 exposes f1, f2 (draws F, then f8); seat 2 exposes f3 (draws F);
    # round 2: seat 1 exposes f8 and draws the next tile from the back
    assert flowers == [(1, 136), (1, 137), (2, 138), (1, 143)]
    # each replacement is logged as in play, a replacement draw after its flower, so that a
    # seat rebuilds its hand from what it was dealt (the deal event's hand, flowers included)
    assert [e[:2] for e in started.events] == [
        ("flower", 1), ("draw", 1), ("flower", 1), ("draw", 1), ("flower", 2), ("draw", 2),
        ("flower", 1), ("draw", 1)]
    drawn = [e[2] for e in started.events if e[0] == "draw" and e[3]]
    assert drawn[1] == 143 and faces([drawn[0], drawn[2]]) == "F F"
    assert drawn[3] in started.hands[1]
    assert not any(t >= 136 for h in started.hands for t in h)
    assert [len(h) for h in started.hands] == [13, 16, 14, 0]
    assert len(started.flowers[1]) == 3 and len(started.flowers[2]) == 1


def test_a_drawn_flower_is_replaced_and_is_no_kong_replacement():
    """MCR-2.3: during play a drawn flower is exposed and replaced from the back; the tile
    drawn for it does not count as a kong replacement even after a kong."""
    state, _ = position({0: "5m 5m 5m 5m " + "1p 2p 3p 4p 5p 6p 7p 8p 9p E",
                             1: "1s 2s"}, wall="3s 2s", wall_extra=0, drawn="E")
    state = evolve(state, wall=state.wall + (140,))  # the kong replacement will be f5
    kong = next(a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong")
    after = G.apply(state, 0, kong)
    assert after.flowers[0] == (140,) and faces([after.drawn]) == "2s"
    assert after.kong_draw is False and G.to_act(after) == [0]
    assert [e[0] for e in after.events[-3:]] == ["draw", "flower", "draw"]


def test_concealed_kong_lies_face_down():
    """MCR-3.3 ruling: the others see that seat 0 made a concealed kong of 9m, never its tiles
    (the leak seed 1 showed: its ids and faces in seat 1's melds and events); MCR-4.4 counts
    them as not visible: they are among seat 1's hidden cards, from which its hints count the
    unseen copies."""
    state, _ = position({0: "9m 9m 9m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p E", 1: "1s 2s"},
                        wall="3s 2s", drawn="E")
    after = declare_face_down(G, state, 0)
    assert G.hidden_cards(after, 1) >= set(after.melds[0][0].tiles)


def test_dealer_first_turn_and_heavenly_win_picks_the_best_tile():
    """MCR-3.1: the dealer starts with 14 and no draw; a win then is self-drawn and its winning
    tile is the one of the 14 giving the highest total."""
    state, _ = position({0: STRAIGHT + " 5s", 1: "E E"}, wall="C")
    assert state.drawn is None and "win" in types(G.legal_actions(state, 0))
    after = act(G, state, 0, type="win")
    w = after.wins[0]
    assert w.self_drawn and w.total == max(
        G.evaluation(state, 0, t, None).total for t in state.hands[0])
    # fully concealed 4 + all chows 2 + short straight 1 = 7, + 1 for a closed or edge wait on
    # 2m, 3m, 5m, 7p, 8p or 7s; the last tile, 8s, scores 7 (no win): 2m, the first best, wins
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7p 8p 9p 5s 5s 6s 7s 8s", 1: "E E"}, wall="C")
    assert G.evaluation(state, 0, state.hands[0][-1], None).total == 7
    w = act(G, state, 0, type="win").wins[0]
    assert (w.tile >> 2, w.total) == (parse_face("2m"), 8)
    assert dict(w.patterns)["closed_wait"] == 1


def test_claims_chow_only_next_player_and_priorities():
    """MCR-3.2: only the next player may chow; pung beats chow; a win beats both; several
    chow shapes are offered separately."""
    state, _ = position({
        0: "5p " + STRAIGHT,
        1: "3p 4p 6p 7p E E S S W W N N C",
        2: "5p 5p 1s 2s 3s 4s 6s 7s 8s F F P P",
        3: "4p 6p 1s 1s 9s 9s 2m 2m 8m 8m 3s 3s E",
    })
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5p"))
    assert G.legal_actions(after, 1) == [{"type": "chow", "low": "3p"},
                                         {"type": "chow", "low": "4p"},
                                         {"type": "chow", "low": "5p"}, {"type": "pass"}]
    assert G.legal_actions(after, 2) == [{"type": "pung"}, {"type": "pass"}]
    assert G.legal_actions(after, 3) == []  # 4p 6p, but only the next player chows
    done = act(G, act(G, after, 1, type="chow", low="4p"), 2, type="pung")
    assert done.melds[2] and not done.melds[1] and G.to_act(done) == [2]
    pung = G.view(done, 3)["events"][-1]  # the claimed tile, its discarder, the meld
    assert pung == {"type": "pung", "seat": 2, "card": {"id": after.window.card, "face": "5p"},
                    "from": 0, "cards": G.view(done, 3)["players"][2]["melds"][0]["cards"]}
    done = act(G, act(G, after, 2, type="pass"), 1, type="chow", low="4p")
    assert faces(done.melds[1][0].tiles) == "4p 5p 6p" and G.to_act(done) == [1]
    assert types(G.legal_actions(done, 1)) == {"discard"}  # MCR-3.3: discard first


def test_chow_event_names_the_run_taken():
    """MCR-3.2: the chow event says which run was taken, as the chow action names it (``low``)
    and as the meld lies (``cards``, sorted), besides the claimed ``card`` and ``from``, in
    every view; the claimed tile need not be the run's lowest."""
    state, _ = position({0: "5p " + STRAIGHT, 1: "3p 4p 6p 7p E E S S W W N N C"})
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5p"))
    for low, run in (("3p", "3p 4p 5p"), ("4p", "4p 5p 6p"), ("5p", "5p 6p 7p")):
        done = act(G, after, 1, type="chow", low=low)
        meld = done.melds[1][0]
        assert faces(meld.tiles) == run
        for viewer in (0, 1, 2, None):
            view = G.view(done, viewer)
            assert view["events"][-1] == {
                "type": "chow", "seat": 1, "card": {"id": after.window.card, "face": "5p"},
                "from": 0, "low": low, "cards": view["players"][1]["melds"][0]["cards"]}
            assert [c["id"] for c in view["events"][-1]["cards"]] == list(meld.tiles)


def test_head_bump_nearest_winner_only():
    """MCR-3.2: when several claim a win, only the nearest after the discarder wins."""
    state, _ = position({0: "5s E S W N C F P E S W N C", 1: STRAIGHT,
                         3: "1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 2p 2p 5s"})
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    assert G.to_act(after) == [1, 3]
    after = act(G, act(G, after, 3, type="win"), 1, type="win")
    assert [w.seat for w in after.wins] == [1] and after.phase == "over"


def test_kongs_and_robbing():
    """MCR-3.3: an added kong may be robbed (a win on a discard by the kong's player: it pays
    as the discarder, head bump counts from it, the kong is not made); a kong needs a
    replacement tile in the wall."""
    state, _ = position({0: "5s 1m 2m 3m 4m 5m 6m E E S W",
                         2: "1m 2m 3m 4m 5m 6m 7m 8m 9m 4s 6s 1p 1p",
                         3: "1s 2s 3s 4s 6s 7s 8s 9s 2p 2p 2p E E"},
                        melds={0: [("pung", "5s", 1)]}, drawn="5s")
    add = next(a for a in G.legal_actions(state, 0) if a["type"] == "added_kong")
    after = G.apply(state, 0, add)
    assert after.window.kind == "rob" and G.to_act(after) == [2, 3]
    kong = {"type": "added_kong", "seat": 0, "card": {"id": add["card"], "face": "5s"},
            "from": None}  # the fourth tile comes from the hand
    assert G.view(after, 1)["events"][-1] == kong
    after = act(G, act(G, after, 3, type="win"), 2, type="win")
    robbed = [e for e in G.view(after, 1)["events"] if e["type"] in ("added_kong", "win")]
    assert robbed == [kong, {"type": "win", "seat": 2, "card": kong["card"], "from": 0}]
    w = after.wins[0]
    assert w.seat == 2 and w.source == 0
    assert dict(w.patterns)["robbing_the_kong"] == 1
    assert len(after.melds[0][0].tiles) == 3  # not made
    pays = {(p.payer, p.reason) for p in after.payments}
    assert (0, "robbing_kong") in pays and (1, "base") in pays and (3, "base") in pays
    empty, _ = position({0: "5m 5m 5m 5m 1p 2p 3p 4p 5p 6p 7p 8p 9p E"}, wall="", wall_extra=0,
                        drawn="E")
    assert "concealed_kong" not in types(G.legal_actions(empty, 0))


def test_first_win_ends_and_exhausted_wall_is_a_draw():
    """MCR-3.4: the first valid win ends the deal; an exhausted wall with no winner is a draw
    in which nobody pays."""
    state, _ = position({0: "E S W N C F P E S W N C P 9m", 1: "1s 2s"}, wall="", wall_extra=0,
                        drawn="9m")
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    assert after.phase == "over" and G.result(after)["exhausted"] is True
    assert G.result(after)["deltas"] == [0, 0, 0, 0] and after.payments == ()


def test_last_tile_claims_only_a_win():
    """MCR-3.5: after the wall's last tile its drawer's discard may be claimed only to win, and
    a win on it scores Last Tile Claim; a self-draw of it scores Last Tile Draw."""
    state, _ = position({0: "5s 5s E S W N C F P E S W N C", 1: "5s 5s 1m 2m",
                         2: "1m 2m 3m 4m 5m 6m 7m 8m 9m 4s 6s 1p 1p"},
                        wall="", wall_extra=0, drawn="5s")
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    assert G.legal_actions(after, 1) == [] and G.legal_actions(after, 2)[0] == {"type": "win"}
    after = act(G, after, 2, type="win")
    assert "last_tile_claim" in dict(after.wins[0].patterns)
    drawer, _ = position({0: STRAIGHT + " 5s"}, wall="", wall_extra=0, drawn="5s")
    after = act(G, drawer, 0, type="win")
    assert "last_tile_draw" in dict(after.wins[0].patterns)


def test_a_flower_as_the_last_tile_is_a_draw():
    """MCR-3.5: a flower drawn as the last tile is exposed and the deal is a draw."""
    state, _ = position({0: "E S W N C F P E S W N C P 9m", 1: "1s 2s 3s 4s 5s 6s 7s 8s 9s "
                         "1p 1p 1p 2p"}, wall_extra=0, drawn="9m")
    state = evolve(state, wall=(141,))
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    assert after.flowers[1] == (141,) and after.phase == "over" and after.drawn_game


def test_minimum_of_eight_before_flowers():
    """MCR-4.2, MCR-6.3: a hand under 8 points cannot win, whatever its flowers."""
    state, _ = position({0: "5p E E E S S S W W W N N N C", 1: SMALL, 2: STRAIGHT},
                        flowers={1: "f1 f2 f3 f4 f5"})
    ev = G.evaluation(state, 1, tile_of(state, 0, "5p"), 0)
    assert ev is not None and ev.points < 8 and ev.total >= 8
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5p"))
    assert "win" not in types(G.legal_actions(after, 1))


def test_settlement_self_draw_and_discard():
    """MCR-5.1, MCR-5.2, MCR-5.3: self-draw: each pays 8 + total; on a discard the discarder
    pays 8 + total and the others 8; flowers are in the total."""
    state, _ = position({0: STRAIGHT + " 5s", 1: "E E"}, flowers={0: "f1 f2"}, drawn="5s",
                        wall="C")
    after = act(G, state, 0, type="win")
    total = after.wins[0].total
    assert total == after.wins[0].before_flowers + 2
    assert deltas(after) == [3 * (8 + total), -(8 + total), -(8 + total), -(8 + total)]
    state, _ = position({3: "5s E S W N C F P E S W N C", 1: STRAIGHT}, turn=3)
    after = act(G, state, 3, type="discard", card=tile_of(state, 3, "5s"))
    after = act(G, after, 1, type="win")
    total = after.wins[0].total
    assert deltas(after) == [-8, 8 + total + 16, -8, -(8 + total)]
    res = G.result(after)
    assert sum(p["total"] for p in res["wins"][0]["items"]) == total


def test_refusals_change_nothing():
    """MCR-1.2 and the engine protocol: illegal actions raise and leave the state as it was."""
    import copy
    state, _ = position({0: "5p " + STRAIGHT, 1: "3p 4p 6p 7p E E S S W W N N C"})
    before = copy.deepcopy(state)
    for seat, action in ((1, {"type": "discard", "card": 1}), (0, {"type": "chow", "low": "3p"}),
                         (0, {"type": "discard", "card": 999}), (0, {"type": "win"})):
        with pytest.raises(IllegalAction):
            G.apply(state, seat, action)
    assert state == before


def test_hint_lists_winning_tiles_and_their_points():
    """MCR-4.2: the hints give each completing face with its points; under the minimum a wait
    does not win."""
    state, _ = position({0: STRAIGHT, 1: SMALL})
    straight, small = ({w["face"]: w["claimed"] for w in G.hints(state, s)["hand"]["waits"]}
                       for s in (0, 1))
    assert set(straight) == {"5s"} and straight["5s"]["wins"] and straight["5s"]["total"] >= 16
    assert set(small) == {"5p"} and not small["5p"]["wins"] and small["5p"]["total"] < 8
