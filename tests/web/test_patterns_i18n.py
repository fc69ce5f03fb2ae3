"""Pattern names and calculator texts in every language (web/locales/*/patterns.json, calc.json).

The codes are enumerated from the engine, never from a hand-written list: the pattern tables of
MCR (its 81 patterns and the extra row) and Sichuan, every group kind, chi shape and Heavenly
reading a Paohuzi score can name, and every holding, shape, bonus, multiplier and ×2 factor a
Nantong score can name. Each needs an English key ``<game>.<code>`` in the ``patterns``
namespace, every language needs every key, and no key names a code the engine has dropped.
"""

from __future__ import annotations

import json
import re
from itertools import combinations_with_replacement, product
from pathlib import Path

import pytest

from engine.mcr.patterns import OFFICIAL_81
from engine.mcr.patterns import PATTERNS as MCR
from engine.nantong import cards as ntc
from engine.nantong import scoring as nt
from engine.paohuzi import cards as phc
from engine.paohuzi import scoring as ph
from engine.paohuzi.mingtang import MINGTANG, PAYMENT_ROWS
from engine.sichuan.scoring import PATTERNS as SICHUAN

LOCALES = Path(__file__).resolve().parents[2] / "web" / "locales"
LANGUAGES = ("en", "fr", "pl", "it", "zh")
CALCULATOR = Path(__file__).resolve().parents[2] / "web" / "calculator.js"


def load(lang: str, ns: str) -> dict[str, str]:
    return json.loads((LOCALES / lang / f"{ns}.json").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ what the engine can name


def paohuzi_codes() -> set[str]:
    """Group kinds (PH-6.1, PH-6.2), chi shapes (PH-4.5) and Heavenly readings (PH-2.4), taken
    from what the scorer returns, and the 名堂 (OPT-PH-3) and payment rows a settlement under
    house rules itemises (tests/paohuzi/test_mingtang.py, test_xing.py give each)."""
    codes = set(ph.GROUP_SIZE)
    codes |= {s for c in combinations_with_replacement(range(phc.NUM_FACES), 3)
              if (s := phc.chi_shape(c)) is not None}

    def counts(**n: int) -> tuple[int, ...]:
        c = [0] * phc.NUM_FACES
        for name, k in n.items():
            c[phc.parse_face(name)] = k
        return tuple(c)

    three_ti = ph.heavenly((), counts(x1=4, x2=4, d3=4, x9=1), dealer=False)
    five_kan = ph.heavenly((), counts(x1=3, x2=3, x3=3, d4=3, d5=3), dealer=False)
    # the dealer's 21 cards: 壹贰叁, 2-7-10, 一二三, 四五六 and three kans, 27 huxi
    complete = ph.heavenly((), counts(d1=1, d2=1, d3=1, x1=1, x2=2, x3=1, x4=1, x5=1, x6=1, x7=1,
                                      x10=1, d5=3, x8=3, d9=3), dealer=True)
    readings = [three_ti, five_kan, complete]
    assert all(r is not None for r in readings)
    codes |= {r.heavenly for r in readings if r is not None and r.heavenly}
    assert len(codes) == len(ph.GROUP_SIZE) + 3 + 3, codes
    return codes | set(MINGTANG) | set(PAYMENT_ROWS)


def nantong_codes() -> set[str]:
    """Holdings (NT-6.1), shapes and bonuses (NT-6.5), multipliers (NT-6.6), and the ×2 factors
    of a holding (NT-6.2, NT-6.3) found by scoring every kind of every face under every pair of
    indicators."""
    codes = set(nt.HOLDINGS) | set(nt.SHAPES) | set(nt.BONUSES) | set(nt.MULTIPLIERS)
    faces = range(ntc.NUM_FACES)
    for kind in ("exposed_pung", "triplet_in_hand"):
        for face, a, b in product(faces, faces, faces):
            codes |= {code for code, _ in nt.holding(kind, face, (a, b)).factors}
    return codes


ENGINE_KEYS: dict[str, set[str]] = {
    "mcr": set(MCR),
    "sichuan": set(SICHUAN),
    "paohuzi": paohuzi_codes(),
    "nantong": nantong_codes(),
}
ALL_KEYS = {f"{game}.{code}" for game, codes in ENGINE_KEYS.items() for code in codes}


# ------------------------------------------------------------------ patterns


def test_engine_codes_are_enumerated() -> None:
    """MCR-6: the 81 official patterns and the ruling's extra row; the ×2 factors of Nantong."""
    assert set(OFFICIAL_81) < ENGINE_KEYS["mcr"] and len(ENGINE_KEYS["mcr"]) == 82
    assert {"old_general", "indicator", "exact_match"} <= ENGINE_KEYS["nantong"]


def test_every_engine_code_has_an_english_name() -> None:
    en = load("en", "patterns")
    assert sorted(ALL_KEYS - set(en)) == []


def test_no_name_for_a_code_the_engine_never_gives() -> None:
    en = load("en", "patterns")
    assert sorted(set(en) - ALL_KEYS) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_names_every_pattern(lang: str) -> None:
    names = load(lang, "patterns")
    assert sorted(set(load("en", "patterns")) ^ set(names)) == []
    assert [k for k, v in names.items() if not isinstance(v, str) or not v.strip()] == []


@pytest.mark.parametrize("lang", ["fr", "pl", "it", "zh"])
def test_translations_are_not_english_copies(lang: str) -> None:
    """A real translation: only names that are the same in both (a Chinese term kept in pinyin,
    2–7–10) may equal the English."""
    en = load("en", "patterns")
    names = load(lang, "patterns")
    same = [k for k in en if names[k].casefold() == en[k].casefold()]
    assert len(same) <= len(en) // 20, same


def test_chinese_names_are_the_engines() -> None:
    """Where the engine carries a Chinese name, the Chinese locale uses it."""
    zh = load("zh", "patterns")
    table = {f"mcr.{c}": row[1] for c, row in MCR.items()}
    table |= {f"sichuan.{c}": row[1] for c, row in SICHUAN.items()}
    named = [(c, row[1]) for c, row in {**nt.HOLDINGS, **nt.SHAPES}.items()]
    named += [(c, row[1]) for c, row in {**nt.BONUSES, **nt.MULTIPLIERS}.items()]
    table |= {f"nantong.{c}": chinese for c, chinese in named if chinese}
    table |= {f"paohuzi.{c}": chinese for c, (_, chinese) in ph.GROUP_NAMES.items() if chinese}
    named = [(c, chinese) for c, (_, chinese) in nt.FACTORS.items()]
    table |= {f"nantong.{c}": chinese for c, chinese in named if chinese}
    assert {k: zh[k] for k in table if zh[k] != table[k]} == {}


def test_mcr_english_names_are_the_established_ones() -> None:
    en = load("en", "patterns")
    assert {c: en[f"mcr.{c}"] for c, row in MCR.items() if en[f"mcr.{c}"] != row[0]} == {}


# ------------------------------------------------------------------ the calculator page's texts


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_calc_texts_in_every_language(lang: str) -> None:
    en = load("en", "calc")
    texts = load(lang, "calc")
    assert sorted(set(en) ^ set(texts)) == []
    assert {k: v for k, v in texts.items() if placeholders(v) != placeholders(en[k])} == {}
    assert [k for k, v in texts.items() if not v.strip()] == []


def test_every_literal_calc_key_of_the_page_exists() -> None:
    """Keys written out in web/calculator.js (the computed ones are checked by the browser tests,
    which fail on any missing key)."""
    en = load("en", "calc")
    used = set(re.findall(r"""["`]calc\.([\w.]+)["`]""", CALCULATOR.read_text(encoding="utf-8")))
    assert used and sorted(used - set(en)) == []
