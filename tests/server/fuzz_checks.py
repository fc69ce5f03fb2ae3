"""What the fuzz tests check beyond schemathesis's defaults: schema-valid data is accepted, bar
the refusals only the rules can make, which no JSON Schema can state.

``positive_data_acceptance`` fails any schema-valid request answered 400 or 422. The schema is
exact about shapes (games, seat counts per game, seat kinds, action objects, each game's hand
description with its tile names and counts), so only these remain, each a documented 422:

- an action (``postAction``): whether it is legal depends on the match's position;
- a hand description (``scoreSichuan``...): a fifth copy of a face, a broken run or group, flags
  that contradict each other or the tiles, a Nantong winner whose cards do not win. A refusal
  in the words of a shape ("must be", "unknown fields", "not a tile"...) is still a failure: a
  schema-valid description has the shape the calculator reads.
"""

from __future__ import annotations

from typing import Any

import schemathesis
from schemathesis.checks import positive_data_acceptance

SHAPE_WORDS = (" must ", "unknown fields", "not a tile", "is not a Sichuan tile", "is a flower",
               "give either")
"""How the calculators word a refusal of a description's shape (engine/*/scoring.py)."""


def _rules_only(operation: str, error: dict[str, Any]) -> bool:
    """Whether ``error`` is a refusal that only the rules can make (see the module)."""
    code, message = error.get("code", ""), error.get("message", "")
    if operation == "postAction":
        return code.startswith("action/")
    if operation.startswith("score"):  # scoreSichuan, scoreMcr...
        return code == "score/invalid_spec" and not any(w in message for w in SHAPE_WORDS)
    return False


@schemathesis.check
def schema_valid_data_is_accepted(ctx: Any, response: Any, case: Any) -> bool | None:
    """``positive_data_acceptance``, with the rules' own 422s (the module) let through."""
    operation = case.operation.definition.raw.get("operationId", "")
    if response.status_code == 422:
        try:
            error = response.json()["error"]
        except (ValueError, KeyError, TypeError):
            error = {}
        if _rules_only(operation, error):
            return None
    return positive_data_acceptance(ctx, response, case)


CHECKS: dict[str, Any] = {"additional_checks": [schema_valid_data_is_accepted],
                          "excluded_checks": [positive_data_acceptance]}
"""``validate_response`` arguments: the built-in check, replaced by the one above."""
