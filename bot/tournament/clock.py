"""The level clock: which level a tournament is at, by play time or by hands dealt. It counts
play time only (the table adds the seconds it was running; a restart's downtime is not
counted), and a level changes only at a deal: a hand in progress keeps its limits."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from bot.tournament.structures import STRUCTURES, Level, level_of


@dataclass(frozen=True, slots=True)
class TournamentClock:
    """Where a tournament's levels stand; saved with the tournament at every deal."""

    structure: str
    level_minutes: int | None = None
    """Minutes of play per level, or None when levels go by hands."""
    level_hands: int | None = None
    """Hands per level, or None when levels go by minutes."""
    level: int = 1
    played: float = 0.0
    """Seconds of play so far (as of the last deal or save)."""
    level_since: float = 0.0
    """Seconds of play when the current level began."""
    hands: int = 0
    """Hands dealt so far."""
    level_hands_since: int = 0
    """Hands dealt when the current level began."""

    def __post_init__(self) -> None:
        if self.structure not in STRUCTURES:
            raise ValueError(f"unknown structure {self.structure!r}")
        if (self.level_minutes is None) == (self.level_hands is None):
            raise ValueError("a level lasts minutes or hands, exactly one of them")
        if (self.level_minutes or self.level_hands or 0) < 1:
            raise ValueError("a level lasts at least one minute or one hand")

    @property
    def current(self) -> Level:
        return level_of(self.structure, self.level)

    @property
    def next(self) -> Level:
        return level_of(self.structure, self.level + 1)

    def at_deal(self, played: float) -> TournamentClock:
        """The clock for the hand dealt now, ``played`` seconds of play in: every level whose
        time (or hand count) is reached has moved on, and the hand is counted."""
        level, since, hands_since = self.level, self.level_since, self.level_hands_since
        if self.level_minutes is not None:
            length = self.level_minutes * 60.0
            while played - since >= length:
                level, since = level + 1, since + length
        elif self.level_hands is not None and self.hands - hands_since >= self.level_hands:
            level, hands_since = level + 1, self.hands
        return replace(
            self,
            level=level,
            played=max(played, self.played),
            level_since=since,
            hands=self.hands + 1,
            level_hands_since=hands_since,
        )

    def dealt(self, hands: int) -> TournamentClock:
        """A clock by hands as it is once ``hands`` hands have been dealt (each ``at_deal``
        from the first level), the play time kept; a clock by minutes unchanged. A restart
        reads the hands dealt from the store: the clock saved before a deal a SIGKILL cut short
        counted a hand never dealt."""
        if self.level_hands is None or hands == self.hands:
            return self
        clock = replace(self, level=1, hands=0, level_hands_since=0)
        for _ in range(max(0, hands)):
            clock = clock.at_deal(self.played)
        return clock

    def at(self, played: float) -> TournamentClock:
        """The same levels with the play time counted up to ``played`` (saved between deals)."""
        return replace(self, played=max(played, self.played))

    def seconds_left(self, played: float) -> float | None:
        """Seconds of play before the level ends (0 once it has: the next deal moves on), or
        None when levels go by hands."""
        if self.level_minutes is None:
            return None
        return max(0.0, self.level_since + self.level_minutes * 60.0 - played)

    def hands_left(self) -> int | None:
        """Hands still dealt at this level after the running one, or None by minutes."""
        if self.level_hands is None:
            return None
        return max(0, self.level_hands - (self.hands - self.level_hands_since))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentClock:
        """Read a saved clock (``ValueError`` or ``TypeError`` when it is not one)."""
        return cls(**{key: data[key] for key in data})
