"""The level structures: each level a fixed-limit small bet (the big bet twice it, the big
blind the small bet, the small blind half of it), as RULES.md "Tournaments" decides."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Stakes

STRUCTURES: dict[str, tuple[int, ...]] = {
    "turbo": (10, 20, 30, 50, 100, 150, 200, 300, 500, 1000),
    "regular": (10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000),
    "slow": (10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200, 300, 400, 500, 1000),
}
"""The small bet of each level, by preset. After the last listed level each level doubles
the one before, so a tournament always ends."""


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its number (1 = the first) and its small bet."""

    number: int
    small_bet: int

    @property
    def big_bet(self) -> int:
        return 2 * self.small_bet

    @property
    def small_blind(self) -> int:
        return max(1, self.small_bet // 2)

    @property
    def label(self) -> str:
        """The limits as players write them: "10/20"."""
        return f"{self.small_bet:,}/{self.big_bet:,}"

    def stakes(self) -> Stakes:
        """The engine's stakes for a hand of this level (a bet and three raises a round)."""
        return Stakes(self.small_bet, self.small_blind)


def level_of(structure: str, number: int) -> Level:
    """Level ``number`` (1-based) of a preset; ``KeyError`` for an unknown preset."""
    bets = STRUCTURES[structure]
    if number < 1:
        raise ValueError(f"levels start at 1, not {number}")
    if number <= len(bets):
        return Level(number, bets[number - 1])
    return Level(number, bets[-1] * 2 ** (number - len(bets)))


def level_with(structure: str, small_bet: int) -> Level | None:
    """The level of a preset whose small bet is ``small_bet`` (a hand's limits name the level
    it was dealt at: a preset's small bets only rise), None when no level has it."""
    bets = STRUCTURES[structure]
    if small_bet in bets:
        return Level(bets.index(small_bet) + 1, small_bet)
    number, bet = len(bets), bets[-1]
    while bet < small_bet:
        number, bet = number + 1, bet * 2
    return Level(number, bet) if bet == small_bet else None
