"""A turn's prompt names exactly the moves offered and the gesture of the screen (issue 26,
defect 9): "declare a kong or discard a tile" when a kong is the only move besides the discard
(the prompt once offered a win too), "tap" on a touch screen and "click" / "double-click" with a
mouse, in every language (lists joined by Intl.ListFormat). A claim asks for exactly the claims
offered ("Pung it or pass?"), and the calculators say "tap" on a touch screen too.

Each table is opened on a real position reached by the engine (random moves from a fixed seed)
at seat 0's turn, the page served that view and its legal actions in place of the API.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import LiveServer
from .positions import Acts, claim, open_turn, served, turn_at


def types(acts: Acts) -> set[str]:
    return {a["type"] for a in acts}


def kong_only(view: dict[str, Any], acts: Acts) -> bool:
    return bool(view["phase"] == "play" and types(acts) & {"concealed_kong", "added_kong"}
                and "discard" in types(acts) and "win" not in types(acts))


def discard_only(view: dict[str, Any], acts: Acts) -> bool:
    return view["phase"] == "play" and types(acts) == {"discard"}


MOUSE = "Click a {0} to select it, then Discard, or double-click it."
TOUCH = "Tap a {0} to select it, then tap Discard."


@pytest.mark.parametrize("game", ["mcr", "sichuan", "nantong"])
def test_a_kong_turn_offers_the_kong_and_the_discard(live_server: LiveServer, new_page: Any,
                                                     game: str) -> None:
    turn = turn_at(game, kong_only)
    piece = "card" if game == "nantong" else "tile"
    desk = new_page(1280, 800)
    text = open_turn(desk, live_server.url, turn)
    assert text.startswith(("Your turn: declare a kong or discard a", "You deal: no draw", "No draw")), text
    assert "declare a kong or discard a" in text and "win" not in text, text
    assert text.endswith(MOUSE.format(piece)), text
    phone = new_page(390, 844, is_mobile=True, has_touch=True)
    text = open_turn(phone, live_server.url, turn)
    assert text.endswith(TOUCH.format(piece)) and "click" not in text, text
    for page in (desk, phone):
        assert not page.js_errors, page.js_errors
        assert page.evaluate("[...window.__paijuMissing]") == []


@pytest.mark.parametrize(("lang", "want"), [
    ("en", "Your turn: discard a card. Tap a card to select it, then tap Discard."),
    ("fr", "À vous : défaussez une carte. Touchez une carte pour la choisir, puis touchez Défausser."),
    ("zh", "轮到你：打出一张牌。点一张牌选中，再点“打出”。"),
])
def test_paohuzi_discard_on_a_phone(live_server: LiveServer, new_page: Any, lang: str,
                                    want: str) -> None:
    phone = new_page(390, 844, is_mobile=True, has_touch=True)
    assert open_turn(phone, live_server.url, turn_at("paohuzi", discard_only), lang) == want
    assert phone.evaluate("[...window.__paijuMissing]") == []


@pytest.mark.parametrize(("lang", "want"), [
    ("en", "Your turn: declare a kong or discard a tile."),
    ("fr", "À vous : déclarez un kong ou défaussez une tuile."),
    ("it", "Tocca a te: dichiara un kong o scarta una tessera."),
    ("pl", "Twoja kolej: zadeklaruj konga lub odrzuć kość."),
    ("zh", "轮到你：杠或打出一张牌。"),
])
def test_options_are_a_sentence_in_every_language(live_server: LiveServer, new_page: Any,
                                                  lang: str, want: str) -> None:
    page = new_page(1280, 800)
    assert open_turn(page, live_server.url, turn_at("mcr", kong_only), lang).startswith(want)
    assert page.evaluate("[...window.__paijuMissing]") == []


def test_the_keyboard_says_the_choices_as_alternatives(live_server: LiveServer,
                                                      new_page: Any) -> None:
    turn = turn_at("mcr", lambda v, acts: v["phase"] == "claim" and types(acts) == {"pung", "pass"})
    page = new_page(1280, 800)
    open_turn(page, live_server.url, turn, prompt="claim-prompt")
    page.keyboard.press("ArrowUp")
    page.wait_for_function(
        "document.querySelector('[data-testid=announcer]')?.textContent.includes('Choices')")
    spoken = page.get_by_test_id("announcer").inner_text()
    assert re.search(r"Choices: Pung [^,]*\(P\) or Pass [^,]*\(X\)\.", spoken), spoken
    assert not page.js_errors, page.js_errors


def claim_of(game: str, offered: set[str]) -> dict[str, Any]:
    """What the server sends at ``positions.claim``."""
    return served(*claim(game, offered))


def claim_ask(page: Any, url: str, claim: dict[str, Any], lang: str = "en") -> str:
    """The question of the claim prompt opened on ``claim`` (hidden on a phone: text, not look)."""
    open_turn(page, url, claim, lang, prompt="claim-prompt")
    return page.locator("[data-testid=claim-prompt] .prompt__ask").text_content()


@pytest.mark.parametrize(("game", "offered", "want"), [
    ("mcr", {"pung", "chow", "pass"}, "Pung it, chow it, or pass?"),
    ("mcr", {"win", "pass"}, "Win on it or pass?"),
    ("sichuan", {"win", "pung", "pass"}, "Win on it, pung it, or pass?"),
    ("paohuzi", {"peng", "pass"}, "Take a peng or pass?"),
    ("nantong", {"pung", "pass"}, "Pung it or pass?"),
])
def test_a_claim_names_exactly_the_claims_offered(live_server: LiveServer, new_page: Any,
                                                  game: str, offered: set[str], want: str) -> None:
    claim = claim_of(game, offered)
    desk = new_page(1280, 800)
    phone = new_page(390, 844, is_mobile=True, has_touch=True)
    for page in (desk, phone):
        assert claim_ask(page, live_server.url, claim) == want
        assert not page.js_errors, page.js_errors
        assert page.evaluate("[...window.__paijuMissing]") == []



def test_several_chis_are_one_option_and_each_its_own_button(live_server: LiveServer,
                                                            new_page: Any) -> None:
    claim = turn_at("paohuzi", lambda v, acts: v["phase"] == "claim"
                    and [a["type"] for a in acts].count("chi") > 1 and "peng" not in types(acts))
    page = new_page(1280, 800)
    ask = claim_ask(page, live_server.url, claim)
    said = r"(Win on it, )?[Tt]ake a chi,? or pass\? Each chi is its own choice:"
    assert re.fullmatch(said, ask), ask

@pytest.mark.parametrize(("lang", "want"), [
    ("fr", "Faites un pung, faites un chow ou passez ?"),
    ("it", "Fai pung, fai chow o passa?"),
    ("pl", "Weź punga, weź chowa lub spasuj?"),
    ("zh", "要碰、吃或过？"),
])
def test_a_claim_is_a_question_in_every_language(live_server: LiveServer, new_page: Any,
                                                 lang: str, want: str) -> None:
    page = new_page(1280, 800)
    assert claim_ask(page, live_server.url, claim_of("mcr", {"pung", "chow", "pass"}), lang) == want
    assert page.evaluate("[...window.__paijuMissing]") == []


CLICK = re.compile(r"cli(c|qu)|klik|点击", re.IGNORECASE)  # click, clic, cliquez, klikaj, 点击


def calculator_texts(page: Any, url: str, lang: str) -> str:
    """Every calculator's texts and labels, and a Paohuzi chi being built (its hint says
    "click its other cards")."""
    page.goto(url + "/")
    page.evaluate("lang => localStorage.setItem('paiju.lang', lang)", lang)
    page.reload()
    texts = []
    for game in ("mcr", "sichuan", "paohuzi", "nantong"):
        page.goto(f"{url}/#/calc/{game}")
        page.wait_for_selector(f"[data-testid=calc-page][data-game={game}]", timeout=20_000)
        if game == "paohuzi":  # a chi is built card by card
            page.click("[data-testid=calc-mode-chi]")
            page.locator("[data-testid^=calc-face-]").first.click()
            page.get_by_test_id("calc-pending").wait_for(timeout=20_000)
        texts.append(page.evaluate("""() => [
            document.querySelector('[data-testid=calc-page]').innerText,
            ...[...document.querySelectorAll('[aria-label]')].map((e) => e.ariaLabel),
        ].join('\\n')"""))
    assert page.evaluate("[...window.__paijuMissing]") == []
    return "\n".join(texts)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_calculators_say_tap_on_a_touch_screen(live_server: LiveServer, new_page: Any,
                                                   lang: str) -> None:
    phone = new_page(390, 844, is_mobile=True, has_touch=True)
    touch = calculator_texts(phone, live_server.url, lang)
    assert not CLICK.search(touch), CLICK.findall(touch)
    assert re.search(r"\bTap\b" if lang == "en" else r"\bDotykaj\b", touch)
    desk = new_page(1280, 800)
    assert CLICK.search(calculator_texts(desk, live_server.url, lang))
