"""Botzone's Chinese Standard Mahjong protocol: the framing of a program's input and output, and
the grammar of its request and response lines (wiki.botzone.org.cn, "Bot" and
"Chinese-Standard-Mahjong").

A Botzone program in short-running mode is started once per turn and given the whole history:

- simple I/O: a line ``n`` (the turn, from 1), then the ``2n - 1`` lines request 1, response 1,
  ..., request n, then optionally a ``data`` and a ``globaldata`` line; it prints its response on
  the first line of its output (further lines are ignored);
- JSON I/O: one line ``{"requests": [n lines], "responses": [n - 1 lines], ...}`` (``data``,
  ``globaldata``, ``time_limit``... may come too); it prints ``{"response": "..."}``.

``read_input`` tells the two apart by the first character. Request lines (``parse_request``):
``0 playerID quan``, ``1 hua0..hua3 Card1..Card13 flowers...``, ``2 Card``, ``3 playerID VERB
...`` with VERB one of ``BUHUA DRAW PLAY PENG CHI GANG BUGANG``; response lines
(``parse_response``): ``PASS``, ``PLAY c``, ``GANG [c]``, ``BUGANG c``, ``HU``, ``PENG c``,
``CHI middle c``. Tiles are Botzone's names (``ai/botzone/tiles.py``); every parser raises
``ProtocolError`` (a ``ValueError``) that says what was wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .tiles import from_botzone


class ProtocolError(ValueError):
    """An input, request or response the protocol does not allow."""


@dataclass(frozen=True, slots=True)
class Input:
    """A program's input: the requests so far (the last one to answer) and its own responses to
    the earlier ones; ``json`` says which framing it came in (answer in the same)."""

    requests: list[str]
    responses: list[str]
    json: bool = False
    data: str = ""
    globaldata: str = ""


def read_input(text: str) -> Input:
    """The history a Botzone program was given on standard input, simple or JSON I/O."""
    stripped = text.lstrip()
    if not stripped:
        raise ProtocolError("empty input: expected a turn number (simple I/O) or a JSON object")
    if stripped[0] == "{":
        return _read_json(stripped)
    return _read_simple(text)


def _read_json(text: str) -> Input:
    try:
        obj, _ = json.JSONDecoder().raw_decode(text)
    except json.JSONDecodeError as e:
        raise ProtocolError(f"JSON I/O: not a JSON object: {e}") from None
    if not isinstance(obj, dict):
        raise ProtocolError("JSON I/O: the input must be an object")
    requests, responses = obj.get("requests"), obj.get("responses", [])
    if not isinstance(requests, list) or not requests:
        raise ProtocolError("JSON I/O: 'requests' must be a non-empty list of strings")
    if not isinstance(responses, list) or len(responses) != len(requests) - 1:
        got = len(responses) if isinstance(responses, list) else repr(responses)
        raise ProtocolError(f"JSON I/O: {len(requests)} requests need {len(requests) - 1} "
                            f"responses, got {got}")
    if not all(isinstance(x, str) for x in requests + responses):
        raise ProtocolError("JSON I/O: requests and responses must be strings")
    data, globaldata = obj.get("data", ""), obj.get("globaldata", "")
    return Input(list(requests), list(responses), True,
                 data if isinstance(data, str) else json.dumps(data),
                 globaldata if isinstance(globaldata, str) else json.dumps(globaldata))


def _read_simple(text: str) -> Input:
    lines = text.splitlines()
    try:
        n = int(lines[0].strip())
    except ValueError:
        raise ProtocolError(f"simple I/O: the first line must be the turn number, not "
                            f"{lines[0][:40]!r}") from None
    if n < 1:
        raise ProtocolError(f"simple I/O: the turn number must be at least 1, not {n}")
    body = lines[1:2 * n]
    if len(body) != 2 * n - 1:
        raise ProtocolError(f"simple I/O: turn {n} needs {2 * n - 1} lines of requests and "
                            f"responses after the turn number, got {len(body)}")
    rest = lines[2 * n:]
    return Input(body[0::2], body[1::2], False, rest[0] if rest else "",
                 rest[1] if len(rest) > 1 else "")


def format_output(response: str, as_json: bool, debug: str = "") -> str:
    """A program's output for ``response``: one line, in the framing of its input."""
    if not as_json:
        return response + "\n"
    out = {"response": response}
    if debug:
        out["debug"] = debug[:1000]  # Botzone keeps at most 1 KB of debug output
    return json.dumps(out, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------- request lines

REQUEST_VERBS = ("BUHUA", "DRAW", "PLAY", "PENG", "CHI", "GANG", "BUGANG")
_VERB_TILES = {"BUHUA": 1, "DRAW": 0, "PLAY": 1, "PENG": 1, "CHI": 2, "GANG": 0, "BUGANG": 1}


@dataclass(frozen=True, slots=True)
class Start:
    """``0 playerID quan``: the program's seat (0 East, the dealer, ... 3 North) and the round
    wind (0 East ... 3 North)."""

    player: int
    quan: int


@dataclass(frozen=True, slots=True)
class Deal:
    """``1 hua0 hua1 hua2 hua3 Card1..Card13 HCard...``: each player's count of flowers drawn
    while dealing, the program's 13 tiles without flowers, and those flowers in player order."""

    flower_counts: tuple[int, int, int, int]
    hand: tuple[str, ...]
    flowers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """``2 Card``: the program drew ``tile`` (never a flower)."""

    tile: str


@dataclass(frozen=True, slots=True)
class Event:
    """``3 playerID VERB [tiles]``: what a player did, told to everybody (``PENG c``: a pung of
    the last discard, then ``c`` discarded; ``CHI m c``: a chow whose middle tile is ``m``, then
    ``c`` discarded; ``GANG``: a concealed kong if the player just drew, else an exposed kong of
    the last discard)."""

    player: int
    verb: str
    tiles: tuple[str, ...] = ()


Request = Start | Deal | Draw | Event


def _tile(name: str, where: str) -> str:
    try:
        from_botzone(name)
    except ValueError as e:
        raise ProtocolError(f"{where}: {e}") from None
    return name


def _int(word: str, where: str, low: int, high: int) -> int:
    try:
        n = int(word)
    except ValueError:
        raise ProtocolError(f"{where}: expected a number, got {word!r}") from None
    if not low <= n <= high:
        raise ProtocolError(f"{where}: {n} is not in {low}..{high}")
    return n


def parse_request(line: str) -> Request:
    """One request line as a typed record."""
    words = line.split()
    if not words:
        raise ProtocolError("empty request line")
    kind = words[0]
    if kind == "0":
        if len(words) != 3:
            raise ProtocolError(f"'0 playerID quan' has 3 words, not {len(words)}: {line!r}")
        return Start(_int(words[1], "playerID", 0, 3), _int(words[2], "quan", 0, 3))
    if kind == "1":
        if len(words) < 18:
            raise ProtocolError(f"'1 hua0..hua3 Card1..Card13 ...' needs 18 words at least: "
                                f"{line!r}")
        counts = tuple(_int(w, f"hua{i}", 0, 8) for i, w in enumerate(words[1:5]))
        hand = tuple(_tile(w, f"Card{i + 1}") for i, w in enumerate(words[5:18]))
        flowers = tuple(_tile(w, "flower") for w in words[18:])
        if len(flowers) != sum(counts):
            raise ProtocolError(f"{sum(counts)} flowers counted but {len(flowers)} listed")
        if any(t[0] == "H" for t in hand) or any(t[0] != "H" for t in flowers):
            raise ProtocolError("the 13 tiles must hold no flower and the rest only flowers")
        return Deal(counts, hand, flowers)  # type: ignore[arg-type]
    if kind == "2":
        if len(words) != 2:
            raise ProtocolError(f"'2 Card' has 2 words: {line!r}")
        tile = _tile(words[1], "drawn tile")
        if tile[0] == "H":
            raise ProtocolError("a '2 Card' draw is never a flower")
        return Draw(tile)
    if kind == "3":
        if len(words) < 3:
            raise ProtocolError(f"'3 playerID VERB ...' needs a verb: {line!r}")
        player = _int(words[1], "playerID", 0, 3)
        verb = words[2]
        if verb not in _VERB_TILES:
            raise ProtocolError(f"unknown verb {verb!r}; known: {', '.join(REQUEST_VERBS)}")
        tiles = tuple(_tile(w, verb) for w in words[3:])
        if len(tiles) != _VERB_TILES[verb]:
            raise ProtocolError(f"'3 playerID {verb}' takes {_VERB_TILES[verb]} tile(s): {line!r}")
        return Event(player, verb, tiles)
    raise ProtocolError(f"a request starts with 0, 1, 2 or 3, not {kind!r}")


def format_request(request: Request) -> str:
    """A typed request as its line (``parse_request``'s inverse)."""
    if isinstance(request, Start):
        return f"0 {request.player} {request.quan}"
    if isinstance(request, Deal):
        return " ".join(["1", *map(str, request.flower_counts), *request.hand, *request.flowers])
    if isinstance(request, Draw):
        return f"2 {request.tile}"
    return " ".join(["3", str(request.player), request.verb, *request.tiles])


# ---------------------------------------------------------------------------- response lines

_RESPONSE_TILES = {"PASS": (0,), "HU": (0,), "PLAY": (1,), "BUGANG": (1,), "GANG": (0, 1),
                   "PENG": (1,), "CHI": (2,)}


@dataclass(frozen=True, slots=True)
class Response:
    """A program's answer: ``verb`` and its tiles (``GANG c``: a concealed kong of ``c`` on the
    program's own draw; ``GANG``: an exposed kong of the discard)."""

    verb: str
    tiles: tuple[str, ...] = ()


PASS = Response("PASS")


def parse_response(line: str) -> Response:
    """One response line as a typed record."""
    words = line.split()
    if not words:
        raise ProtocolError("empty response")
    verb = words[0]
    if verb not in _RESPONSE_TILES:
        raise ProtocolError(f"unknown response {verb!r}; known: {', '.join(_RESPONSE_TILES)}")
    tiles = tuple(_tile(w, verb) for w in words[1:])
    if len(tiles) not in _RESPONSE_TILES[verb]:
        raise ProtocolError(f"{verb} takes {' or '.join(map(str, _RESPONSE_TILES[verb]))} "
                            f"tile(s): {line!r}")
    return Response(verb, tiles)


def format_response(response: Response) -> str:
    """A typed response as its line (``parse_response``'s inverse)."""
    return " ".join([response.verb, *response.tiles])


# ---------------------------------------------------------------------------- the bridge's side
# The reverse of a program's framing, for the bridge (ai/botzone/bridge.py), which runs a
# program: write its input from a history, read its output.

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


__all__ = ["PASS", "REQUEST_VERBS", "Deal", "Draw", "Event", "Input", "ProtocolError", "Request",
           "Response", "Start", "format_output", "format_request", "format_response",
           "parse_request", "parse_response", "read_input", "IO_FORMS", "Output", "format_input",
           "read_output"]
