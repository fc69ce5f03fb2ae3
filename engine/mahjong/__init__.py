"""What MCR, Sichuan and Nantong share: tile faces and notation, hand readings, shanten and waits
(Nantong names its own cards but reads hands and runs its table with these)."""

from .hand import (
    add_face,
    is_seven_pairs,
    is_standard_complete,
    seven_pairs_waits,
    standard_readings,
    standard_waits,
)
from .shanten import seven_pairs_shanten, shanten, standard_shanten
from .tiles import (
    CHINESE,
    FACE_NAMES,
    NUM_FACES,
    NUM_SUITED,
    SUITS,
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

__all__ = [
    "CHINESE", "FACE_NAMES", "NUM_FACES", "NUM_SUITED", "SUITS", "add_face", "counts_of",
    "counts_of_ids", "face_name", "face_of", "is_seven_pairs", "is_standard_complete",
    "is_terminal_or_honor", "parse_face", "rank_of", "seven_pairs_shanten", "seven_pairs_waits",
    "shanten", "standard_readings", "standard_shanten", "standard_waits", "suit_of", "suited_ids",
    "tile_json",
]
