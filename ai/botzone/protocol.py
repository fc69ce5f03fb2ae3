"""Botzone's framing and the request/response grammar of Chinese Standard Mahjong.

# ---------------------------------------------------------------- the bridge's side
The functions below are the bridge's (``ai/botzone/bridge.py``): they write a program's input
from a history and read its output, the reverse of what a bot does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .tiles import from_botzone

IO_FORMS = ("simple", "json")
"""Botzone's two input/output forms: simple (lines) and JSON (one object)."""


def format_input(requests: list[str], responses: list[str], io: str = "simple",
                 data: str = "", globaldata: str = "") -> str:
    """A short-running program's input for the turn of the last request (wiki "Bot"): simple,
    the turn number, then the requests and responses alternating, then ``data`` and
    ``globaldata`` lines when the program kept any; JSON, one object ``{"requests",
    "responses"}`` (and ``data``, ``globaldata`` when kept)."""
    if len(responses) != len(requests) - 1:
        raise ValueError(f"{len(requests)} requests need {len(requests) - 1} responses, "
                         f"not {len(responses)}")
    if io == "json":
        obj: dict[str, object] = {"requests": requests, "responses": responses}
        if data:
            obj["data"] = data
        if globaldata:
            obj["globaldata"] = globaldata
        return json.dumps(obj, ensure_ascii=False) + "\n"
    if io != "simple":
        raise ValueError(f"unknown I/O form {io!r}; known: {', '.join(IO_FORMS)}")
    lines = [str(len(requests))]
    for k, request in enumerate(requests):
        lines.append(request)
        if k < len(responses):
            lines.append(responses[k])
    if data or globaldata:
        lines += [data, globaldata]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Output:
    """What a program printed: its response, and what it asked to keep for its next turn."""

    response: str
    debug: str = ""
    data: str = ""
    globaldata: str = ""


def read_output(text: str, io: str = "simple") -> Output:
    """A program's output: simple, the response on the first line, then debug, data and
    globaldata lines (all optional); JSON, one object with ``response`` (and ``debug``,
    ``data``, ``globaldata``). ``ValueError`` when there is no response to read."""
    if io == "json":
        line = next((x for x in text.splitlines() if x.strip()), "")
        try:
            obj = json.loads(line)
        except ValueError:
            raise ValueError(f"not a JSON output: {line[:80]!r}") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("response"), str):
            raise ValueError(f"no \"response\" string in {line[:80]!r}")
        return Output(obj["response"].strip(), *(str(obj.get(k, "")) for k in
                                                  ("debug", "data", "globaldata")))
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise ValueError("no response on the first line")
    rest = [*lines[1:4], "", "", ""]
    return Output(lines[0].strip(), rest[0], rest[1], rest[2])


@dataclass(frozen=True)
class Answer:
    """One response line: ``kind`` (``PASS``, ``PLAY``, ``GANG``, ``BUGANG``, ``HU``,
    ``PENG``, ``CHI``) and its tiles in Botzone's names."""

    kind: str
    tiles: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *self.tiles))


ANSWER_TILES = {"PASS": (0,), "HU": (0,), "PLAY": (1,), "GANG": (0, 1), "BUGANG": (1,),
                "PENG": (1,), "CHI": (2,)}
"""How many tiles each response names (``GANG``: none on a discard, one on a draw)."""


def parse_answer(line: str) -> Answer:
    """A response line as an ``Answer``; ``ValueError`` saying what is wrong."""
    words = line.split()
    if not words:
        raise ValueError("an empty response")
    kind, tiles = words[0], tuple(words[1:])
    if kind not in ANSWER_TILES:
        raise ValueError(f"unknown response {kind!r}; known: {', '.join(ANSWER_TILES)}")
    if len(tiles) not in ANSWER_TILES[kind]:
        raise ValueError(f"{kind} takes {' or '.join(map(str, ANSWER_TILES[kind]))} tile(s), "
                         f"got {len(tiles)}: {line!r}")
    for t in tiles:
        from_botzone(t)
    return Answer(kind, tiles)


__all__ = ["ANSWER_TILES", "IO_FORMS", "Answer", "Output", "format_input", "parse_answer",
           "read_output"]
