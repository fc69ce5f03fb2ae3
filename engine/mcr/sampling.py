"""An MCR state consistent with one seat's view (``engine/mahjong/sampling.py`` does the table):
the exposed flowers are public (MCR-2.3) and flowers never sit in a hand, so the sampler deals
them only into the wall. The deal ends with its first win (MCR-3.4): nothing else to read back."""

from __future__ import annotations

import random

from ..core.protocol import JSON
from ..core.sampling import ids
from ..mahjong.sampling import sample_table
from .game import Mcr
from .state import State


def sample(game: Mcr, view: JSON, rng: random.Random) -> State:
    """A state ``view["seat"]`` cannot tell from the real one; see ``engine/core/sampling.py``."""
    flowers = tuple(ids(p["flowers"]) for p in view["players"])
    prevailing = "ESWN".index(view["prevailing_wind"])
    return sample_table(game, view, rng, known=[t for f in flowers for t in f],
                        fields={"flowers": flowers, "prevailing": prevailing},
                        turn=view["dealer"])


__all__ = ["sample"]
