"""Stateful fuzzing: schemathesis follows the OpenAPI links (a created match's id and its first
seat's token into the match's operations, a seat's legal actions into playing the first one) and
checks every answer: never a 5xx, always the documented status, headers and body."""

from __future__ import annotations

import tempfile
from collections import Counter
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings

from engine import GAMES
from server.app import create_app
from server.settings import Settings

APP = create_app(Settings(database_url=f"sqlite:///{tempfile.mkdtemp()}/stateful.db",
                          ai_in_process=False))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

ANSWERS: Counter[tuple[str, int]] = Counter()
"""(operation, status) of every call the machine made, to check that the links were followed."""
SEATED = Counter[str]()
"""Operations answered for a seat (a bearer token the server took): only a link carries one."""


class Workflow(schema.as_state_machine()):  # type: ignore[misc]
    def before_call(self, case: schemathesis.Case) -> None:
        """Most generated game names are unknown (a 404 the stateless test covers already): turn
        a created match's game into a registered one, chosen by the generated name, and drop
        seats that do not fit it, so that scenarios get past the first step."""
        super().before_call(case)
        body = case.body
        negative = case.meta is not None and case.meta.generation.mode.is_negative
        if case.operation.definition.raw.get("operationId") != "createMatch" or negative \
                or not isinstance(body, dict) or not isinstance(body.get("game"), str):
            return
        names = sorted(GAMES)
        body["game"] = names[sum(body["game"].encode()) % len(names)]
        seats = body.get("seats")
        if isinstance(seats, list) and len(seats) != GAMES[body["game"]].players:
            del body["seats"]

    def after_call(self, response: Any, case: schemathesis.Case) -> None:
        super().after_call(response, case)
        op = case.operation.definition.raw.get("operationId", "?")
        ANSWERS[(op, response.status_code)] += 1
        bearer = str((case.headers or {}).get("authorization", "")).startswith("Bearer ")
        if bearer and response.status_code not in (401, 403, 404):
            SEATED[op] += 1

    def validate_response(self, response: Any, case: schemathesis.Case,
                          additional_checks: Any = None, **kwargs: Any) -> None:
        # as in the stateless test: schema-valid but refused data (a game's own number of
        # seats, a strict wire model) is a documented 422, not a failure
        case.validate_response(response, additional_checks=additional_checks,
                               excluded_checks=[schemathesis.checks.positive_data_acceptance],
                               transport_kwargs=kwargs or None)


TestWorkflow = Workflow.TestCase
TestWorkflow.settings = settings(
    max_examples=40, stateful_step_count=8, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def test_links_carry_the_seat_token() -> None:
    """The links carried a real match id and seat token: besides refusals, the machine got
    answers that only a seat's own token gets (runs after the machine, in the same process)."""
    if not ANSWERS:
        pytest.skip("the state machine above did not run in this process")
    assert ANSWERS[("createMatch", 201)] > 0, dict(ANSWERS)
    assert sum(SEATED.values()) > 0, dict(ANSWERS)
