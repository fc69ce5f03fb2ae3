"""A player's history: what a finished deal was for each seat, and the statistics of many.

Read from the engine's ``result`` as the settlement shows it (``deltas``, and each game's win
records), so every game's rules stay in the engine: who won, who gave the winning card, the
winning hand's value in the game's unit and, where the game names one, its pattern or shape.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from engine import get_game
from engine.score_schemas import SCORE_UNITS

from .store import DealRecordRow, Outcome


def outcomes(game: str, result: dict[str, Any], seats: Sequence[dict[str, Any]],
             finished: float) -> list[Outcome]:
    """What the deal that ended with ``result`` was for each seat: won; dealt_in (another seat
    won on its card: a discard, a robbed kong); other (somebody else won, not on its card);
    drawn (nobody won). Sichuan's several winners each won; a seat that won and also gave
    another's winning card counts as won."""
    wins = get_game(game).wins(result)
    won = {seat: (hand, value) for seat, _, hand, value in wins}
    fed = {source for seat, source, _, _ in wins if source is not None and source != seat}
    n = len(seats)
    out = []
    for seat in range(n):
        opponents = [{"seat": s, "kind": seats[s]["kind"], "level": seats[s].get("level")}
                     for s in ((seat + k) % n for k in range(1, n))]
        if seat in won:
            kind = "won"
        elif seat in fed:
            kind = "dealt_in"
        else:
            kind = "other" if wins else "drawn"
        hand, value = won.get(seat, (None, None))
        out.append(Outcome(seat, game, finished, json.dumps(opponents), result["deltas"][seat],
                           kind, hand, value))
    return out


def rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def stats(rows: Sequence[tuple[Any, ...]], best: Sequence[DealRecordRow]) -> list[dict[str, Any]]:
    """Per game, from the store's sums (``Store.record_stats``) and best hands: deals, wins,
    deals dealt in and drawn, win and deal-in rates over all deals, mean score, best hand."""
    best_of = {r.game: r for r in best}
    out = []
    for game, deals, won, dealt_in, drawn, total in rows:
        deals, won, dealt_in, drawn, total = (int(x or 0) for x in
                                              (deals, won, dealt_in, drawn, total))
        top = best_of.get(game)
        out.append({
            "game": game, "deals": deals, "won": won, "dealt_in": dealt_in, "drawn": drawn,
            "win_rate": rate(won, deals), "deal_in_rate": rate(dealt_in, deals),
            "mean_score": round(total / deals, 2) if deals else 0.0,
            "best": None if top is None else {
                "hand": top.hand, "value": top.hand_value, "unit": SCORE_UNITS.get(game, ""),
                "match_id": top.match_id, "deal": top.deal_no, "seat": top.seat}})
    return out


def deal_json(r: DealRecordRow) -> dict[str, Any]:
    """A record as the history lists it (``models.HistoryDeal``)."""
    return {
        "id": r.id, "match_id": r.match_id, "deal": r.deal_no, "game": r.game,
        "finished_at": datetime.fromtimestamp(r.finished, UTC).isoformat(timespec="seconds")
        .replace("+00:00", "Z"),
        "seat": r.seat, "opponents": json.loads(r.opponents_json), "score": r.score,
        "result": r.result, "hand": r.hand, "hand_value": r.hand_value,
        "unit": SCORE_UNITS.get(r.game, ""),
        "replay": f"/api/matches/{r.match_id}/deals/{r.deal_no}/replay",
    }
