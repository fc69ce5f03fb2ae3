"""Change notes across workers: a Redis note carries the action that made the change, and a
worker holding the version before it steps its copy forward with it instead of reading the log;
the copy it gets is the one the log replays to."""

from __future__ import annotations

import json
import random
from pathlib import Path

from server.pubsub import LocalBroker, parse_note
from server.service import Service
from server.store import Store, make_engine


class _Notes(LocalBroker):
    """The in-process broker, also keeping what was published (as Redis would carry it)."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[str] = []

    def publish(self, match_id: str, version: int, step: tuple[int, int, str] | None = None) -> None:
        self.sent.append(f"{version} {match_id}" + (f" {step[0]} {step[1]} {step[2]}"
                                                    if step is not None else ""))


def test_notes_parse_with_and_without_their_action() -> None:
    assert parse_note("12 abc") == ("abc", 12, None)
    action = json.dumps({"type": "discard", "card": 57})  # the JSON has spaces
    assert parse_note(f"13 abc 0 2 {action}") == ("abc", 13, (0, 2, action))


def test_a_worker_steps_its_copy_forward_with_the_notes_actions(tmp_path: Path) -> None:
    from server.models import CreateMatch

    engine = make_engine(f"sqlite:///{tmp_path / 'x.db'}")
    notes_a = _Notes()
    a, b = Service(Store(engine), notes_a), Service(Store(engine), LocalBroker())
    created = a.create(CreateMatch.model_validate(
        {"game": "sichuan", "seed": 5, "seats": [{"kind": "human"}] * 4}))
    mid, tokens = created["match_id"], [s["token"] for s in created["seats"]]
    b.load(mid)  # worker B watches the match: it holds version 0
    rng = random.Random(5)
    absorbed = 0
    for _ in range(120):
        loaded = a.load(mid)
        if loaded.game.result(loaded.state) is not None:
            break
        seat = loaded.game.to_act(loaded.state)[0]
        legal = loaded.game.legal_actions(loaded.state, seat)
        a.act_loaded(mid, tokens[seat], rng.choice(legal), loaded.row.version)
        match_id, version, step = parse_note(notes_a.sent[-1])
        assert (match_id, step is not None) == (mid, True)
        assert step is not None
        b.absorb(match_id, version, step)
        held = b.cached_at(mid, version)
        assert held is not None  # stepped forward, no read
        absorbed += 1
        replayed = Service(Store(engine), LocalBroker()).load(mid)  # from the log alone
        assert held.row == replayed.row
        assert b.seat_view(held, 1) == b.seat_view(replayed, 1)
    assert absorbed > 50
    # a copy that is not at the version before is left alone (it catches up from the log)
    last = a.load(mid).row.version
    b.absorb(mid, last + 5, (0, 0, json.dumps({"type": "pass"})))
    assert b.cached_at(mid, last) is not None and b.cached_at(mid, last + 5) is None
