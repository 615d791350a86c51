"""Chip-dumping and soft-play detection over stored hands: offline, cheap, no Discord.

Deuce has no member-to-member transfer, so the table is the only funnel from an alternate
account to a main one. What card rooms publish about finding it, and what is used here:

- Collusion shows between *pairs* of players, ranked for a human to review with the hands
  behind each flag, never acted on automatically (PokerScript's collusion report: player one,
  player two, table overlap, soft play, chip dumping, "admins can then review hand histories,
  freeze accounts": https://product.pokerscript.net/admin/security-and-fraud/collusion-and-detection).
- Chip dumping is "one player intentionally loses chips to another"; soft play is folding a
  strong hand to a partner ("folding KK when their colluding partner has been dealt AA") and
  chip passing is folding where calling is right, to pass chips; one such hand proves nothing
  (a misclick), so several pieces of evidence are needed (partypoker, "Poker collusion: what
  is it and how do we detect it",
  https://www.partypoker.com/blog/en/poker-collusion-what-is-it-and-how-do-we-detect-it.html).
- Compare a pair's play *together* with each player's play *apart*; a player who plays hands
  almost only with one other is a sign, not a proof (PokerStat's collusion tool,
  https://thsoftware.com/pokerstat/help/toolscollusion.htm).

So for every ordered pair (giver, taker) over a period this module counts, from each finished
hand (``facts_of``: an engine ``Hand``, as the store's journal keeps it):

- ``moved``: the chips the giver lost that the taker won in the same hand (each loser's loss
  shared among the winners by their winnings);
- ``folds_better``: the giver folded to the taker's bet or raise holding a hand that beat the
  taker's final hand (``rank27``): giving up a pot the giver would have won;
- ``hopeless_calls``: the giver called the taker's bet in the last betting round with a pair or
  worse and lost to the taker at the showdown (calling down with a hand that could not win);
- ``heads_up``: pots only the two of them contested (everyone else out before the first draw),
  and ``passive``: those of them nobody bet after the first draw (checked down: soft play);
- ``together`` / the giver's ``hands``: how much of the giver's play is with the taker;
- ``funnel``: when the giver is a young account or a new member (``young``, from the ids'
  snowflake time and ``joined_at``: ``report.young_members``), the share of all the chips the
  giver lost that went to the taker. An alternate account made to farm daily grants has no
  history and passes what it has to one main account, so its losses go mostly to one member,
  where an honest loser's go to whoever held the better hand (the account-age signal of the
  economy bots' alt trackers; "new accounts with few hands moving chips to one player" is what
  card rooms' security teams review first).

The score weighs the one-sided flow (the giver's loss to the taker less the taker's loss to the
giver, in big bets, over the square root of their hands together: large only when the flow is
far beyond chance) with the dumping acts, each counted above what the giver shows against
everyone else. ``rank_pairs`` sorts the pairs by it; ``flagged`` keeps those at or above
``THRESHOLD``. Each pair carries the ids of the hands behind its acts, newest last.
"""

from __future__ import annotations

import json
import logging
import math
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from bot.engine.evaluator import rank27
from bot.engine.hand import Hand
from bot.engine.operations import (
    Awarding,
    BettingOpening,
    BettingOrRaising,
    BlindPosting,
    CheckingOrCalling,
    Drawing,
    DrawOpening,
    Folding,
    HoleDealing,
    Returning,
)

log = logging.getLogger(__name__)

WORST_NO_PAIR = 1277
"""``rank27`` of the worst five-card hand with no pair, straight or flush (ace-king-queen-jack-
nine): every rank above it is a pair or worse, a hand that cannot win a called showdown."""
THRESHOLD = 6.0
"""The score from which a pair is flagged (tuned on the simulated server of
``tests/table/test_fairplay_detect.py``)."""
MIN_HANDS = 20
"""Hands a pair must have played together before it can be flagged."""
EVIDENCE = 12
"""Hand ids kept per pair (the newest)."""
FUNNEL_SHARE = 0.5
"""The share of a young account's net losses that must go to one member before it counts (an
honest player at a six-seat table loses to five others: about a fifth each; the simulated
honest newcomer's largest share is 0.48 on one seed, the funnel's 0.59)."""
FUNNEL_FLOW = 1.5
"""How far beyond chance the young account's net chips to the taker must be before its share
counts (in big bets over the square root of their hands together, as the flow is scored: an
honest newcomer who lost seven big bets in 60 hands, three quarters of it to one member, is
chance, 0.9; the simulated funnels are at 2.3 to 4.7)."""
FUNNEL_WEIGHT = 2 * THRESHOLD
"""The score a young account adds when all its net losses went to the taker (none at
``FUNNEL_SHARE``, in proportion between)."""


@dataclass(frozen=True)
class HandFacts:
    """What detection reads of one finished hand."""

    hand_id: int
    players: tuple[int, ...]
    big_bet: int
    net: dict[int, int]
    folds_better: tuple[tuple[int, int], ...] = ()
    """(folder, bettor): folded to the bettor's bet holding a hand that beat the bettor's end."""
    hopeless_calls: tuple[tuple[int, int], ...] = ()
    """(caller, bettor): called the last round's bet with a pair or worse and lost to it."""
    contested: tuple[int, ...] = ()
    """Who was still in at the first draw (or at the end, if it came first)."""
    passive: bool = False
    """Nobody bet or raised after the first draw (a pot of two checked down: soft play)."""

    def to_text(self) -> str:
        """The facts as the store keeps them (``hands.fair_facts``): a JSON list, the players
        once and every other fact by their positions among them (about 60 bytes a hand)."""
        where = {pid: i for i, pid in enumerate(self.players)}
        return json.dumps(
            [
                self.players,
                self.big_bet,
                [self.net[pid] for pid in self.players],
                [[where[a], where[b]] for a, b in self.folds_better],
                [[where[a], where[b]] for a, b in self.hopeless_calls],
                [where[pid] for pid in self.contested],
                int(self.passive),
            ],
            separators=(",", ":"),
        )

    @classmethod
    def from_text(cls, hand_id: int, text: str) -> HandFacts:
        """The facts ``to_text`` wrote."""
        players, big_bet, net, folds, calls, contested, passive = json.loads(text)
        ids = tuple(players)
        return cls(
            hand_id=hand_id,
            players=ids,
            big_bet=big_bet,
            net=dict(zip(ids, net, strict=True)),
            folds_better=tuple((ids[a], ids[b]) for a, b in folds),
            hopeless_calls=tuple((ids[a], ids[b]) for a, b in calls),
            contested=tuple(ids[i] for i in contested),
            passive=bool(passive),
        )


def facts_of(hand: Hand, hand_id: int | None = None) -> HandFacts:
    """The facts of a finished hand, read from its operations log (positions and card
    numbers, hidden cards included: read here, never shown) in one pass."""
    assert hand.is_complete, "only finished hands are read"
    ids = hand.player_ids
    holes: list[list[int]] = [[] for _ in ids]
    bets = [0] * len(ids)
    paid = [0] * len(ids)
    won = [0] * len(ids)
    folded: set[int] = set()
    aggressor = -1
    acts: list[tuple[int, int, bool]] = []  # (position, aggressor, a call in the last round)
    out_before_draw: set[int] = set()
    drawn = last_round = bet_after_draw = False
    for op in hand.operations:
        if isinstance(op, CheckingOrCalling):
            amount = op.amount
            if amount:
                position = op.position
                paid[position] += amount
                bets[position] += amount
                if last_round and aggressor >= 0:
                    acts.append((position, aggressor, True))
        elif isinstance(op, Folding):
            folded.add(op.position)
            if not drawn:
                out_before_draw.add(op.position)
            if aggressor >= 0 and aggressor != op.position:
                acts.append((op.position, aggressor, False))
        elif isinstance(op, Drawing):
            if op.discarded:
                thrown = op.discarded
                hole = [c for c in holes[op.position] if c not in thrown]
                holes[op.position] = hole + list(op.received)
        elif isinstance(op, BettingOrRaising):
            aggressor = position = op.position
            if drawn:
                bet_after_draw = True
            paid[position] += op.to - bets[position]
            bets[position] = op.to
        elif isinstance(op, BettingOpening):
            aggressor = -1
            last_round = op.round == 3
            if op.round:
                bets = [0] * len(ids)
        elif isinstance(op, DrawOpening):
            aggressor = -1
            drawn = True
        elif isinstance(op, BlindPosting):
            paid[op.position] += op.amount
            bets[op.position] += op.amount
        elif isinstance(op, Awarding):
            won[op.position] += op.amount
        elif isinstance(op, Returning):
            paid[op.position] -= op.amount
        elif isinstance(op, HoleDealing):
            holes = [list(op.hole(seat)) for seat in range(len(ids))]
    net = [w - p for w, p in zip(won, paid, strict=True)]
    folds: list[tuple[int, int]] = []
    calls: list[tuple[int, int]] = []
    for position, bettor, is_call in acts:
        giver, taker = ids[position], ids[bettor]
        if not is_call:
            if rank27(holes[position]) < rank27(holes[bettor]):
                folds.append((giver, taker))
        elif (
            position not in folded  # at the showdown: shown, or mucked as a loser may
            and won[bettor] > 0
            and net[position] < 0
            and rank27(holes[position]) > WORST_NO_PAIR
        ):
            calls.append((giver, taker))
    contested = tuple(sorted(ids[p] for p in range(len(ids)) if p not in out_before_draw))
    return HandFacts(
        hand_id=hand.hand_id if hand_id is None else hand_id,
        players=tuple(ids),
        big_bet=hand.stakes.big_bet,
        net=dict(zip(ids, net, strict=True)),
        folds_better=tuple(folds),
        hopeless_calls=tuple(calls),
        contested=contested,
        passive=drawn and not bet_after_draw,
    )


@dataclass
class PairFlag:
    """What one ordered pair did over the period: the giver's chips and acts toward the taker."""

    giver: int
    taker: int
    together: int = 0
    """Hands both were dealt."""
    giver_hands: int = 0
    moved: int = 0
    """Chips the giver lost that the taker won."""
    moved_back: int = 0
    """Chips the taker lost that the giver won."""
    folds_better: int = 0
    hopeless_calls: int = 0
    heads_up: int = 0
    """Pots only the two of them contested."""
    passive: int = 0
    """Of those, pots that went to a draw and that neither bet after (checked down)."""
    funnel: float = 0.0
    """A young giver's share of its net losses (to each member it lost to, net) that went to
    the taker (0 when the giver is not young or its flow to the taker is under ``FUNNEL_FLOW``)."""
    score: float = 0.0
    hands: list[int] = field(default_factory=list)
    """Ids of the hands behind the flag (acts first, then the largest transfers)."""

    @property
    def net_moved(self) -> int:
        """The chips that went from the giver to the taker, less those that came back."""
        return self.moved - self.moved_back


@dataclass
class _Player:
    hands: int = 0


def rank_pairs(
    hands: Iterable[HandFacts], min_hands: int = MIN_HANDS, young: Collection[int] = ()
) -> list[PairFlag]:
    """Every ordered pair that played ``min_hands`` together, highest score first. ``young``:
    the members whose account or membership is new (their losses to one member count)."""
    pairs: dict[tuple[int, int], PairFlag] = {}
    lineups: Counter[tuple[int, ...]] = Counter()
    big_bets: Counter[int] = Counter()
    acts: dict[tuple[int, int], list[int]] = defaultdict(list)
    moved_in: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    moved: Counter[tuple[int, int]] = Counter()
    heads_up: Counter[tuple[int, int]] = Counter()
    passive: Counter[tuple[int, int]] = Counter()

    def pair(giver: int, taker: int) -> PairFlag:
        found = pairs.get((giver, taker))
        if found is None:
            found = pairs[giver, taker] = PairFlag(giver, taker)
        return found

    for facts in hands:
        lineups[facts.players] += 1
        big_bets[facts.big_bet] += 1
        net = facts.net
        gains = [(pid, chips) for pid, chips in net.items() if chips > 0]
        if gains:
            total = sum(chips for _, chips in gains)
            large = 2 * facts.big_bet
            for loser, loss in net.items():
                if loss < 0:
                    for winner, gain in gains:
                        chips = -loss * gain // total
                        moved[loser, winner] += chips
                        if chips >= large:
                            moved_in[loser, winner].append((chips, facts.hand_id))
        for folder, bettor in facts.folds_better:
            pair(folder, bettor).folds_better += 1
            acts[folder, bettor].append(facts.hand_id)
        for caller, bettor in facts.hopeless_calls:
            pair(caller, bettor).hopeless_calls += 1
            acts[caller, bettor].append(facts.hand_id)
        if len(facts.contested) == 2:
            heads_up[facts.contested] += 1
            if facts.passive:
                passive[facts.contested] += 1
                a, b = facts.contested
                acts[a, b].append(facts.hand_id)
                acts[b, a].append(facts.hand_id)
    players: dict[int, _Player] = defaultdict(_Player)
    for lineup, count in lineups.items():
        for pid in lineup:
            players[pid].hands += count
            for other in lineup:
                if other != pid:
                    pair(pid, other).together += count
    for (giver, taker), chips in moved.items():
        pair(giver, taker).moved += chips
        pair(taker, giver).moved_back += chips
    for (a, b), count in heads_up.items():
        pair(a, b).heads_up += count
        pair(b, a).heads_up += count
    for (a, b), count in passive.items():
        pair(a, b).passive += count
        pair(b, a).passive += count
    passive_rate = sum(passive.values()) / max(1, sum(heads_up.values()))
    unit = max(1, _median(big_bets))
    given: dict[int, int] = defaultdict(int)
    received: dict[int, int] = defaultdict(int)
    for (giver, taker), flag in pairs.items():
        count = flag.folds_better + flag.hopeless_calls
        given[giver] += count
        received[taker] += count
    total_acts = sum(given.values())
    lost: dict[int, int] = defaultdict(int)  # each member's net losses, to anyone
    for (giver, taker), chips in moved.items():
        lost[giver] += max(0, chips - moved[taker, giver])
    ranked = []
    for (giver, taker), flag in pairs.items():
        if flag.together < min_hands:
            continue
        flag.giver_hands = players[giver].hands
        expected = given[giver] * received[taker] / total_acts if total_acts else 0.0
        chance = flag.net_moved / unit / math.sqrt(flag.together)
        if giver in young and lost[giver] and chance >= FUNNEL_FLOW:
            flag.funnel = flag.net_moved / lost[giver]
        flag.score = _score(flag, expected, passive_rate, unit)
        biggest = sorted(moved_in[giver, taker], reverse=True)[:EVIDENCE]
        evidence = acts[giver, taker][-EVIDENCE:] + [hand_id for _, hand_id in biggest]
        flag.hands = sorted(dict.fromkeys(evidence))[-EVIDENCE:]
        ranked.append(flag)
    ranked.sort(key=lambda f: (-f.score, f.giver, f.taker))
    return ranked


def _median(counts: Counter[int]) -> int:
    """The median of values counted (0 when none)."""
    half, seen = sum(counts.values()) / 2, 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= half:
            return value
    return 0


def _score(flag: PairFlag, expected: float, passive_rate: float, unit: int) -> float:
    """Chance-scaled one-sided flow, plus the dumping acts beyond what chance gives this pair
    (``expected``: the giver's acts against anyone times the acts anyone makes against the
    taker, over all acts, as in a table of independent counts: a player who folds a lot, or
    who faces a maniac's bets, is not suspected for it), plus their pots of two checked down
    beyond the server's share of such pots (soft play), plus how much of their time together
    was a pot of their own, plus a young giver's losses that went to the taker beyond
    ``FUNNEL_SHARE``."""
    flow = flag.net_moved / unit / math.sqrt(flag.together)
    acts = flag.folds_better + flag.hopeless_calls
    excess = max(0.0, acts - expected) / math.sqrt(max(1.0, expected))
    quiet = passive_rate * flag.heads_up
    soft = max(0.0, flag.passive - quiet) / math.sqrt(max(1.0, quiet))
    exclusive = flag.heads_up / flag.together
    funnel = FUNNEL_WEIGHT * max(0.0, flag.funnel - FUNNEL_SHARE) / (1 - FUNNEL_SHARE)
    return max(0.0, flow) + excess + soft + 2 * exclusive + funnel


def by_pair(ranked: Iterable[PairFlag]) -> list[PairFlag]:
    """Each unordered pair once, in its higher-scoring direction (giver to taker), in order."""
    seen: set[frozenset[int]] = set()
    kept = []
    for flag in ranked:
        key = frozenset((flag.giver, flag.taker))
        if key not in seen:
            seen.add(key)
            kept.append(flag)
    return kept


def flagged(ranked: Iterable[PairFlag], threshold: float = THRESHOLD) -> list[PairFlag]:
    """The pairs (each once) at or above ``threshold``, highest score first."""
    return [flag for flag in by_pair(ranked) if flag.score >= threshold]
