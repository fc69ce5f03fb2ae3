"""Sichuan rules, one hand-made position per rule (ids from shared/rules/sichuan.md)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from engine import IllegalAction, get_game
from engine.core.result import totals
from engine.sichuan import Win

from tests.tables import declare_face_down

from .position import act, faces, position, tile_of, types

G = get_game("sichuan")


def deltas(state):
    return totals(state.payments, 4)


def play_declarations(state, suits="pppp"):
    for seat in range(4):
        state = act(G, state, seat, type="declare_missing", suit=suits[seat])
    return state


def a_win(seat: int, source: int | None = None) -> Win:
    """A win already settled earlier in the deal (its payments are left out)."""
    return Win(seat=seat, tile=0, source=source, fan=0, points=1, patterns=(("basic_hand", 1),),
               shape="standard", self_draw=source is None)


# ---------------------------------------------------------------- SC-1 tiles

def test_108_suited_tiles_four_copies_each():
    """SC-1.1: 108 tiles, three suits, ranks 1-9, four copies, no honours or flowers."""
    state = G.new_deal(7)
    ids = sorted(i for zone in G.zones(state).values() for i in zone)
    assert ids == list(range(108))
    faces_ = Counter(i >> 2 for i in ids)
    assert set(faces_) == set(range(27)) and set(faces_.values()) == {4}


def test_each_copy_is_a_distinct_discard():
    """SC-1.2: copies of a face are distinct physical tiles; the action names the exact one."""
    state, _ = position({0: "5m 5m 1m 2m 3m 4m 6m 7m 8m 9m 1s 1s 1s 2s", 1: "3s 3s 3s 4s 4s 4s 6s 6s 6s 7s 7s 7s 9s"})
    copies = [t for t in state.hands[0] if t >> 2 == 4]
    legal = G.legal_actions(state, 0)
    for t in copies:
        assert {"type": "discard", "card": t} in legal
    after = act(G, state, 0, type="discard", card=copies[1])
    assert after.discards[0] == (copies[1],)
    assert copies[0] in after.hands[0]


# ---------------------------------------------------------------- SC-2 seats and deal

def test_dealer_random_from_seed_and_next_deal_rotates():
    """SC-2.1: the first dealer comes from the seed (reproducibly); a given dealer is used."""
    dealers = {G.new_deal(seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert G.new_deal(5).dealer == G.new_deal(5).dealer
    assert G.new_deal(5, dealer=2).dealer == 2
    with pytest.raises(ValueError):
        G.new_deal(5, dealer=4)


def test_turn_order_goes_round_the_table():
    """SC-2.1: turn order 0 -> 1 -> 2 -> 3 -> 0."""
    state = play_declarations(G.new_deal(11, dealer=3), "mmmm")
    seen = []
    for _ in range(5):
        seat = G.to_act(state)[0]
        seen.append(seat)
        # discard a tile nobody can claim: keep passing until the next turn starts
        state = act(G, state, seat, **G.legal_actions(state, seat)[-1])
        while state.phase == "claim":
            s = G.to_act(state)[0]
            state = act(G, state, s, type="pass")
    assert seen == [3, 0, 1, 2, 3]


def test_deal_sizes_and_replacement_from_the_back():
    """SC-2.2: dealer 14 tiles, others 13; kong replacements come from the end of the wall."""
    state = G.new_deal(3, dealer=1)
    assert [len(h) for h in state.hands] == [13, 14, 13, 13]
    assert len(state.wall) == 108 - 53
    pos, _ = position({0: "5m 5m 5m 5m 1s 2s 3s 4s 4s 6s 7s 8s 9s 9s",
                       1: "1m 1m 2m 2m 3m 3m 4m 4m 6m 6m 7m 7m 8m"},
                      wall="9m 1s", drawn="9s")
    last = pos.wall[-1]
    kong = next(a for a in G.legal_actions(pos, 0) if a["type"] == "concealed_kong")
    after = G.apply(pos, 0, kong)
    assert after.drawn == last and last in after.hands[0]
    assert after.wall == pos.wall[:-1]
    # 13 + one per kong between turns: after the discard the hand holds 10 concealed + kong
    after = act(G, after, 0, type="discard", card=after.hands[0][0])
    assert len(after.hands[0]) + sum(len(m.tiles) for m in after.melds[0]) == 14


# ---------------------------------------------------------------- SC-3 missing suit

def test_declarations_secret_until_all_four():
    """SC-3.1: every player declares; a declaration is hidden until all four have."""
    state = G.new_deal(1, dealer=0)
    assert G.to_act(state) == [0, 1, 2, 3]
    assert types(G.legal_actions(state, 2)) == {"declare_missing"}
    state = act(G, state, 2, type="declare_missing", suit="s")
    assert G.to_act(state) == [0, 1, 3]
    assert G.view(state, 2)["players"][2]["missing_suit"] == "s"
    v0 = G.view(state, 0)
    assert v0["players"][2]["declared"] is True and v0["players"][2]["missing_suit"] is None
    assert "'s'" not in repr(v0["events"])
    with pytest.raises(IllegalAction):
        act(G, state, 2, type="declare_missing", suit="m")
    for seat, suit in ((0, "m"), (1, "p"), (3, "m")):
        state = act(G, state, seat, type="declare_missing", suit=suit)
    assert [p["missing_suit"] for p in G.view(state, 0)["players"]] == ["m", "p", "s", "m"]
    assert state.phase == "play" and G.to_act(state) == [0]


def test_must_discard_missing_suit_first_and_cannot_claim():
    """SC-3.2: while holding the missing suit: only such discards; no pung, kong or win."""
    state, _ = position({0: "1p 9p 1m 2m 3m 4m 5m 6m 7m 8m 9m 5s 5s 5s",
                         1: "1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 9p 9s"},
                        missing="pppp", drawn="9p")
    legal = G.legal_actions(state, 0)
    assert types(legal) == {"discard"}
    assert {faces([a["card"]]) for a in legal} == {"1p", "9p"}
    with pytest.raises(IllegalAction, match="missing suit"):
        act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    # seat 1 holds a missing-suit tile: it cannot win on 4s, nor pung it
    state, _ = position({0: "4s 9s 1m 2m 3m 4m 5m 6m 7m 8m 9m 5s 5s 5s",
                         1: "1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 9p 9s"},
                        missing="pppp")
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "4s"))
    assert after.phase == "play" and G.to_act(after) == [1]  # no claim offered


# ---------------------------------------------------------------- SC-4 a turn

def test_dealer_first_turn_has_no_draw_and_heavenly_self_draw():
    """SC-4.1: the dealer plays its 14 tiles without drawing; a win then is paid as a self-draw."""
    state, _ = position({0: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m",
                         1: "1s 2s 3s 4s 5s 6s 7s 8s 9s 1s 2s 3s 4s",
                         2: "2p 2p", 3: "3p 3p"}, missing="????", phase="declare")
    wall = len(state.wall)
    state = play_declarations(state)
    assert G.to_act(state) == [0] and len(state.wall) == wall and state.drawn is None
    assert "win" in types(G.legal_actions(state, 0))
    after = act(G, state, 0, type="win")
    # nine gates shape in one suit: basic hand (chows) 0 + full flush 2 = 2 fan = 4 points
    w = after.wins[0]
    assert w.self_draw and w.fan == 2 and w.points == 4
    assert deltas(after) == [15, -5, -5, -5]  # SC-9.3: base + 1 from each


def test_each_turn_draws_then_acts():
    """SC-4.1: on its turn a player draws one tile, then wins, kongs or discards."""
    state, _ = position({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 9s",
                         1: "1s 1s 5s 5s 6s 6s 7s 7s 8s 8s 2m 2m 3m"}, wall="6m 7m")
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "9s"))
    assert G.to_act(after) == [1] and len(after.hands[1]) == 14
    assert faces([after.drawn]) == "6m" and after.wall == state.wall[1:]


def test_no_chow_from_a_discard():
    """SC-4.2: no chows: a tile that only completes a sequence gives no claim."""
    state, _ = position({0: "5m 1s 1s 1s 2s 2s 2s 3s 3s 3s 7s 7s 8s 9s",
                         1: "3m 4m 6m 7m 1s 2s 3s 5s 5s 5s 9s 9s 8s"})
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5m"))
    assert after.phase == "play" and G.to_act(after) == [1]


def test_concealed_kong_replacement_then_win_or_kong():
    """SC-4.3: concealed kong from four in hand, a replacement, then the turn goes on (win)."""
    state, _ = position({0: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 2m 4m 6m",
                         1: "1p 1p", 2: "2p 2p", 3: "3p 3p"},
                        missing="pppp", wall="9m 3m", drawn="6m")
    kongs = [a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong"]
    assert len(kongs) == 1 and faces(kongs[0]["cards"]) == "5m 5m 5m 5m"
    after = G.apply(state, 0, kongs[0])
    assert after.melds[0][0].concealed and faces(after.melds[0][0].tiles) == "5m 5m 5m 5m"
    # the replacement (the wall's last tile) is kept; the player may now win with it
    assert after.drawn == state.wall[-1] and G.to_act(after) == [0]


def test_concealed_kong_lies_face_down_but_its_payment_is_public():
    """SC-4.3 ruling: the others see that seat 0 made a concealed kong, and its payment (2
    from each active opponent, SC-9.4), never its tiles, until the deal ends."""
    state, _ = position({0: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 2m 4m 6m",
                         1: "1p 1p", 2: "2p 2p", 3: "3p 3p"},
                        missing="pppp", wall="9m 3m", drawn="6m")
    after = declare_face_down(G, state, 0)
    for viewer in (1, None):
        assert [p["score"] for p in G.view(after, viewer)["players"]] == [6, -2, -2, -2]


def test_added_kong_and_no_kong_right_after_a_pung():
    """SC-4.3: an added kong extends a pung; after a pung the player must discard first."""
    state, _ = position({0: "7s 1m 2m 3m 4m 5m 6m 1s 2s 3s 9s 9s 9s 5m",
                         1: "7s 7s 4s 4s 5s 6s 8m 8m 8m 9m 9m 9m 2s"},
                        missing="pppp", wall="3p 3p 3p 7s")
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "7s"))
    assert G.legal_actions(after, 1) == [{"type": "pung"}, {"type": "pass"}]
    after = act(G, after, 1, type="pung")
    assert G.to_act(after) == [1] and types(G.legal_actions(after, 1)) == {"discard"}
    after = act(G, after, 1, type="discard", card=tile_of(after, 1, "2s"))
    # seat 2 draws 3p and discards it; seat 3 likewise; seat 0 discards; seat 1 draws 7s
    while G.to_act(after) != [1]:
        seat = G.to_act(after)[0]
        after = act(G, after, seat, **G.legal_actions(after, seat)[-1])
    assert faces([after.drawn]) == "7s"
    added = [a for a in G.legal_actions(after, 1) if a["type"] == "added_kong"]
    assert added == [{"type": "added_kong", "card": after.drawn}]
    made = G.apply(after, 1, added[0])
    assert made.melds[1][0].kind == "kong" and made.melds[1][0].added


def test_kong_needs_a_replacement_tile():
    """SC-4.3 / SC-6.4: with the wall empty no kong is offered."""
    state, _ = position({0: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 2m 4m 6m"},
                        wall="", wall_extra=0, drawn="6m")
    assert "concealed_kong" not in types(G.legal_actions(state, 0))


# ---------------------------------------------------------------- SC-5 claims

def test_pung_claim_discards_without_drawing_and_play_continues_from_claimer():
    """SC-5.1: pung with two in hand, discard with no draw; play continues after the claimer."""
    state, _ = position({0: "9m 1m 2m 3m 4m 5m 6m 1s 2s 3s 7s 8s 9s 5s",
                         2: "9m 9m 1s 1s 4s 4s 5s 6s 7s 7s 8s 8s 2m"})
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    assert G.to_act(after) == [2]
    wall = after.wall
    after = act(G, after, 2, type="pung")
    assert after.wall == wall and after.discards[0] == ()
    assert faces(after.melds[2][0].tiles) == "9m 9m 9m" and after.melds[2][0].source == 0
    after = act(G, after, 2, type="discard", card=tile_of(after, 2, "2m"))
    assert G.to_act(after) == [3]  # seat 1 was skipped


def test_exposed_kong_claim_pays_two_and_draws_replacement():
    """SC-5.1, SC-9.4: an exposed kong from a discard collects 2 from the discarder."""
    state, _ = position({0: "9m 1m 2m 3m 4m 5m 6m 1s 2s 3s 7s 8s 9s 5s",
                         3: "9m 9m 9m 1s 4s 4s 5s 6s 7s 7s 8s 8s 2m"})
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    assert G.legal_actions(after, 3) == [{"type": "pung"}, {"type": "kong"}, {"type": "pass"}]
    after = act(G, after, 3, type="kong")
    assert deltas(after) == [-2, 0, 0, 2]
    assert after.kong_draw and after.drawn == state.wall[-1] and G.to_act(after) == [3]


def test_win_beats_pung_and_several_win_on_one_discard():
    """SC-5.2, SC-9.2, SC-6.2: wins beat a pung; both winners are paid by the discarder; then
    the first active player after the last winner (from the discarder) plays: seat 0."""
    state, _ = position({
        0: "5s 4m 4m 5m 5m 6m 6m 9s 9s 8s 8s 7s 7s 6s",
        1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s",
        2: "1m 1m 1m 4s 4s 4s 6s 6s 6s 7m 7m 8m 8m",
        3: "1s 1s 1s 2m 2m 2m 3m 3m 3m 7m 8m 9m 5s",
    })
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    assert after.phase == "claim" and G.to_act(after) == [1, 3]
    after = act(G, after, 3, type="win")
    assert after.phase == "claim" and G.to_act(after) == [1]
    after = act(G, after, 1, type="win")
    assert [w.seat for w in after.wins] == [1, 3]
    # both are chow hands with a pair, no other pattern: 0 fan = 1 point each
    assert deltas(after) == [-2, 1, 0, 1]
    assert G.to_act(after) == [0] and after.drawn is not None


def test_win_claim_beats_a_pung_claim():
    """SC-5.2: a pung answer loses to a win answer on the same discard."""
    state, _ = position({
        0: "2s 1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 4s 5s",
        1: "2s 2s 6s 6s 7s 7s 8s 8s 1m 1m 1m 5m 6m",
        2: "1s 3s 5m 6m 7m 7m 8m 9m 9s 9s 9s 4m 4m",
    }, missing="pppp")
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "2s"))
    assert G.to_act(after) == [1, 2]
    assert types(G.legal_actions(after, 1)) == {"pung", "pass"}
    assert types(G.legal_actions(after, 2)) == {"win", "pass"}
    after = act(G, after, 1, type="pung")
    after = act(G, after, 2, type="win")
    assert [w.seat for w in after.wins] == [2] and after.melds[1] == ()
    # passing the win lets the pung through
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "2s"))
    after = act(G, act(G, after, 2, type="pass"), 1, type="pung")
    assert after.melds[1] and not after.wins


def test_robbing_an_added_kong_by_several_players():
    """SC-5.3, SC-9.2: two players rob an added kong; its player pays each the base, keeps
    its pung, draws no replacement, collects no kong payment; play goes on after the last robber."""
    state, _ = position({
        0: "7s 1m 2m 3m 4m 5m 6m 1s 2s 3s 9s 9s 8s 8s",
        1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 5s 6s 9m 9m",
        2: "2s 2s 2s 3s 3s 3s 4s 4s 4s 5s 6s 1m 1m",
    }, melds={0: [("pung", "7s", 3)]}, drawn="7s")
    # seat 0 holds 14 incl. the 4th 7s plus its pung: 11 concealed + pung (3) - adjust: drop one
    state = replace(state, hands=(state.hands[0][:11],) + state.hands[1:])
    assert "7s" in faces(state.hands[0])
    add = next(a for a in G.legal_actions(state, 0) if a["type"] == "added_kong")
    after = G.apply(state, 0, add)
    assert after.phase == "claim" and after.window.kind == "rob" and G.to_act(after) == [1, 2]
    assert G.legal_actions(after, 1) == [{"type": "win"}, {"type": "pass"}]
    after = act(G, after, 1, type="win")
    after = act(G, after, 2, type="win")
    wins = {w.seat: w for w in after.wins}
    assert set(wins) == {1, 2}
    # seat 1: 123 456 789m + 99m + 567s: 0 fan + robbing 1 = 2 points
    # seat 2: 222 333 444s + 567s + 11m: chows present, no flush: 0 + robbing 1 = 2 points
    assert wins[1].fan == 1 and wins[2].fan == 1
    assert dict(wins[1].patterns)["robbing_kong"] == 1
    assert deltas(after) == [-4, 2, 2, 0]
    assert after.melds[0][0].kind == "pung" and len(after.melds[0][0].tiles) == 3
    assert G.to_act(after) == [3]  # first active after the last robber (from seat 0)


def test_robbing_declined_makes_the_kong():
    """SC-5.3, SC-9.4: nobody robs: the added kong is made and collects 1 from each."""
    state, _ = position({
        0: "7s 1m 2m 3m 4m 5m 6m 1s 2s 3s 9s",
        1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 5s 6s 9m 9m",
    }, melds={0: [("pung", "7s", 3)]}, drawn="7s")
    after = act(G, state, 0, type="added_kong", card=tile_of(state, 0, "7s"))
    after = act(G, after, 1, type="pass")
    assert after.melds[0][0].added and deltas(after) == [3, -1, -1, -1]
    assert after.kong_draw and G.to_act(after) == [0]


def test_no_penalty_for_passing_a_win():
    """SC-5.4: a player who passed a win may win later on another tile."""
    state, _ = position({
        0: "5s 2s 4m 5m 6m 7m 8m 9m 1s 1s 4s 4s 9s 9s",
        1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s",
    }, turn=0)
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    after = act(G, after, 1, type="pass")
    assert G.to_act(after) == [1]
    after = act(G, after, 1, type="discard", card=after.drawn)
    while G.to_act(after) != [0]:
        seat = G.to_act(after)[0]
        after = act(G, after, seat, **G.legal_actions(after, seat)[-1])
    after = act(G, after, 0, type="discard", card=tile_of(after, 0, "2s"))
    assert "win" in types(G.legal_actions(after, 1))


# ---------------------------------------------------------------- SC-6 the blood battle

def test_winner_leaves_play_and_shows_its_hand():
    """SC-6.1: a winner no longer draws, claims or pays; its hand is shown to all."""
    state, _ = position({
        0: "5s 4m 4m 5m 5m 6m 6m 9s 9s 8s 8s 7s 7s 9m",
        1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s",
        2: "1m 1m 1m 4s 4s 4s 6s 6s 6s 7m 7m 8m 8m",
        3: "2m 2m 2m 3m 3m 3m 6m 7m 8m 1s 1s 1s 2s",
    })
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    after = act(G, after, 1, type="win")
    assert not after.active(1)
    v = G.view(after, 3)
    assert v["players"][1]["hand"] is not None and v["players"][1]["won"]["seat"] == 1
    assert v["players"][2]["hand"] is None
    # seat 2 plays next (after the winner); seat 1 is skipped for ever after
    order = []
    for _ in range(4):
        seat = G.to_act(after)[0] if after.phase == "play" else None
        if seat is None:
            after = act(G, after, G.to_act(after)[0], type="pass")
            continue
        order.append(seat)
        after = act(G, after, seat, **G.legal_actions(after, seat)[-1])
        while after.phase == "claim":
            assert 1 not in G.to_act(after)
            after = act(G, after, G.to_act(after)[0], type="pass")
    assert 1 not in order


def test_self_draw_win_next_player_and_later_payments_skip_winners():
    """SC-6.1, SC-6.2, SC-9.3, SC-9.4: after a self-draw the next active player plays; a later
    concealed kong collects only from players still active."""
    state, _ = position({
        0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s 5s",
        2: "1s 1s 1s 1s 2m 2m 2m 3m 3m 3m 7m 8m 9m",
    }, drawn="5s", wall="6s 4s 4s")
    state = replace(state, wins=(a_win(1, 3),))
    after = act(G, state, 0, type="win")
    assert deltas(after) == [4, 0, -2, -2]  # 1 point + 1 from seats 2 and 3 only
    assert G.to_act(after) == [2] and faces([after.drawn]) == "6s"
    kong = next(a for a in G.legal_actions(after, 2) if a["type"] == "concealed_kong")
    after = G.apply(after, 2, kong)
    assert deltas(after) == [4, 0, 0, -4]  # only seat 3 is still active to pay 2


def test_deal_ends_with_the_third_win_without_exhaustion_settlement():
    """SC-6.3, SC-6.4: the third win ends the deal; no SC-10 settlement even on the last tile."""
    state, _ = position({
        0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s 5s",
        3: "1s 1s 9s 9s 2m 2m 2m 3m 3m 3m 7m 8m 9m",
    }, drawn="5s", wall="", wall_extra=0)
    state = replace(state, wins=(a_win(1), a_win(2)))
    after = act(G, state, 0, type="win")
    assert after.phase == "over" and G.to_act(after) == []
    res = G.result(after)
    assert res["exhausted"] is False and {p["reason"] for p in res["payments"]} == {"self_draw"}
    # 1 point + last tile 1 fan -> 2 points, +1 for the self-draw, paid by seat 3 only
    assert res["deltas"] == [3, 0, 0, -3]


def test_last_tile_no_kong_and_discard_claimable_only_to_win():
    """SC-6.4: after the last wall tile: no kong, the discard can only be won on, else the wall
    is exhausted; a win on that discard scores last tile."""
    state, _ = position({
        0: "9m 9m 9m 9m 1s 2s 3s 7s 8s 9s 2m 2m 4m 5s",
        1: "6s 6s",
        2: "5s 5s 5s 1m 2m 3m 4m 4m 6m 7m 8m 8m 1s",
    }, drawn="5s", wall="", wall_extra=0)
    legal = G.legal_actions(state, 0)
    assert "concealed_kong" not in types(legal)
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    # seat 2 holds three 5s but may neither pung nor kong: nobody claims, the wall is exhausted
    assert G.legal_actions(after, 2) == [] and after.phase == "over"
    state2, _ = position({
        0: "1s 1s 1s 1s 2s 3s 4s 7s 8s 9s 2m 2m 4m 7s",
        1: "9s 9s 1m 2m 3m 4m 5m 6m 7m 8m 9m 5s 6s",
        2: "7s 7s 1m 1m 3m 3m 4m 5m 6m 6m 8m 8m 8m",
    }, drawn="7s", wall="", wall_extra=0)
    after = act(G, state2, 0, type="discard", card=tile_of(state2, 0, "7s"))
    assert G.legal_actions(after, 1) == [{"type": "win"}, {"type": "pass"}]
    assert G.legal_actions(after, 2) == []
    after = act(G, after, 1, type="win")
    assert dict(after.wins[0].patterns)["last_tile"] == 1
    assert after.phase == "over"  # nobody can draw: the wall is exhausted


def test_last_tile_as_kong_replacement_scores_both():
    """SC-6.4: a self-draw of the last tile as a kong replacement scores kong replacement
    and last tile."""
    state, _ = position({
        0: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 2m 7m 8m",
    }, drawn="8m", wall="9m", wall_extra=0)
    kong = next(a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong")
    after = G.apply(state, 0, kong)
    assert after.wall == () and "win" in types(G.legal_actions(after, 0))
    after = act(G, after, 0, type="win")
    pats = dict(after.wins[0].patterns)
    assert pats["kong_replacement"] == 1 and pats["last_tile"] == 1 and pats["root"] == 1


# ---------------------------------------------------------------- SC-9 payments

def test_win_on_kong_replacement_is_paid_as_self_draw():
    """SC-9.5, SC-9.4: a win on the replacement after an exposed kong is a self-draw (base + 1
    from every active opponent); the kong's 2 from the discarder stays with the winner."""
    state, _ = position({
        0: "9m 1m 2m 3m 4m 5m 6m 1s 2s 3s 7s 8s 9s 5s",
        3: "9m 9m 9m 1s 1s 4s 5s 6s 7s 8s 9s 2m 3m",
    }, wall="6m", wall_extra=0)
    state = replace(state, wall=state.wall + (tile_of(state, 0, "1m") ^ 1,))  # a 1m at the back
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "9m"))
    after = act(G, after, 3, type="kong")
    assert faces([after.drawn]) == "1m" and "win" in types(G.legal_actions(after, 3))
    after = act(G, after, 3, type="win")
    w = after.wins[0]
    # 123m 456s 789s 11s + kong 9m: no pattern but root (the kong) 1 + replacement 1 = 2 fan = 4
    assert w.self_draw and w.fan == 2 and dict(w.patterns)["kong_replacement"] == 1
    assert deltas(after) == [-2 - 5, -5, -5, 2 + 15]


def test_payment_rows():
    """SC-9.1, SC-9.2, SC-9.3, SC-9.4: the base, discard win, self-draw and kong payments are
    itemised with their reasons."""
    state, _ = position({
        0: "5s 4m 4m 5m 5m 6m 6m 9s 9s 8s 8s 7s 7s 6s",
        1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s",
    })
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    after = act(G, after, 1, type="win")
    assert [p.to_dict() for p in after.payments] == [
        {"payer": 0, "payee": 1, "amount": 1, "reason": "win"}]


# ---------------------------------------------------------------- SC-10 exhausted wall

def exhausted_position():
    """Seat 0 ready (nine gates in characters), seat 1 a flower pig, seat 2 not ready with a
    concealed kong, seat 3 already won; seat 0 discards into an empty wall."""
    from engine.core.result import Payment
    state, _ = position({
        0: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5s",
        1: "1p 1p 2p 3s 3s 6s 6s 7s 7s 8s 8s 9s 9s",
        2: "1s 3s 5s 7s 9s 2m 4m 6m 8m 2s",
        3: "1s 1s",
    }, melds={2: [("ckong", "4s", None)]}, drawn="5s", wall="", wall_extra=0)
    kong_pay = tuple(Payment(p, 2, 2, "kong", "concealed") for p in (0, 1, 3))
    return replace(state, wins=(a_win(3, 1),), payments=kong_pay)


def test_exhausted_wall_refund_flower_pig_and_ready_check():
    """SC-10.1, SC-10.2, SC-10.3, SC-10.5: in that order, summing to zero."""
    state = exhausted_position()
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    assert after.phase == "over"
    res = G.result(after)
    assert res["exhausted"] and res["ready"] == [True, False, False, False]
    assert res["flower_pigs"] == [1]
    rows = [(p["reason"], p["payer"], p["payee"], p["amount"]) for p in res["payments"]]
    assert rows[3:] == [
        ("refund", 2, 0, 2), ("refund", 2, 1, 2), ("refund", 2, 3, 2),      # SC-10.1
        ("flower_pig", 1, 0, 32), ("flower_pig", 1, 2, 32), ("flower_pig", 1, 3, 32),  # 10.2
        # SC-10.3: nine gates' best wait (1m or 9m): full flush 2 + root 1 = 3 fan = 8
        ("ready_check", 2, 0, 8),
    ]
    assert res["deltas"] == [40, -96, 24, 32] and sum(res["deltas"]) == 0


def test_ready_needs_a_face_not_held_four_times():
    """SC-10.4: a wait on a face the player already holds four of does not make it ready;
    nor does any wait while the missing suit is held."""
    state, _ = position({0: "2m 2m 2m 4s", 1: "1m 1m 1m 5s 6s 7s 8s 8s 3p 9s 9s 9s 4m"},
                        melds={0: [("pung", "4s", 1), ("pung", "6m", 2), ("pung", "8m", 3)]})
    assert G.ready_waits(state, 0) == [] and not G.is_ready(state, 0)
    assert not G.is_ready(state, 1)  # 111m 567s 888s? holds 3p, its missing suit
    state2, _ = position({1: "1m 1m 1m 5s 6s 7s 8s 8s 4m 9s 9s 9s 4m"})
    assert G.is_ready(state2, 1)


def test_ready_check_value_ignores_self_draw_and_events():
    """SC-10.3: the ready hand's value counts neither self-draw nor event fan."""
    state = exhausted_position()
    assert G.ready_value(replace(state, hands=(state.hands[0][:-1],) + state.hands[1:]), 0) == 8


# ---------------------------------------------------------------- refusals

def test_illegal_actions_raise_and_change_nothing():
    """Every illegal action raises IllegalAction and leaves the state as it was."""
    import copy
    state, _ = position({
        0: "5s 4m 4m 5m 5m 6m 6m 9s 9s 8s 8s 7s 7s 6s",
        1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s",
        2: "1m 1m 1m 4s 4s 4s 6s 6s 6s 7m 7m 8m 8m",
    })
    claim = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    cases = [
        (state, 1, {"type": "discard", "card": tile_of(state, 1, "1m")}, "not to act"),
        (state, 0, {"type": "discard", "card": tile_of(state, 1, "1m")}, "do not hold"),
        (state, 0, {"type": "pung"}, "not possible"),
        (state, 0, {"type": "win"}, "not possible"),
        (state, 0, {"type": "discard"}, "needs 'card'"),
        (state, 0, {"type": "discard", "card": True}, "needs 'card'"),
        (state, 0, {"type": "discard", "card": "5s"}, "needs 'card'"),
        (state, 0, {"kind": "discard"}, "object"),
        (state, 0, "discard", "object"),
        (state, 9, {"type": "discard", "card": 1}, "not to act"),
        (claim, 0, {"type": "discard", "card": claim.hands[0][0]}, "not to act"),
        (claim, 2, {"type": "pung"}, "not to act"),
        (claim, 1, {"type": "pung"}, "not possible"),
    ]
    for st, seat, action, message in cases:
        before = copy.deepcopy(st)
        with pytest.raises(IllegalAction, match=message):
            G.apply(st, seat, action)
        assert st == before
    after = act(G, claim, 1, type="win")
    with pytest.raises(IllegalAction, match="over|not to act"):
        act(G, after, 1, type="discard", card=after.hands[1][0])


def test_views_hide_other_hands_draws_and_claims():
    """Hidden information: another active player's hand, the wall, its draws and its claim
    options never reach a view (ARCHITECTURE: hidden information)."""
    state, _ = position({
        0: "5s 4m 4m 5m 5m 6m 6m 9s 9s 8s 8s 7s 7s 6s",
        1: "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s 5s",
    }, wall="3m 2m")
    after = act(G, state, 0, type="discard", card=tile_of(state, 0, "5s"))
    v0, v1, spectator = G.view(after, 0), G.view(after, 1), G.view(after, None)
    assert v1["claim"]["options"] == [{"type": "win"}, {"type": "pass"}]
    assert "options" not in v0["claim"] and "options" not in spectator["claim"]
    assert v0["players"][1]["hand"] is None and v0["players"][1]["hand_count"] == 13
    assert "wall" not in v0 and "seed" not in v0
    after = act(G, after, 1, type="pass")  # seat 1 draws 3m
    v0, v1 = G.view(after, 0), G.view(after, 1)
    assert v1["drawn"]["face"] == "3m" and v0["drawn"] is None
    assert "card" in v1["events"][-1] and "card" not in v0["events"][-1]
