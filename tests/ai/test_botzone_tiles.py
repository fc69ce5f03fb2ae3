"""Botzone's tile names map one-to-one onto paiju's faces (ai/botzone/tiles.py)."""

import pytest

from ai.botzone.tiles import (
    BOTZONE_NAMES,
    botzone_of_notation,
    from_botzone,
    notation_of_botzone,
    to_botzone,
)
from engine.mahjong.tiles import FACE_NAMES


def test_every_face_has_one_botzone_name_and_back() -> None:
    assert len(set(BOTZONE_NAMES)) == len(FACE_NAMES) == 42
    for face in range(len(FACE_NAMES)):
        assert from_botzone(to_botzone(face)) == face


@pytest.mark.parametrize(("paiju", "botzone"), [
    ("1m", "W1"), ("9m", "W9"), ("5p", "B5"), ("7s", "T7"), ("E", "F1"), ("N", "F4"),
    ("C", "J1"), ("F", "J2"), ("P", "J3"), ("f1", "H5"), ("f4", "H8"), ("f5", "H1"), ("f8", "H4")])
def test_the_notations_agree(paiju: str, botzone: str) -> None:
    assert botzone_of_notation(paiju) == botzone
    assert notation_of_botzone(botzone) == paiju


@pytest.mark.parametrize("bad", ["", "W0", "W10", "Z1", "w1", "H9", "J4", "F5"])
def test_a_bad_name_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        from_botzone(bad)
