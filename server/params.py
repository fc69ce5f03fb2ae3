"""What a match id may be, in one place: every route that takes one (REST, replays, hints, the
WebSocket) checks it here before anything reaches the database.

Match ids are ``new_id(12)`` (16 characters of ``[A-Za-z0-9_-]``, never a leading "-"); an id of any
other shape cannot exist, so it is answered like an unknown one: 404 ``match/not_found``. A NUL
in an id reached PostgreSQL, which refused the query (a 500, or a dropped WebSocket).
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated

from fastapi import Depends, Path

from .errors import ApiError

_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a match id may be (room to spare over the 16 characters the server makes)."""
MATCH_ID_PATTERN = f"^{_MATCH_ID.pattern}$"
"""The same for OpenAPI (Python's ``$`` would also match before a final newline: fullmatch)."""


def new_id(nbytes: int) -> str:
    """``secrets.token_urlsafe(nbytes)`` that does not begin with "-": a command line reads such
    a word as an option (``paiju botzone --match -x…`` stopped at "expected one argument"), so
    match ids, seat tokens and player ids and tokens never do. Ids made before still work."""
    while True:
        word = secrets.token_urlsafe(nbytes)
        if not word.startswith("-"):
            return word


def check_match_id(match_id: str) -> str:
    """``match_id`` when it has a match id's shape; else 404 ``match/not_found`` (the id itself
    is not echoed: it may be 64 KiB of anything)."""
    if not _MATCH_ID.fullmatch(match_id):
        raise ApiError("match/not_found", "no such match (a match id is 1 to 64 characters of "
                                          "A-Z, a-z, 0-9, '_' and '-')")
    return match_id


def _match_id(match_id: Annotated[str, Path(
        description="The id `POST /api/matches` answered; any other shape is a 404",
        json_schema_extra={"pattern": MATCH_ID_PATTERN})]) -> str:
    # the pattern is documented, not enforced by FastAPI, which would answer a 422
    return check_match_id(match_id)


MatchId = Annotated[str, Depends(_match_id)]
"""A route's ``match_id`` path parameter, checked by ``check_match_id``."""
