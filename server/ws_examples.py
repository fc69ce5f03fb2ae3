"""What ``openapi/ws-messages.json`` shows a bot author besides the message models: every game's
actions, each a JSON Schema with an example, and example messages of a real deal of each game.

The actions are a catalogue written here (``ACTIONS``), the same docs/bots/<game>.md gives, held
to the engine by a test (every legal action the engine lists matches its entry: type and
fields). The messages are made by the engine at generation time — a seeded deal, seen by seat 0 —
so they are always what the server sends.
"""

from __future__ import annotations

import random
from typing import Any

from engine import get_game

JSON = dict[str, Any]

FIELDS: dict[str, JSON] = {
    "card": {"type": "integer", "description": "A card id, as the view shows it"},
    "cards": {"type": "array", "items": {"type": "integer"}, "description": "Card ids"},
    "low": {"type": "string", "description": "The lowest face of the chow's run: 3m takes "
                                             "3m 4m 5m, whichever of them was discarded"},
    "suit": {"enum": ["m", "p", "s"], "description": "The suit given up"},
    "bi": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}},
           "description": "PH-4.6: the chis of hand cards that place every other copy of the "
                          "claimed card's face, each a list of card ids"},
}
"""An action's fields besides ``type``."""

_MAHJONG_TURN: dict[str, tuple[str, JSON]] = {
    "discard": ("Your turn: discard a tile you hold", {"type": "discard", "card": 107}),
    "win": ("A self-drawn win on your turn (the dealer's first: with no draw), or a win on the "
            "card of a claim or rob window", {"type": "win"}),
    "concealed_kong": ("Your turn: four alike in hand, laid face down; a replacement draw "
                       "follows", {"type": "concealed_kong", "cards": [40, 41, 42, 43]}),
    "added_kong": ("Your turn: the fourth tile of one of your exposed pungs (opponents may rob "
                   "it: a window of kind rob)", {"type": "added_kong", "card": 108}),
    "pung": ("A claim window: the discard with two alike from your hand; you discard next",
             {"type": "pung"}),
    "kong": ("A claim window: the discard with three alike from your hand; a replacement draw "
             "follows", {"type": "kong"}),
    "pass": ("Any claim or rob window: take nothing", {"type": "pass"}),
}

ACTIONS: dict[str, dict[str, tuple[str, JSON]]] = {
    "mcr": {
        **_MAHJONG_TURN,
        "chow": ("A claim window on the discard of the seat before yours: the run named by its "
                 "lowest face", {"type": "chow", "low": "3m"}),
    },
    "sichuan": {
        "exchange": ("Phase exchange (option exchange_three, OPT-SC-1.1): three tiles of one "
                     "suit you pass, each face named by its lowest ids in your hand as legal "
                     "lists them; secret, and final once sent",
                     {"type": "exchange", "cards": [72, 76, 80]}),
        "declare_missing": ("Phase declare: the suit you give up (SC-3.1)",
                            {"type": "declare_missing", "suit": "m"}),
        **_MAHJONG_TURN,
    },
    "nantong": {
        "opening_kong": ("Preparation: four alike dealt to you, exposed; one replacement",
                         {"type": "opening_kong", "cards": [68, 69, 70, 71]}),
        "opening_triplet": ("Preparation: three dealt cards of an indicator's face, exposed",
                            {"type": "opening_triplet", "cards": [104, 105, 106]}),
        "hezi": ("Preparation: the indicators' other two copies (both indicators alike), "
                 "exposed; two replacements", {"type": "hezi", "cards": [66, 67]}),
        "ready": ("Preparation, a non-dealer one card from winning: declare ready; the hand is "
                  "locked for the deal", {"type": "ready"}),
        "finish": ("Preparation: end yours", {"type": "finish"}),
        **_MAHJONG_TURN,
    },
    "paohuzi": {
        "discard": ("Your turn, when a discard is due: a loose card (never one of a kan)",
                    {"type": "discard", "card": 41}),
        "win": ("A reveal window; your turn after your own wei or ti made a winning hand; "
                "phase heavenly", {"type": "win"}),
        "pass": ("Any window; on your turn, decline the win your wei or ti offered",
                 {"type": "pass"}),
        "chi": ("A reveal (yours or the previous seat's) or the previous seat's discard: the "
                "hand cards completing the card, and the bi groups",
                {"type": "chi", "cards": [0, 4], "bi": [[10, 48, 49]]}),
        "peng": ("Another seat's reveal or discard, with a pair from your hand", {"type": "peng"}),
        "pao": ("The fourth card of your kan or wei from another seat, or a revealed fourth "
                "card of your peng", {"type": "pao"}),
    },
}
"""Each game's actions: what each is for and an example. ``legal`` lists them complete: a bot
sends one as it is."""

OPTIONAL: dict[str, dict[str, tuple[str, ...]]] = {
    "sichuan": {"win": ("card",)},
}
"""Fields an action has only under some house rules: Sichuan's Blood River first-turn win
names the tile for the win pile (OPT-SC-2.2)."""


def action_schemas(game: str) -> JSON:
    """The actions of ``game`` as JSON Schema: one object schema per action type."""
    schemas = []
    for kind, (description, example) in ACTIONS[game].items():
        fields = [k for k in example if k != "type"]
        optional = OPTIONAL.get(game, {}).get(kind, ())
        schemas.append({
            "title": f"{game} {kind}", "description": description, "type": "object",
            "properties": {"type": {"const": kind},
                           **{k: FIELDS[k] for k in (*fields, *optional)}},
            "required": ["type", *fields], "additionalProperties": False,
            "examples": [example]})
    return {"anyOf": schemas}


# ------------------------------------------------------------------ a real deal's messages

EXAMPLE_SEEDS = {"mcr": 3, "sichuan": 3, "paohuzi": 3, "nantong": 5}
"""Seeds of the example deals (any seed shows a deal; these show a claim window soon)."""
OPTION_EXAMPLES: list[tuple[str, JSON]] = [("sichuan", {"exchange_three": "random"}),
                                           ("sichuan", {"blood_mode": "river"})]
"""Deals played again under house rules whose phases the default deal never shows (Sichuan's
exchange of three, OPT-SC-1; a Blood River locked hand, OPT-SC-2): after every game's default
deal, in this order."""
RIVER = OPTION_EXAMPLES[1]
RIVER_SEED = 89
"""The Blood River deal's seed: its snapshot is the first time seat 0 must act with its hand
locked after a win (a win pile shown, few legal actions)."""


def example_deals() -> list[tuple[JSON, JSON]]:
    """The snapshot and update of every game's example deal (sorted by game), then of each
    ``OPTION_EXAMPLES`` deal."""
    return [deal_messages(game) for game in sorted(ACTIONS)] + [
        deal_messages(game, options) for game, options in OPTION_EXAMPLES]


def _match(game: str, version: int, view: JSON) -> JSON:
    """The ``match`` of a message, as the server wraps a seat's view (``Service.match_view``)."""
    players = get_game(game).players
    return {"match_id": f"example-{game}", "game": game, "version": version, "deal": 0,
            "seat": 0, "seats": [{"seat": 0, "kind": "human", "level": None}]
            + [{"seat": s, "kind": "ai", "level": "basic"} for s in range(1, players)],
            "scores": [0] * players, "seed_hash": view["seed_hash"],
            "options": view["options"], "state": view}


def deal_messages(game: str, options: JSON | None = None) -> tuple[JSON, JSON]:
    """A snapshot and an update of a seeded deal of ``game`` (under ``options``) as seat 0 (the
    dealer) sees them: the snapshot when seat 0 first must act (under Blood River: first must
    act with its hand locked), the update once seat 0 has acted and is asked again (or the deal
    is over). Every seat takes a claim, a win or a declaration when it has one."""
    g = get_game(game)
    river = (options or {}).get("blood_mode") == "river"
    state = g.new_deal(RIVER_SEED if river else EXAMPLE_SEEDS[game], dealer=0, options=options)
    rng = random.Random(0)
    version = 0

    def waiting() -> bool:
        if 0 not in g.to_act(state):
            return True
        return river and not g.view(state, 0)["players"][0].get("locked")

    while waiting():
        seat = g.to_act(state)[0]
        state = g.apply(state, seat, _pick(g.legal_actions(state, seat), rng))
        version += 1
    view = g.view(state, 0)
    snapshot = {"type": "snapshot", "match": _match(game, version, view),
                "legal": g.legal_actions(state, 0)}
    sent = len(view["events"])
    state = g.apply(state, 0, _pick(g.legal_actions(state, 0), rng))
    version += 1
    while 0 not in g.to_act(state) and g.result(state) is None:
        seat = g.to_act(state)[0]
        state = g.apply(state, seat, _pick(g.legal_actions(state, seat), rng))
        version += 1
    view = g.view(state, 0, sent)
    events = view.pop("events")
    update = {"type": "update", "match": _match(game, version, view),
              "legal": g.legal_actions(state, 0), "events": events, "events_from": sent}
    return snapshot, update


def _pick(legal: list[JSON], rng: random.Random) -> JSON:
    """An example's move: a claim or a declaration when there is one, else a random action."""
    taken = [a for a in legal if a["type"] not in ("pass", "discard", "finish")]
    return taken[0] if taken else rng.choice(legal)


CLIENT_EXAMPLES: list[JSON] = [
    {"action": {"type": "discard", "card": 57}, "version": 12},
    {"action": {"type": "chow", "low": "3m"}, "version": 31},
    {"action": {"type": "chi", "cards": [12, 18], "bi": []}, "version": 7},
    {"type": "sync"},
]
ERROR_EXAMPLES: list[JSON] = [
    {"type": "error", "error": {"code": "action/stale_version",
                                "message": "the match is at version 13, not 12", "version": 13}},
    {"type": "error", "error": {"code": "action/illegal",
                                "message": "'chow' is not possible now; possible: discard"}},
    {"type": "error", "error": {"code": "ws/rate_limited",
                                "message": "too many messages; slow down"}},
]


__all__ = ["ACTIONS", "CLIENT_EXAMPLES", "ERROR_EXAMPLES", "OPTIONAL", "OPTION_EXAMPLES",
           "RIVER", "action_schemas", "deal_messages", "example_deals"]
