"""The MCR pattern table (MCR-6) and the exclusions the scorer applies (MCR-4.3, MCR-6.4).

``PATTERNS`` maps a stable code to (English name, Chinese name, points). It holds the 81
official patterns in the official order (highest first) and one more row, ``concealed_and_
melded_kong`` (明暗杠, 5 points): the reference calculator's reading of one melded kong plus one
concealed kong (MCR-6 **[ruling]**: "one melded plus one concealed kong scores 5 points
together"), which takes the place of Melded Kong (1) + Concealed Kong (2).

``EXCLUDES`` lists, for each pattern, the lower patterns it stops from being counted again
(non-repeat principle, MCR-4.3 / MCR-6.4), as the reference calculator applies them once every
pattern of a reading has been found. Patterns are visited in table order and only a pattern that
is itself still counted excludes others, so "A excludes B, B excludes C" never removes C when A
removed B (Four Concealed Pungs removes Fully Concealed Hand, and the self-draw then still
counts as Self-Drawn). Many official exclusions need no row here because the scorer never
produces both patterns in the first place: a combination of four sets is looked for before one
of three and one of two, the combinations of chows and of pungs follow the account-once and
non-identical principles, and a special shape (seven pairs, thirteen orphans, honours and
knitted tiles, nine gates) only ever counts the patterns that its rule allows.
"""

from __future__ import annotations

PATTERNS: dict[str, tuple[str, str, int]] = {
    # 88
    "big_four_winds": ("Big Four Winds", "大四喜", 88),
    "big_three_dragons": ("Big Three Dragons", "大三元", 88),
    "all_green": ("All Green", "绿一色", 88),
    "nine_gates": ("Nine Gates", "九莲宝灯", 88),
    "four_kongs": ("Four Kongs", "四杠", 88),
    "seven_shifted_pairs": ("Seven Shifted Pairs", "连七对", 88),
    "thirteen_orphans": ("Thirteen Orphans", "十三幺", 88),
    # 64
    "all_terminals": ("All Terminals", "清幺九", 64),
    "little_four_winds": ("Little Four Winds", "小四喜", 64),
    "little_three_dragons": ("Little Three Dragons", "小三元", 64),
    "all_honors": ("All Honors", "字一色", 64),
    "four_concealed_pungs": ("Four Concealed Pungs", "四暗刻", 64),
    "pure_terminal_chows": ("Pure Terminal Chows", "一色双龙会", 64),
    # 48
    "quadruple_chow": ("Quadruple Chow", "一色四同顺", 48),
    "four_pure_shifted_pungs": ("Four Pure Shifted Pungs", "一色四节高", 48),
    # 32
    "four_pure_shifted_chows": ("Four Pure Shifted Chows", "一色四步高", 32),
    "three_kongs": ("Three Kongs", "三杠", 32),
    "all_terminals_and_honors": ("All Terminals and Honors", "混幺九", 32),
    # 24
    "seven_pairs": ("Seven Pairs", "七对", 24),
    "greater_honors_and_knitted_tiles": ("Greater Honors and Knitted Tiles", "七星不靠", 24),
    "all_even_pungs": ("All Even Pungs", "全双刻", 24),
    "full_flush": ("Full Flush", "清一色", 24),
    "pure_triple_chow": ("Pure Triple Chow", "一色三同顺", 24),
    "pure_shifted_pungs": ("Pure Shifted Pungs", "一色三节高", 24),
    "upper_tiles": ("Upper Tiles", "全大", 24),
    "middle_tiles": ("Middle Tiles", "全中", 24),
    "lower_tiles": ("Lower Tiles", "全小", 24),
    # 16
    "pure_straight": ("Pure Straight", "清龙", 16),
    "three_suited_terminal_chows": ("Three-Suited Terminal Chows", "三色双龙会", 16),
    "pure_shifted_chows": ("Pure Shifted Chows", "一色三步高", 16),
    "all_fives": ("All Fives", "全带五", 16),
    "triple_pung": ("Triple Pung", "三同刻", 16),
    "three_concealed_pungs": ("Three Concealed Pungs", "三暗刻", 16),
    # 12
    "lesser_honors_and_knitted_tiles": ("Lesser Honors and Knitted Tiles", "全不靠", 12),
    "knitted_straight": ("Knitted Straight", "组合龙", 12),
    "upper_four": ("Upper Four", "大于五", 12),
    "lower_four": ("Lower Four", "小于五", 12),
    "big_three_winds": ("Big Three Winds", "三风刻", 12),
    # 8
    "mixed_straight": ("Mixed Straight", "花龙", 8),
    "reversible_tiles": ("Reversible Tiles", "推不倒", 8),
    "mixed_triple_chow": ("Mixed Triple Chow", "三色三同顺", 8),
    "mixed_shifted_pungs": ("Mixed Shifted Pungs", "三色三节高", 8),
    "chicken_hand": ("Chicken Hand", "无番和", 8),
    "last_tile_draw": ("Last Tile Draw", "妙手回春", 8),
    "last_tile_claim": ("Last Tile Claim", "海底捞月", 8),
    "out_with_replacement_tile": ("Out with Replacement Tile", "杠上开花", 8),
    "robbing_the_kong": ("Robbing the Kong", "抢杠和", 8),
    # 6
    "all_pungs": ("All Pungs", "碰碰和", 6),
    "half_flush": ("Half Flush", "混一色", 6),
    "mixed_shifted_chows": ("Mixed Shifted Chows", "三色三步高", 6),
    "all_types": ("All Types", "五门齐", 6),
    "melded_hand": ("Melded Hand", "全求人", 6),
    "two_concealed_kongs": ("Two Concealed Kongs", "双暗杠", 6),
    "two_dragon_pungs": ("Two Dragon Pungs", "双箭刻", 6),
    # 5 — the reference calculator's row (MCR-6 [ruling]), not one of the 81
    "concealed_and_melded_kong": ("Concealed Kong and Melded Kong", "明暗杠", 5),
    # 4
    "outside_hand": ("Outside Hand", "全带幺", 4),
    "fully_concealed_hand": ("Fully Concealed Hand", "不求人", 4),
    "two_melded_kongs": ("Two Melded Kongs", "双明杠", 4),
    "last_tile": ("Last Tile", "和绝张", 4),
    # 2
    "dragon_pung": ("Dragon Pung", "箭刻", 2),
    "prevalent_wind": ("Prevalent Wind", "圈风刻", 2),
    "seat_wind": ("Seat Wind", "门风刻", 2),
    "concealed_hand": ("Concealed Hand", "门前清", 2),
    "all_chows": ("All Chows", "平和", 2),
    "tile_hog": ("Tile Hog", "四归一", 2),
    "double_pung": ("Double Pung", "双同刻", 2),
    "two_concealed_pungs": ("Two Concealed Pungs", "双暗刻", 2),
    "concealed_kong": ("Concealed Kong", "暗杠", 2),
    "all_simples": ("All Simples", "断幺", 2),
    # 1
    "pure_double_chow": ("Pure Double Chow", "一般高", 1),
    "mixed_double_chow": ("Mixed Double Chow", "喜相逢", 1),
    "short_straight": ("Short Straight", "连六", 1),
    "two_terminal_chows": ("Two Terminal Chows", "老少副", 1),
    "pung_of_terminals_or_honors": ("Pung of Terminals or Honors", "幺九刻", 1),
    "melded_kong": ("Melded Kong", "明杠", 1),
    "one_voided_suit": ("One Voided Suit", "缺一门", 1),
    "no_honors": ("No Honors", "无字", 1),
    "edge_wait": ("Edge Wait", "边张", 1),
    "closed_wait": ("Closed Wait", "嵌张", 1),
    "single_wait": ("Single Wait", "单钓将", 1),
    "self_drawn": ("Self-Drawn", "自摸", 1),
    "flower_tiles": ("Flower Tiles", "花牌", 1),
}

OFFICIAL_81: tuple[str, ...] = tuple(c for c in PATTERNS if c != "concealed_and_melded_kong")
"""The 81 official patterns (MCR-6), in table order."""

POINTS: dict[str, int] = {code: row[2] for code, row in PATTERNS.items()}
ORDER: dict[str, int] = {code: i for i, code in enumerate(PATTERNS)}

EXCLUDES: dict[str, tuple[str, ...]] = {
    # MCR-6 exclusion lists as the reference calculator applies them to a counted reading
    # (non-repeat principle, MCR-4.3). Visited in table order; see the module docstring.
    "big_four_winds": ("all_pungs", "pung_of_terminals_or_honors"),
    "big_three_dragons": ("dragon_pung",),
    "all_green": ("half_flush", "one_voided_suit"),
    "four_kongs": ("all_pungs", "single_wait"),
    "all_terminals": ("all_pungs", "outside_hand", "pung_of_terminals_or_honors", "no_honors",
                      "double_pung"),
    "little_four_winds": ("pung_of_terminals_or_honors",),
    "little_three_dragons": ("dragon_pung",),
    "all_honors": ("all_pungs", "outside_hand", "pung_of_terminals_or_honors",
                   "one_voided_suit"),
    "four_concealed_pungs": ("all_pungs", "concealed_hand", "fully_concealed_hand"),
    "pure_terminal_chows": ("full_flush", "all_chows", "no_honors"),
    "four_pure_shifted_pungs": ("all_pungs",),
    "all_terminals_and_honors": ("all_pungs", "outside_hand", "pung_of_terminals_or_honors"),
    "all_even_pungs": ("all_pungs", "all_simples", "no_honors"),
    "upper_tiles": ("no_honors",),
    "middle_tiles": ("all_simples", "no_honors"),
    "lower_tiles": ("no_honors",),
    "three_suited_terminal_chows": ("all_chows", "no_honors"),
    "all_fives": ("all_simples", "no_honors"),
    "upper_four": ("no_honors",),
    "lower_four": ("no_honors",),
    "reversible_tiles": ("one_voided_suit",),
    "last_tile_draw": ("self_drawn",),
    "out_with_replacement_tile": ("self_drawn",),
    "robbing_the_kong": ("last_tile",),
    "melded_hand": ("single_wait",),
    "two_concealed_kongs": ("two_concealed_pungs",),
    "two_dragon_pungs": ("dragon_pung",),
    "fully_concealed_hand": ("self_drawn",),
    "all_chows": ("no_honors",),
    "all_simples": ("no_honors",),
}

ONE_CHOW_PAIR_PRIORITY: tuple[str, ...] = (
    "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
"""The patterns two chows can form, in the order they are preferred (account-once, MCR-4.3)."""

assert len(OFFICIAL_81) == 81
assert all(c in PATTERNS for k, v in EXCLUDES.items() for c in (k, *v))

__all__ = ["EXCLUDES", "OFFICIAL_81", "ONE_CHOW_PAIR_PRIORITY", "ORDER", "PATTERNS", "POINTS"]
