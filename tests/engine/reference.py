"""A slow, plain-spoken second reading of docs/rules.md §3, used only by the tests.

It works on the text form of a position and shares no code with the engine's
move generator, so agreement between the two on random positions is evidence
that the fast tables say what the rules say.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CSHD"


def rank(code: str) -> int:
    return RANKS.index(code[0].upper())


def suit(code: str) -> str:
    return code[1].upper()


def red(code: str) -> bool:
    return suit(code) in "HD"


def face_up(code: str) -> bool:
    return code == code.upper()


def rank_step(lower: str, upper: str, wrap: bool) -> int:
    """+1 if upper is one rank above lower, -1 if one below, else 0."""
    diff = rank(upper) - rank(lower)
    if wrap and diff == -12:
        diff = 1
    if wrap and diff == 12:
        diff = -1
    return diff if diff in (1, -1) else 0


def builds(rules, lower: str, upper: str, suits: str | None = None) -> int:
    """The tableau relation of docs/rules.md: may upper go on lower? (+1/-1 direction, 0 no)
    ``suits`` overrides the build's suit rule (for the cards of a moving run)."""
    build = rules.tableau.build
    suits = suits or build.suits
    if not (face_up(lower) and face_up(upper)):
        return 0
    if suits == "same-suit" and suit(lower) != suit(upper):
        return 0
    if suits == "alt-colour" and red(lower) == red(upper):
        return 0
    if suits == "any-but-own" and suit(lower) == suit(upper):
        return 0
    step = rank_step(lower, upper, build.wrap)
    if build.direction == "up" and step != 1:
        return 0
    if build.direction == "down" and step != -1:
        return 0
    return step


def base_rank(rules, piles):
    if not rules.chosen_base:
        return None
    for name, cards in piles.items():
        if name.startswith("f") and cards:
            return rank(cards[0])
    return None


def foundation_takes(rules, piles, name: str, card: str) -> bool:
    index = int(name[1:]) - 1
    # Row by row (f1..f4, f5..f8), or suit by suit when PySolFC lists them so.
    rows = len(rules.foundations)
    if rules.founding.by_suit:
        row, own_suit = rules.foundations[index % rows], SUITS[index // rows]
    else:
        row, own_suit = rules.foundations[index // 4], SUITS[index % 4]
    pile = piles[name]
    if (row.builds == "in-suit" and suit(card) != own_suit) or len(pile) == 13:
        return False
    if not pile:
        if row.base == "A":
            return rank(card) == 0
        if row.base == "K":
            return rank(card) == 12
        base = base_rank(rules, piles)
        return base is None or rank(card) == base
    step = rank_step(pile[-1], card, row.wrap)
    return step == (1 if row.direction == "up" else -1)


def movable_counts(rules, piles, name: str) -> list[int]:
    pile = piles[name]
    if not pile or not face_up(pile[-1]):
        return []
    if name[0] in "rw":
        return [1]
    if name.startswith("s"):
        return []       # the stock only turns over (legal_moves says so)
    if name.startswith("f"):
        if not rules.take_back or (rules.chosen_base and len(pile) == 1):
            return []
        return [1]
    counts = [1]
    kind = rules.tableau.moves
    if kind == "single":
        return counts
    direction = 0
    n = 1
    while n < len(pile):
        # The cards of a moving run follow each other as the game's run rule says.
        step = builds(rules, pile[-n - 1], pile[-n], rules.tableau.run_suits)
        if not step:
            break
        if kind == "one-way-run":
            if direction and step != direction:
                break
            direction = step
        n += 1
        counts.append(n)
    return counts


def free_space_allows(rules, piles, name: str, count: int) -> bool:
    """A "free-space-run" carries no more cards than moving them one at a time
    through the other empty piles could: 1, 2, 4, … for 0, 1, 2 … of them, times
    one more than the empty free cells."""
    if rules.tableau.moves != "free-space-run":
        return True
    others = sum(1 for pile_name, cards in piles.items()
                 if pile_name.startswith("t") and not cards and pile_name != name)
    cells = sum(1 for pile_name, cards in piles.items()
                if pile_name.startswith("r") and not cards) if rules.reserves.cells else 0
    return count <= (cells + 1) * 2 ** others


def tableau_takes(rules, piles, name: str, unit: list[str]) -> bool:
    if rules.founding.first and rules.chosen_base and base_rank(rules, piles) is None:
        return False
    if not free_space_allows(rules, piles, name, len(unit)):
        return False
    pile = piles[name]
    if not pile:
        if rules.tableau.empty_rank in "KQ" and unit[0][0] != rules.tableau.empty_rank:
            return False
        return len(unit) == 1 or rules.tableau.empty_takes == "card-or-run"
    step = builds(rules, pile[-1], unit[0])
    if not step:
        return False
    if rules.tableau.moves == "one-way-run" and len(unit) > 1:
        return builds(rules, unit[0], unit[1]) == step
    return True


def legal_moves(rules, piles: dict[str, list[str]]) -> set[str]:
    """Every legal move, in notation, by brute force over all pile pairs."""
    moves = set()
    if piles.get("s1"):
        moves.add("s1-w1")      # turn the stock's top card over onto the waste
    for source in piles:
        for count in movable_counts(rules, piles, source):
            unit = piles[source][-count:]
            for target in piles:
                if target == source:
                    continue
                if target[0] in "sw":
                    ok = False          # nothing is put on the stock or the waste
                elif target.startswith("r"):
                    # A free cell takes one card, from anywhere (Zerline's: from
                    # the tableau), while it has room.
                    cells = rules.reserves.cells
                    ok = (cells is not None and count == 1 and len(piles[target]) < cells.holds
                          and (cells.take_from == "any" or source.startswith("t")))
                elif target.startswith("f"):
                    ok = count == 1 and foundation_takes(rules, piles, target, unit[0])
                    if rules.founding.feeds:
                        ok = ok and source.startswith("t") and int(target[1:]) in rules.founding.feeds[
                            int(source[1:]) - 1]
                else:
                    ok = tableau_takes(rules, piles, target, unit)
                if ok:
                    moves.add(f"{source}-{target}" + (f":{count}" if count > 1 else ""))
    return moves


def play(rules, piles: dict[str, list[str]], move: str) -> dict[str, list[str]]:
    """The position after a legal move, with its automatic consequences."""
    piles = {name: list(cards) for name, cards in piles.items()}
    if move == "s1-w1":
        piles["w1"].append(piles["s1"].pop().upper())
        return found_what_must(rules, piles)
    pair, _, count_text = move.partition(":")
    source, target = pair.split("-")
    count = int(count_text or 1)
    unit = piles[source][-count:]
    del piles[source][-count:]
    piles[target] += unit
    src = piles[source]
    if src and not face_up(src[-1]):
        src[-1] = src[-1].upper()
    if not src and source.startswith("t") and rules.reserves.fill_spaces and piles["r1"]:
        src.append(piles["r1"].pop())
        if piles["r1"]:
            piles["r1"][-1] = piles["r1"][-1].upper()
    return found_what_must(rules, piles)


def found_what_must(rules, piles):
    """Rittenhouse: while a tableau pile's top card may go to a foundation it
    feeds, the first such (piles from t1, foundations from f1) goes."""
    if not rules.founding.forced:
        return piles
    rows = [f"t{i}" for i in range(1, rules.tableau.piles + 1)]
    homes = [f"f{i}" for i in range(1, 4 * len(rules.foundations) + 1)]
    while True:
        pair = next(((row, home) for row in rows for home in homes
                     if piles[row] and f"{row}-{home}" in legal_moves(rules, piles)), None)
        if pair is None:
            return piles
        piles[pair[1]].append(piles[pair[0]].pop())
