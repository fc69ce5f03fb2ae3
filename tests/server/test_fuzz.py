"""Fuzzing the API from its own OpenAPI document (schemathesis 4): whatever arrives, the answer
is never a 5xx, status codes, headers and bodies conform to the documented responses, schema-
invalid data is refused and schema-valid data accepted (bar what only the rules decide:
fuzz_checks)."""

from __future__ import annotations

import tempfile

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings

from server.app import create_app
from server.settings import Settings

from .fuzz_checks import CHECKS

APP = create_app(Settings(database_url=f"sqlite:///{tempfile.mkdtemp()}/fuzz.db",
                          ai_in_process=False))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_no_server_error_and_documented_answers(case: schemathesis.Case) -> None:
    # schema-valid data is accepted, but for the refusals only the rules make (fuzz_checks)
    case.call_and_validate(**CHECKS)
