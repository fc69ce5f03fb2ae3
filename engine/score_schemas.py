"""JSON Schemas of the calculators' hand descriptions (``game.score``), one per game: what each
``score_spec`` reads, field by field, so that the API can document it (OpenAPI) exactly.

A schema says every field, its type, the names of tiles and cards, what is required and what may
not appear. What it cannot say the calculator refuses with its reason (``InvalidSpec``): how many
concealed tiles go with the melds, a fifth copy of a face, a chow that is no run, flags that
contradict each other or the tiles. Nothing a schema refuses is read by its calculator.

A game with house-rule options (rules/options.md) takes them in ``options``, each with the values
it allows: the match's rules the hand is scored under.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .core.options import Option
from .mahjong.tiles import FACE_NAMES as MAHJONG_FACES
from .mahjong.tiles import NUM_FACES, NUM_SUITED, SUITS
from .mcr.options import OPTIONS as MCR_OPTIONS
from .mcr.scoring import _FLAGS as MCR_FLAGS
from .mcr.scoring import UNIT as MCR_UNIT
from .mcr.scoring import WIND_NAMES
from .nantong.cards import FACE_NAMES as NANTONG_FACES
from .nantong.scoring import GROUP_KINDS, HOW
from .nantong.scoring import UNIT as NANTONG_UNIT
from .paohuzi.cards import FACE_NAMES as PAOHUZI_FACES
from .paohuzi.options import OPTIONS as PAOHUZI_OPTIONS
from .paohuzi.scoring import EXPOSED_KINDS, GROUP_SIZE
from .paohuzi.scoring import UNIT as PAOHUZI_UNIT
from .sichuan.options import OPTIONS as SICHUAN_OPTIONS
from .sichuan.scoring import _FLAGS as SICHUAN_FLAGS
from .sichuan.scoring import UNIT as SICHUAN_UNIT

JSON = dict[str, Any]


def _one_of(names: tuple[str, ...] | list[str], what: str) -> JSON:
    return {"type": "string", "enum": list(names), "description": what}


def _list(item: JSON, low: int, high: int, what: str) -> JSON:
    return {"type": "array", "items": item, "minItems": low, "maxItems": high, "description": what}


def _object(properties: JSON, required: tuple[str, ...] = (), what: str = "",
            title: str = "") -> JSON:
    out: JSON = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    for key, value in (("description", what), ("title", title)):
        if value:
            out[key] = value
    return out


def _flags(names: tuple[str, ...]) -> JSON:
    return {n: {"type": "boolean", "default": False} for n in names}


def _options(specs: Sequence[Option]) -> JSON:
    """``options``: the game's house rules the hand is scored under, each key optional."""
    keys = _object({o.key: o.schema() | {"default": o.to_json()["default"]} for o in specs})
    return {"options": {"anyOf": [keys, {"type": "null"}],
                        "description": "house-rule options (rules/options.md); a missing key "
                                       "takes its default, null or {} every default"}}


def _sized(melds: int, concealed: int, also: JSON | None = None) -> JSON:
    """A hand with exactly ``melds`` melds and ``concealed`` concealed tiles (and ``also``)."""
    out: JSON = {"properties": {"melds": {"minItems": melds, "maxItems": melds},
                                "concealed": {"minItems": concealed, "maxItems": concealed},
                                **(also or {})}}
    if melds:
        out["required"] = ["melds"]  # none given is none declared
    return out


def _counts(full: int, most: int, also: JSON | None = None) -> list[JSON]:
    """Each number of melds with the concealed tiles that go with it: ``full`` − 3 × melds."""
    return [_sized(n, full - 3 * n, also) for n in range(most + 1)]


# ---------------------------------------------------------------- Sichuan

_SC_TILE = _one_of(MAHJONG_FACES[:NUM_SUITED], "a suited tile (Sichuan has no honours)")

SICHUAN = _object({
    "melds": {"type": "array", "maxItems": 4, "default": [], "items": {"anyOf": [
        _object({"type": {"const": "pung"}, "tile": _SC_TILE, "concealed": {"const": False}},
                ("type", "tile")),
        _object({"type": {"const": "kong"}, "tile": _SC_TILE,
                 "concealed": {"type": "boolean", "default": False}}, ("type", "tile")),
    ]}, "description": "declared pungs and kongs (no chows in Sichuan)"},
    "concealed": _list(_SC_TILE, 1, 13, "13 − 3 × melds tiles, the winning tile apart"),
    "winning_tile": _SC_TILE,
    "missing_suit": _one_of(list(SUITS), "the suit declared missing"),
    **_flags(SICHUAN_FLAGS),
    **_options(SICHUAN_OPTIONS),
}, ("concealed", "winning_tile", "missing_suit"), "A Sichuan hand (see engine/sichuan/scoring.py)",
    "SichuanHand") | {"anyOf": _counts(13, 4)}


# ---------------------------------------------------------------- MCR

_MCR_TILE = _one_of(MAHJONG_FACES[:NUM_FACES], "a suited or honour tile (flowers are counted "
                                                "in 'flowers')")
_MCR_SUITED = _one_of(MAHJONG_FACES[:NUM_SUITED], "a suited tile")
_CHOW_LOWEST = _one_of([f"{r}{s}" for s in SUITS for r in range(1, 8)], "a chow's lowest tile")
_EITHER = [{"required": ["tile"]}, {"required": ["tiles"]}]
"""A meld names either its one tile or all its tiles, never both."""


def _mcr_meld(kind: str, tile: JSON, tiles: JSON, size: int, concealed: JSON,
              source: JSON) -> JSON:
    meld = _object({"type": {"const": kind}, "tile": tile,
                    "tiles": _list(tiles, size, size, f"the {size} tiles"),
                    "concealed": concealed, "from": source}, ("type",))
    return meld | {"oneOf": _EITHER}


_FROM = {"type": "integer", "enum": [1, 2, 3], "default": 1,
         "description": "the seat it was claimed from: 1 previous, 2 opposite, 3 next"}
_NOT_CONCEALED = {"const": False}

MCR = _object({
    "melds": {"type": "array", "maxItems": 4, "default": [], "items": {"anyOf": [
        _mcr_meld("chow", _CHOW_LOWEST, _MCR_SUITED, 3, _NOT_CONCEALED,
                  {"const": 1, "description": "a chow is claimed from the previous player"}),
        _mcr_meld("pung", _MCR_TILE, _MCR_TILE, 3, _NOT_CONCEALED, _FROM),
        _mcr_meld("kong", _MCR_TILE, _MCR_TILE, 4, _NOT_CONCEALED, _FROM),
        _mcr_meld("kong", _MCR_TILE, _MCR_TILE, 4, {"const": True},
                  {"type": "null", "description": "a concealed kong was claimed from no one"})
        | {"required": ["type", "concealed"]},
    ]}, "description": "declared chows, pungs and kongs"},
    "concealed": _list(_MCR_TILE, 1, 13, "13 − 3 × melds tiles, the winning tile apart"),
    "winning_tile": _MCR_TILE,
    "flowers": {"type": "integer", "minimum": 0, "maximum": 8, "default": 0},
    "seat_wind": _one_of(WIND_NAMES, "default E") | {"default": "E"},
    "prevalent_wind": _one_of(WIND_NAMES, "default E") | {"default": "E"},
    **_flags(MCR_FLAGS),
    **_options(MCR_OPTIONS),
}, ("concealed", "winning_tile"), "An MCR hand (see engine/mcr/scoring.py)", "McrHand") | {
    "anyOf": _counts(13, 4)}


# ---------------------------------------------------------------- Paohuzi

_PH_CARD = _one_of(PAOHUZI_FACES, "a card: x1–x10 small, d1–d10 big")

PAOHUZI = _object({
    "groups": {"type": "array", "maxItems": 7, "default": [], "items": {"anyOf": [
        _object({"type": {"const": kind},
                 "cards": _list(_PH_CARD, GROUP_SIZE[kind], GROUP_SIZE[kind], "its cards")},
                ("type", "cards")) for kind in EXPOSED_KINDS
    ]}, "description": "exposed groups"},
    "concealed": _list(_PH_CARD, 0, 4 * len(PAOHUZI_FACES), "the hand") | {"default": []},
    "winning_card": {"anyOf": [_PH_CARD, {"type": "null"}],
                     "description": "the card won on; null or absent: the hand is complete as "
                                    "given"},
    **_flags(("own_reveal", "heavenly", "dealer", "last_card")),
    "turned_card": {"anyOf": [_PH_CARD, {"type": "null"}],
                    "description": "xing 'turn' (OPT-PH-5.1): the card turned from the stock "
                                   "after the win; needed under that option unless last_card "
                                   "(then the winning card is turned), refused otherwise"},
    **_options(PAOHUZI_OPTIONS),
}, (), "A Paohuzi hand (see engine/paohuzi/scoring.py); {} is an empty hand, which does not "
       "win. last_card: the winning card was the stock's last (海胡, OPT-PH-3.2). With options "
       "the hand is settled as a match settles it: the grouping that pays most (OPT-PH-3.4), "
       "名堂, xing and each opponent's payment.",
    "PaohuziHand")


# ---------------------------------------------------------------- Nantong

_NT_CARD = _one_of(NANTONG_FACES, "a card: 1–9 of m, s, p, or Q, B, H")
_NT_CLAIM = {"kong_replacement": {"type": "boolean", "default": False},
             "dealer_first_discard": {"type": "boolean", "default": False},
             "last_card": {"type": "boolean", "default": False}}
_NT_WIN = {"anyOf": [
    _object({"how": {"enum": [h for h in HOW if h != "heavenly"]}, "card": _NT_CARD,
             **_NT_CLAIM}, ("how", "card")),
    _object({"how": {"const": "heavenly"}, "card": {"type": "null"}, **_NT_CLAIM}, ("how",)),
    {"type": "null"},
], "description": "how this player won; null or absent: it did not"}

_NT_PLAYER = _object({
    "concealed": _list(_NT_CARD, 1, 23, "22 − 3 × melds cards (a Heavenly winner's 23), the "
                                        "winning card apart"),
    "melds": {"type": "array", "maxItems": 7, "default": [],
              "items": _object({"type": _one_of(GROUP_KINDS, "the group"),
                                "card": _NT_CARD}, ("type", "card"))},
    "hezi": {"type": "boolean", "default": False},
    "ready": {"type": "boolean", "default": False},
    "win": _NT_WIN,
}, ("concealed",)) | {"anyOf": [
    *_counts(22, 7, {"win": {"anyOf": [{"type": "null"}, {"properties": {"how": {"enum": [
        h for h in HOW if h != "heavenly"]}}}]}}),
    *(variant | {"required": [*variant.get("required", []), "win"]} for variant in _counts(
        23, 7, {"win": {"type": "object", "properties": {"how": {"const": "heavenly"}}}})),
]}

NANTONG = _object({
    "indicators": _list(_NT_CARD, 2, 2, "the two indicator cards"),
    "players": _list(_NT_PLAYER, 1, 3, "seats 0, 1, 2"),
}, ("indicators", "players"), "A Nantong deal's hands (see engine/nantong/scoring.py)",
    "NantongHands")


SCORE_SCHEMAS: dict[str, JSON] = {"sichuan": SICHUAN, "mcr": MCR, "paohuzi": PAOHUZI,
                                  "nantong": NANTONG}
"""Each registered game's hand description, by game name."""

SCORE_UNITS: dict[str, str] = {"sichuan": SICHUAN_UNIT, "mcr": MCR_UNIT, "paohuzi": PAOHUZI_UNIT,
                               "nantong": NANTONG_UNIT}
"""What each game's calculator and settlement count in: the unit of their ``items``."""
