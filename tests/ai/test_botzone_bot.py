"""``paiju botzone-bot`` (ai/botzone/bot.py, replay.py, protocol.py): Botzone transcripts in,
Botzone answers out; and, over whole engine-played MCR deals, the seat rebuilt from its Botzone
history has the engine's own hand and legal actions at every decision (issue 27)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from ai.botzone.bot import decide, decision_rng, respond
from ai.botzone.protocol import (
    Deal,
    Draw,
    Event,
    ProtocolError,
    Response,
    Start,
    format_request,
    parse_request,
    parse_response,
    read_input,
)
from ai.botzone.replay import HistoryError, rebuild
from ai.botzone.tiles import to_botzone
from ai.policies import POLICIES, choose
from engine import get_game
from engine.mahjong.tiles import face_of, parse_face

DEAL = "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J2"


def simple(requests: list[str], responses: list[str] | None = None) -> str:
    """The simple-I/O input of a history (responses PASS unless given)."""
    responses = responses or ["PASS"] * (len(requests) - 1)
    lines = [str(len(requests))]
    for i, r in enumerate(requests):
        lines.append(r)
        if i < len(responses):
            lines.append(responses[i])
    return "\n".join(lines) + "\n"


def as_json(requests: list[str], responses: list[str] | None = None) -> str:
    responses = responses or ["PASS"] * (len(requests) - 1)
    return json.dumps({"requests": requests, "responses": responses, "data": "",
                       "globaldata": "", "time_limit": 6})


def forced(kind: str) -> dict:
    """A policy table whose ``pick`` level takes the first legal action of ``kind`` (else the
    first discard, else pass): tests the mapping of each action onto Botzone's words."""
    def pick(view: dict, legal: list[dict], rng: random.Random) -> dict:
        return next((a for a in legal if a["type"] == kind),
                    next((a for a in legal if a["type"] in ("discard", "pass")), legal[0]))
    return {"mcr": {"pick": pick}}


# ---------------------------------------------------------------------------- framing


def test_both_framings_read_the_same_history():
    reqs = ["0 1 2", DEAL, "3 0 DRAW"]
    a, b = read_input(simple(reqs)), read_input(as_json(reqs))
    assert (a.requests, a.responses, a.json) == (reqs, ["PASS", "PASS"], False)
    assert (b.requests, b.responses, b.json) == (reqs, ["PASS", "PASS"], True)


def test_simple_input_keeps_data_lines():
    got = read_input(simple(["0 1 2"]) + "saved\nglobal\n")
    assert (got.requests, got.responses, got.data, got.globaldata) == (["0 1 2"], [], "saved",
                                                                      "global")


@pytest.mark.parametrize("text", ["", "x\n", "2\n0 1 2\nPASS\n", "0\n", '{"requests": []}',
                                  '{"requests": ["0 1 2"], "responses": ["PASS"]}', "{nope"])
def test_a_broken_frame_is_a_protocol_error(text):
    with pytest.raises(ProtocolError):
        read_input(text)


@pytest.mark.parametrize("line", ["0 1 2", DEAL, "1 1 0 0 1 " + " ".join(["B5"] * 4 + ["T1"] * 4
                                                                         + ["W9"] * 4 + ["J3"])
                                  + " H1 H8", "2 T6", "3 2 BUHUA H7", "3 2 DRAW", "3 2 PLAY T1",
                                  "3 2 PENG W3", "3 2 CHI T2 W3", "3 2 GANG", "3 2 BUGANG W3"])
def test_requests_round_trip(line):
    assert format_request(parse_request(line)) == line


def test_request_records():
    assert parse_request("0 3 1") == Start(3, 1)
    assert parse_request("2 J1") == Draw("J1")
    assert parse_request("3 2 CHI T2 W3") == Event(2, "CHI", ("T2", "W3"))
    deal = parse_request("1 0 1 0 0 " + " ".join(["W1"] * 13) + " H3")
    assert isinstance(deal, Deal) and deal.flowers == ("H3",) and deal.flower_counts[1] == 1


@pytest.mark.parametrize("line", ["", "4 1", "0 5 1", "2 H1", "2 X9", "3 1 JUMP", "3 1 PLAY",
                                  "3 1 CHI T2", "1 0 0 0 0 W1", "1 1 0 0 0 " + "W1 " * 13])
def test_bad_requests_are_refused(line):
    with pytest.raises(ProtocolError):
        parse_request(line)


def test_responses():
    assert parse_response("PENG W1") == Response("PENG", ("W1",))
    assert parse_response("GANG") == Response("GANG") and parse_response("GANG T6").tiles == ("T6",)
    for bad in ("", "PLAY", "PENG", "CHI W2", "HU W1", "EAT W1", "PLAY Z1"):
        with pytest.raises(ProtocolError):
            parse_response(bad)


# ---------------------------------------------------------------------------- answers


@pytest.mark.parametrize("framing", [simple, as_json])
def test_the_first_two_turns_pass(framing):
    assert respond(framing(["0 1 2"]), "basic").split() in (["PASS"], ['{"response":', '"PASS"}'])
    out = respond(framing(["0 1 2", DEAL]), "basic")
    assert "PASS" in out and "\n" == out[-1]


def test_json_in_json_out():
    out = respond(as_json(["0 1 2", DEAL, "3 0 DRAW", "3 0 PLAY J1", "2 W5"]), "basic")
    assert json.loads(out)["response"].startswith("PLAY ")


def test_a_drawn_tile_that_completes_a_hand_wins():
    """Pure Straight (16 points) plus a pair and a chow: self-drawn T4 completes it."""
    reqs = ["0 2 0", "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 T2 T3", "3 0 DRAW",
            "3 0 PLAY J1", "3 1 DRAW", "3 1 PLAY J2", "2 T4"]
    for level in ("basic", "strong"):
        assert decide(reqs, ["PASS"] * 6, level) == Response("HU")
    pos = rebuild(reqs, ["PASS"] * 6, random.Random(0))
    assert {"type": "win"} in pos.game.legal_actions(pos.state, pos.seat)


def test_a_discard_from_the_hand():
    reqs = ["0 1 2", DEAL, "3 0 DRAW", "3 0 PLAY J3", "2 W9"]
    answer = decide(reqs, ["PASS"] * 4, "basic")
    assert answer.verb == "PLAY" and answer.tiles[0] in DEAL.split()[5:] + ["W9"]


def test_a_pung_offer_is_claimed_with_the_discard_that_follows():
    """A dragon pung that lowers shanten: basic claims it, and the answer carries its discard
    (the policy asked again on the position after the pung)."""
    reqs = ["0 1 0", "1 0 0 0 0 J1 J1 W1 W2 W3 B4 B5 B6 T7 T8 F1 F3 F4", "3 0 DRAW",
            "3 0 PLAY J1"]
    answer = decide(reqs, ["PASS"] * 3, "basic")
    assert answer.verb == "PENG" and answer.tiles[0] in ("F1", "F3", "F4")
    assert decide(reqs, ["PASS"] * 3, "pick", policies=forced("pass")) == Response("PASS")


def test_a_chow_names_its_middle_tile_and_discard():
    reqs = ["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY T6"]  # player 0 plays before player 1
    answer = decide(reqs, ["PASS"] * 3, "pick", policies=forced("chow"))
    assert answer.verb == "CHI" and answer.tiles[0] == "T7"
    pos = rebuild(reqs, ["PASS"] * 3, random.Random(0))
    chows = [a for a in pos.game.legal_actions(pos.state, 1) if a["type"] == "chow"]
    assert [a["low"] for a in chows] == ["6s"]  # 6-7-8: 7-8-9 needs no 6
    # player 2 may not chow player 0's discard (MCR-3.2)
    reqs2 = ["0 2 0", DEAL, "3 0 DRAW", "3 0 PLAY T6"]
    pos2 = rebuild(reqs2, ["PASS"] * 3, random.Random(0))
    assert pos2.state is None or all(a["type"] != "chow"
                                     for a in pos2.game.legal_actions(pos2.state, 2))


def test_a_kong_claim_and_a_concealed_kong():
    reqs = ["0 1 0", "1 0 0 0 0 J1 J1 J1 W2 W3 B4 B5 B6 T7 T8 F1 F3 F4", "3 0 DRAW",
            "3 0 PLAY J1"]
    assert decide(reqs, ["PASS"] * 3, "pick", policies=forced("kong")) == Response("GANG")
    reqs = ["0 0 0", "1 0 0 0 0 J1 J1 J1 W2 W3 B4 B5 B6 T7 T8 F1 F3 F4", "2 J1"]
    assert decide(reqs, ["PASS"] * 2, "pick", policies=forced("concealed_kong")) == \
        Response("GANG", ("J1",))
    # the kong stands: the replacement is a kong draw, the meld concealed
    later = reqs + ["3 0 GANG", "2 W1"]
    pos = rebuild(later, ["PASS", "PASS", "GANG J1", "PASS"], random.Random(0))
    assert pos.state.kong_draw and pos.state.melds[0][0].concealed
    assert [a["type"] for a in pos.game.legal_actions(pos.state, 0)][:1] == ["discard"]


def test_an_added_kong_and_robbing_it():
    # player 1 pungs T7, later adds the fourth: player 2 waits on T4-T7 and robs it
    hand2 = "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 T5 T6"
    reqs = ["0 2 0", hand2, "3 0 DRAW", "3 0 PLAY T7", "3 1 PENG T9", "2 J1", "3 2 PLAY J1",
            "3 3 DRAW", "3 3 PLAY B9", "3 0 DRAW", "3 0 PLAY B8", "3 1 DRAW", "3 1 BUGANG T7"]
    pos = rebuild(reqs, ["PASS"] * (len(reqs) - 1), random.Random(0))
    assert pos.state is not None and pos.state.window.kind == "rob"
    assert decide(reqs, ["PASS"] * (len(reqs) - 1), "basic") == Response("HU")
    # the bot's own added kong: the answer and then the kong standing
    mine = ["0 1 0", "1 0 0 0 0 J1 J1 W2 W3 W4 B4 B5 B6 T7 T8 F1 F3 F4", "3 0 DRAW",
            "3 0 PLAY J1", "3 1 PENG F4", "3 2 DRAW", "3 2 PLAY W9", "3 3 DRAW", "3 3 PLAY W8",
            "3 0 DRAW", "3 0 PLAY W7", "2 J1"]
    assert decide(mine, ["PASS"] * (len(mine) - 1), "pick",
                  policies=forced("added_kong")) == Response("BUGANG", ("J1",))
    # Botzone's duplicate judge adds only the tile just drawn; paiju (and a history with
    # flowers) any fourth tile held
    held = ["0 1 0", "1 0 0 0 0 J1 J1 J1 W2 W3 B4 B5 B6 T7 T8 F1 F3 F4"] + mine[2:-1] + ["2 T9"]
    pos = rebuild(held, ["PASS"] * (len(held) - 1), random.Random(0))
    assert "added_kong" in {a["type"] for a in pos.game.legal_actions(pos.state, 1)}
    assert "added_kong" not in {a["type"] for a in pos.legal()}
    held[1] = "1 1 0 0 0 J1 J1 J1 W2 W3 B4 B5 B6 T7 T8 F1 F3 F4 H1"
    pos = rebuild(held, ["PASS"] * (len(held) - 1), random.Random(0))
    assert "added_kong" in {a["type"] for a in pos.legal()}
    later = mine + ["3 1 BUGANG J1", "2 T9"]
    pos = rebuild(later, ["PASS"] * (len(later) - 1), random.Random(0))
    assert pos.state.melds[1][0].added and pos.state.kong_draw


def test_flowers_from_the_deal_and_buhua():
    """The dealt flowers and a flower drawn later are the seats' exposed flowers (MCR-2.3);
    the replacement draw is a replacement, no kong draw."""
    deal = "1 1 0 2 0 " + " ".join("W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J2".split()) \
        + " H1 H5 H6"
    reqs = ["0 1 0", deal, "3 0 DRAW", "3 0 PLAY J3", "3 1 BUHUA H2", "2 W5"]
    answer = decide(reqs, ["PASS"] * 5, "basic")
    assert answer.verb == "PLAY"
    pos = rebuild(reqs, ["PASS"] * 5, random.Random(0))
    view = pos.game.view(pos.state, 1)
    assert [[f["face"] for f in p["flowers"]] for p in view["players"]] == \
        [["f5"], ["f6"], ["f1", "f2"], []]
    assert view["events"][-1] == {"type": "draw", "seat": 1, "replacement": True,
                                  "card": view["drawn"]}
    assert not pos.state.kong_draw


def test_the_round_wind_is_botzones_quan():
    """Botzone draws the round wind (quan); paiju plays East only. The rebuilt game scores
    with quan (MCR-2.2): West's win on a South discarded by South reaches 8 only with the
    Prevalent Wind pung of a South round."""
    hand = "1 0 0 0 0 F2 F2 T2 T3 T4 T4 T4 T4 T5 T6 B2 B3 B4"
    for quan, wins in ((1, True), (0, False), (2, False)):
        reqs = [f"0 2 {quan}", hand, "3 0 DRAW", "3 0 PLAY J1", "3 1 DRAW", "3 1 PLAY F2"]
        pos = rebuild(reqs, ["PASS"] * 5, random.Random(0))
        assert ({"type": "win"} in pos.game.legal_actions(pos.state, 2)) is wins
        assert pos.game.view(pos.state, 2)["prevailing_wind"] == "ESWN"[quan]
        assert (decide(reqs, ["PASS"] * 5, "basic") == Response("HU")) is wins


@pytest.mark.parametrize("reqs", [
    ["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY B9", "3 1 PLAY B9"],  # a tile the bot does not hold
    ["0 1 0", DEAL, "3 0 DRAW", "3 0 PENG W1"],  # a pung with nothing on offer
    ["0 1 0", DEAL, "3 1 DRAW"],  # the bot's own draw as another's
    ["0 1 0", "2 W1"],  # turn 2 must deal
    ["1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J2"],  # turn 1 must seat
])
def test_impossible_histories_are_errors(reqs):
    with pytest.raises(ProtocolError):
        decide(reqs, ["PASS"] * (len(reqs) - 1), "basic")
    assert issubclass(HistoryError, ProtocolError)


def _duplicate_history(upto: tuple[int, int]) -> list[str]:
    """Seat 0's requests in a Botzone duplicate deal (136 tiles, each seat its own 21-tile
    wall) where everybody plays the tile it draws, up to draw round ``upto[0]`` (from 1),
    seat ``upto[1]``'s discard. Seat 0 holds two W5; seat 3 draws the other two in rounds 20
    and 21."""
    faces = [f for f in range(34) for _ in range(4) if f != 4]  # W5 placed by hand
    random.Random(1).shuffle(faces)
    names = [to_botzone(f) for f in faces]
    hands = [["W5", "W5"] + names[:11]] + [names[11 + 13 * k:24 + 13 * k] for k in range(3)]
    rest = names[50:]
    walls = [rest[21 * k:21 * (k + 1)] for k in range(3)] + [rest[63:82] + ["W5", "W5"]]
    assert sorted(sum(hands, []) + sum(walls, [])) == sorted(to_botzone(f) for f in range(34)
                                                             for _ in range(4))
    reqs = ["0 0 0", "1 0 0 0 0 " + " ".join(hands[0])]
    for r in range(upto[0]):
        for p in range(4):
            tile = walls[p][r]
            reqs += [f"2 {tile}" if p == 0 else f"3 {p} DRAW", f"3 {p} PLAY {tile}"]
            if (r + 1, p) == upto:
                return reqs
    return reqs


def test_the_duplicate_wall_ends_claims_after_21_draws():
    """Botzone's duplicate judge: each seat draws 21 tiles from its own wall; once the next
    seat's is spent, the last discard may be won on but not claimed otherwise (its page,
    "荒牌"), and a draw is the wall's last (妙手回春)."""
    reqs = _duplicate_history((20, 3))
    pos = rebuild(reqs, ["PASS"] * (len(reqs) - 1), random.Random(0))
    assert {"type": "pung"} in pos.game.legal_actions(pos.state, 0)
    reqs = _duplicate_history((21, 3))
    pos = rebuild(reqs, ["PASS"] * (len(reqs) - 1), random.Random(0))
    assert pos.state is None or all(a["type"] in ("win", "pass")
                                    for a in pos.game.legal_actions(pos.state, 0))
    assert decide(reqs, ["PASS"] * (len(reqs) - 1), "basic") == Response("PASS")
    # seat 0's own last draw: seat 1 has one left (not the wall's last), but no kong for 0
    mine = _duplicate_history((20, 3)) + ["2 " + _duplicate_history((21, 0))[-1].split()[-1]]
    pos = rebuild(mine, ["PASS"] * (len(mine) - 1), random.Random(0))
    assert pos.state.wall and pos.no_kong


def test_a_shared_wall_without_flowers_ends_with_its_136_tiles():
    """OPT-MCR-1: a paiju deal without flowers shows a history like the duplicate judge's, but
    its one wall of 136 tiles ends when they are drawn, whoever drew them. Told so
    (``shared_wall``, ``--shared-wall``), the bot counts that wall, offers itself kongs while
    it has tiles, and refuses a history with a flower."""
    mine = _duplicate_history((20, 3)) + ["2 " + _duplicate_history((21, 0))[-1].split()[-1]]
    pos = rebuild(mine, ["PASS"] * (len(mine) - 1), random.Random(0), shared_wall=True)
    assert len(pos.state.wall) == 136 - 4 * 13 - (21 + 3 * 20) and not pos.no_kong
    assert pos.state.options.flowers is False and not pos.duplicate
    reqs = _duplicate_history((21, 3))  # all 136 drawn: only a win may be claimed (MCR-3.5)
    pos = rebuild(reqs, ["PASS"] * (len(reqs) - 1), random.Random(0), shared_wall=True)
    assert pos.state is None or all(a["type"] in ("win", "pass")
                                    for a in pos.game.legal_actions(pos.state, 0))
    flower = ["0 0 0", "1 1 0 0 0 " + " ".join(_duplicate_history((1, 0))[1].split()[5:]) + " H1"]
    with pytest.raises(HistoryError, match="without flowers"):
        rebuild(flower + ["3 0 DRAW"], ["PASS", "PASS"], random.Random(0), shared_wall=True)


# ---------------------------------------------------------------------------- whole deals


def _name(tile: int) -> str:
    return to_botzone(face_of(tile))


def botzone_history(start, state, seat: int) -> tuple[list[str], list[str]]:
    """``seat``'s Botzone requests for the deal from ``start`` (a fresh paiju MCR deal, dealer
    0) to ``state``, and its responses as far as they matter (its concealed kongs' tiles): the
    judge's view of paiju's events. The dealer's 14th tile is its first draw."""
    n0 = len(start.events)
    counts = [0] * 4
    flowers: list[list[str]] = [[] for _ in range(4)]
    for e in start.events:
        if e[0] == "flower":
            counts[e[1]] += 1
            flowers[e[1]].append(_name(e[2]))
    hand = list(start.hands[seat])
    first = start.hands[0][-1]
    if seat == 0:
        hand.remove(first)
    reqs = [f"0 {seat} 0", " ".join(["1", *map(str, counts), *map(_name, hand),
                                     *sum(flowers, [])])]
    reqs.append(f"2 {_name(first)}" if seat == 0 else "3 0 DRAW")
    resps = ["PASS", "PASS"]
    chows = [0] * 4
    claim: dict[int, str] = {}
    for e in state.events[n0:]:
        kind, p = e[0], e[1]
        line = None
        if kind == "draw" and e[2] < 136:
            line = f"2 {_name(e[2])}" if p == seat else f"3 {p} DRAW"
        elif kind == "flower":
            line = f"3 {p} BUHUA {_name(e[2])}"
        elif kind == "pung":
            claim[p] = "PENG"
        elif kind == "chow":
            meld = [m for m in state.melds[p] if m.kind == "chow"][chows[p]]
            chows[p] += 1
            claim[p] = f"CHI {to_botzone(meld.face + 1)}"
        elif kind == "discard":
            line = f"3 {p} {claim.pop(p, 'PLAY')} {_name(e[2])}"
        elif kind in ("kong", "concealed_kong"):
            line = f"3 {p} GANG"
            if kind == "concealed_kong" and p == seat:
                resps[-1] = f"GANG {_name(e[2])}"
        elif kind == "added_kong":
            line = f"3 {p} BUGANG {_name(e[2])}"
        if line is not None:
            reqs.append(line)
            resps.append("PASS")
    return reqs, resps[:len(reqs) - 1]


def _canonical(actions: list[dict]) -> list[tuple]:
    """Actions as faces: ids differ between the real deal and the rebuilt one."""
    out = []
    for a in actions:
        if "card" in a:
            out.append((a["type"], face_of(a["card"])))
        elif "cards" in a:
            out.append((a["type"], face_of(a["cards"][0])))
        else:
            out.append((a["type"], a.get("low")))
    return sorted(out)


def _public(view: dict) -> dict:
    """What a view shows, as faces."""
    def faces(cards):
        return None if cards is None else sorted(c["face"] for c in cards)
    claim = view["claim"]
    return {
        "wall": view["wall_remaining"], "turn": view["turn"], "phase": view["phase"],
        "to_act": view["to_act"], "drawn": view["drawn"] and view["drawn"]["face"],
        "claim": claim and (claim["kind"], claim["from"], claim["card"]["face"]),
        "players": [(p["hand_count"], faces(p["hand"]), [c["face"] for c in p["discards"]],
                     [(m["type"], faces(m["cards"]), m["from"], m["concealed"], m["added"])
                      for m in p["melds"]], faces(p["flowers"]), p["seat_wind"])
                    for p in view["players"]],
        "events": _events(view["events"]),
    }


def _events(events: list) -> list:
    """The log as faces. Botzone's deal request says neither which of the bot's 13 tiles
    replaced its flowers nor in which round a flower came: the deal's flowers and replacement
    draws compare as a multiset, without the replacement's face, and the dealt hand not at all."""
    rows = [(e["type"], e["seat"], e.get("card", {}).get("face"), e.get("from"),
             e.get("replacement")) for e in events]
    first = next((i for i, r in enumerate(rows[1:], 1)
                  if r[0] not in ("flower", "draw") or (r[0] == "draw" and not r[4])), len(rows))
    at_deal = sorted((t, s, None if t == "draw" else f, fr, rp)
                     for t, s, f, fr, rp in rows[1:first])
    return [rows[0][:2], at_deal, *rows[first:]]


def _checkable(game, state, seat: int) -> bool:
    """A decision Botzone asks for on its own request (not the discard after a claim)."""
    if state.phase == "claim":
        return seat in state.window.pending
    return state.phase == "play" and state.turn == seat and not state.after_claim


@pytest.mark.parametrize("seed,level", [(1, "random"), (2, "random"), (3, "random"),
                                        (4, "random"), (5, "basic"), (6, "basic")])
def test_the_rebuilt_seat_is_the_engines_at_every_decision(seed, level):
    """For engine-played MCR deals: at every decision of every seat, its Botzone history
    rebuilt gives the real hand, the real legal actions and the real view (as faces)."""
    game = get_game("mcr")
    start = state = game.new_deal(seed, dealer=0)
    rng = random.Random(seed)
    checked = 0
    while state.phase != "over":
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            if _checkable(game, state, seat):
                reqs, resps = botzone_history(start, state, seat)
                pos = rebuild(reqs, resps, random.Random(seed))
                assert pos.state is not None, reqs[-3:]
                got = pos.legal()
                assert _canonical(got) == _canonical(legal), reqs[-3:]
                assert _public(pos.game.view(pos.state, seat)) == \
                    _public(game.view(state, seat)), reqs[-3:]
                checked += 1
            action = choose("mcr", level, game.view(state, seat), legal, rng)
            state = game.apply(state, seat, action)
            if state.phase == "over" or seat not in game.to_act(state):
                break
    assert checked > 20


# ---------------------------------------------------------------------------- the program


def _run(stdin: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "server.cli", "botzone-bot", *args],
                          input=stdin, capture_output=True, text=True, timeout=60)


def test_the_program_answers_a_transcript():
    reqs = ["0 1 2", DEAL, "3 0 DRAW", "3 0 PLAY J1", "2 W5"]
    done = _run(simple(reqs), "--level", "basic", "--seed", "7")
    assert done.returncode == 0, done.stderr
    assert done.stdout == respond(simple(reqs), "basic", 7)
    assert done.stdout.startswith("PLAY ")
    done = _run(as_json(reqs), "--level", "random")
    assert json.loads(done.stdout)["response"].startswith("PLAY ")
    done = _run(as_json(reqs), "--level", "strong", "--strong-ms", "50")
    assert json.loads(done.stdout)["response"].startswith("PLAY ")
    assert _run(as_json(reqs), "--level", "strong", "--strong-ms", "0").returncode == 2


def test_a_garbled_input_is_a_clear_error_and_a_crash():
    """Botzone counts a crash as the bot's fault: better than a wrong answer."""
    for text in ("hello\n", simple(["0 1 2", DEAL, "3 0 DRAW", "3 0 PLAY B9", "3 1 PLAY B9"])):
        done = _run(text)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith("paiju botzone-bot: ") and "Traceback" not in done.stderr


def test_the_decision_rng_is_seeded_by_the_turn():
    """The bridge gives the in-process policy the same stream (docs/botzone.md)."""
    assert decision_rng(3, 9).random() == random.Random("3:9").random()
    assert decision_rng(3, 9, after_claim=True).random() != decision_rng(3, 9).random()
    reqs = ["0 1 2", DEAL, "3 0 DRAW", "3 0 PLAY J1", "2 W5"]
    pos = rebuild(reqs, ["PASS"] * 4, random.Random(0))
    legal = pos.game.legal_actions(pos.state, 1)
    chosen = choose("mcr", "random", pos.game.view(pos.state, 1), legal, decision_rng(5, 5))
    assert decide(reqs, ["PASS"] * 4, "random", 5).tiles == (_name(chosen["card"]),)
    assert set(POLICIES["mcr"]) >= {"random", "basic", "strong"}


def test_the_bundle_runs_on_the_standard_library_alone(tmp_path):
    """The zip to upload to Botzone: its ``__main__.py`` answers with no site-packages."""
    out = tmp_path / "bot.zip"
    done = _run("", "--level", "basic", "--seed", "7", "--bundle", str(out))
    assert done.returncode == 0, done.stderr
    reqs = ["0 1 2", DEAL, "3 0 DRAW", "3 0 PLAY J1", "2 W5"]
    ran = subprocess.run([sys.executable, "-S", str(out)], input=simple(reqs), cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == respond(simple(reqs), "basic", 7)


def test_a_history_without_the_dealers_first_draw_still_deals_it_14():
    full = ["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY J3", "2 W9"]
    short = ["0 1 0", DEAL, "3 0 PLAY J3", "2 W9"]
    views = [rebuild(r, ["PASS"] * (len(r) - 1), random.Random(0)) for r in (full, short)]
    a, b = (_public(p.game.view(p.state, 1)) for p in views)
    assert a == b and a["players"][0][0] == 13


def _in_process(game, state, seat: int, level: str, seed: int, n: int) -> Response:
    """The answer the in-process policy gives on the real state, in Botzone's words (a pung
    or chow with the discard it chooses after the claim, the others passing)."""
    legal = game.legal_actions(state, seat)
    a = choose("mcr", level, game.view(state, seat), legal, decision_rng(seed, n))
    words = {"discard": "PLAY", "added_kong": "BUGANG", "win": "HU", "kong": "GANG",
             "pass": "PASS"}
    if a["type"] in words:
        card = a.get("card")
        return Response(words[a["type"]], () if card is None or a["type"] == "pass"
                        else (_name(card),))
    if a["type"] == "concealed_kong":
        return Response("GANG", (_name(a["cards"][0]),))
    after = game.apply(state, seat, a)
    while after.phase == "claim":
        after = game.apply(after, next(s for s in game.to_act(after) if s != seat),
                           {"type": "pass"})
    then = game.legal_actions(after, seat)
    d = choose("mcr", level, game.view(after, seat), then, decision_rng(seed, n, True))
    if a["type"] == "pung":
        return Response("PENG", (_name(d["card"]),))
    return Response("CHI", (to_botzone(parse_face(a["low"]) + 1), _name(d["card"])))


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_the_bots_answers_are_the_in_process_policys(seed):
    """The round trip without a server: at every decision of an engine-played deal, the
    program's answer to the seat's Botzone history is the basic policy's on the real view."""
    game = get_game("mcr")
    start = state = game.new_deal(seed, dealer=0)
    rng = random.Random(seed)
    checked = 0
    while state.phase != "over":
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if _checkable(game, state, seat):
            reqs, resps = botzone_history(start, state, seat)
            assert decide(reqs, resps, "basic", seed) == \
                _in_process(game, state, seat, "basic", seed, len(reqs)), reqs[-3:]
            checked += 1
        state = game.apply(state, seat, choose("mcr", "basic", game.view(state, seat), legal,
                                               rng))
    assert checked > 20
