"""Sichuan's call transfer (呼叫转移, shared/rules/options.md OPT-SC-6) on hand-made positions:
a kong's player that discards after its replacement and is won on gives that kong's income to
the first winner; the settlement is checked line by line."""

from __future__ import annotations

import random
from dataclasses import replace

from engine import get_game
from engine.core.result import Payment, totals
from engine.sichuan.history import kong_income

from .position import act, position, tile_of
from .test_options import with_options

G = get_game("sichuan")

WAITER_1 = "1m 2m 3m 4s 5s 6s 6m 6m 6m 8s 8s 9m 9m"
"""Seat 1 waits on 8s or 9m: on 9m a basic hand, 1 point."""
WAITER_3 = "7m 8m 1s 2s 3s 4s 5s 6s 3m 3m 3m 6s 6s"
"""Seat 3 waits on 6m or 9m: on 9m a basic hand, 1 point."""


def rows(state) -> list[tuple[str, int, int, int, str]]:
    return [(p.reason, p.payer, p.payee, p.amount, p.note) for p in state.payments]


def kong_and_discard(kong: str, winners: tuple[int, ...], **options):
    """Seat 2 (the kong's player) declares a ``concealed`` kong of 5m, or an ``exposed`` kong
    on seat 0's 5m, or a concealed kong of 5m then (on its replacement 3s) an added kong of 7s
    (``chain``); draws 9m as the (last) replacement and discards it; ``winners`` win on it,
    the others pass."""
    melds = {2: [("pung", "7s", 1)]} if kong == "chain" else {}
    hand = "5m 5m 5m 5m 1s 2s 3s 7s 2m 4m 8m" if kong == "chain" else \
        "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 4m 7m 8m"
    seat2 = hand.replace("5m ", "", 1) if kong == "exposed" else hand
    hands = {1: WAITER_1, 2: seat2, 3: WAITER_3} | ({0: "5m"} if kong == "exposed" else {})
    state, tiles = position(hands, melds=melds, turn=0 if kong == "exposed" else 2,
                            drawn=None if kong == "exposed" else "8m", wall_extra=0,
                            wall="9m 3s" if kong == "chain" else "9m")
    # every other tile before them: replacements come from the back (SC-2.2)
    state = with_options(replace(state, wall=tuple(tiles.rest()) + state.wall), **options)
    if kong == "exposed":
        state = act(G, state, 0, type="discard", card=tile_of(state, 0, "5m"))
        state = act(G, state, 2, type="kong")
    else:
        conceal = next(a for a in G.legal_actions(state, 2) if a["type"] == "concealed_kong")
        state = G.apply(state, 2, conceal)
        if kong == "chain":
            state = act(G, state, 2, type="added_kong", card=tile_of(state, 2, "7s"))
    assert state.drawn >> 2 == tile_of(state, 1, "9m") >> 2, "the replacement is 9m"
    state = act(G, state, 2, type="discard", card=state.drawn)
    for seat in (3, 1):  # in turn order from seat 2
        state = act(G, state, seat, type="win" if seat in winners else "pass")
    return state


def test_without_call_transfer_the_kong_income_stays():
    """OPT-SC-6 default ``off``: SC-9.5 as written (no 呼叫转移): the winner is paid the base."""
    after = kong_and_discard("concealed", (1,))
    assert rows(after)[3:] == [("win", 2, 1, 1, "")]
    assert totals(after.payments, 4) == [-2, -2 + 1, 6 - 1, -2]


def test_call_transfer_moves_the_concealed_kong_income_to_the_winner():
    """OPT-SC-6.1: the kong's player gives the winner what it collected for the kong, 2 from
    each active opponent, as its own line after the win (OPT-SC-6.3: never capped, not even
    by a 2-fan cap)."""
    after = kong_and_discard("concealed", (1,), call_transfer="on", fan_cap=2)
    assert rows(after)[3:] == [("win", 2, 1, 1, ""), ("call_transfer", 2, 1, 6, "concealed")]
    assert totals(after.payments, 4) == [-2, -2 + 1 + 6, 6 - 1 - 6, -2]
    assert after.payments[-1].to_dict() == {"payer": 2, "payee": 1, "amount": 6,
                                               "reason": "call_transfer", "note": "concealed"}


def test_call_transfer_moves_what_an_exposed_kong_collected():
    """OPT-SC-6.1: an exposed kong collected 2 from its discarder alone: 2 move."""
    after = kong_and_discard("exposed", (1,), call_transfer="on")
    assert rows(after) == [("kong", 0, 2, 2, "exposed"), ("win", 2, 1, 1, ""),
                           ("call_transfer", 2, 1, 2, "exposed")]


def test_after_several_kongs_only_the_last_kongs_income_moves():
    """OPT-SC-6.1 [ruling]: a concealed kong (2 from each) then an added kong (1 from each)
    before the discard: only the added kong's 3 move, the concealed kong's 6 stay."""
    after = kong_and_discard("chain", (1,), call_transfer="on")
    assert rows(after)[-2:] == [("win", 2, 1, 1, ""), ("call_transfer", 2, 1, 3, "added")]
    assert totals(after.payments, 4)[2] == 6 + 3 - 1 - 3


def test_several_winners_the_first_in_turn_order_from_the_discarder_takes_it_all():
    """OPT-SC-6.2 [ruling]: seats 1 and 3 win on seat 2's discard; seat 3 comes first in turn
    order from seat 2 and gets the whole 6; seat 1 only its win."""
    after = kong_and_discard("concealed", (1, 3), call_transfer="on")
    assert rows(after)[3:] == [("win", 2, 3, 1, ""), ("call_transfer", 2, 3, 6, "concealed"),
                               ("win", 2, 1, 1, "")]


def test_a_later_discard_moves_nothing():
    """OPT-SC-6.1, OPT-SC-7.2: only the discard made right after the replacement in the same
    turn counts: seat 2 kongs, throws the replacement 3s, and on its next turn draws 9m and
    throws it; seat 1 wins on it: no transfer and no 杠上炮."""
    state, _ = position({1: WAITER_1, 2: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m 4m 7m 8m",
                         3: WAITER_3}, turn=2, drawn="8m", wall="3p 4p 4p 9m 3s", wall_extra=0)
    state = with_options(state, call_transfer="on", extra_fans=["gang_shang_pao"])
    state = G.apply(state, 2, next(a for a in G.legal_actions(state, 2)
                                   if a["type"] == "concealed_kong"))
    state = act(G, state, 2, type="discard", card=state.drawn)  # the replacement 3s
    for seat in (3, 0, 1):  # each draws a tile of its missing suit and must throw it
        state = act(G, state, seat, type="discard", card=state.drawn)
    assert state.turn == 2 and state.drawn >> 2 == tile_of(state, 1, "9m") >> 2
    state = act(G, state, 2, type="discard", card=state.drawn)
    state = act(G, state, 3, type="pass")
    after = act(G, state, 1, type="win")
    assert "call_transfer" not in [r[0] for r in rows(after)]
    assert "kong_discard" not in dict(after.wins[0].patterns)


def test_a_robbed_added_kong_moves_nothing():
    """OPT-SC-6.3: a kong's player whose added kong is robbed after a replacement earned
    nothing for it and made no discard: no transfer line."""
    state, _ = position({1: "5s 6s 1m 2m 3m 4m 4m 4m 7m 8m 9m 1s 1s",
                         2: "5m 5m 5m 5m 1s 2s 3s 7s 8s 9s 2m"},
                        melds={2: [("pung", "7s", 1)]}, turn=2, drawn="2m",
                        wall="3p 4p 3s", wall_extra=0)
    state = with_options(state, call_transfer="on")
    state = G.apply(state, 2, next(a for a in G.legal_actions(state, 2)
                                   if a["type"] == "concealed_kong"))
    state = act(G, state, 2, type="added_kong", card=tile_of(state, 2, "7s"))
    assert state.phase == "claim" and state.window.kind == "rob"
    after = act(G, state, 1, type="win")
    assert [r[0] for r in rows(after)] == ["kong"] * 3 + ["robbing_kong"]


def refund_position(**options):
    """Seat 2 holds an exposed kong of 4m made on seat 0's discard (2 collected), declares a
    concealed kong of 5m (2 from each), draws the wall's last tile 9m as the replacement and
    discards it; seat 3 wins on it, seat 1 passes; the wall is exhausted with seat 2 not
    ready."""
    state, _ = position({1: WAITER_1, 2: "5m 5m 5m 5m 1s 2s 3s 7s 8s 2m 9m", 3: WAITER_3},
                        melds={2: [("kong", "4m", 0)]}, turn=2, drawn="2m", wall="9m",
                        wall_extra=0)
    state = replace(state, payments=(Payment(0, 2, 2, "kong", "exposed"),))
    state = with_options(state, **options)
    state = G.apply(state, 2, next(a for a in G.legal_actions(state, 2)
                                   if a["type"] == "concealed_kong"))
    state = act(G, state, 2, type="discard", card=state.drawn)
    state = act(G, state, 3, type="win")
    state = act(G, state, 1, type="pass")
    assert state.phase == "over" and G.result(state)["exhausted"]
    return state


def test_transferred_income_is_never_refunded():
    """OPT-SC-6.3: at the exhausted wall (SC-10.1) seat 2, not ready, gives back only the
    exposed kong's 2; the concealed kong's 6 went to the winner and nobody refunds them. The
    deal still sums to zero (SC-10.5)."""
    after = refund_position(call_transfer="on")
    refunds = [r for r in rows(after) if r[0] == "refund"]
    assert refunds == [("refund", 2, 0, 2, "exposed")]
    assert ("call_transfer", 2, 3, 6, "concealed") in rows(after)
    assert sum(totals(after.payments, 4)) == 0


def test_without_transfer_both_kongs_are_refunded():
    """SC-10.1 unchanged when ``call_transfer`` is off: every kong's income goes back."""
    refunds = [r for r in rows(refund_position()) if r[0] == "refund"]
    assert refunds == [("refund", 2, 0, 2, "exposed"), ("refund", 2, 0, 2, "concealed"),
                       ("refund", 2, 1, 2, "concealed"), ("refund", 2, 3, 2, "concealed")]


def test_a_sampled_state_knows_what_was_transferred():
    """OPT-SC-6.3 and determinize: a state sampled from any seat's view re-reads the kong
    income and the transfer from the events, so it would refund exactly what the real one
    would."""
    after = kong_and_discard("chain", (3,), call_transfer="on")
    for seat in range(4):
        sampled = G.sample(G.view(after, seat), random.Random(seat))
        for s in range(4):
            assert kong_income(sampled.payments, s) == kong_income(after.payments, s)
    assert [p.amount for p in kong_income(after.payments, 2)] == [2, 2, 2]
