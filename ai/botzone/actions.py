"""A Botzone response as one of the seat's legal paiju actions (``Invalid`` when none fits).

Botzone's answer to a discard may carry two moves (``PENG X``: the pung, then the discard of X);
paiju asks for them one after the other. ``to_action`` maps the first and checks the second at
once (X must be in the hand the claim leaves), and the bridge plays X when paiju asks for the
discard (``discard_after_claim``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.mahjong.tiles import FACE_NAMES

from .history import History, bz, chow_middle
from .protocol import Response
from .protocol import format_response as said
from .tiles import from_botzone

Action = dict[str, Any]


class Invalid(ValueError):
    """The program's answer is no legal move here; the message says why."""


def _hand(view: dict[str, Any]) -> list[dict[str, Any]]:
    return view["players"][view["seat"]]["hand"] or []


def _discard(view: dict[str, Any], legal: list[Action], tile: str) -> Action:
    """The legal discard of a tile named ``tile`` (the drawn one when it is such a tile)."""
    names = {c["id"]: bz(c) for c in _hand(view)}
    options = [a for a in legal if a["type"] == "discard" and names.get(a["card"]) == tile]
    if not options:
        held = tile in names.values()
        raise Invalid(f"PLAY {tile}: " + ("not a legal discard now" if held
                                          else f"no {tile} in the hand"))
    drawn = (view.get("drawn") or {}).get("id")
    return next((a for a in options if a["card"] == drawn), options[0])


def _left_after(view: dict[str, Any], faces: list[str], played: str, what: str) -> None:
    """``Invalid`` unless ``played`` is still in the hand once ``faces`` left it for a meld."""
    left = Counter(bz(c) for c in _hand(view))
    left.subtract(faces)
    if left[played] < 1:
        raise Invalid(f"{what}: no {played} left in the hand to play after the claim")


def _chow_low(middle: str, offered: str) -> str:
    """paiju's ``low`` of the chow with Botzone middle tile ``middle`` around ``offered``."""
    suit, rank = middle[0], int(middle[1])
    if suit not in "WBT" or not 2 <= rank <= 8:
        raise Invalid(f"CHI {middle}: the middle of a chow is a suited 2 to 8")
    if offered[0] != suit or abs(int(offered[1]) - rank) > 1:
        raise Invalid(f"CHI {middle}: that chow does not take the {offered} on offer")
    return FACE_NAMES[from_botzone(f"{suit}{rank - 1}")]


def _find(legal: list[Action], wanted: Action, answer: Response) -> Action:
    if wanted not in legal:
        raise Invalid(f"{said(answer)}: not offered now (legal: "
                      f"{', '.join(sorted({a['type'] for a in legal}))})")
    return wanted


def claim_action(answer: Response, view: dict[str, Any], legal: list[Action]) -> Action:
    """The answer to a tile on offer (a discard or a robbable added kong)."""
    offered = bz(view["claim"]["card"])
    verb = answer.verb
    if verb == "PASS":
        return _find(legal, {"type": "pass"}, answer)
    if verb == "HU":
        return _find(legal, {"type": "win"}, answer)
    if verb == "GANG" and not answer.tiles:
        return _find(legal, {"type": "kong"}, answer)
    if verb == "PENG":
        action = _find(legal, {"type": "pung"}, answer)
        _left_after(view, [offered] * 2, answer.tiles[0], said(answer))
        return action
    if verb == "CHI":
        middle, played = answer.tiles
        low = _chow_low(middle, offered)
        action = _find(legal, {"type": "chow", "low": low}, answer)
        run = [f"{middle[0]}{int(middle[1]) + d}" for d in (-1, 0, 1)]
        run.remove(offered)
        _left_after(view, run, played, said(answer))
        return action
    raise Invalid(f"{said(answer)}: no answer to a tile on offer "
                  "(PASS, HU, PENG, CHI or GANG)")


def turn_action(answer: Response, view: dict[str, Any], legal: list[Action]) -> Action:
    """The move on the seat's own turn after a draw (or the dealer's first)."""
    verb = answer.verb
    if verb == "PLAY":
        return _discard(view, legal, answer.tiles[0])
    if verb == "HU":
        return _find(legal, {"type": "win"}, answer)
    if verb == "GANG" and answer.tiles:
        tile = answer.tiles[0]
        kongs = [a for a in legal if a["type"] == "concealed_kong"
                 and bz(next(c for c in _hand(view) if c["id"] == a["cards"][0])) == tile]
        if not kongs:
            raise Invalid(f"{said(answer)}: no concealed kong of {tile} to declare")
        return kongs[0]
    if verb == "BUGANG":
        tile = answer.tiles[0]
        names = {c["id"]: bz(c) for c in _hand(view)}
        kongs = [a for a in legal if a["type"] == "added_kong" and names[a["card"]] == tile]
        if not kongs:
            raise Invalid(f"{said(answer)}: no exposed pung of {tile} with its fourth "
                          "tile in hand")
        return kongs[0]
    raise Invalid(f"{said(answer)}: no move on one's own turn (PLAY, GANG, BUGANG or HU)")


def discard_after_claim(answer: Response, view: dict[str, Any], legal: list[Action],
                        made: dict[str, Any]) -> Action:
    """The discard a claim's answer named, once paiju asks for it; ``made``: the claim's
    event (the answer must be that pung or that chow)."""
    if made["type"] == "pung" and answer.verb == "PENG":
        return _discard(view, legal, answer.tiles[0])
    if made["type"] == "chow" and answer.verb == "CHI":
        middle = chow_middle(view, len(view["events"]) - 1, view["seat"])
        if answer.tiles[0] != middle:
            raise Invalid(f"{said(answer)}: the chow made has the middle tile {middle}")
        return _discard(view, legal, answer.tiles[1])
    raise Invalid(f"{said(answer)}: the {made['type']} was made, its discard is asked for")


def to_action(answer: Response, view: dict[str, Any], legal: list[Action],
              hist: History) -> Action:
    """The legal action ``answer`` means at the decision of ``view``; ``Invalid`` if none."""
    if hist.claim_made:
        return discard_after_claim(answer, view, legal, view["events"][-1])
    if view.get("claim") is not None and view["claim"].get("options"):
        return claim_action(answer, view, legal)
    return turn_action(answer, view, legal)


def fallback(view: dict[str, Any], legal: list[Action]) -> Action:
    """What the seat plays after an invalid answer so the deal goes on: pass when it may,
    else the tile it drew, else its first legal discard (else the first legal action)."""
    if {"type": "pass"} in legal:
        return {"type": "pass"}
    drawn = (view.get("drawn") or {}).get("id")
    discards = [a for a in legal if a["type"] == "discard"]
    return next((a for a in discards if a["card"] == drawn), discards[0] if discards
                else legal[0])


__all__ = ["Invalid", "claim_action", "discard_after_claim", "fallback", "to_action",
           "turn_action"]
