"""Protocol properties every registered game must keep, checked under random legal play.

Each test plays whole deals with random legal actions (uniform, eager or hoarding, by seed;
``random.Random(seed)``), for every game in ``engine.GAMES`` and ``PAIJU_PROPERTY_SEEDS`` seeds
(default 30). They pin the
contract the server, the AI and replays rely on (docs: ARCHITECTURE.md, "The engine protocol"):
deals end, settle to zero, never lose or duplicate a card, replay exactly, never mutate a state,
never show a hidden card, and refuse bad actions without changing anything.
A failure names the game and seed; ``paiju selfplay --game G --seed S`` replays the same deal.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine import GAMES, IllegalAction
from engine.core.options import Variant
from engine.core.playout import (
    Policy,
    eager_action,
    hoarding_action,
    random_action,
    random_playout,
)
from engine.core.protocol import Action, Game

SEEDS = range(int(os.environ.get("PAIJU_PROPERTY_SEEDS", "30")))
VARIANTS = {  # house rules (rules/options.md): every property holds under them too
    "mcr": [{"flowers": False, "prevailing_wind": "random", "min_points": 1},
            {"min_points": 24, "prevailing_wind": "rotate"}],
    "paohuzi": [{"min_huxi": 10, "self_draw_bonus": "double", "payment_cap": 3},
                {"min_huxi": 10, "self_draw_bonus": "tun", "pao": "mandatory",
                 "mingtang": "red_black", "xing": "follow"},
                {"mingtang": "full", "xing": "turn"}],
    "sichuan": [{"fan_cap": None, "self_draw_bonus": "fan", "dian_gang_hua": "discard"},
                {"fan_cap": 2, "self_draw_bonus": "none"},
                {"call_transfer": "on", "fan_cap": None,
                 "extra_fans": ["menqing_zhongzhang", "tian_di_hu", "gang_shang_pao"]},
                {"call_transfer": "on", "extra_fans": ["gang_shang_pao"], "fan_cap": 3,
                 "self_draw_bonus": "fan", "dian_gang_hua": "discard"},
                {"exchange_three": "random"},
                {"exchange_three": "across", "fan_cap": 3, "call_transfer": "on",
                 "extra_fans": ["tian_di_hu", "gang_shang_pao"]},
                {"blood_mode": "river"},
                {"blood_mode": "river", "fan_cap": None, "dian_gang_hua": "discard",
                 "call_transfer": "on", "extra_fans": ["tian_di_hu", "gang_shang_pao"]},
                {"blood_mode": "river", "exchange_three": "random",
                 "extra_fans": ["tian_di_hu"]}],
}
VARIANT_SEEDS = range(max(1, len(SEEDS) // 3))
CASES = [pytest.param(GAMES[name], seed, id=f"{name}-{seed}") for name in GAMES for seed in SEEDS]
CASES += [pytest.param(Variant(GAMES[name], options), seed,
                       id=f"{name}{json.dumps(options, separators=(',', ':'))}-{seed}")
          for name, variants in VARIANTS.items() for options in variants for seed in VARIANT_SEEDS]
SAMPLE_EVERY = 5
"""Costlier checks (determinize, illegal actions) run on every 5th step, the first and the last."""

Step = tuple[Any, int, Action, Any]


def policy(seed: int) -> Policy:
    """Uniform play, play that takes every win and meld it can, and play that hoards copies
    and declares concealed kongs, in turn by seed: the rarer states (kongs, robbing, several
    winners, face-down kongs) are checked too."""
    return (random_action, eager_action, hoarding_action)[seed % 3]


def play(game: Game, seed: int) -> tuple[list[Step], Any]:
    """The steps ``(before, seat, action, after)`` of one random legal deal, and its final state."""
    steps: list[Step] = []
    final, _ = random_playout(
        game, seed, random.Random(seed), on_step=lambda b, s, a, af: steps.append((b, s, a, af)),
        policy=policy(seed),
    )
    return steps, final


def states(game: Game, seed: int) -> Iterator[tuple[int, Any]]:
    """Every state of one deal, numbered from 0 (the fresh deal) to the final state."""
    steps, final = play(game, seed)
    for i, (before, *_rest) in enumerate(steps):
        yield i, before
    yield len(steps), final


def sampled(game: Game, seed: int) -> Iterator[tuple[int, Any]]:
    """The first, the last and every ``SAMPLE_EVERY``-th state of one deal."""
    steps, final = play(game, seed)
    for i, (before, *_rest) in enumerate(steps):
        if i % SAMPLE_EVERY == 0:
            yield i, before
    yield len(steps), final


def deck(game: Game, state: Any) -> list[int]:
    return sorted(card for ids in game.zones(state).values() for card in ids)


def is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def test_some_game_is_registered() -> None:
    """Guards against every test below passing vacuously on an empty registry."""
    assert GAMES


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_every_deal_ends(game: Game, seed: int) -> None:
    """(a) Random legal play reaches the end: nobody to act, a result. Along the way the result is
    None and a seat has legal actions exactly when it is to act. Odd seeds name the dealer."""
    dealer = None if seed % 2 == 0 else seed % game.players

    def check(before: Any, seat: int, action: Action, after: Any) -> None:
        assert game.result(before) is None
        to_act = game.to_act(before)
        for s in range(game.players):
            assert bool(game.legal_actions(before, s)) == (s in to_act), f"seat {s}, to_act {to_act}"

    final, steps = random_playout(game, seed, random.Random(seed), dealer=dealer, on_step=check,
                                  policy=policy(seed))
    assert steps > 0
    assert game.to_act(final) == []
    assert game.result(final) is not None
    assert all(game.legal_actions(final, s) == [] for s in range(game.players))


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_settlement_sums_to_zero(game: Game, seed: int) -> None:
    """(b) The final per-seat deltas are ints, one per seat, summing to zero; the result is JSON;
    its wins (``Game.wins``) are the deal's logged wins."""
    _, final = play(game, seed)
    result = game.result(final)
    assert result is not None
    deltas = result["deltas"]
    assert len(deltas) == game.players
    assert all(is_int(d) for d in deltas), deltas
    assert sum(deltas) == 0, deltas
    json.dumps(result)
    # the wins as every game states them (Game.wins): the log's win events, seat by seat
    wins = game.wins(json.loads(json.dumps(result)))  # read from the JSON alone, as stored
    logged = [e for e in game.open_view(final)["events"] if e["type"] == "win"]
    assert sorted(w.seat for w in wins) == sorted(e["seat"] for e in logged), (wins, logged)
    for w in wins:
        assert 0 <= w.seat < game.players and is_int(w.value) and w.value >= 0, w
        assert w.source is None or 0 <= w.source < game.players, w
        assert w.hand is None or isinstance(w.hand, str), w


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_zones_hold_the_whole_deck(game: Game, seed: int) -> None:
    """(c) At every step the zones hold ids 0..N-1 each exactly once, N fixed for the deal."""
    size: int | None = None
    for i, state in states(game, seed):
        ids = deck(game, state)
        size = len(ids) if size is None else size
        assert ids == list(range(size)), f"step {i}: zones are not ids 0..{size - 1} once each"


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_replay_is_deterministic(game: Game, seed: int) -> None:
    """(d) The same seed and the same actions give equal states at every step and the same result.
    Actions are replayed after a JSON round trip, as the stored action log gives them back."""
    steps, final = play(game, seed)
    state = game.new_deal(seed)
    assert state == steps[0][0]
    for i, (_before, seat, action, after) in enumerate(steps):
        state = game.apply(state, seat, json.loads(json.dumps(action)))
        assert state == after, f"step {i}: seat {seat} {action} gave a different state on replay"
    assert game.result(state) == game.result(final)


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_apply_never_changes_its_input(game: Game, seed: int) -> None:
    """(e) ``apply`` leaves its input state equal to a deep copy taken before (nor do the read-only
    methods called along the way)."""
    rng = random.Random(seed)
    state = game.new_deal(seed)
    step = 0
    while seats := game.to_act(state):
        assert step < 10_000, "deal did not end"
        seat = rng.choice(seats)
        snapshot = copy.deepcopy(state)
        assert state == snapshot, "a state is not equal to its deep copy; == cannot audit it"
        action = policy(seed)(game, state, seat, rng)
        game.view(state, seat)
        after = game.apply(state, seat, action)
        assert state == snapshot, f"step {step}: seat {seat} {action} changed the input state"
        state, step = after, step + 1


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_determinize_keeps_every_view(game: Game, seed: int) -> None:
    """(f) A seat cannot tell a determinized state from the real one: its view is the same; the
    re-deal keeps the whole deck; the input state is untouched."""
    for i, state in sampled(game, seed):
        snapshot = copy.deepcopy(state)
        for s in range(game.players):
            det = game.determinize(state, s, random.Random(1000 * seed + i))
            assert game.view(det, s) == game.view(state, s), f"step {i}, seat {s}"
            assert deck(game, det) == deck(game, state), f"step {i}, seat {s}"
        assert state == snapshot, f"step {i}: determinize changed its input"


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_determinize_keeps_own_options(game: Game, seed: int) -> None:
    """(f') In a determinized state the seat has the same legal actions: a seat's options follow
    from what it sees, or a policy playing from its view could not know them."""
    for i, state in sampled(game, seed):
        for s in range(game.players):
            det = game.determinize(state, s, random.Random(1000 * seed + i))
            assert (s in game.to_act(det)) == (s in game.to_act(state)), f"step {i}, seat {s}"
            assert game.legal_actions(det, s) == game.legal_actions(state, s), f"step {i}, seat {s}"


@pytest.mark.parametrize(("game", "seed"), CASES[::3])
def test_hints_never_leak(game: Game, seed: int) -> None:
    """(f'') A seat's hints follow from what it sees: they are the same on a determinized state,
    so the hints endpoint cannot reveal a hidden card (at every step; every third case, as hints are slower)."""
    for i, state in states(game, seed):
        for s in range(game.players):
            det = game.determinize(state, s, random.Random(1000 * seed + i))
            hints = game.hints(state, s)
            assert game.hints(det, s) == hints, f"step {i}, seat {s}"
            assert_unseen_from_view(hints, game.view(state, s), f"step {i}, seat {s}")


def visible_faces(view: object) -> Counter[str]:
    """The faces of the distinct cards a view shows (its hand, discards, exposed melds...)."""
    cards: dict[int, str] = {}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if is_int(node.get("id")) and isinstance(node.get("face"), str):
                cards[node["id"]] = node["face"]
            for value in node.values():
                walk(value)
        elif isinstance(node, (list, tuple)):
            for item in node:
                walk(item)

    walk(view)
    return Counter(cards.values())


def assert_unseen_from_view(hints: dict[str, Any], view: dict[str, Any], where: str) -> None:
    """Every unseen count in the hints (waits, improving faces) is four copies less those the
    seat's view shows: the hints need nothing the seat cannot see."""
    if not hints["available"]:
        return
    seen = visible_faces(view)
    rows = [hints["hand"], *hints["discards"]]
    for entry in (e for r in rows for key in ("waits", "improving") for e in r[key]):
        assert entry["unseen"] == 4 - seen[entry["face"]], (where, entry)


def card_ids_in(node: object) -> Iterator[int]:
    """Every int a view gives as a card id: under keys ``id``/``card``, or in ``cards``/``ids``."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("id", "card") and is_int(value):
                yield value
            elif key in ("cards", "ids") and isinstance(value, (list, tuple)):
                yield from (v for v in value if is_int(v))
            yield from card_ids_in(value)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from card_ids_in(item)


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_views_never_show_a_hidden_card(game: Game, seed: int) -> None:
    """(g) No view, a seat's or the spectator's, names a card id hidden from that viewer. The
    deal event (the event log is scanned with the rest) names no card but the viewer's own
    dealt hand, and says the same at every step: the spectator's names none, ever."""
    deals: dict[int | None, Any] = {}
    for i, state in states(game, seed):
        for s in [*range(game.players), None]:
            hidden = game.hidden_cards(state, s)
            if i == 0:
                assert hidden, f"seat {s}: nothing hidden in a fresh deal; the check would be vacuous"
            view = game.view(state, s)
            json.dumps(view)
            leaked = sorted(set(card_ids_in(view)) & hidden)
            assert not leaked, f"step {i}: the view of seat {s} shows hidden cards {leaked}"
            deal = view["events"][0]
            assert deals.setdefault(s, deal) == deal, f"step {i}: seat {s}'s deal event changed"
            assert ("hand" in deal) == (s is not None), (i, s, deal)


def face_down(state: Any, viewer: int | None) -> list[tuple[int, int, tuple[int, ...]]]:
    """The concealed kongs another seat made, as (seat, index in its melds, tiles)."""
    return [(s, i, m.tiles) for s, melds in enumerate(getattr(state, "melds", ()))
            if s != viewer for i, m in enumerate(melds) if m.concealed]


KONG_GAMES = [name for name in GAMES if isinstance(getattr(GAMES[name].new_deal(0), "melds", None),
                                                   tuple)]


@pytest.mark.parametrize("name", KONG_GAMES)
def test_concealed_kongs_lie_face_down(name: str) -> None:
    """MCR-3.3, SC-4.3, NT-4.1: another seat's concealed kong lies face down until the deal
    ends. In no view of another seat or a spectator, and in no event, hint or determinized
    state: the meld shows no cards, its event no card, its ids are hidden cards; a seat's
    determinized states give the kong other faces (so no view, event or hint that is the same
    on them can tell its face) and keep the seat's view and hints. Over the hoarding deals,
    which declare every concealed kong they can (30 of them, whatever
    ``PAIJU_PROPERTY_SEEDS`` says: at least one kong must show, or the check would be vacuous). Once the deal is over it is turned
    up in every view."""
    game = GAMES[name]
    kongs = redealt = turned = 0
    for seed in range(30):
        seen: list[Any] = []
        final, _ = random_playout(game, seed, random.Random(seed), policy=hoarding_action,
                                  on_step=lambda before, *_, into=seen: into.append(before))
        for i, state in enumerate([*seen, final]):
            over = game.result(state) is not None
            for viewer in [*range(game.players), None]:
                down = face_down(state, viewer)
                if over:  # the deal is over: every kong is turned up
                    melds = [p["melds"] for p in game.view(state, viewer)["players"]]
                    assert all(melds[s][k]["cards"] for s, k, _ in down), (seed, viewer)
                    turned += len(down)
                    continue
                if not down:
                    continue
                kongs += 1
                view = game.view(state, viewer)
                hidden = game.hidden_cards(state, viewer)
                for s, k, tiles in down:
                    assert view["players"][s]["melds"][k]["cards"] is None, (seed, i, viewer)
                    assert set(tiles) <= hidden, (seed, i, viewer)
                for e in view["events"]:
                    if e["type"] == "concealed_kong" and e["seat"] != viewer:
                        assert "card" not in e, (seed, i, viewer, e)
                if viewer is None:
                    continue
                det = game.determinize(state, viewer, random.Random(i))
                assert game.view(det, viewer) == view, (seed, i, viewer)
                assert game.hints(det, viewer) == game.hints(state, viewer), (seed, i, viewer)
                redealt += any(det.melds[s][k].tiles != tiles for s, k, tiles in down)
    assert kongs, f"no face-down kong in {name}'s hoarding deals; the check would be vacuous"
    assert redealt, "determinize never gave a face-down kong another face"
    assert turned, "no deal ended with a concealed kong: its turning up is unchecked"


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_views_from_an_event_index_differ_only_in_the_events(game: Game, seed: int) -> None:
    """``view(state, seat, events_from=k)`` is the whole view with the event log cut to its
    events from index k on (what a WebSocket update sends): nothing else in the view may be
    read from the log."""
    rng = random.Random(seed)
    for i, state in sampled(game, seed):
        for s in [*range(game.players), None]:
            whole = game.view(state, s)
            n = len(whole["events"])
            for k in {0, n, rng.randint(0, n), max(0, n - 1)}:
                part = game.view(state, s, events_from=k)
                assert part["events"] == whole["events"][k:], (i, s, k)
                assert {**part, "events": None} == {**whole, "events": None}, (i, s, k)


VIEW_KEYS = {"game", "seat", "phase", "dealer", "turn", "wall_remaining", "seed_hash", "players",
             "to_act", "claim", "events", "result"}
PLAYER_KEYS = {"seat", "hand", "hand_count", "melds", "discards", "score"}
MELD_KEYS = {"type", "cards", "from"}
CLAIM_KEYS = {"kind", "from", "card"}
"""What every game's view names alike (docs/views.md); a game adds its own keys besides."""


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_views_speak_one_vocabulary(game: Game, seed: int) -> None:
    """docs/views.md: every view, a seat's or the spectator's, has the common keys, its melds
    the common meld keys, and while a card is on offer one ``claim``: ``kind``, ``from`` and
    ``card`` for everybody, ``options`` and ``answer`` besides only for a seat the claim asks
    (its options are its legal actions while it has not answered)."""
    offers = asked = 0
    for i, state in sampled(game, seed):
        for s in [*range(game.players), None]:
            view = game.view(state, s)
            where = (i, s)
            assert VIEW_KEYS <= view.keys(), (where, VIEW_KEYS - view.keys())
            assert is_int(view["wall_remaining"]), where
            for p in view["players"]:
                assert PLAYER_KEYS <= p.keys(), (where, PLAYER_KEYS - p.keys())
                for m in p["melds"]:
                    assert MELD_KEYS <= m.keys(), (where, m)
            for e in view["events"]:
                assert {"type", "seat"} <= e.keys(), (where, e)
            claim = view["claim"]
            assert (claim is not None) == (view["phase"] == "claim"), where
            if claim is None:
                continue
            offers += 1
            if s is not None and s in game.to_act(state):
                assert claim.keys() == CLAIM_KEYS | {"options", "answer"}, (where, claim)
                assert claim["options"] == game.legal_actions(state, s), where
                assert claim["answer"] is None, where
                asked += 1
            elif "options" in claim:  # asked, and answered already
                assert s is not None and claim.keys() == CLAIM_KEYS | {"options", "answer"}, where
                assert claim["answer"] in claim["options"], where
            else:
                assert claim.keys() == CLAIM_KEYS, (where, claim)
    assert asked or not offers, "claims were open but no seat was asked: the check is vacuous"


def refuse(game: Game, state: Any, seat: int, action: Any, why: str) -> None:
    """``action`` by ``seat`` must raise IllegalAction and leave ``state`` as it was."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, action)
        pytest.fail(f"accepted {why}: seat {seat} {action!r}")
    assert state == snapshot, f"refusing {why} changed the state"


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_illegal_actions_are_refused(game: Game, seed: int) -> None:
    """(h) A seat out of turn, an unknown action type, and a card the seat cannot hold are refused
    with IllegalAction, and the state is unchanged."""
    rng = random.Random(-seed - 1)
    for i, state in sampled(game, seed):
        to_act = game.to_act(state)
        if not to_act:
            continue
        actor = rng.choice(to_act)
        legal = game.legal_actions(state, actor)
        idle = [s for s in range(game.players) if s not in to_act]
        if idle:
            refuse(game, state, rng.choice(idle), rng.choice(legal), f"step {i}: out of turn")
        refuse(game, state, actor, {"type": "no_such_action"}, f"step {i}: unknown type")
        foreign = sorted(game.hidden_cards(state, actor))
        with_card = [a for a in legal if is_int(a.get("card"))]
        if foreign and with_card:
            bad = {**rng.choice(with_card), "card": rng.choice(foreign)}
            refuse(game, state, actor, bad, f"step {i}: a card the seat cannot hold")
        with_cards = [a for a in legal if isinstance(a.get("cards"), list) and a["cards"]]
        if foreign and with_cards:
            base = rng.choice(with_cards)
            bad = {**base, "cards": [rng.choice(foreign), *base["cards"][1:]]}
            refuse(game, state, actor, bad, f"step {i}: cards the seat cannot hold")


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_malformed_actions_are_refused(game: Game, seed: int) -> None:
    """Malformed input from the wire is an IllegalAction (a 4xx), never a crash (a 500): not a
    dict, no type, a card that is a string, a float (JSON ``57.0``), out of range or missing.
    A float that slipped in would be stored in the state and break later views."""
    rng = random.Random(-seed - 1)
    for i, state in sampled(game, seed):
        to_act = game.to_act(state)
        if not to_act:
            continue
        actor = rng.choice(to_act)
        action = rng.choice(game.legal_actions(state, actor))
        size = len(deck(game, state))
        bad: list[Any] = [None, [], "discard", {}, {"type": None}, {"card": action.get("card", 0)}]
        if "card" in action:
            bad += [
                {**action, "card": str(action["card"])},
                {**action, "card": float(action["card"])},
                {**action, "card": size},
                {**action, "card": -1},
                {k: v for k, v in action.items() if k != "card"},
            ]
        if isinstance(action.get("cards"), list):
            bad += [{**action, "cards": [float(c) for c in action["cards"]]}]
        for b in bad:
            refuse(game, state, actor, b, f"step {i}: a malformed action")


@pytest.mark.parametrize("game", [*GAMES.values(), *(Variant(GAMES[n], o) for n, vs in
                                                     VARIANTS.items() for o in vs)],
                         ids=[*GAMES, *(f"{n}{json.dumps(o, separators=(',', ':'))}"
                                        for n, vs in VARIANTS.items() for o in vs)])
def test_shuffle_depends_on_the_seed_alone(game: Game) -> None:
    """``new_deal(seed)`` equals ``new_deal(seed, dealer)`` for the dealer it drew, so a server can
    store the dealer it got and replay the deal either way; under options too (what an option
    draws after the dealer, OPT-0.3, is the same either way)."""
    for seed in range(20):
        state = game.new_deal(seed)
        dealer = game.view(state, None)["dealer"]
        assert game.new_deal(seed, dealer) == state


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_no_combination_of_allowed_values_is_refused(game: Game) -> None:
    """OPT-0.5: every combination of the values each option allows (an integer range by its
    ends and middle, a list option empty and full) resolves and deals, with the options kept."""
    import itertools

    def values(o: Any) -> list[Any]:
        if o.bounds is not None:
            return sorted({o.bounds[0], (o.bounds[0] + o.bounds[1]) // 2, o.bounds[1]})
        return [[], list(o.values)] if o.many else list(o.values)

    specs = game.option_specs
    for combo in itertools.product(*(values(o) for o in specs)):
        raw = dict(zip((o.key for o in specs), combo, strict=True))
        state = game.new_deal(7, options=raw)
        assert state.options == game.options(raw)
        assert game.view(state, 0)["options"] == game.options(raw).to_json()
