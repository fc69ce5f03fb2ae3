"""Fuzzing the API from its own OpenAPI document (schemathesis 4): whatever arrives, the answer
is never a 5xx, and status codes, headers and bodies conform to the documented responses."""

from __future__ import annotations

import tempfile

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings

from server.app import create_app
from server.settings import Settings

APP = create_app(Settings(database_url=f"sqlite:///{tempfile.mkdtemp()}/fuzz.db",
                          ai_in_process=False))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_no_server_error_and_documented_answers(case: schemathesis.Case) -> None:
    # Schema-valid but refused data is expected here: the schema cannot say a game needs its
    # own number of seats, and wire models are strict (6409.0 is no seed): a documented 422.
    case.call_and_validate(excluded_checks=[schemathesis.checks.positive_data_acceptance])
