"""House-rule options as data (rules/options.md, OPT-0).

A game declares its options once, as a tuple of ``Option`` (key, allowed values or bounds,
default, rule id); ``resolve`` turns what a client sent into an ``Options`` value with every key
filled in, or refuses it with ``InvalidOptions`` naming the key (OPT-0.1). The resolved value is
part of every state and of ``new_deal``, so seed + options + actions replay a deal exactly
(OPT-0.2); a rule that an option changes reads it from the state where the rule lives, and with
every option at its default a game is exactly its own rules file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import EngineError

JSON = dict[str, Any]


class InvalidOptions(EngineError):
    """Options a game does not have, or a value an option does not allow (OPT-0.1)."""

    code = "options/invalid"

    def __init__(self, message: str, key: str | None) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True, slots=True)
class Option:
    """One option: its ``key``, its ``default``, and what it allows: one of ``values``, an
    integer within ``bounds``, or (``many``) a list of distinct ``values``."""

    key: str
    default: Any
    rule: str
    """The option's rule id in rules/options.md, e.g. ``OPT-MCR-2``."""
    values: tuple[Any, ...] = ()
    bounds: tuple[int, int] | None = None
    many: bool = False

    def check(self, value: Any) -> Any:
        """``value`` as the option keeps it (a list as a sorted tuple); ``InvalidOptions``
        when it is not allowed. ``True`` is no integer and ``1`` no ``True``: JSON's types."""
        if self.many:
            if not isinstance(value, list | tuple) \
                    or any(not _among(v, self.values) for v in value) \
                    or len(set(map(_typed, value))) != len(value):
                raise self._refuse(value)
            return tuple(sorted(value, key=self.values.index))
        if self.bounds is not None:
            low, high = self.bounds
            if type(value) is not int or not low <= value <= high:
                raise self._refuse(value)
            return value
        if not _among(value, self.values):
            raise self._refuse(value)
        return value

    def _refuse(self, value: Any) -> InvalidOptions:
        return InvalidOptions(f"option {self.key!r} ({self.rule}) does not allow "
                              f"{json.dumps(value, default=str)}: {self.allowed()}", self.key)

    def allowed(self) -> str:
        """What the option allows, in words (for refusals and docs)."""
        if self.bounds is not None:
            return f"an integer from {self.bounds[0]} to {self.bounds[1]}"
        listed = ", ".join(json.dumps(v) for v in self.values)
        return f"a list of distinct values from {listed}" if self.many else f"one of {listed}"

    def schema(self) -> JSON:
        """The JSON Schema of the values the option allows (``check`` says the same)."""
        if self.bounds is not None:
            return {"type": "integer", "minimum": self.bounds[0], "maximum": self.bounds[1]}
        if self.many:
            return {"type": "array", "items": {"enum": list(self.values)}, "uniqueItems": True}
        return {"enum": list(self.values)}

    def to_json(self) -> JSON:
        """The option as a client builds a room form from it (``GET /api/games``)."""
        out: JSON = {"key": self.key, "rule": self.rule, "default": _json(self.default)}
        if self.bounds is not None:
            out["min"], out["max"] = self.bounds
        else:
            out["values"] = list(self.values)
        if self.many:
            out["many"] = True
        return out


def _typed(value: Any) -> tuple[type, Any]:
    """A value with its type: JSON tells ``true`` from ``1``, and so do options."""
    return type(value), value


def _among(value: Any, values: tuple[Any, ...]) -> bool:
    """Whether ``value`` is one of ``values``; by equality, so that an object or a list (JSON
    gives any) is refused, not a crash on hashing it."""
    return any(_typed(value) == _typed(v) for v in values)


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


class Options(Mapping[str, Any]):
    """A game's resolved options: every key, immutable, hashable, read as ``options["key"]``
    or ``options.key``."""

    __slots__ = ("_items", "_by_key")

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "_items", tuple(sorted((items or {}).items())))
        # the engine reads options at every step (``state.options.pao``): a lookup, not a scan
        object.__setattr__(self, "_by_key", dict(self._items))

    def __getitem__(self, key: str) -> Any:
        return self._by_key[key]

    def __getattr__(self, key: str) -> Any:
        if key.startswith("_"):  # copy and pickle look for their hooks before ``_items`` is set
            raise AttributeError(key)
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __reduce__(self) -> tuple[type, tuple[dict[str, Any]]]:
        return Options, (dict(self._items),)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("Options are immutable")

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self._items == other._items

    def __repr__(self) -> str:
        return f"Options({dict(self._items)!r})"

    def to_json(self) -> JSON:
        """As every view, the log and the replay carry it (OPT-0.2)."""
        return {k: _json(v) for k, v in self._items}


def resolve(specs: Sequence[Option], raw: Mapping[str, Any] | None, game: str) -> Options:
    """``raw`` (a client's ``options``, or an ``Options`` already resolved) checked against
    ``specs`` and completed with the defaults (OPT-0.1); ``InvalidOptions`` names the first key
    that is unknown or whose value is not allowed."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise InvalidOptions(f"options must be a JSON object, not {json.dumps(raw)}", None)
    by_key = {o.key: o for o in specs}
    for key in raw:
        if key not in by_key:
            known = ", ".join(by_key) or "none"
            raise InvalidOptions(f"{game} has no option {key!r} (its options: {known})", key)
    return Options({o.key: o.check(raw[o.key]) if o.key in raw else o.default for o in specs})


@dataclass(frozen=True)
class Preset:
    """A named set of option values a room form offers in one click (issue 28): ``"seed"``, the
    rules file as written (every default), or ``"popular"``, the table the big apps deal.
    ``options`` holds only the keys it sets; the others take their defaults."""

    id: str
    options: Mapping[str, Any]

    def resolve(self, specs: Sequence[Option], game: str) -> Options:
        """The preset as a match's options. A key the game does not declare (yet) is refused
        with ``InvalidOptions``, never dropped: a preset with a key missing is not that table."""
        return resolve(specs, self.options, game)


SEED = Preset("seed", {})
"""Every game's first preset: the rules file as written."""


def offered(presets: Sequence[Preset], specs: Sequence[Option],
            game: str) -> list[tuple[Preset, Options]]:
    """The presets a room form can offer now, each resolved: those whose every key the game
    declares. One that sets a key not declared yet waits for it (whole, not with the key
    dropped); ``tests/server/test_options.py`` says which and why."""
    out = []
    for preset in presets:
        try:
            out.append((preset, preset.resolve(specs, game)))
        except InvalidOptions:
            continue
    return out


class Variant:
    """A game with a match's options bound: ``new_deal`` deals under them, everything else is
    the game's own (each state carries its options). For what deals by seed alone: the arena,
    the protocol's property tests."""

    def __init__(self, game: Any, options: Mapping[str, Any] | None) -> None:
        self.game = game
        self.bound: Options = game.options(options)

    def new_deal(self, seed: int, dealer: int | None = None,
                 options: Mapping[str, Any] | None = None, number: int = 0) -> Any:
        return self.game.new_deal(seed, dealer, self.bound if options is None else options,
                                  number)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def __repr__(self) -> str:
        return f"Variant({self.game.name}, {self.bound.to_json()})"


__all__ = ["SEED", "InvalidOptions", "Option", "Options", "Preset", "Variant", "offered", "resolve"]
