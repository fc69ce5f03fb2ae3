"""Tile faces, ids and the notation of the API."""

from __future__ import annotations

import pytest

from engine.mahjong import (
    CHINESE,
    FACE_NAMES,
    NUM_FACES,
    NUM_SUITED,
    counts_of,
    counts_of_ids,
    face_name,
    face_of,
    is_terminal_or_honor,
    parse_face,
    rank_of,
    suit_of,
    suited_ids,
    tile_json,
)


def test_face_table_shape():
    assert len(FACE_NAMES) == 42
    assert len(set(FACE_NAMES)) == 42
    assert len(CHINESE) == 42 and len(set(CHINESE)) == 42
    assert NUM_SUITED == 27 and NUM_FACES == 34
    assert FACE_NAMES[:9] == tuple(f"{r}m" for r in range(1, 10))
    assert FACE_NAMES[9:18] == tuple(f"{r}p" for r in range(1, 10))
    assert FACE_NAMES[18:27] == tuple(f"{r}s" for r in range(1, 10))
    assert FACE_NAMES[27:34] == ("E", "S", "W", "N", "C", "F", "P")
    assert FACE_NAMES[34:] == tuple(f"f{k}" for k in range(1, 9))
    assert CHINESE[0] == "一万" and CHINESE[17] == "九筒" and CHINESE[27] == "东"


@pytest.mark.parametrize("face", range(42))
def test_notation_round_trip(face):
    name = face_name(face)
    assert parse_face(name) == face
    assert FACE_NAMES[face] == name


@pytest.mark.parametrize("bad", ["", "0m", "10m", "5z", "5M", "m5", " 5m", "5m ", "e", "f0",
                                 "f9", "5", "55m", None, 5, 5.0, b"5m", ["5m"]])
def test_parse_errors_raise_value_error(bad):
    with pytest.raises(ValueError):
        parse_face(bad)


def test_face_of_every_id():
    for tid in range(136):
        assert face_of(tid) == tid // 4
    for tid in range(136, 144):
        assert face_of(tid) == 34 + tid - 136
    assert [face_name(face_of(t)) for t in range(136, 144)] == [f"f{k}" for k in range(1, 9)]
    # every meldable face has exactly four ids
    faces = [face_of(t) for t in range(136)]
    assert all(faces.count(f) == 4 for f in range(34))


def test_suit_and_rank():
    for face in range(27):
        assert suit_of(face) == face // 9
        assert rank_of(face) == face % 9 + 1
        assert FACE_NAMES[face] == f"{rank_of(face)}{'mps'[suit_of(face)]}"
    for face in range(27, 42):
        assert suit_of(face) is None
        assert rank_of(face) is None
    assert suit_of(parse_face("7p")) == 1 and rank_of(parse_face("7p")) == 7
    assert suit_of(parse_face("1s")) == 2 and rank_of(parse_face("1s")) == 1


def test_terminals_and_honours():
    terms = {f for f in range(42) if is_terminal_or_honor(f)}
    expected = {parse_face(x) for x in ["1m", "9m", "1p", "9p", "1s", "9s"]} | set(range(27, 42))
    assert terms == expected


def test_counts_of():
    c = counts_of([0, 0, 5, 33, 0])
    assert isinstance(c, tuple) and len(c) == 34
    assert c[0] == 3 and c[5] == 1 and c[33] == 1 and sum(c) == 5
    assert counts_of([]) == (0,) * 34
    assert counts_of(parse_face(x) for x in ["1m", "1m", "E"])[27] == 1  # any iterable


def test_counts_of_ids():
    assert counts_of_ids(range(136)) == (4,) * 34
    assert counts_of_ids([0, 1, 2, 3, 135]) == counts_of([0, 0, 0, 0, 33])


def test_suited_ids_and_tile_json():
    ids = suited_ids()
    assert len(ids) == 108 and len(set(ids)) == 108
    assert all(face_of(t) < 27 for t in ids)
    assert len(suited_ids(2)) == 54
    assert tile_json(0) == {"id": 0, "face": "1m"}
    assert tile_json(135) == {"id": 135, "face": "P"}
    assert tile_json(143) == {"id": 143, "face": "f8"}
