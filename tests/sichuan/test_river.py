"""Blood River (血流成河, shared/rules/options.md OPT-SC-2) on hand-made positions: nobody leaves
play, win piles, locked hands, several wins per seat, the end only at the wall's end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import get_game
from engine.core.errors import IllegalAction
from engine.core.result import Payment
from engine.core.state import evolve
from engine.mahjong import parse_face
from engine.sichuan import Win
from engine.sichuan.river import ready_hand, winning_faces

from .position import act, faces, position, tile_of
from .test_rules import deltas

G = get_game("sichuan")
RIVER = G.options({"blood_mode": "river"})

TWO_WAITS = "2m 2m 2m 4m 5m 6m 7s 8s 9s 3s 3s 5s 6s"
"""Missing suit p; waits 4s and 7s, with a concealed 2m pung a kong keeps them."""
SHARED_PUNG = "2m 2m 2m 3m 4m 7s 8s 9s 5s 5s 5s 6s 6s"
"""Waits 2m, 5m and 6s: a kong of 2m would leave 2m and 5m only."""


def river(state, **fields):
    return evolve(state, options=RIVER, **fields)


def a_win(seat: int, face: str, source: int | None = None) -> Win:
    """A win already settled earlier in the deal (its payments left out)."""
    return Win(seat=seat, tile=parse_face(face) * 4 + 3, source=source, fan=0, points=1,
               patterns=(("basic_hand", 1),), shape="standard", self_draw=source is None)


def locked(hands, seat: int, won: str, **kw):
    """A river position where ``seat`` has won once on ``won`` (its tile in its win pile)."""
    state, tiles = position(hands, **kw)
    win = Win(seat=seat, tile=tiles.take(won), source=None, fan=0, points=1,
              patterns=(("basic_hand", 1),), shape="standard", self_draw=True)
    piles = tuple((win.tile,) if s == seat else () for s in range(4))
    wall = tuple(t for t in state.wall if t != win.tile)
    return river(state, wins=(win,), win_piles=piles, wall=wall), tiles


def pay_rows(state, since: int = 0) -> list[tuple[str, int, int, int]]:
    return [(p.reason, p.payer, p.payee, p.amount) for p in state.payments[since:]]


# ---------------------------------------------------------------- the option

def test_blood_mode_is_an_option_and_battle_its_default():
    """OPT-SC-2: ``blood_mode`` is ``battle`` (the rules file as written) or ``river``."""
    assert G.options().blood_mode == "battle"
    assert RIVER.blood_mode == "river"
    spec = next(o for o in G.option_specs if o.key == "blood_mode")
    assert spec.to_json() == {"key": "blood_mode", "rule": "OPT-SC-2", "default": "battle",
                              "values": ["battle", "river"]}


# ---------------------------------------------------------------- OPT-SC-2.1 nobody leaves

def _self_draw_by_0():
    """Seat 0 self-draws 4s on TWO_WAITS; seat 1 draws next."""
    state, _ = position({0: TWO_WAITS + " 4s", 1: "1m 1m 1m 5m 7m 7m 7m 8m 8m 8m 1s 1s 2s",
                         2: "3m 3m 3m 6m 6m 6m 2s 2s 4s 4s 6s 6s 9m",
                         3: "9s 9s 9s 9m 9m 8s 8s 5s 5s 4m 4m 5m 5m"}, drawn="4s",
                        wall="3m", missing="pppp")
    return state


def test_a_winner_stays_in_play_and_keeps_paying():
    """OPT-SC-2.1: after its win seat 0 is still active, play goes on, and a winner pays a
    concealed kong like everybody else (in the battle it would not, SC-6.1, SC-9.4)."""
    battle = act(G, _self_draw_by_0(), 0, type="win")
    assert not battle.active(0)
    state = act(G, river(_self_draw_by_0()), 0, type="win")
    assert state.active(0) and all(state.active(s) for s in range(4))
    assert state.turn == 1 and state.drawn is not None  # seat 1 drew
    mark = len(state.payments)
    state = act(G, state, 1, type="discard", card=state.drawn)
    # seat 2 holds three 3m: it kongs seat 1's 3m
    state = act(G, state, 2, type="kong")
    assert pay_rows(state, mark) == [("kong", 1, 2, 2)]  # an exposed kong: its discarder
    # a concealed kong of seat 3 collects from all three, the winner included
    state, _ = position({3: "9m 9m 9m 9m 1m 2m 3m 4m 5m 6m 7m 8m 8m 1s"}, turn=3, drawn="1s",
                        missing="pppp")
    state = river(state, wins=(a_win(0, "4s"),))
    kong = next(a for a in G.legal_actions(state, 3) if a["type"] == "concealed_kong")
    after = G.apply(state, 3, kong)
    assert sorted(pay_rows(after)) == [("kong", p, 3, 2) for p in (0, 1, 2)]
    battle = G.apply(evolve(state, options=G.options()), 3, kong)
    assert sorted(pay_rows(battle)) == [("kong", p, 3, 2) for p in (1, 2)]


def test_a_self_draw_is_paid_by_all_three_even_winners():
    """OPT-SC-2.1 with SC-9.3: seat 1 has won already, yet pays seat 0's self-draw."""
    state = river(_self_draw_by_0(), wins=(a_win(1, "9m", 2),))
    after = act(G, state, 0, type="win")
    assert sorted(pay_rows(after)) == [("self_draw", p, 0, 2) for p in (1, 2, 3)]


# ---------------------------------------------------------------- OPT-SC-2.2 win pile

def test_a_self_drawn_tile_goes_to_the_win_pile_not_the_hand():
    """OPT-SC-2.2: the self-drawn 4s leaves the hand (13 tiles stay) for the public win pile."""
    state = river(_self_draw_by_0())
    four_s = state.drawn
    after = act(G, state, 0, type="win")
    assert after.win_piles[0] == (four_s,) and four_s not in after.hands[0]
    assert faces(after.hands[0]) == faces(state.hands[0][:0] + tuple(
        t for t in state.hands[0] if t != four_s))
    assert len(after.hands[0]) == 13
    for viewer in (None, 0, 1, 2, 3):
        p = G.view(after, viewer)["players"][0]
        assert [c["id"] for c in p["win_pile"]] == [four_s]
    zones = G.zones(after)
    assert zones["win_pile:0"] == (four_s,) and four_s not in zones["taken"]


def test_a_claimed_winning_tile_never_enters_the_hand():
    """OPT-SC-2.2: seat 1's 7s discard completes seat 0: it goes to seat 0's pile; the hand
    keeps its 13 tiles; ``taken`` does not hold it twice."""
    state, _ = position({0: TWO_WAITS, 1: "7s 1m 1m 1m 3m 3m 3m 7m 7m 7m 8m 8m 8m"}, turn=1,
                        missing="pppp")
    state = river(state)
    seven = tile_of(state, 1, "7s")
    state = act(G, state, 1, type="discard", card=seven)
    after = act(G, state, 0, type="win")
    assert after.win_piles[0] == (seven,) and seven not in after.hands[0]
    assert len(after.hands[0]) == 13 and seven not in after.taken
    assert sorted(t for z in G.zones(after).values() for t in z) == list(range(108))


def test_several_winners_on_one_discard_share_one_tile():
    """OPT-SC-2.2 with SC-5.2: the one tile goes to the first winner from the discarder; every
    win is settled."""
    state, _ = position({0: "7s 1m 1m 1m 3m 3m 3m 7m 7m 7m 8m 8m 8m", 1: TWO_WAITS,
                         3: "2s 3s 4s 4m 5m 6m 9m 9m 9m 1s 1s 8s 9s"}, missing="pppp")
    state = river(state)
    seven = tile_of(state, 0, "7s")
    state = act(G, state, 0, type="discard", card=seven)
    state = act(G, state, 3, type="win")
    state = act(G, state, 1, type="win")
    assert [w.seat for w in state.wins] == [1, 3]
    assert state.win_piles[1] == (seven,) and state.win_piles[3] == ()
    assert sorted(pay_rows(state)) == [("win", 0, 1, 1), ("win", 0, 3, 1)]
    assert sorted(t for z in G.zones(state).values() for t in z) == list(range(108))


def test_the_dealer_names_the_tile_of_a_first_turn_win():
    """OPT-SC-2.2 with SC-4.1: the dealer's 14-tile win names the tile for the win pile: one
    win action per tile; what is left is ready on that tile's face."""
    state, _ = position({0: TWO_WAITS + " 7s"}, missing="pppp")
    state = river(state, drawn=None)
    legal = G.legal_actions(state, 0)
    wins = [a for a in legal if a["type"] == "win"]
    assert sorted(a["card"] for a in wins) == sorted(state.hands[0]) and len(wins) == 14
    with pytest.raises(IllegalAction):
        act(G, state, 0, type="win")  # the tile must be named
    two_m = tile_of(state, 0, "2m")
    after = act(G, state, 0, type="win", card=two_m)
    assert after.win_piles[0] == (two_m,) and after.wins[0].tile == two_m
    assert parse_face("2m") in winning_faces(after.hands[0], 0, 1)
    battle = G.legal_actions(evolve(state, options=G.options()), 0)
    assert {"type": "win"} in battle and not any("card" in a for a in battle if
                                                  a["type"] == "win")


def test_the_win_pile_counts_for_no_pattern_but_for_the_four_copies():
    """OPT-SC-2.2: a second win on 5m (two 5m in the hand, the first 5m in the win pile, the
    fourth discarded) scores no root; SC-10.4's four copies count hand, melds and pile: the 5m
    wait of a hand holding two 5m, with the other two in its pile, is no longer a wait."""
    hands = {0: "5m 5m 6m 7m 8m 2s 3s 4s 6s 7s 8s 9s 9s",
             1: "5m 1s 1s 1s 2m 2m 2m 3m 3m 3m 4m 4m 4m"}
    state, _ = locked(hands, 0, "5m", turn=1, missing="pppp")
    state = act(G, state, 1, type="discard", card=tile_of(state, 1, "5m"))
    state = act(G, state, 0, type="win")
    assert len(state.wins) == 2 and "root" not in dict(state.wins[-1].patterns)
    five_m = parse_face("5m")  # all four 5m are this seat's: two in its hand, two in its pile
    assert [t >> 2 for t in state.hands[0] + state.win_piles[0]].count(five_m) == 4
    # ready check: hand 5m 5m + pile 5m 5m: the 5m wait is held four times
    state, _ = position({0: "5m 5m 9s 9s 2s 3s 4s 6s 7s 8s 2m 3m 4m"}, missing="pppp")
    pile = tuple(t for t in range(108) if t >> 2 == parse_face("5m"))[2:]
    state = river(state, wins=(Win(0, pile[0], None, 0, 1, (), "standard", True),
                               Win(0, pile[1], None, 0, 1, (), "standard", True)),
                  win_piles=(pile, (), (), ()))
    assert G.ready_waits(state, 0) == [parse_face("9s")]
    assert parse_face("5m") in winning_faces(state.hands[0], 0, 1)


# ---------------------------------------------------------------- OPT-SC-2.3 locked hand

def test_a_locked_hand_discards_only_the_tile_it_drew():
    """OPT-SC-2.3: no win, no kong: the one legal action is the drawn tile's discard; any other
    tile is refused, with the rule named."""
    state, _ = locked({0: TWO_WAITS + " 1s"}, 0, "4s", drawn="1s", missing="pppp")
    one_s = state.drawn
    assert G.legal_actions(state, 0) == [{"type": "discard", "card": one_s}]
    with pytest.raises(IllegalAction, match="OPT-SC-2.3"):
        act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    assert act(G, state, 0, type="discard", card=one_s).discards[0] == (one_s,)


def test_a_locked_hand_wins_again_or_declines():
    """OPT-SC-2.3, 2.5: the drawn 7s wins again; declining it (its discard) is allowed too."""
    state, _ = locked({0: TWO_WAITS + " 7s"}, 0, "4s", drawn="7s", missing="pppp")
    seven = state.drawn
    assert G.legal_actions(state, 0) == [{"type": "win"}, {"type": "discard", "card": seven}]
    again = act(G, state, 0, type="win")
    assert [w.seat for w in again.wins] == [0, 0] and seven in again.win_piles[0]


def test_a_locked_concealed_kong_only_when_the_waits_stay_the_same():
    """OPT-SC-2.3: a fourth 2m drawn: a concealed kong keeps the waits of TWO_WAITS (4s 7s)
    and is offered; on SHARED_PUNG it would drop the 6s wait and is not."""
    state, _ = locked({0: TWO_WAITS + " 2m"}, 0, "4s", drawn="2m", missing="pppp")
    kongs = [a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong"]
    assert len(kongs) == 1 and state.drawn in kongs[0]["cards"]
    after = G.apply(state, 0, kongs[0])
    assert after.melds[0][-1].concealed and after.turn == 0 and after.kong_draw
    assert [a["type"] for a in G.legal_actions(after, 0)] in (["discard"], ["win", "discard"])
    assert sorted(pay_rows(after)) == [("kong", p, 0, 2) for p in (1, 2, 3)]
    state, _ = locked({0: SHARED_PUNG + " 2m"}, 0, "5m", drawn="2m", missing="pppp")
    assert G.legal_actions(state, 0) == [{"type": "win"},  # 2m is one of its waits
                                         {"type": "discard", "card": state.drawn}]


def test_a_locked_hand_adds_the_drawn_tile_to_its_pung():
    """OPT-SC-2.3: an added kong with the tile just drawn (the hand is unchanged, so are its
    waits); a fourth copy held from before the win may not be added."""
    state, _ = locked({0: "4m 5m 6m 7s 8s 9s 3s 3s 5s 6s 2m"}, 0, "4s", drawn="2m",
                      melds={0: [("pung", "2m", 1)]}, missing="pppp")
    assert G.legal_actions(state, 0) == [{"type": "added_kong", "card": state.drawn},
                                         {"type": "discard", "card": state.drawn}]
    state, _ = locked({0: "2m 5m 6m 7s 8s 9s 3s 3s 5s 6s 1s"}, 0, "4m", drawn="1s",
                      melds={0: [("pung", "2m", 1)]}, missing="pppp")
    assert G.legal_actions(state, 0) == [{"type": "discard", "card": state.drawn}]


def test_a_locked_hand_claims_a_win_or_a_kong_never_a_pung():
    """OPT-SC-2.3: on a discard a locked hand may win or make an exposed kong that keeps its
    waits; with two matching tiles it is offered no pung."""
    state, _ = locked({0: TWO_WAITS, 1: "2m 3s 1m 1m 1m 9m 9m 9m 8m 8m 8m 7m 7m"}, 0, "4s",
                      turn=1, missing="pppp")
    after = act(G, state, 1, type="discard", card=tile_of(state, 1, "2m"))
    assert G.legal_actions(after, 0) == [{"type": "kong"}, {"type": "pass"}]
    after = act(G, state, 1, type="discard", card=tile_of(state, 1, "3s"))
    assert after.window is None  # two 3s would pung in the battle: no claim at all here
    battle = act(G, evolve(state, options=G.options(), wins=(), win_piles=((),) * 4), 1,
                 type="discard", card=tile_of(state, 1, "3s"))
    assert {"type": "pung"} in G.legal_actions(battle, 0)
    state, _ = locked({0: SHARED_PUNG, 1: "2m 3s 1m 1m 1m 9m 9m 9m 8m 8m 8m 7m 7m"}, 0, "6s",
                      turn=1, missing="pppp")
    after = act(G, state, 1, type="discard", card=tile_of(state, 1, "2m"))
    assert G.legal_actions(after, 0) == [{"type": "win"}, {"type": "pass"}]


# ---------------------------------------------------------------- OPT-SC-2.4 visibility

def test_a_locked_hand_stays_concealed_its_pile_and_melds_public():
    """OPT-SC-2.4: others see no tile of the locked hand (its size only), the ``locked`` mark,
    its win pile and melds; the owner sees its hand; a concealed kong stays face down."""
    state, _ = locked({0: "4m 5m 6m 7s 8s 9s 3s 3s 5s 6s", 1: "1m"}, 0, "4s", turn=1,
                      melds={0: [("ckong", "2m", None)]}, missing="pppp")
    for viewer in (None, 1, 2, 3):
        p = G.view(state, viewer)["players"][0]
        assert p["hand"] is None and p["hand_count"] == 10 and p["locked"]
        assert [c["face"] for c in p["win_pile"]] == ["4s"] and p["melds"][0]["cards"] is None
        assert p["won"]["order"] == 1 and len(p["wins"]) == 1
    assert G.view(state, 0)["players"][0]["hand"] is not None
    hidden = G.hidden_cards(state, 1)
    assert set(state.hands[0]) <= hidden and not set(state.win_piles[0]) & hidden


# ---------------------------------------------------------------- OPT-SC-2.5 settled at once

def test_every_win_is_settled_at_once_and_listed():
    """OPT-SC-2.5: seat 0 wins twice; each win is paid when made, and the result lists both
    (``Game.wins`` too)."""
    state = river(_self_draw_by_0())
    state = act(G, state, 0, type="win")
    first = pay_rows(state)
    assert sorted(first) == [("self_draw", p, 0, 2) for p in (1, 2, 3)]
    state = act(G, state, 1, type="discard", card=state.drawn)  # 3m: seat 2 may claim
    state = act(G, state, 2, type="pass")
    # seat 2 draws; make it discard a 7s for seat 0's second win
    seven = next(t for t in state.wall if t >> 2 == parse_face("7s"))
    state = evolve(state, hands=tuple(h + (seven,) if s == 2 else h
                                      for s, h in enumerate(state.hands)),
                   wall=tuple(t for t in state.wall if t != seven))
    state = act(G, state, 2, type="discard", card=seven)
    state = act(G, state, 0, type="win")
    assert pay_rows(state)[len(first):] == [("win", 2, 0, 1)]
    assert [w.seat for w in state.wins] == [0, 0]
    view = G.view(state, 1)["players"][0]
    assert [w["order"] for w in view["wins"]] == [1, 2] and view["won"]["order"] == 1


def test_game_wins_returns_every_win_of_a_river_deal():
    """OPT-SC-2.5: ``Game.wins(result)`` has one record per win, several per seat."""
    from ai.policies.sichuan_basic import basic
    state = G.new_deal(1, options={"blood_mode": "river"})
    rng = random.Random(1)
    while state.phase != "over":
        seat = G.to_act(state)[0]
        state = G.apply(state, seat, basic(G.view(state, seat), G.legal_actions(state, seat),
                                           rng))
    records = G.wins(G.result(state))
    assert [r.seat for r in records] == [w.seat for w in state.wins]
    assert len(records) > len({r.seat for r in records})  # a seat won more than once


def test_the_result_shows_each_win_with_the_hand_it_was_made_with():
    """OPT-SC-2.3, 2.5: seat 0 self-draws 4s, later kongs its concealed 2m pung (the waits stay)
    and wins again on 7s. Its final hand holds no 2m, but the result's first win shows the
    hand it won with (the three 2m, no meld) and the second the hand after the kong."""
    state, _ = position({0: TWO_WAITS + " 4s"}, drawn="4s", wall="1m 1m 1m 2m 7s", wall_extra=0,
                        missing="pppp")
    state = act(G, river(state), 0, type="win")
    for seat in (1, 2, 3):
        state = act(G, state, seat, type="discard", card=state.drawn)
    kong = next(a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong")
    state = act(G, G.apply(state, 0, kong), 0, type="win")
    assert state.phase == "over" and [w.seat for w in state.wins] == [0, 0]
    first, second = G.result(state)["wins"]
    assert sorted(c["face"] for c in first["hand"]) == sorted(TWO_WAITS.split() + ["4s"])
    assert first["melds"] == []
    assert sorted(c["face"] for c in second["hand"]) == sorted(
        TWO_WAITS.replace("2m 2m 2m ", "").split() + ["7s"])
    assert [(m["type"], m["cards"][0]["face"]) for m in second["melds"]] == [("kong", "2m")]
    final = G.view(state, 1)["players"][0]
    assert "2m" not in [c["face"] for c in final["hand"]]
    assert "hand" not in final["wins"][0]  # a view's wins never carry a hand (OPT-SC-2.4)


# ---------------------------------------------------------------- OPT-SC-2.6 turn after a win

def test_turn_after_a_self_draw_and_after_a_double_win():
    """OPT-SC-2.6: after a self-draw the winner's next seat draws; discarder 0, winners 1 and
    3: seat 0 draws next (the seat after the last winner from the discarder)."""
    after = act(G, river(_self_draw_by_0()), 0, type="win")
    assert after.turn == 1 and after.events[-1][:2] == ("draw", 1)
    state, _ = position({0: "7s 1m 1m 1m 3m 3m 3m 7m 7m 7m 8m 8m 8m", 1: TWO_WAITS,
                         3: "2s 3s 4s 4m 5m 6m 9m 9m 9m 1s 1s 8s 9s"}, missing="pppp")
    state = act(G, river(state), 0, type="discard", card=tile_of(state, 0, "7s"))
    state = act(G, act(G, state, 1, type="win"), 3, type="win")
    assert state.turn == 0 and state.events[-1][:2] == ("draw", 0)


# ---------------------------------------------------------------- OPT-SC-2.7 end at the wall

def test_three_winners_do_not_end_the_deal_only_the_wall_does():
    """OPT-SC-2.7: a third winner plays on; the deal ends at the wall's end with SC-10."""
    state = river(_self_draw_by_0(), wins=(a_win(1, "9m", 2), a_win(2, "9p", 3)))
    after = act(G, state, 0, type="win")
    assert after.phase == "play" and after.turn == 1
    battle = act(G, replace(state, options=G.options()), 0, type="win")
    assert battle.phase == "over"
    last = act(G, river(_self_draw_by_0(), wall=(), wins=(a_win(1, "9m", 2),
                                                          a_win(2, "9p", 3))), 0, type="win")
    assert last.phase == "over" and last.events[-1][3] == "exhausted"


# ---------------------------------------------------------------- OPT-SC-2.8 exhaustion

def test_at_exhaustion_a_winner_is_ready_never_a_pig_and_collects():
    """OPT-SC-2.8: seat 0 (won, locked) is ready and keeps its kong income; seat 1 holds its
    missing suit (a flower pig, pays seat 0 too); seat 2 not ready pays seat 0 the most its
    locked hand could win (4s or 7s: 1 fan... here a basic hand, 1 point) and refunds nothing
    it did not earn; seat 3 ready collects as in SC-10."""
    state, _ = locked({0: TWO_WAITS + " 1s",
                       1: "1p 1m 3m 3s 3s 6s 6s 7s 7s 8s 8s 9s 9s",
                       2: "1s 5s 4m 1m 3m 5m 7m 9m 4s 2s 2s 6m 8m",
                       3: "1m 2m 3m 4m 5m 6m 7m 8m 9m 6s 7s 8s 9s"},
                      0, "4s", drawn="1s", wall="", wall_extra=0, missing="pppp")
    kong = (Payment(1, 0, 1, "kong", "added"), Payment(2, 0, 1, "kong", "added"),
            Payment(3, 0, 1, "kong", "added"))
    state = evolve(state, payments=kong)
    after = act(G, state, 0, type="discard", card=state.drawn)
    res = G.result(after)
    assert res["exhausted"] and res["ready"] == [True, False, False, True]
    assert res["flower_pigs"] == [1]
    rows = pay_rows(after, 3)
    assert not [r for r in rows if r[0] == "refund" and r[1] == 0]
    assert ("flower_pig", 1, 0, 32) in rows
    assert ("ready_check", 2, 0, G.ready_value(after, 0)) in rows
    assert ("ready_check", 2, 3, G.ready_value(after, 3)) in rows
    assert G.ready_value(after, 0) == 1  # 4s or 7s: a basic hand
    assert sum(deltas(after)) == 0


# ---------------------------------------------------------------- OPT-SC-2.9 first win only

def _first_draw_win(seat_2_wins_first: bool):
    """River with 天胡/地胡 (OPT-SC-7.3): the dealer (0) and seat 3 must throw dots, seat 1
    throws the 7s seat 2 waits on (TWO_WAITS), which seat 2 wins or passes; seat 2's first draw
    is then the 4s (after a round when it won the 7s, at once when it passed), which it
    self-draws. The state after that self-draw."""
    state, _ = position({0: "1p 1m 1m 1m 3m 3m 3m 7m 7m 7m 8m 8m 8m 9m",
                         1: "2p 3p 4p 5p 6p 7p 1s 1s 2s 2s 9s 9s 9s",
                         2: TWO_WAITS,
                         3: "1p 2p 3p 4s 4s 5s 5s 6s 6s 7m 8m 9m 1s"},
                        wall="7s 5p 9m 9p 4s" if seat_2_wins_first else "7s 4s", missing="pmpp")
    state = evolve(state, options=G.options({"blood_mode": "river",
                                             "extra_fans": ["tian_di_hu"]}))
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "1p"))
    state = act(G, state, 1, type="discard", card=state.drawn)  # the 7s
    state = act(G, state, 2, type="win" if seat_2_wins_first else "pass")
    if seat_2_wins_first:
        for seat in (3, 0, 1):
            state = act(G, state, seat, type="discard", card=state.drawn)
    assert state.turn == 2 and faces([state.drawn]) == "4s" and len(state.discards[2]) == 0
    assert [e[1] for e in state.events if e[0] == "draw"].count(2) == 1  # its first draw
    return act(G, state, 2, type="win")


def test_a_seats_later_win_is_never_its_first():
    """OPT-SC-2.9: seat 2 self-draws on its first draw of the deal: 地胡 (Earthly, OPT-SC-7.3)
    when it is its first win; not when it already won on seat 1's discard before (its second
    win is never a first win, whatever its draws)."""
    first = _first_draw_win(seat_2_wins_first=False)
    assert [w.seat for w in first.wins] == [2]
    assert dict(first.wins[-1].patterns).get("earthly_hand") == 1
    later = _first_draw_win(seat_2_wins_first=True)
    assert [w.seat for w in later.wins] == [2, 2]
    assert "earthly_hand" not in dict(later.wins[-1].patterns)


def test_a_dealers_first_turn_win_is_heavenly_and_its_next_is_not():
    """OPT-SC-2.9 with OPT-SC-2.2: the dealer's named first-turn win is 天胡; its next win, the
    hand locked, is an ordinary one."""
    state, _ = position({0: TWO_WAITS + " 7s"}, missing="pppp")
    state = evolve(state, options=G.options({"blood_mode": "river",
                                             "extra_fans": ["tian_di_hu"]}))
    state = act(G, state, 0, type="win", card=tile_of(state, 0, "7s"))
    assert dict(state.wins[0].patterns).get("heavenly_hand") == 1 and state.locked(0)
    seven = next(t for t in state.wall if t >> 2 == parse_face("7s"))
    state = evolve(state, turn=0, drawn=seven,
                   hands=tuple(h + (seven,) if s == 0 else h for s, h in enumerate(state.hands)),
                   wall=tuple(t for t in state.wall if t != seven))
    again = act(G, state, 0, type="win")
    assert "heavenly_hand" not in dict(again.wins[-1].patterns)
    assert [w["order"] for w in G.view(again, 0)["players"][0]["wins"]] == [1, 2]


# ---------------------------------------------------------------- hints

def test_hints_warn_of_a_locked_hands_winning_faces():
    """OPT-SC-2.3, 2.4 with OPT-0.4: a locked opponent still wins on the faces it won on
    (public in its win pile): the hints name it ready and mark those discards dangerous; its
    other waits (7s here) are its secret and stay unmarked."""
    from engine.sichuan.hints import hints
    state, _ = locked({1: TWO_WAITS, 0: "7s 4s 1m 1m 1m 3m 3m 3m 7m 7m 7m 8m 8m 9m"}, 1, "4s",
                      missing="pppp", drawn="9m")
    h = hints(G, state, 0)
    assert {"seat": 1, "why": "locked"} in h["ready_opponents"]
    by_face = {faces(r["cards"][:1]): r["danger"] for r in h["discards"]}
    assert by_face["4s"] == [1] and by_face["7s"] == [] and by_face["9m"] == []


# ---------------------------------------------------------------- sampling

def test_a_sampled_locked_hand_still_wins_on_its_winning_faces():
    """OPT-SC-2.3, 2.4 for the samplers: another seat's locked hand, hidden, is dealt anew as a
    hand every face it won on completes; its win pile stays where it is."""
    state, _ = locked({0: TWO_WAITS, 1: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 1s"}, 0, "4s",
                      turn=1, drawn="1s", missing="pppp")
    for k in range(10):
        rng = random.Random(k)
        for sampled in (G.sample(G.view(state, 1), rng), G.determinize(state, 1, rng)):
            assert sampled.win_piles == state.win_piles
            assert parse_face("4s") in winning_faces(sampled.hands[0], 0, 1)
            assert sorted(t for z in G.zones(sampled).values() for t in z) == list(range(108))


def test_ready_hand_builds_a_hand_for_every_won_face():
    """``ready_hand`` finds hands that win on all the given faces, or says it found none."""
    pool = list(range(108))
    for k in range(5):
        hand = ready_hand(pool, 13, 0, 1, [parse_face("3m"), parse_face("6m")], random.Random(k))
        if hand is not None:
            assert {parse_face("3m"), parse_face("6m")} <= winning_faces(hand, 0, 1)
    assert ready_hand([0, 1, 2], 13, 0, 1, [0], random.Random(0)) is None


def test_a_locked_receiver_keeps_the_tiles_it_was_passed():
    """OPT-SC-2.3 with OPT-SC-1.3: seat 1 passed seat 0 its three 2m before seat 0 won; re-dealt
    for seat 1, seat 0's locked hand is still ready on 4s and still holds those three tiles."""
    from engine.sichuan import exchange as ex
    state, _ = locked({0: TWO_WAITS, 1: "1m"}, 0, "4s", turn=1, drawn="1m", missing="pppp")
    d = next(d for d in ex.DIRECTION_NAMES if ex.receiver(1, d) == 0)
    passed = tuple(t for t in state.hands[0] if faces([t]) == "2m")
    state = evolve(state, options=G.options({"blood_mode": "river",
                                             "exchange_three": ex.DIRECTION_NAMES[d]}),
                   exchange_direction=d,
                   exchange_picks=tuple(passed if s == 1 else () for s in range(4)))
    for k in range(10):
        sampled = G.determinize(state, 1, random.Random(k))
        assert set(passed) <= set(sampled.hands[0])
        assert parse_face("4s") in winning_faces(sampled.hands[0], 0, 1)
