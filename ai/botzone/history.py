"""A paiju MCR seat's view as the history Botzone's Chinese Standard Mahjong judge gives a bot.

Botzone asks every player about every step of the deal (a "turn": one request, one response
each), while paiju asks a seat only when it has a choice. ``history`` rebuilds, from the seat's
view and its event log, every request the judge would have sent that seat and the responses the
seat gave: the ones its own events show (``PLAY``, ``PENG``, ``CHI``, ``GANG``, ``BUGANG``,
``HU``), the claims it made that lost to a better one (``said``: the bridge remembers them),
and ``PASS`` everywhere else, including every turn paiju did not ask it about.

How paiju's events become requests (docs/botzone.md has the table): the deal and its flower
replacements are turns 1 and 2 (``0 id quan``, ``1 …``); the dealer's first turn, which paiju
deals as 14 tiles without a draw, is a draw of one of them (``DEALER_DRAW``); a draw is ``2 X`` to
the drawer and ``3 p DRAW`` to the others, or ``3 p BUHUA H`` when it is a flower (paiju logs
the draw, then the flower); a pung or chow and the discard after it are one request (``3 p PENG
X``, ``3 p CHI M X``); kongs are ``3 p GANG`` (exposed or concealed) and ``3 p BUGANG X``.
Player ids are seats counted from the deal's dealer (Botzone's East, player 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .tiles import botzone_of_notation

PLAYERS = 4
WINDS = "ESWN"
MELD_EVENTS = ("chow", "pung", "kong", "concealed_kong")
"""Events that add a meld to the seat's ``melds``, in order (an added kong changes a pung)."""


def bz(card: dict[str, Any]) -> str:
    """Botzone's name of a card as a view shows it (``{"id": 57, "face": "5p"}`` → ``B5``)."""
    return botzone_of_notation(card["face"])


@dataclass
class History:
    """What a Botzone bot would have been given for the seat's decision now."""

    requests: list[str] = field(default_factory=list)
    responses: list[str] = field(default_factory=list)
    """One per request but the last, which is the one to answer now."""
    claim_made: bool = False
    """The seat just made a pung or chow and must discard: the last request is the claim's turn,
    whose response (``PENG X``, ``CHI M X``) names the discard that paiju now asks for. (The
    history of another seat's claim waiting for its discard ends at the claim's turn too.)"""
    initial: list[dict[str, Any]] = field(default_factory=list)
    """The seat's hand after the deal's flower replacements (14 tiles for the dealer)."""
    dealer_draw: dict[str, Any] | None = None
    """The dealer's tile presented as its first draw (only in the dealer's own history)."""

    @property
    def turn(self) -> int:
        """The Botzone turn number of the request to answer (from 1)."""
        return len(self.requests)


def player_id(seat: int, dealer: int) -> int:
    """Botzone's player id of a paiju seat: its seat wind, East (the dealer) 0."""
    return (seat - dealer) % PLAYERS


def deal_end(events: list[dict[str, Any]]) -> int:
    """The index of the first move of the deal: the ``deal`` event and the flowers replaced
    at the deal (``flower`` events, and the replacement ``draw`` events that may follow them)
    come before it."""
    i = 1 if events and events[0]["type"] == "deal" else 0
    while i < len(events) and events[i]["type"] in ("flower", "draw"):
        i += 1  # the dealer moves first, without a draw: any draw before is a replacement
    return i


def initial_hand(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's hand once the deal's flowers were replaced, from what it holds, discarded and
    melded now less what it drew and claimed since (the dealt hand alone would not say which
    tiles replaced its flowers)."""
    seat = view["seat"]
    me = view["players"][seat]
    held: dict[int, dict[str, Any]] = {c["id"]: c for c in me["hand"] or []}
    for m in me["melds"]:
        held.update({c["id"]: c for c in m["cards"] or []})
    came: set[int] = set()
    events = view["events"]
    for e in events[deal_end(events):]:
        if e.get("seat") != seat or "card" not in e:
            continue
        if e["type"] in ("discard", "added_kong"):
            held[e["card"]["id"]] = e["card"]
        elif e["type"] in ("draw", "pung", "chow", "kong"):
            came.add(e["card"]["id"])
    return sorted((c for i, c in held.items() if i not in came), key=lambda c: c["id"])


def dealer_draw(initial: list[dict[str, Any]]) -> dict[str, Any]:
    """Which of the dealer's 14 tiles its history presents as its first draw: the last one."""
    return initial[-1]


def chow_middle(view: dict[str, Any], index: int, seat: int) -> str:
    """The middle tile of the chow made by event ``index``: the event's ``low`` when it says
    it, else the seat's meld made by that event (melds are listed in the order events made
    them)."""
    events = view["events"]
    e = events[index]
    if "low" in e:
        low = e["low"]
    else:
        k = sum(1 for x in events[:index] if x.get("seat") == seat and x["type"] in MELD_EVENTS)
        low = min(view["players"][seat]["melds"][k]["cards"], key=lambda c: c["id"])["face"]
    return _next(low)


def _next(face: str) -> str:
    """The Botzone name of the face after ``face`` in its suit (a chow's middle from its low)."""
    name = botzone_of_notation(face)
    return f"{name[0]}{int(name[1]) + 1}"


def history(view: dict[str, Any], said: dict[int, str] | None = None) -> History:
    """The Botzone history of ``view``'s seat (an MCR view with its whole ``events`` log) up to
    the request it answers now; ``said``: the responses the seat gave at claim turns (by turn
    number) that the events do not show (a chow beaten by a pung)."""
    said = said or {}
    seat, dealer = view["seat"], view["dealer"]
    pid = player_id(seat, dealer)
    events = view["events"]
    out = History()
    quan = WINDS.index(view.get("prevailing_wind", "E"))
    out.requests.append(f"0 {pid} {quan}")
    out.responses.append("PASS")

    i = deal_end(events)
    flowers: list[list[str]] = [[] for _ in range(PLAYERS)]
    for e in events[:i]:
        if e["type"] == "flower":
            flowers[player_id(e["seat"], dealer)].append(bz(e["card"]))
    out.initial = initial_hand(view)
    hand = list(out.initial)
    if seat == dealer and len(hand) == 14:
        out.dealer_draw = dealer_draw(hand)
        hand.remove(out.dealer_draw)
    counts = " ".join(str(len(f)) for f in flowers)
    tiles = " ".join(bz(c) for c in hand)
    shown = " ".join(h for f in flowers for h in f)
    out.requests.append(" ".join(x for x in ("1", counts, tiles, shown) if x))
    out.responses.append("PASS")

    def mine(at: int) -> str | None:
        """The seat's response to the request made of the events before ``at``: what its own
        event at ``at`` shows, or None (PASS, or what ``said`` remembers)."""
        if at >= len(events) or events[at].get("seat") != seat:
            return None
        e = events[at]
        kind = e["type"]
        if kind == "win":
            return "HU"
        if kind == "discard":
            return f"PLAY {bz(e['card'])}"
        if kind == "concealed_kong":
            return f"GANG {bz(e['card'])}"
        if kind == "added_kong":
            return f"BUGANG {bz(e['card'])}"
        if kind == "kong":
            return "GANG"
        if kind in ("pung", "chow") and at + 1 < len(events):
            played = bz(events[at + 1]["card"])
            if kind == "pung":
                return f"PENG {played}"
            return f"CHI {chow_middle(view, at, seat)} {played}"
        return None

    def turn(request: str, at: int) -> None:
        """Add ``request``; the seat's response is read at event ``at`` (the first after it);
        none when the log ends there: that request is the one to answer now."""
        out.requests.append(request)
        if at < len(events):
            answer = mine(at)
            out.responses.append(answer or said.get(len(out.requests), "PASS"))

    # the dealer's first turn starts with a draw in Botzone: one of its 14 tiles
    turn(f"2 {bz(out.dealer_draw)}" if out.dealer_draw else "3 0 DRAW", i)
    while i < len(events):
        e = events[i]
        kind, who = e["type"], e.get("seat")
        p = player_id(who, dealer) if who is not None else None
        if kind == "draw":
            if i + 1 < len(events) and events[i + 1]["type"] == "flower":
                turn(f"3 {p} BUHUA {bz(events[i + 1]['card'])}", i + 2)
                i += 2
                continue
            turn(f"2 {bz(e['card'])}" if who == seat else f"3 {p} DRAW", i + 1)
        elif kind == "discard":
            turn(f"3 {p} PLAY {bz(e['card'])}", i + 1)
        elif kind in ("pung", "chow"):
            if i + 1 >= len(events):  # the claim's discard is still to come
                out.claim_made = who == seat  # the seat's own: that discard is asked now
                out.responses = out.responses[:len(out.requests) - 1]
                break
            played = bz(events[i + 1]["card"])
            request = (f"3 {p} PENG {played}" if kind == "pung"
                       else f"3 {p} CHI {chow_middle(view, i, who)} {played}")
            turn(request, i + 2)
            i += 2
            continue
        elif kind in ("kong", "concealed_kong"):
            turn(f"3 {p} GANG", i + 1)
        elif kind == "added_kong":
            turn(f"3 {p} BUGANG {bz(e['card'])}", i + 1)
        elif kind in ("win", "end"):
            break
        i += 1
    return out


__all__ = ["History", "bz", "chow_middle", "deal_end", "dealer_draw", "history", "initial_hand",
           "player_id"]
