"""Nantong hu (NT-6) through the public calculator ``game.score`` and through played positions:
every row of NT-6.1 with and without each multiplier, the winner's bonuses and ×2s, rounding
and the pairwise settlement, and the seed's worked examples."""

from __future__ import annotations

import pytest

from engine import InvalidSpec
from engine.nantong import GAME as G
from engine.nantong.scoring import HOLDINGS, round_up, settle

from .position import act, card_of, idle, pass_all, position

# Seven sequences and a lone 5p (waits on 5p only).
QING = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 7p 8p 9p 5p"
# Six triplets, 5m 5m and 9p 9p: waits on 5m or 9p (each completes a triplet).
PIAO = "1m 1m 1m 2s 2s 2s 4p 4p 4p 6m 6m 6m 7s 7s 7s 3p 3p 3p 5m 5m 9p 9p"


def player(concealed: str, melds: str = "", win: dict | None = None, **flags) -> dict:
    """``melds``: ``"pung:5m opening_kong:H"``."""
    p: dict = {"concealed": concealed.split(),
               "melds": [{"type": m.split(":")[0], "card": m.split(":")[1]}
                         for m in melds.split()]}
    if win is not None:
        p["win"] = win
    p.update(flags)
    return p


def win(how: str = "discard", card: str | None = None, **flags) -> dict:
    return {"how": how, **({"card": card} if card else {}), **flags}


def score(indicators: str, *players: dict) -> dict:
    return G.score({"indicators": indicators.split(), "players": list(players)})


def holdings(indicators: str, concealed: str, melds: str = "", **flags) -> list[tuple[str, int]]:
    """A non-winner's holdings as (kind, hu)."""
    out = score(indicators, player(concealed, melds, **flags))["players"][0]
    return [(h["code"], h["total"]) for h in held_items(out)]


def only(indicators: str, held: str, melds: str = "", **flags) -> int:
    """The hu of one non-winner holding ``held`` in hand (plus ``melds``), idle cards around."""
    n = 22 - 3 * len(melds.split()) - len(held.split())
    used = " ".join({*held.split(), *(m.split(":")[1] for m in melds.split()),
                     *indicators.split()})
    out = score(indicators, player(f"{held} {idle(n, used)}".strip(), melds, **flags))
    return out["players"][0]["base"]


def held_items(player: dict) -> list[dict]:
    """A player's holdings: its items that add (``+``) under a holding's code (NT-6.1)."""
    return [i for i in player["items"] if i["op"] == "+" and i["code"] in HOLDINGS]


def total(result: dict, seat: int = 0) -> tuple[int, int]:
    p = result["players"][seat]
    return p["total_before_rounding"], p["total"]


# ---------------------------------------------------------------- NT-6.1 base hu, one per row

@pytest.mark.parametrize(("held", "melds", "hu"), [
    ("", "pung:5m", 2),
    ("5m 5m 5m", "", 4),
    ("", "exposed_kong:5m", 8),
    ("", "added_kong:5m", 8),
    ("", "concealed_kong:5m", 12),
    ("5m 5m 5m 5m", "", 12),
    ("", "opening_kong:5m", 16),
    ("5m 5m", "", 0),
])
def test_base_hu_rows(held, melds, hu):
    """NT-6.1: exposed pung 2, three in hand 4, exposed (claimed or added) kong 8, concealed
    kong or four in hand 12, opening kong 16; a pair nothing. Indicators 8m 8p reach none."""
    assert only("8m 8p", held, melds) == hu


def test_opening_triplet_and_hezi_rows():
    """NT-6.1: an opening indicator triplet and a Tiandi Hezi are 16 before multipliers; their
    face is an indicator's, so at least that indicator doubles them (NT-6.2)."""
    assert holdings("5m 9p", idle(19, "5m 9p"), "opening_triplet:5m") == [("opening_triplet", 32)]
    out = held_items(score("4p 4p", player(idle(22, "4p"), hezi=True))["players"][0])
    assert [(h["code"], h["value"], h["total"]) for h in out] == [("hezi", 16, 64)]


def test_sequences_and_pairs_count_nothing():
    """NT-6.1: a non-winner's sequences and pairs score nothing."""
    assert only("8m 8p", "1m 2m 3m 4p 5p 6p 9s 9s") == 0


# ---------------------------------------------------------------- NT-6.2 multipliers

@pytest.mark.parametrize(("indicators", "held", "melds", "hu"), [
    # Old Generals double first
    ("8m 8p", "", "pung:Q", 4),
    ("8m 8p", "B B B", "", 8),
    ("8m 8p", "9s 9s 9s", "", 8),
    ("8m 8p", "", "concealed_kong:H", 24),
    # an ordinary indicator doubles its rank in every suit
    ("5s 8p", "5m 5m 5m", "", 8),
    ("5s 8p", "", "pung:5p", 4),
    ("5s 8p", "", "exposed_kong:5m", 16),
    ("5s 8p", "", "concealed_kong:5m", 24),
    ("5s 8p", "", "opening_kong:5m", 32),
    # both indicators apply
    ("5s 5p", "5m 5m 5m", "", 16),
    ("5s 5p", "", "opening_kong:5m", 64),
    # an Old-General indicator doubles all four Old Generals, and nothing ordinary
    ("B 8p", "", "pung:Q", 8),
    ("B 8p", "9s 9s 9s", "", 16),
    ("B 8p", "9m 9m 9m", "", 4),
    ("B H", "Q Q Q Q", "", 96),
    # the families do not mix: a nine of Myriads indicator and the Nine of Strings
    ("9m 8p", "9s 9s 9s", "", 8),
    ("9m 8p", "9p 9p 9p", "", 8),
    ("9s 8p", "9m 9m 9m", "", 4),
    ("9s 8p", "Q Q Q", "", 16),
])
def test_multipliers(indicators, held, melds, hu):
    """NT-6.2: Old Generals ×2 first; each indicator doubles its family; both may apply;
    NT-1.4, NT-1.5: the Nine of Strings is an Old General, not an ordinary nine."""
    assert only(indicators, held, melds) == hu


def test_every_multiplier_is_shown():
    """NT-6.2: the itemised holding names each ×2 and the indicator it came from."""
    out = held_items(score("B 8p", player("Q Q Q " + idle(19, "Q B")))["players"][0])
    assert out[0]["value"] == 4 and out[0]["total"] == 16 and out[0]["cards"] == ["Q"]
    assert [(m["code"], m["op"], m["value"], m["cards"]) for m in out[0]["factors"]] == [
        ("old_general", "×", 2, []), ("indicator", "×", 2, ["B"])]


# ---------------------------------------------------------------- NT-6.3 exact match

def test_seed_examples_8_24_64():
    """NT-6.3, the seed's worked examples: with indicators 2 of Strings and 3 of Myriads three
    2m in hand are worth 8 hu and three 2s 24; two 4p indicators make a 4p Hezi worth 64."""
    assert only("2s 3m", "2m 2m 2m") == 8
    assert only("2s 3m", "2s 2s 2s") == 24
    hezi = score("4p 4p", player(idle(22, "4p"), hezi=True))["players"][0]
    assert hezi["base"] == 64


def test_exact_match_pung_doubles_again():
    """NT-6.3: an exposed pung of an indicator's face doubles once more; three in hand of it
    use base 12; an opening indicator triplet keeps base 16 with no exact-match effect."""
    assert only("5s 3m", "", "pung:5s") == 2 * 2 * 2
    assert only("Q 3m", "", "pung:Q") == 2 * 2 * 2 * 2
    assert only("5s 3m", "5s 5s 5s") == 12 * 2
    out = held_items(score("5s 3m", player("5s 5s 5s " + idle(19, "5s 3m")))["players"][0])
    assert out[0]["notes"] == ["exact_match_base"] and out[0]["value"] == 12
    assert only("5s 3m", "", "opening_triplet:5s") == 16 * 2


# ---------------------------------------------------------------- NT-6.4 the winning card

def test_winning_discard_completing_a_triplet_is_an_exposed_pung():
    """NT-6.4: on a discard the completed triplet counts as an exposed pung (2), self-drawn as
    three in hand (4); an exact match doubles the pung again."""
    on_discard = score("8m 8p", player(PIAO, win=win("discard", "9p")))["players"][0]
    kinds = [(h["code"], h["cards"][0], h["total"]) for h in held_items(on_discard)]
    assert ("winning_pung", "9p", 2) in kinds and len(kinds) == 7
    drawn = score("8m 8p", player(PIAO, win=win("self_draw", "9p")))["players"][0]
    assert ("triplet_in_hand", "9p", 4) in [(h["code"], h["cards"][0], h["total"])
                                            for h in held_items(drawn)]
    exact = score("9p 8m", player(PIAO, win=win("discard", "9p")))["players"][0]
    pung = next(h for h in held_items(exact) if h["code"] == "winning_pung")
    assert pung["total"] == 2 * 2 * 2


def test_winning_discard_never_makes_four_in_hand():
    """NT-6.4 [ruling]: three in hand and the fourth from a discard still count 4, and the taken
    card is not counted."""
    hand = "5m 5m 5m 6m 7m 1s 2s 3s 4s 5s 6s 7s 8s 9s 7p 8p 9p 1m 2m 3m Q Q"
    out = score("8m 8p", player(hand, win=win("discard", "5m")))["players"][0]
    assert [(h["code"], h["cards"][0], h["total"]) for h in held_items(out)] == [
        ("triplet_in_hand", "5m", 4)]
    drawn = score("8m 8p", player(hand, win=win("self_draw", "5m")))["players"][0]
    assert [(h["code"], h["total"]) for h in held_items(drawn)] == [("four_in_hand", 12)]


def test_heavenly_win_is_self_drawn_without_wait():
    """NT-6.4: a Heavenly win counts as self-drawn (+10), has no winning card (no wait bonus)
    and its triplets are in hand; NT-6.6 ×2."""
    out = score("8m 8p", player(QING + " 5p", win=win("heavenly")))["players"][0]
    w = out["win"]
    assert w["card"] is None and w["reading"]["winning_card_in"] is None
    assert bonuses(out) == [("qing_hu", 100), ("self_draw", 10)]
    assert mults(out) == ["heavenly"]
    assert total(score("8m 8p", player(QING + " 5p", win=win("heavenly")))) == (220, 220)


# ---------------------------------------------------------------- NT-6.5 winner's bonuses

def bonuses(result: dict, seat: int | None = 0) -> list[tuple[str, int]]:
    """The winner's bonuses (NT-6.5): the items that add after its holdings; ``seat`` None:
    ``result`` is the player itself."""
    p = result if seat is None or "items" in result else result["players"][seat]
    held = held_items(p)
    return [(b["code"], b["total"]) for b in p["items"] if b["op"] == "+" and b not in held]


def mults(result: dict, seat: int | None = 0) -> list[str]:
    """The winner's ×2 multipliers (NT-6.6): the items that multiply."""
    p = result if seat is None or "items" in result else result["players"][seat]
    return [m["code"] for m in p["items"] if m["op"] == "×"]


def test_shapes():
    """NT-6.5: seven sequences Qing Hu +100; all triplets and kongs Piao Hu +50 (×2, NT-6.6);
    any other shape Tazi Hu +20."""
    qing = score("8m 8p", player(QING, win=win("discard", "5p")))
    assert bonuses(qing) == [("qing_hu", 100), ("wait", 10)] and total(qing) == (110, 110)
    piao = score("8m 8p", player(PIAO, win=win("discard", "9p")))
    assert bonuses(piao) == [("piao_hu", 50)] and mults(piao) == ["piao_hu"]
    tazi = score("8m 8p", player(QING.replace("7p 8p 9p", "Q Q Q"), win=win("discard", "5p")))
    assert bonuses(tazi) == [("tazi_hu", 20), ("wait", 10)]
    assert total(tazi) == (8 + 20 + 10, 40)


def test_piao_allows_wenqian_sequences():
    """NT-6.5: Piao Hu admits 1-2-3 of Coins sequences; Wenqian adds its own bonus."""
    hand = "1p 2p 3p 1m 1m 1m 2s 2s 2s 4p 4p 4p 6m 6m 6m 7s 7s 7s 5m 5m 9p 9p"
    out = score("8m 8p", player(hand, win=win("self_draw", "9p")))
    assert bonuses(out)[:2] == [("piao_hu", 50), ("wenqian", 20)]
    assert mults(out) == ["piao_hu", "closed_floating"]


@pytest.mark.parametrize(("coins", "count", "hu"), [
    ("1p 2p 3p 4p 5p 6p", 1, 20),
    ("1p 1p 2p 2p 3p 3p", 2, 50),
    ("1p 1p 1p 2p 2p 2p 3p 3p 3p", 3, 100),
])
def test_wenqian(coins, count, hu):
    """NT-6.5: Wenqian +20, 50, 100 for one, two, three 1-2-3 of Coins sequences."""
    rest = "4m 5m 6m 1s 2s 3s 4s 5s 6s 7s 8s 9s 7m 8m 9m 1m 2m 3m"
    n = 22 - len(coins.split()) - 1
    hand = f"{coins} {rest[:3 * n - 1]} Q"
    out = score("8m 8s", player(hand, win=win("discard", "Q")))
    assert ("wenqian", hu) in bonuses(out)


def test_four_wenqian_is_200():
    """NT-6.5: four 1-2-3 of Coins +200; four alike in hand still 12 each (NT-6.1, NT-6.8)."""
    hand = "1p 1p 1p 1p 2p 2p 2p 2p 3p 3p 3p 3p 5m 5m 5m 7s 7s 7s Q Q Q 9m"
    out = score("8m 8p", player(hand, win=win("discard", "9m")))
    assert bonuses(out) == [("piao_hu", 50), ("wenqian", 200), ("wait", 10)]
    assert out["players"][0]["base"] == 3 * 12 + 4 + 4 + 8
    assert total(out) == ((52 + 50 + 200 + 10) * 4, 1250)  # Piao, Closed Floating


def test_self_draw_and_kong_replacement():
    """NT-6.5: self-draw +10; winning on a kong replacement +10 more."""
    hand = QING.replace("7p 8p 9p", "")
    drawn = score("8m 8p", player(hand, "concealed_kong:H", win=win("self_draw", "5p")))
    assert bonuses(drawn) == [("tazi_hu", 20), ("self_draw", 10), ("wait", 10)]
    kong = score("8m 8p", player(hand, "concealed_kong:H",
                                 win=win("self_draw", "5p", kong_replacement=True)))
    assert bonuses(kong) == [("tazi_hu", 20), ("self_draw", 10), ("kong_replacement", 10),
                             ("wait", 10)]
    assert total(kong) == (24 + 50, 80)


@pytest.mark.parametrize(("part", "card", "bonus"), [
    ("4m 6m", "5m", True),   # the middle of a sequence
    ("1m 2m", "3m", True),   # the 3 of 1-2-3
    ("8m 9m", "7m", True),   # the 7 of 7-8-9
    ("2m 3m", "1m", False),  # the 1 of 1-2-3
    ("4m 5m", "3m", False),  # an open end
    ("4m 5m", "6m", False),
    ("5m 5m", "5m", False),  # a triplet
])
def test_wait_bonus(part, card, bonus):
    """NT-6.5: +10 when the winning card is a middle card, the 3 of 1-2-3 or the 7 of 7-8-9
    (the pair: see test_shapes); never for an end or a triplet."""
    hand = f"{part} 1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 3p 4p 5p 6p 7p Q Q Q 9p 9p"
    out = score("8s 8p", player(hand, win=win("discard", card)))
    assert (("wait", 10) in bonuses(out)) is bonus


def test_wait_bonus_once():
    """NT-6.5: the wait bonus counts once even when the card could sit in the pair or in the
    middle of a sequence."""
    hand = "4m 5m 6m 5m 1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 3p 4p 5p 6p 7p Q Q Q"
    out = score("8s 8p", player(hand, win=win("discard", "5m")))
    assert [b for b in bonuses(out) if b[0] == "wait"] == [("wait", 10)]


# ---------------------------------------------------------------- NT-6.6 winner's multipliers

def test_closed_floating():
    """NT-6.6: Piao Hu with no group from a discard doubles again; a pung opens the hand, and
    so does a winning discard completing a triplet; a discard completing the pair does not."""
    closed = score("8m 8p", player(PIAO, win=win("self_draw", "9p")))
    assert mults(closed) == ["piao_hu", "closed_floating"]
    assert total(closed) == ((28 + 50 + 10) * 4, 360)
    opened = score("8m 8p", player(PIAO, win=win("discard", "9p")))
    assert mults(opened) == ["piao_hu"] and total(opened) == ((24 + 2 + 50) * 2, 160)
    pair = "1m 1m 1m 2s 2s 2s 4p 4p 4p 6m 6m 6m 7s 7s 7s 3p 3p 3p 5m 5m 5m 9p"
    on_pair = score("8m 8p", player(pair, win=win("discard", "9p")))
    assert mults(on_pair) == ["piao_hu", "closed_floating"]
    with_pung = score("8m 8p", player(pair.replace("1m 1m 1m ", ""), "pung:1m",
                                      win=win("discard", "9p")))
    assert mults(with_pung) == ["piao_hu"]


def test_closed_floating_on_a_discard_completing_a_wenqian():
    """NT-6.6 ruling: a Piao Hu won on a discarded 1p that completes a 1-2-3 of Coins makes no
    pung and keeps the hand closed: Piao Hu and Closed Floating, (24 + 50 + 20) x 4 = 376,
    rounded to 380 (six triplets in hand at 4 hu, Piao +50, one Wenqian +20, no wait bonus for
    the 1 of a 1-2-3)."""
    hand = "2p 3p 1m 1m 1m 2s 2s 2s 4p 4p 4p 6m 6m 6m 7s 7s 7s 5m 5m 5m 9p 9p"
    out = score("8m 8p", player(hand, win=win("discard", "1p")))
    assert mults(out) == ["piao_hu", "closed_floating"]
    assert total(out) == (376, 380)


def test_kongs_open_or_keep_closed():
    """NT-6.6 [ruling]: exposed and added kongs open the hand; concealed and opening kongs
    don't."""
    pair = "2s 2s 2s 4p 4p 4p 6m 6m 6m 7s 7s 7s 3p 3p 3p 5m 5m 5m 9p"
    for kind, closed in (("exposed_kong", False), ("added_kong", False),
                         ("concealed_kong", True), ("opening_kong", True)):
        out = score("8m 8p", player(pair, f"{kind}:1m", win=win("discard", "9p")))
        assert ("closed_floating" in mults(out)) is closed, kind


def test_three_elders():
    """NT-6.6: three copies each of Red Flower, White Flower and Thousand among the winner's
    cards, the winning card included, double the total."""
    hand = "Q Q Q B B B H H 1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 5p 5p"
    out = score("8s 8p", player(hand, win=win("discard", "H")))
    assert mults(out) == ["three_elders"]
    hu = 8 + 8 + 4 + 20  # Q, B in hand (OG), H as the winning pung (OG), Tazi
    assert total(out) == (hu * 2, 80)
    missing = score("8s 8p", player(hand.replace("H H", "4p 4p"), win=win("discard", "4p")))
    assert "three_elders" not in mults(missing)


def test_hezi_cards_never_count_for_three_elders():
    """NT-6.6 (seed): the Hezi's two Thousands do not make up the three."""
    hand = "B B B H H H 1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 5p"
    out = score("Q Q", player(hand, win=win("discard", "5p"), hezi=True))
    assert "three_elders" not in mults(out)


def test_heavenly_first_discard_ready_last_card():
    """NT-6.6: Heavenly win, a win on the dealer's first discard, the winner's ready declaration
    and self-drawing the last card each double the total; they stack (with Piao, kong
    replacement...)."""
    first = score("8m 8p", player(QING, win=win("discard", "5p", dealer_first_discard=True)))
    assert mults(first) == ["dealer_first_discard"] and total(first) == (220, 220)
    ready = score("8m 8p", player(QING, win=win("discard", "5p", dealer_first_discard=True),
                                  ready=True))
    assert mults(ready) == ["dealer_first_discard", "ready"] and total(ready) == (440, 440)
    last = score("8m 8p", player(QING, win=win("self_draw", "5p", last_card=True)))
    assert mults(last) == ["last_card"] and total(last) == (240, 240)
    hand = QING.replace("7p 8p 9p", "")
    both = score("8m 8p", player(hand, "concealed_kong:H",
                                 win=win("self_draw", "5p", kong_replacement=True,
                                         last_card=True)))
    assert mults(both) == ["last_card"] and total(both) == ((24 + 50) * 2, 150)


def test_all_multipliers_cumulate():
    """NT-6.6: Piao, Closed Floating, Three Elders, ready and last card: ×32."""
    hand = "Q Q Q B B B H H H 1m 1m 1m 2s 2s 2s 4p 4p 4p 6m 6m 9p 9p"
    out = score("8m 8p", player(hand, win=win("self_draw", "6m", last_card=True), ready=True))
    assert mults(out) == ["piao_hu", "closed_floating", "three_elders", "ready", "last_card"]
    base = 3 * 8 + 4 * 4
    assert total(out) == ((base + 50 + 10) * 32, 3200)


# ---------------------------------------------------------------- NT-6.7 rounding

@pytest.mark.parametrize(("raw", "rounded"), [(0, 0), (20, 20), (21, 30), (22, 30), (29, 30),
                                              (30, 30), (31, 40)])
def test_round_up(raw, rounded):
    """NT-6.7: every total rounds up to a multiple of ten."""
    assert round_up(raw) == rounded


@pytest.mark.parametrize(("melds", "raw", "rounded"), [
    ("opening_kong:5m", 16, 20),
    ("opening_kong:5m pung:6m", 18, 20),
    ("opening_kong:5m exposed_kong:6m", 24, 30),
    ("opening_kong:5m concealed_kong:6m", 28, 30),
    ("opening_kong:5m concealed_kong:6m pung:7m", 30, 30),
    ("opening_kong:5m opening_kong:6m", 32, 40),
])
def test_rounding_edges(melds, raw, rounded):
    """NT-6.7: totals of 20 and 30 stay, 22 to 28 go up to 30 (hu totals are even, so 21 and 29
    only occur in ``round_up`` itself, tested above)."""
    n = 22 - 3 * len(melds.split())
    out = score("8m 8p", player(idle(n, "5m 6m 7m"), melds))
    assert total(out) == (raw, rounded)


def test_order_bonus_then_multipliers_then_rounding():
    """NT-6.7: (base + bonuses) × multipliers, then rounded once: a pung 2 + Tazi 20 + wait 10
    = 32, ×2 for the dealer's first discard = 64 → 70 (rounding before doubling would give 80)."""
    hand = QING.replace("7p 8p 9p ", "")
    out = score("8m 8p", player(hand, "pung:6p",
                                win=win("discard", "5p", dealer_first_discard=True)))
    assert total(out) == (64, 70)


# ---------------------------------------------------------------- NT-6.8 the split

def test_base_hu_in_hand_never_depends_on_the_split():
    """NT-6.8: three alike in hand count 4 even when the chosen split uses them in sequences;
    the split maximises the winner's total."""
    hand = "1m 1m 1m 2m 2m 2m 3m 3m 3m 4s 5s 6s 1s 2s 3s 7s 8s 9s 4p 5p 6p 9p"
    out = score("8s 8p", player(hand, win=win("discard", "9p")))["players"][0]
    assert out["base"] == 12
    groups = out["win"]["reading"]["groups"]
    assert all(g["type"] == "sequence" for g in groups)
    assert out["win"]["shape"]["code"] == "qing_hu"


def test_non_winners_are_not_split():
    """NT-6.8: a non-winner's base hu is read from its cards alone."""
    hand = "1m 1m 1m 2m 2m 2m 3m 3m 3m " + idle(13, "1m 2m 3m")
    out = score("8s 8p", player(hand))["players"][0]
    assert out["base"] == 12 and out["win"] is None


# ---------------------------------------------------------------- NT-6.9 settlement

def test_seed_settlement_example():
    """NT-6.9: totals 100, 40, 20 give +140, −40, −100."""
    pays = settle([100, 40, 20])
    net = [0, 0, 0]
    for p in pays:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    assert net == [140, -40, -100]
    assert sorted((p.payer, p.payee, p.amount) for p in pays) == [(1, 0, 60), (2, 0, 80),
                                                                   (2, 1, 20)]


def test_ties_settle_nothing():
    """NT-6.9: equal totals settle 0."""
    assert settle([30, 30, 30]) == ()
    assert [(p.payer, p.payee, p.amount) for p in settle([30, 30, 10])] == [(2, 0, 20),
                                                                            (2, 1, 20)]


def test_a_non_winner_can_out_score_the_winner():
    """NT-6.9: the winner's 40 against a non-winner's two opening kongs of Red and White
    Flower (16 × 2 each = 64 → 70): the winner pays that one."""
    winner = player(QING.replace("7p 8p 9p", "Q Q Q"), win=win("discard", "5p"))
    other = player(idle(16, "H B Q 5p"), "opening_kong:H opening_kong:B")
    third = player(idle(22, "H B Q 5p"))
    out = score("8m 8p", winner, other, third)
    assert out["totals"] == [40, 70, 0] and out["winner"] == 0
    assert out["deltas"] == [40 - 30, 30 + 70, -40 - 70]
    assert {"payer": 0, "payee": 1, "amount": 30, "reason": "settlement"} in out["payments"]
    assert sum(out["deltas"]) == 0


# ---------------------------------------------------------------- NT-6.10 exhausted deal

def test_exhausted_deal_settles_base_hu():
    """NT-6.10: with no winner every player's base hu, rounded up, is still settled."""
    a = player("5m 5m 5m " + idle(19, "5m 6m"))  # 4 -> 10
    b = player(idle(19, "5m 6m"), "concealed_kong:6m")  # 12 -> 20
    c = player(idle(22, "5m 6m"))  # 0
    out = score("8m 8p", a, b, c)
    assert out["exhausted"] is True and out["winner"] is None
    assert out["totals"] == [10, 20, 0] and out["deltas"] == [0, 30, -30]


def test_exhausted_deal_in_play():
    """NT-4.5, NT-6.10: a played deal that runs out settles everyone's base hu."""
    state, _ = position({0: "9p " + idle(22, "9p 5m 7p"), 1: "5m 5m 5m " + idle(19, "9p 5m 7p"),
                         2: idle(19, "9p 5m 7p")}, melds={2: [("opening_kong", "7p", None)]},
                        drawn="9p", wall_extra=0, indicators="7m 8p")
    state = act(G, state, 0, type="discard", card=card_of(state, 0, "9p"))
    state = pass_all(G, state)
    result = G.result(state)
    assert result["exhausted"] is True and result["winner"] is None
    assert result["totals"] == [0, 10, 40]  # 5m in hand 4; 7p opening kong 16 × 2 (7m)
    assert result["deltas"] == [-10 - 40, 10 - 30, 40 + 30]


# ---------------------------------------------------------------- the game's result

def test_result_of_a_played_win():
    """NT-6: a win in play is scored with its situation: seat 1 wins seat 0's first discard
    (the dealer's) on 5p: Qing Hu 100 + wait 10, ×2 = 220; seat 2's three Q in hand 8 → 10."""
    state, _ = position({0: "5p " + idle(22, "5p Q"), 1: QING,
                         2: "Q Q Q " + idle(19, "5p Q")}, drawn="5p")
    state = act(G, state, 0, type="discard", card=card_of(state, 0, "5p"))
    state = act(G, state, 1, type="win")
    result = G.result(state)
    assert result["winner"] == 1 and result["win"]["how"] == "discard"
    assert result["totals"] == [0, 220, 10]
    assert result["deltas"] == [-220 - 10, 220 + 210, 10 - 210]
    assert [p["amount"] for p in result["payments"]] == [220, 10, 210]
    assert mults(result["players"][1]) == ["dealer_first_discard"]


def test_result_of_a_self_draw_of_the_last_card_on_a_kong_replacement():
    """NT-6.5, NT-6.6 in play: winning on a kong replacement that is the stock's last card:
    self-draw +10, kong replacement +10, last card ×2."""
    hand = "5m 5m 5m 5m 1m 2m 3m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 3p 4p 5p"
    state, _ = position({0: hand, 1: idle(22, "5m 5p"), 2: idle(22, "5m 5p")},
                        wall="5p", wall_extra=0, drawn="5m", dealer=2)
    kong = next(a for a in G.legal_actions(state, 0) if a["type"] == "concealed_kong")
    state = act(G, state, 0, **kong)
    assert state.wall == () and {"type": "win"} in G.legal_actions(state, 0)
    state = act(G, state, 0, type="win")
    me = G.result(state)["players"][0]
    assert bonuses(me) == [
        ("tazi_hu", 20), ("self_draw", 10), ("kong_replacement", 10), ("wait", 10)]
    assert mults(me) == ["last_card"]
    assert me["total"] == round_up((12 + 50) * 2)


def test_result_of_a_ready_win_and_robbed_kong():
    """NT-6.6, NT-4.3 in play: a ready seat robs an added kong: the robbed card counts as a
    discard (no self-draw), the ready declaration doubles."""
    wait_5m = "1m 2m 3m 7m 8m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 3p 4p 9p 9p 4m 6m"
    state, _ = position({0: "5m " + idle(19, "5m 4m 6m"), 1: idle(22, "5m"), 2: wait_5m},
                        melds={0: [("pung", "5m", 1)]}, drawn="5m", ready=[2])
    state = act(G, state, 0, type="added_kong", card=card_of(state, 0, "5m"))
    state = act(G, state, 2, type="win")
    result = G.result(state)
    me = result["players"][2]
    assert result["win"]["how"] == "robbed_kong"
    assert mults(me) == ["ready"]
    assert me["win"]["shape"]["code"] == "qing_hu" and me["base"] == 0
    assert me["total"] == (100 + 10) * 2
    assert result["players"][0]["base"] == 2  # the robbed pung stays a pung


def test_result_of_a_heavenly_win():
    """NT-3.7, NT-6.6 in play: the dealer's Heavenly win doubles."""
    state, _ = position({0: QING + " 5p", 1: idle(22, "5p"), 2: idle(22, "5p")})
    state = act(G, state, 0, type="win")
    assert G.result(state)["totals"] == [220, 0, 0]


# ---------------------------------------------------------------- the calculator's refusals

@pytest.mark.parametrize("spec", [
    None,
    {"indicators": ["8m"], "players": [player(idle())]},
    {"indicators": ["8m", "X"], "players": [player(idle())]},
    {"indicators": ["8m", "8p"], "players": []},
    {"indicators": ["8m", "8p"], "players": [player(idle(21))]},
    {"indicators": ["8m", "8p"], "players": [player(idle(), extra=1)]},
    {"indicators": ["8m", "8p"], "players": [player("5m 5m 5m 5m 5m " + idle(17, "5m"))]},
    {"indicators": ["8m", "8p"], "players": [player(idle(19), "opening_triplet:5m")]},
    {"indicators": ["8m", "8p"], "players": [player(idle(), hezi=True)]},
    {"indicators": ["8m", "8p"], "players": [player(QING, win=win("discard", "5p")),
                                             player(QING, win=win("discard", "5p"))]},
    {"indicators": ["8m", "8p"], "players": [player(QING, win=win("discard", "1p"))]},
    {"indicators": ["8m", "8p"], "players": [player(QING, win=win("heavenly", "5p"))]},
    {"indicators": ["8m", "8p"], "players": [player(QING, win=win("discard", "5p",
                                                                 last_card=True))]},
    {"indicators": ["8m", "8p"], "players": [player(QING, win=win("self_draw", "5p",
                                                                 kong_replacement=True))]},
])
def test_invalid_specs(spec):
    """The calculator refuses what it cannot read, with InvalidSpec."""
    with pytest.raises(InvalidSpec):
        G.score(spec)
