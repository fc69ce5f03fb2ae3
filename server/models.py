"""Wire models: what the API accepts and answers. Strict, closed to unknown fields.

A request model's JSON Schema (OpenAPI) says exactly what the server accepts — a registered game
with its own number of seats, seat kinds and levels, an action object with a string ``type`` —
bar what only the rules decide (whether an action is legal now). Numbers arrive through
``server.jsonin``, where ``2293.0`` is the integer JSON Schema says it is.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from engine import GAMES

from .params import MATCH_ID_PATTERN

MAX_SEED = 2**53 - 1
"""Seeds stay exact in every JSON client (a JavaScript number is exact up to 2^53)."""


class Wire(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class HumanSeat(Wire):
    kind: Literal["human"]
    level: None = Field(default=None, description="Human seats take no level")


class AiSeat(Wire):
    kind: Literal["ai"]
    level: Literal["random", "basic", "strong"] | None = Field(
        default=None, description="AI level (default basic; strong searches about a second "
                                  "a move)")


SeatSpec = Annotated[HumanSeat | AiSeat, Field(discriminator="kind")]


def _per_game(schema: dict[str, Any]) -> None:
    """OpenAPI: each game takes exactly its own number of seats and its own options, each
    with the values it allows (any other is a 422)."""
    schema["anyOf"] = [
        {"properties": {"game": {"enum": [game.name]},
                        "seats": {"minItems": game.players, "maxItems": game.players},
                        "options": {"properties": {o.key: o.schema()
                                                   for o in game.option_specs},
                                    "additionalProperties": False}}}
        for game in sorted(GAMES.values(), key=lambda g: g.name)]


def _options_doc() -> str:
    """``CreateMatch.options``'s description: each game's options, from its specs."""
    games = []
    for game in sorted(GAMES.values(), key=lambda g: g.name):
        specs = "; ".join(f"`{o.key}` ({o.rule}): {o.allowed()}, default "
                          f"{json.dumps(o.to_json()['default'])}" for o in game.option_specs)
        games.append(f"{game.name}: {specs or 'none'}")
    return ("House-rule options (rules/options.md OPT-0.1): the game's keys only, each missing "
            "key takes its default; an unknown key, another game's or a value not allowed is a "
            "422 `options/invalid` naming the key. Per game: " + ". ".join(games) + ".")


OPTIONS_DOC = ("The match's house-rule options, resolved: every key of the game, defaults "
               "filled in (OPT-0.2; `{}` for a game without options)")


class CreateMatch(Wire):
    model_config = ConfigDict(json_schema_extra=_per_game)

    game: str = Field(description="A registered game name (any other is a 404 game/unknown)",
                      max_length=32, json_schema_extra={"enum": sorted(GAMES)})
    seed: StrictInt | None = Field(
        default=None, ge=0, le=MAX_SEED,
        description="Seed of the first deal (later deals derive from it); random when absent")
    seats: list[SeatSpec] | None = Field(
        default=None, description="One per seat, as many as the game has players; default: "
                                  "seat 0 human, the others basic AI")
    options: dict[str, Any] | None = Field(default=None, description=_options_doc())


class SeatInfo(Wire):
    seat: int
    kind: Literal["human", "ai"]
    level: str | None = None


class SeatToken(SeatInfo):
    token: str | None = Field(description="The seat's secret (human seats; AI seats' stay with "
                                          "the AI service)")


class MatchCreated(Wire):
    match_id: str
    game: str
    version: int
    seed_hash: str = Field(description="SHA-256 of the first deal's seed, revealed at its end")
    options: dict[str, Any] = Field(description=OPTIONS_DOC)
    seats: list[SeatToken]


class MatchView(Wire):
    match_id: str
    game: str
    version: int
    deal: int = Field(description="Deal number in this match, from 0")
    seat: int | None = Field(description="The bearer's seat; null for a spectator")
    seats: list[SeatInfo]
    scores: list[int] = Field(description="Match totals over the finished deals")
    seed_hash: str
    options: dict[str, Any] = Field(description=OPTIONS_DOC)
    state: dict[str, Any] = Field(
        description="The game's view for this seat (engine.view; its fields, alike in every game: "
                    "docs/views.md)")


class LegalActions(Wire):
    match_id: str
    version: int
    seat: int
    actions: list[dict[str, Any]]


def _typed(action: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(action.get("type"), str):
        raise PydanticCustomError("action_type", "an action is an object with a string 'type'")
    return action


Action = Annotated[dict[str, Any], AfterValidator(_typed), WithJsonSchema({
    "type": "object", "required": ["type"], "properties": {"type": {"type": "string"}},
    "additionalProperties": True,
    "description": "One of the actions /legal lists: its 'type' and the game's fields for it "
                   "(whether it is legal now is the match's to say: 422 action/...)"})]
"""An action as the wire carries it: an object with a string ``type`` (the engine reads the
rest); kept a plain dict, which is what the engine and the action log take."""


VERSION_DOC = (
    "The match version the action was chosen at. An older version is still in time when "
    "every action since was another seat's answer to the decision this seat answers too (a "
    "claim window, Sichuan's missing suits: the seats asked at once) and this seat's legal "
    "actions are the same; the action is then applied at the current version. Otherwise "
    "(the decision resolved, the seat's own answer, anything else) 409 "
    "`action/stale_version`")
"""What an action's ``version`` means (REST and WebSocket)."""


class ActionRequest(Wire):
    action: Action
    version: StrictInt = Field(description=VERSION_DOC)


class DealRequest(Wire):
    version: StrictInt | None = Field(default=None, description="Optional stale-check")


class LoggedAction(Wire):
    version: int
    seat: int
    action: dict[str, Any]


class LoggedDeal(Wire):
    deal: int
    number: int = Field(description="The deal's number in the match: `deal`, counted from 0 "
                                    "again after a Restart (what a rotating prevailing wind "
                                    "follows, OPT-MCR-3.2)")
    dealer: int | None
    seed_hash: str
    start_version: int
    over: bool
    seed: int | None = Field(description="Revealed once the deal is over")
    actions: list[LoggedAction] | None = Field(
        description="Every action with its seat, once the deal is over (hidden choices such "
                    "as claim answers are secret while it is played)")
    refused: list[int] | None = Field(
        description="Per seat, how many of its actions the rules refused in the deal "
                    "(`action/illegal`, `action/not_your_turn`, `action/malformed`, over REST "
                    "or the WebSocket), once the deal is over. Stale actions "
                    "(`action/stale_version`: the match moved on, a race rather than a "
                    "mistake), rate-limited messages and actions after the deal's end are not "
                    "counted")
    result: dict[str, Any] | None = None


class MatchLog(Wire):
    match_id: str
    game: str
    version: int
    options: dict[str, Any] = Field(description=OPTIONS_DOC)
    deals: list[LoggedDeal]


class PresetInfo(Wire):
    id: str = Field(description="`seed` (the rules file as written), `popular` (the big apps' "
                                "table)...")
    label: str
    help: str
    options: dict[str, Any] = Field(description="The options it sets, resolved (every key)")


class GameInfo(Wire):
    name: str
    title: str
    players: int
    description: str
    options: list[dict[str, Any]] = Field(
        description="The house-rule options a match of the game takes (rules/options.md), "
                    "each `{key, rule, default, values, value_labels}` or, for an integer, "
                    "`{key, rule, default, min, max}`, with `many: true` when the value is a "
                    "list of distinct `values`, and its `label` and `help` (`?lang`): what a "
                    "client builds a room form from")
    presets: list[PresetInfo] = Field(
        description="Named option sets a room form offers in one click, `seed` first; a "
                    "preset is listed once every key it sets is declared")


class ErrorBody(Wire):
    code: str
    message: str
    version: int | None = None
    """With ``action/stale_version``: the version the match is at now."""


class ErrorResponse(Wire):
    error: ErrorBody


# ------------------------------------------------------------------ players (server/players.py)

class PlayerCreated(Wire):
    id: str = Field(description="The player's id (public: it names the player, it does not "
                                "act for it)")
    token: str = Field(description="The player's secret: `Authorization: Bearer <token>` on "
                                   "`POST /api/matches` (its first human seat is then the "
                                   "player's) and on `GET /api/players/me/history`. Shown "
                                   "once; the server keeps only its hash")


class ClaimSeat(Wire):
    match_id: str = Field(max_length=64, description="The match of the seat (any other shape "
                                                     "than a match id's is a 404)",
                          json_schema_extra={"pattern": MATCH_ID_PATTERN})
    token: str = Field(max_length=256, description="The seat's token (a join link's)")


class SeatClaimed(Wire):
    match_id: str
    seat: int = Field(description="The seat that is now the player's")


class HistoryDeal(Wire):
    id: int = Field(description="The record's id, increasing as deals finish: pass the last "
                                "one seen as `before` for older deals")
    match_id: str
    deal: int = Field(description="The deal's number in its match, from 0")
    game: str
    finished_at: str = Field(description="When the deal ended (ISO 8601, UTC)")
    seat: int = Field(description="The player's seat")
    opponents: list[SeatInfo] = Field(description="The other seats, in turn order after the "
                                                  "player's")
    score: int = Field(description="The player's score for the deal (its settlement)")
    result: Literal["won", "dealt_in", "other", "drawn"] = Field(
        description="won; dealt_in: another won on the player's card (a discard, a robbed "
                    "kong); other: another won; drawn: nobody won")
    hand: str | None = Field(description="When won: the hand's headline pattern or shape, as "
                                         "the game's score items name it (e.g. MCR "
                                         "`mixed_triple_chow`, Nantong `qing_hu`), or null")
    hand_value: int | None = Field(description="When won: the hand's value in `unit`")
    unit: str = Field(description="points (MCR), fan (Sichuan), huxi (Paohuzi), hu (Nantong)")
    replay: str = Field(description="The deal's replay (`getReplay`)")


class BestHand(Wire):
    hand: str | None
    value: int
    unit: str
    match_id: str
    deal: int
    seat: int = Field(description="The player's seat in that deal (its replay's point of view)")


class GameStats(Wire):
    game: str
    deals: int
    won: int
    dealt_in: int
    drawn: int
    win_rate: float = Field(description="won / deals")
    deal_in_rate: float = Field(description="dealt_in / deals")
    mean_score: float = Field(description="The mean of the player's deal scores")
    best: BestHand | None = Field(description="The won deal of the highest hand value (the "
                                              "latest of equals); null before a win")


class History(Wire):
    player_id: str
    deals: list[HistoryDeal] = Field(description="Newest first")
    next_before: int | None = Field(description="`before` for the next page; null on the last")
    stats: list[GameStats] = Field(description="Per game played (over all its deals, not "
                                               "only this page)")


# ------------------------------------------------------------------ reviews (server/review.py)

class ExpectedScore(Wire):
    mean: float = Field(description="The seat's mean score for the deal over the sampled deals "
                                    "when it plays this")
    se: float = Field(description="The mean's standard error over those deals")


class ReviewDecision(Wire):
    index: int = Field(description="The action's place in the deal (as the replay's `index`)")
    version: int = Field(description="The match version the player's action made")
    played: dict[str, Any] = Field(description="What the player did")
    best: dict[str, Any] = Field(description="What the reviewer would play (the same choice "
                                             "when `matched`)")
    matched: bool = Field(description="The reviewer would have played the same (copies of a "
                                      "card are the same choice)")
    flagged: bool = Field(description="Not matched, and the reviewer's choice did clearly "
                                      "better: its paired difference (`loss`) exceeds twice its "
                                      "standard error (a choice about as good is no mistake)")
    played_score: ExpectedScore
    best_score: ExpectedScore
    loss: float = Field(description="The reviewer's choice's score minus the player's, paired "
                                    "on the same sampled deals (0 when matched)")
    loss_se: float = Field(description="That difference's standard error")
    samples: int = Field(description="Sampled deals every candidate was played out on")
    candidates: int = Field(description="Choices the reviewer compared")
    view: dict[str, Any] = Field(description="The seat's own view then (engine view, without "
                                             "the event log): its hand and the table as they "
                                             "were, never another seat's hidden cards")


class ReviewSummary(Wire):
    decisions: int
    matched: int
    flagged: int = Field(description="Decisions flagged: the reviewer's choice clearly better")
    matched_share: float = Field(description="matched / decisions (1 when there were none)")
    expected_loss: float = Field(description="Points the player's choices lost in expectation: "
                                             "the sum of `loss` over the decisions not matched "
                                             "(a negative one counts 0)")


class Review(Wire):
    match_id: str
    deal: int
    seat: int
    game: str
    status: Literal["queued", "running", "done", "failed"]
    done: int = Field(description="Decisions evaluated so far")
    total: int = Field(description="Decisions to evaluate: the seat's turns with more than one "
                                   "legal action (0 until the review starts running)")
    reason: str | None = Field(description="Why the review failed (status `failed`)")
    summary: ReviewSummary | None = Field(description="Once done")
    decisions: list[ReviewDecision] = Field(description="The decisions evaluated so far, in "
                                                        "the deal's order")


# ------------------------------------------------------------------ replays (server/replays.py)

class ReplayStep(Wire):
    index: int = Field(description="0: the deal as dealt; then one per action")
    version: int | None = Field(description="The match version the action made (null at 0)")
    seat: int | None = Field(description="The seat that acted (null at 0)")
    action: dict[str, Any] | None = Field(description="The action, as it was posted")
    events: int = Field(description="How many of the replay's events have happened by now")
    state: dict[str, Any] = Field(
        description="The open view after the action (engine open_view): a spectator's view with "
                    "every hand open; its events are the replay's first `events` events")


class Replay(Wire):
    match_id: str
    game: str
    deal: int
    number: int = Field(description="The deal's number in the match (counted from 0 again "
                                    "after a Restart)")
    options: dict[str, Any] = Field(description=OPTIONS_DOC)
    dealer: int
    seed: int = Field(description="The deal's seed: its SHA-256 is `seed_hash`")
    seed_hash: str = Field(description="Published when the deal began")
    seats: list[SeatInfo]
    result: dict[str, Any] = Field(description="The deal's settlement, as stored when it ended")
    events: list[dict[str, Any]] = Field(description="Every event of the deal, all cards shown")
    steps: list[ReplayStep]


# ------------------------------------------------------------------ hints (server/assist.py)

class ScoreItem(Wire):
    """One line of an itemised score, the same in every game, in the calculator, the
    settlement and the hints (``engine/core/items.py``): read top to bottom, the items make
    the score's total in its unit."""

    code: str = Field(description="The scorer's code (pattern, group kind, holding, bonus, "
                                  "multiplier)")
    name: str = Field(description="English name")
    chinese: str = Field(description="Chinese name, or empty")
    value: int = Field(description="Per count, in the score's unit; for op × the factor")
    count: int = Field(description="How many times it counts")
    op: Literal["+", "×", "="] = Field(
        description="+ adds total; × multiplies what the items above made; = what the items "
                    "above made becomes value (a conversion: Sichuan's 2^fan, Nantong's rounding)")
    total: int = Field(description="+: value × count × each factor's total; ×: value ** count; "
                                   "=: value")
    cards: list[str] = Field(description="The faces the item is about (a Paohuzi group, a "
                                         "Nantong holding, the indicator of a ×2), else empty")
    factors: list[ScoreItem] = Field(
        description="×-items that apply to this item alone (a Nantong holding's ×2s), else empty")
    notes: list[str] = Field(description="Codes that qualify it: a Paohuzi chi's shape, "
                                         "concealed, winning; Nantong's exact_match_base")


class WaitScore(Wire):
    wins: bool = Field(description="Whether it is a legal win (MCR: 8 points before flowers; "
                                   "Paohuzi: 15 huxi)")
    total: int = Field(description="In the game's unit (points, hu or huxi)")
    tun: int | None = Field(description="Paohuzi's tun (PH-6.3); null for the other games")
    items: list[ScoreItem]


class Wait(Wire):
    face: str
    unseen: int = Field(description="Copies the seat cannot see (the stock, others' hands)")
    claimed: WaitScore = Field(description="Won on another player's card (a discard; Paohuzi: "
                                           "another player's reveal)")
    self_drawn: WaitScore = Field(description="Won on the seat's own draw (Paohuzi: its own "
                                              "reveal)")


class Improving(Wire):
    face: str
    unseen: int = Field(description="Copies the seat cannot see (the stock, others' hands)")


IMPROVING = ("When the hand left is not ready: the faces whose next card would bring it a "
             "step nearer (its ukeire), with a copy unseen")


class HandHint(Wire):
    shanten: int = Field(description="0 ready, −1 complete, else cards still to exchange "
                                     "(Paohuzi: toward seven groups, huxi aside)")
    ready: bool
    waits: list[Wait] = Field(description="When the hand is one card short of a win")
    improving: list[Improving] = Field(description=IMPROVING)
    huxi: int | None = Field(description="Paohuzi: huxi the exposed groups and kans give")
    huxi_needed: int | None = Field(description="Paohuzi: huxi still short of 15")


class DiscardHint(Wire):
    face: str
    cards: list[int] = Field(description="The card ids of this face the seat may discard")
    shanten: int
    ready: bool = Field(description="The hand left after this discard has a wait")
    waits: list[Wait]
    improving: list[Improving] = Field(description=IMPROVING)
    danger: list[int] = Field(description="Visibly ready opponents this discard could let win")


class ReadyOpponent(Wire):
    seat: int
    why: Literal["declared", "single_tile"] = Field(
        description="declared ready (Nantong, NT-3.6), or a single concealed tile left")


class Hints(Wire):
    match_id: str
    version: int
    seat: int
    game: str
    available: bool = Field(description="False when there is nothing to hint (reason says why)")
    reason: str | None = Field(description="over | won (Sichuan: the seat has won already)")
    unit: Literal["points", "hu", "huxi"]
    win_offered: bool = Field(description="The seat may declare a win now (a `win` among its "
                                          "legal actions)")
    hand: HandHint | None
    discards: list[DiscardHint] = Field(description="Each legal discard, when the seat is to "
                                                    "discard now")
    ready_opponents: list[ReadyOpponent]


# ------------------------------------------------------------------ WebSocket messages

class WsAction(Wire):
    """Client → server: play an action (same body as the REST route): one of the ``legal``
    actions of the message it was chosen from, as it is, with that message's
    ``match.version``. Every game's actions: ``actions`` of ws-messages.json."""

    action: Action
    version: StrictInt = Field(description=VERSION_DOC)


class WsSync(Wire):
    """Client → server: send me the match as it is now (answered with a ``snapshot``, or an
    ``error`` such as ``db/unavailable``). A client that has heard nothing for a while sends
    it: an update that never came, or a dead connection, then shows."""

    type: Literal["sync"]


LEGAL = ("The seat's legal actions now, each complete (send one as it is); empty when the seat "
         "has nothing to decide (and in a claim window once it has answered)")


class WsSnapshot(Wire):
    """Server → client, first message of every connection (and after each reconnect), and the
    answer to a ``sync``."""

    type: Literal["snapshot"]
    match: MatchView
    legal: list[dict[str, Any]] = Field(description=LEGAL)


class WsUpdate(Wire):
    """Server → client after every change: the new view without its event log (``match.state``
    has no ``events``), and the events since the last message: the deal's log is the one the
    client holds, cut at ``events_from``, then ``events``."""

    type: Literal["update"]
    match: MatchView = Field(description="The view, without state.events")
    legal: list[dict[str, Any]] = Field(description=LEGAL)
    events: list[dict[str, Any]] = Field(description="Public events since the last message")
    events_from: int = Field(
        description="Index of the first of `events` in the deal's event log: 0 on a new deal "
                    "(start the log again), else the length of the log this connection was "
                    "sent so far")


class WsError(Wire):
    """Server → client: a refused message; nothing changed."""

    type: Literal["error"]
    error: ErrorBody


# ------------------------------------------------------------------ the AI service's feed

MAX_TURNS = 64
"""The most turns one AI service may hold at once (per connection, per poll)."""
MAX_WAIT_S = 30.0
"""The longest ``POST /api/ai/turns`` waits for a turn."""


class AiTurn(Wire):
    """An AI seat must act: play it like any bot, with its seat token, at ``version`` (the
    action's version check lets one AI service's move land if two ever play it). The turn is
    leased to the AI service it was sent to for ``lease_s`` seconds; if the match is still at
    ``version`` then, it is offered again (to any AI service)."""

    type: Literal["turn"]
    match_id: str
    game: str
    seat: int
    level: str = Field(description="The AI level the match's creator asked for this seat")
    version: int = Field(description="The match version at which the seat must act")
    token: str = Field(description="The seat's token: `Authorization: Bearer <token>` on the "
                                   "match routes, or `?token=` on its WebSocket")
    lease_s: float = Field(description="Seconds the turn is this AI service's alone")
    delay_ms: int = Field(description="The pause the server asks for before the move, so a "
                                      "person at the table can follow it (0: none)")


class AiTurnsRequest(Wire):
    """``POST /api/ai/turns``: lease up to ``max`` turns, waiting up to ``wait_s`` seconds for
    the first (a long poll; 0: answer at once)."""

    max: int = Field(default=8, ge=1, le=MAX_TURNS)
    wait_s: float = Field(default=20.0, ge=0, le=MAX_WAIT_S)


class AiTurns(Wire):
    turns: list[AiTurn]


class AiWelcome(Wire):
    """Server → AI service, first message of the feed WebSocket; ``turn`` messages follow."""

    type: Literal["welcome"]
    capacity: int = Field(description="Turns the server leases to this connection at once "
                                      "(`?capacity=`, at most 64): a turn's slot comes free "
                                      "when its match moves on or its lease lapses")
    lease_s: float
