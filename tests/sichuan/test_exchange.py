"""Exchange three (换三张, shared/rules/options.md OPT-SC-1) on hand-made positions and whole deals:
the phase and its legal selections, the move of the twelve tiles in each direction, what each
seat may see of it, the declaration after it, and what a searching AI may know of it
(``determinize`` and the view sampler). OPT-SC-1.5 belongs to OPT-SC-7 and is tested there."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import get_game
from engine.core.errors import IllegalAction
from engine.core.playout import random_action
from engine.core.state import evolve
from engine.sichuan.exchange import selections

from .position import act, faces, position, tile_of, types

G = get_game("sichuan")
DIRECTION = {"counterclockwise": 1, "across": 2, "clockwise": 3}

HANDS = {
    0: "1m 1m 2m 5p 5p 5p 5p 7s 8s 9s 9s 9s 9s 3m",
    1: "1p 2p 3p 4p 6p 7p 8p 9p 1s 2s 3s 4s 4m",
    2: "2s 3s 4s 5s 6s 6s 6s 3p 3p 4m 5m 6m 7m",
    3: "4m 4m 5m 5m 6m 6m 7m 8m 8m 9m 9m 1s 2s",
}
"""The dealer (seat 0) holds 14 tiles; every hand has a suit of at least three tiles."""


def exchange_position(value: str = "counterclockwise", direction: int | None = None):
    """The exchange phase of a hand-made deal under ``exchange_three = value``: the state and
    its tile dealer (``direction``: the one the deal drew, for ``"random"``)."""
    d = DIRECTION.get(value, direction)
    state, tiles = position(HANDS, missing="????", phase="exchange")
    return evolve(state, options=G.options({"exchange_three": value}),
                  exchange_direction=d), tiles


def pick(state, seat: int, faces_: str) -> list[int]:
    """The listed selection of ``seat`` that passes ``faces_``."""
    want = sorted(faces_.split())
    for a in G.legal_actions(state, seat):
        if a["type"] == "exchange" and sorted(faces(a["cards"]).split()) == want:
            return a["cards"]
    raise AssertionError(f"no selection {faces_} for seat {seat}")


CHOSEN = {0: "9s 9s 9s", 1: "6p 7p 8p", 2: "4m 5m 6m", 3: "5m 6m 7m"}


def select_all(state, order=(0, 1, 2, 3)):
    """Every seat selects its ``CHOSEN`` faces, in ``order``."""
    for s in order:
        state = act(G, state, s, type="exchange", cards=pick(state, s, CHOSEN[s]))
    return state


def ids_in(node) -> set[int]:
    """Every tile id a view names (``{"id": ..., "face": ...}``)."""
    if isinstance(node, dict):
        own = {node["id"]} if "face" in node and isinstance(node.get("id"), int) else set()
        return own.union(*(ids_in(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(ids_in(v) for v in node))
    return set()


# ------------------------------------------------------------------ OPT-SC-1.1 the phase

def test_the_exchange_comes_after_the_deal_and_before_the_declaration():
    """OPT-SC-1.1: with the option on, a fresh deal is in the ``exchange`` phase, all four to
    act, with nothing but selections; once all four have selected, the declaration (SC-3.1).
    With ``"off"`` (the default) the deal goes straight to the declaration, as before."""
    for value in DIRECTION.keys() | {"random"}:
        state = G.new_deal(11, options={"exchange_three": value})
        assert state.phase == "exchange" and G.view(state, 0)["phase"] == "exchange"
        assert G.to_act(state) == [0, 1, 2, 3]
        for s in range(4):
            assert types(G.legal_actions(state, s)) == {"exchange"}
        for s in range(4):
            state = G.apply(state, s, G.legal_actions(state, s)[0])
        assert state.phase == "declare" and G.to_act(state) == [0, 1, 2, 3]
        assert types(G.legal_actions(state, 2)) == {"declare_missing"}
    off = G.new_deal(11)
    assert off.phase == "declare" and off.exchange_direction is None
    assert "exchange" not in G.view(off, 0)["players"][0]
    assert G.new_deal(11, options={"exchange_three": "off"}) == off


def test_each_combination_of_faces_is_listed_once_by_its_lowest_ids():
    """OPT-SC-1.1: three tiles of one suit; each distinct combination of faces once, named by
    the lowest ids of each face: 1m 1m 2m / 1m 2m 3m / 1m 1m 3m, 5p 5p 5p, and 7s 8s 9s, 7s 9s 9s,
    8s 9s 9s, 9s 9s 9s (no 2m 2m 2m: one 2m; no 7s 7s 9s: one 7s)."""
    state, _ = exchange_position()
    listed = G.legal_actions(state, 0)
    assert sorted(faces(a["cards"]) for a in listed) == sorted([
        "1m 1m 2m", "1m 1m 3m", "1m 2m 3m", "5p 5p 5p",
        "7s 8s 9s", "7s 9s 9s", "8s 9s 9s", "9s 9s 9s"])
    hand = state.hands[0]
    for a in listed:
        ids = a["cards"]
        assert ids == sorted(ids) and len(set(ids)) == 3 and set(ids) <= set(hand)
        for t in ids:  # the lowest ids of its face
            assert all(u >= t or u in ids for u in hand if u >> 2 == t >> 2)


def test_a_hand_always_has_a_selection():
    """OPT-SC-1.1: 13 or 14 tiles in three suits always hold a suit of three or more."""
    rng = random.Random(3)
    deck = list(range(108))
    for _ in range(300):
        rng.shuffle(deck)
        for size in (13, 14):
            assert selections(sorted(deck[:size]))


@pytest.mark.parametrize(("cards", "says"), [
    ("two", "three ids of tiles you hold, all of one suit"),
    ("mixed", "three ids of tiles you hold, all of one suit"),
    ("not_held", "three ids of tiles you hold, all of one suit"),
    ("twice", "three ids of tiles you hold, all of one suit"),
    ("higher_copy", "passes the same tiles"),
])
def test_a_selection_not_listed_is_refused_with_a_reason(cards, says):
    """OPT-SC-1.1: only a listed selection is taken; anything else is refused saying why (and,
    for a higher copy of a listed face, which listed action passes the same tiles)."""
    state, _ = exchange_position()
    hand = state.hands[0]
    nines = [t for t in hand if t >> 2 == 26]  # four 9s
    bad = {"two": nines[:2], "mixed": [hand[0], nines[0], nines[1]],
           "not_held": [tile_of(state, 1, "1p"), nines[0], nines[1]],
           "twice": [nines[0], nines[0], nines[1]], "higher_copy": nines[1:]}[cards]
    with pytest.raises(IllegalAction, match=says) as err:
        act(G, state, 0, type="exchange", cards=bad)
    assert err.value.code == "action/illegal"
    if cards == "higher_copy":
        assert str(nines[:3]) in str(err.value)
    assert G.to_act(state) == [0, 1, 2, 3]


def test_a_confirmed_selection_cannot_be_changed():
    """OPT-SC-1.1: once a seat has selected it is no longer to act: a second selection is
    refused, and nothing but the exchange is possible before all four have selected."""
    state, _ = exchange_position()
    state = act(G, state, 0, type="exchange", cards=pick(state, 0, "9s 9s 9s"))
    assert G.to_act(state) == [1, 2, 3] and G.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as err:
        act(G, state, 0, type="exchange", cards=pick(evolve(state, exchange_picks=(None,) * 4),
                                                     0, "5p 5p 5p"))
    assert err.value.code == "action/not_your_turn"
    with pytest.raises(IllegalAction, match="not possible now"):
        act(G, state, 1, type="declare_missing", suit="m")
    assert state.exchange_picks[0] == tuple(pick(exchange_position()[0], 0, "9s 9s 9s"))


def test_selections_are_secret_until_the_tiles_move():
    """OPT-SC-1.1: who has selected is public, what is secret: only the selecting seat sees
    its tiles (in its ``exchange`` status and its event); the hands do not change before all
    four have selected."""
    state, _ = exchange_position()
    chosen = pick(state, 0, "9s 9s 9s")
    state = act(G, state, 0, type="exchange", cards=chosen)
    state = act(G, state, 2, type="exchange", cards=pick(state, 2, "4m 5m 6m"))
    assert state.hands == exchange_position()[0].hands
    own = G.view(state, 0)
    assert own["players"][0]["exchange"] == {
        "selected": True, "cards": [{"id": t, "face": "9s"} for t in chosen]}
    assert own["events"][0] == {"type": "exchange_selected", "seat": 0,
                                "cards": own["players"][0]["exchange"]["cards"]}
    for viewer in (1, 3, None):
        view = G.view(state, viewer)
        assert [p["exchange"] for p in view["players"]] == [
            {"selected": True, "cards": None}, {"selected": False, "cards": None},
            {"selected": True, "cards": None}, {"selected": False, "cards": None}]
        assert view["events"] == [{"type": "exchange_selected", "seat": 0},
                                  {"type": "exchange_selected", "seat": 2}]


# ------------------------------------------------------------------ OPT-SC-1.2 the move

@pytest.mark.parametrize("value", sorted(DIRECTION))
def test_all_twelve_tiles_move_at_once_in_the_direction(value):
    """OPT-SC-1.2: seat s gives its three to seat (s + d) % 4: d = 1 counterclockwise (the
    next player), 3 clockwise (the previous one), 2 across; the hands stay sorted and keep
    their sizes (the dealer 14)."""
    d = DIRECTION[value]
    before, _ = exchange_position(value)
    chosen = {s: tuple(pick(before, s, f)) for s, f in CHOSEN.items()}
    state = select_all(before, order=(2, 0, 3, 1))  # any order: nothing moves before the last
    for s in range(4):
        giver = (s - d) % 4
        kept = [t for t in before.hands[s] if t not in chosen[s]]
        assert state.hands[s] == tuple(sorted(kept + list(chosen[giver])))
    assert [len(h) for h in state.hands] == [14, 13, 13, 13]
    assert state.events[-1] == ("exchanged", None, None, d)


def test_counterclockwise_passes_to_the_next_player():
    """OPT-SC-1.2 on faces: counter-clockwise, the dealer's 9s 9s 9s go to seat 1, seat 3's
    5m 6m 7m to the dealer."""
    state = select_all(exchange_position("counterclockwise")[0])
    assert faces(state.hands[1]) == "4m 1p 2p 3p 4p 9p 1s 2s 3s 4s 9s 9s 9s"
    assert faces(state.hands[0]) == "1m 1m 2m 3m 5m 6m 7m 5p 5p 5p 5p 7s 8s 9s"


def test_a_random_direction_is_drawn_per_deal_after_the_shuffle():
    """OPT-SC-1.2, OPT-0.3: ``"random"`` draws one of the three directions per deal, each about
    a third of the time, from the deal's seed after the shuffle: the same seed deals the same
    hands as without the option, and draws the same direction again."""
    seen = Counter()
    for seed in range(600):
        state = G.new_deal(seed, options={"exchange_three": "random"})
        assert state.hands == G.new_deal(seed).hands
        assert G.new_deal(seed, options={"exchange_three": "random"}) == state
        seen[state.exchange_direction] += 1
    assert set(seen) == {1, 2, 3}
    assert all(160 <= n <= 240 for n in seen.values()), seen


# ------------------------------------------------------------------ OPT-SC-1.3 who sees what

def _everything(state) -> str:
    """Every view, the replay's open view and every hint, as one JSON text."""
    out = [G.view(state, s) for s in (0, 1, 2, 3, None)] + [G.open_view(state)]
    out += [G.hints(state, s) for s in range(4)]
    return json.dumps(out, sort_keys=True)


def test_a_random_direction_shows_nowhere_before_the_tiles_move():
    """OPT-SC-1.3: before the move, no view, open view or hint depends on the direction the
    deal drew: states that differ only in it show exactly the same."""
    state, _ = exchange_position("random", direction=1)
    for step in range(4):
        others = [evolve(state, exchange_direction=d) for d in (2, 3)]
        assert all(_everything(o) == _everything(state) for o in others), step
        state = G.apply(state, step, G.legal_actions(state, step)[0])
    assert state.phase == "declare"
    assert '"direction": "counterclockwise"' in _everything(state)  # public now


def test_the_direction_is_public_and_each_sees_only_its_own_tiles():
    """OPT-SC-1.3: once the tiles move, the ``exchanged`` event says the direction to all;
    a seat's own view adds the three it gave and the three it received; no other seat (but
    the one now holding them) and no spectator sees them; the replay's open view shows all."""
    before, _ = exchange_position("random", direction=2)  # across: 0 <-> 2, 1 <-> 3
    state = select_all(before)
    gave = {s: list(state.exchange_picks[s]) for s in range(4)}

    def cards(ids):
        return [G.card_json(t) for t in ids]

    for s in range(4):
        event = G.view(state, s)["events"][-1]
        assert event == {"type": "exchanged", "seat": None, "direction": "across",
                         "gave": cards(gave[s]), "received": cards(gave[(s + 2) % 4])}
    assert G.view(state, None)["events"][-1] == {"type": "exchanged", "seat": None,
                                                 "direction": "across"}
    for s, viewer in ((0, 1), (0, 3), (1, 0), (1, 2), (0, None), (3, None)):
        assert not ids_in(G.view(state, viewer)) & set(gave[s]), (s, viewer)
    assert set(gave[0]) <= ids_in(G.view(state, 2))  # in the hand that holds them now
    assert G.open_view(state)["events"][-1]["given"] == [cards(gave[s]) for s in range(4)]


def test_the_deal_event_still_shows_the_dealt_hand():
    """The deal event keeps each seat's hand as dealt, before the exchange."""
    state = G.new_deal(4, options={"exchange_three": "across"})
    dealt = G.view(state, 1)["events"][0]["hand"]
    for s in range(4):
        state = G.apply(state, s, G.legal_actions(state, s)[-1])
    assert G.view(state, 1)["events"][0]["hand"] == dealt
    assert [c["id"] for c in dealt] != list(state.hands[1])


# ------------------------------------------------------------------ OPT-SC-1.4 then the declaration

def test_the_declaration_is_made_on_the_hand_after_the_exchange():
    """OPT-SC-1.4: a seat may receive tiles of the suit it then declares missing, and must
    discard them first (SC-3.2). Counter-clockwise, seat 1 receives the dealer's 9s 9s 9s,
    declares bamboo (s) missing, and may then discard nothing but its bamboo."""
    state = select_all(exchange_position("counterclockwise")[0])
    for s, suit in ((0, "s"), (1, "s"), (2, "p"), (3, "p")):
        state = act(G, state, s, type="declare_missing", suit=suit)
    assert state.phase == "play"
    state = act(G, state, 0, type="discard", card=tile_of(state, 0, "7s"))
    while state.phase == "claim":
        state = act(G, state, G.to_act(state)[0], type="pass")
    assert state.turn == 1 and state.phase == "play"
    legal = {faces([a["card"]]) for a in G.legal_actions(state, 1)}
    assert all(f.endswith("s") for f in legal) and {"1s", "4s", "9s"} <= legal


HEAVENLY_AFTER = {
    0: "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 8m 1p 5p 9p",
    1: HANDS[1], 2: HANDS[2], 3: "3m 4m 5m 5m 6m 6m 7m 8m 8m 9m 9m 1s 2s",
}
"""The dealer's dealt 14 do not win; across, it passes 1p 5p 9p and receives 2s 3s 4s."""


def test_a_heavenly_hand_is_the_hand_after_the_exchange():
    """OPT-SC-1.5 (with OPT-SC-7.3): "dealt hand" means the hand after the exchange. The
    dealer's dealt 14 tiles do not win; the three it receives across complete them, and its
    first-turn win is 天胡 (32 from each opponent, no self-draw bonus)."""
    state, _ = position(HEAVENLY_AFTER, missing="????", phase="exchange")
    state = evolve(state, options=G.options({"exchange_three": "across",
                                              "extra_fans": ["tian_di_hu"]}),
                   exchange_direction=2)
    assert not G._can_self_win(state, 0)
    chosen = {0: "1p 5p 9p", 1: "6p 7p 8p", 2: "2s 3s 4s", 3: "5m 6m 7m"}
    for s in range(4):
        state = act(G, state, s, type="exchange", cards=pick(state, s, chosen[s]))
    assert faces(state.hands[0]) == "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 8m 2s 3s 4s"
    for s, suit in ((0, "p"), (1, "s"), (2, "p"), (3, "s")):
        state = act(G, state, s, type="declare_missing", suit=suit)
    assert state.phase == "play" and state.turn == 0
    after = act(G, state, 0, type="win")
    w = after.wins[0]
    assert dict(w.patterns) == {"heavenly_hand": 1} and w.points == 32
    paid = {p.payer: p.amount for p in after.payments if p.payee == 0}
    assert paid == {1: 32, 2: 32, 3: 32}


# ------------------------------------------------------------------ what a search may know

def test_determinize_keeps_the_passed_tiles_in_the_receivers_hand():
    """OPT-SC-1.3: a seat knows where its three went: re-dealt for it, they stay in the
    receiver's hand; the others' selections are not known to it (``()``)."""
    state = select_all(exchange_position("clockwise")[0])  # seat 0 gives to seat 3
    mine = set(state.exchange_picks[0])
    for k in range(30):
        det = G.determinize(state, 0, random.Random(k))
        assert mine <= set(det.hands[3])
        assert det.exchange_picks[0] == state.exchange_picks[0]
        assert det.exchange_picks[1] == state.exchange_picks[1]  # what seat 0 received
        assert det.exchange_picks[2] == det.exchange_picks[3] == ()
        assert G.view(det, 0) == G.view(state, 0)
    # once one shows up in play (discarded), it is no longer in the hand
    for s, suit in ((0, "m"), (1, "m"), (2, "m"), (3, "p")):
        state = act(G, state, s, type="declare_missing", suit=suit)
    state = evolve(state, turn=3)
    nine = next(t for t in state.hands[3] if t in mine)
    state = G.apply(state, 3, {"type": "discard", "card": nine})
    det = G.determinize(state, 0, random.Random(0))
    assert mine - {nine} <= set(det.hands[3]) and nine in det.discards[3]


def test_determinize_hides_others_selections_and_a_random_direction():
    """OPT-SC-1.1: before the move, a re-deal for seat 1 draws the others' selections from
    their new hands and a ``"random"`` direction anew; seat 1's own stays as it is."""
    state, _ = exchange_position("random", direction=1)
    state = act(G, state, 0, type="exchange", cards=pick(state, 0, "9s 9s 9s"))
    state = act(G, state, 1, type="exchange", cards=pick(state, 1, "6p 7p 8p"))
    directions, zero = set(), set()
    for k in range(40):
        det = G.determinize(state, 1, random.Random(k))
        assert det.exchange_picks[1] == state.exchange_picks[1]
        assert det.exchange_picks[2] is None and det.exchange_picks[3] is None
        assert set(det.exchange_picks[0]) <= set(det.hands[0])
        assert det.exchange_picks[0] in selections(det.hands[0])
        directions.add(det.exchange_direction)
        zero.add(det.exchange_picks[0])
        assert G.view(det, 1) == G.view(state, 1)
    assert directions == {1, 2, 3} and len(zero) > 5


@pytest.mark.parametrize("value", ["random", "across"])
def test_the_sampler_rebuilds_the_exchange_from_a_view(value):
    """OPT-SC-1.3: a state sampled from a seat's view shows that view, offers the same legal
    actions and holds every tile once; after the move the tiles the seat passed are in its
    receiver's hand while they are not shown elsewhere; before it nobody's selection but the
    seat's own is known. At every decision of whole deals."""
    checked = pinned = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = G.new_deal(seed, options={"exchange_three": value})
        while seats := G.to_act(state):
            seat = rng.choice(seats)
            view = G.view(state, seat)
            got = G.sample(view, random.Random(checked))
            again = G.view(got, seat)
            assert again.pop("seed_hash") and view.pop("seed_hash")
            assert again == view, (seed, checked)
            assert G.legal_actions(got, seat) == G.legal_actions(state, seat)
            zones = sorted(t for z in G.zones(got).values() for t in z)
            assert zones == list(range(108))
            if state.phase != "exchange":
                d = state.exchange_direction
                hand = set(state.hands[(seat + d) % 4])
                still = [t for t in state.exchange_picks[seat] if t in hand]
                assert set(still) <= set(got.hands[(seat + d) % 4])
                pinned += len(still)
            G.apply(got, seat, rng.choice(G.legal_actions(got, seat)))
            state = G.apply(state, seat, random_action(G, state, seat, rng))
            checked += 1
    assert checked > 100 and pinned > 100
