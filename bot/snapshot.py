"""From the engine's state to the plain public data the channel is shown.

This is the one place where a running hand becomes a ``TableSnapshot`` or a finished one a
``ResultSnapshot``: both are built from the engine's public view and result (names, stacks,
bets, draw counts, shown hands), never from a private view, so no hidden card can reach the
renderer of a channel message. Pure functions, tested without Discord.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from bot.engine import Hand, Phase
from bot.render import (
    LegalSnapshot,
    PotResult,
    ResultSnapshot,
    SeatSnapshot,
    ShownHand,
    TableSnapshot,
)

if TYPE_CHECKING:
    from bot.store.models import SeatRow
    from bot.store.models import Settings as TableSettings

log = logging.getLogger(__name__)

RECENT_ACTIONS = 6
"""Actions of the log shown under the table."""


def idle_seat(row: SeatRow) -> SeatSnapshot:
    """A seat not dealt into the running hand (or any seat between hands)."""
    return SeatSnapshot(
        seat=row.seat,
        player_id=row.user_id,
        name=row.name,
        stack=row.stack,
        sitting_out=row.sitting_out,
        leaving=row.leaving,
    )


def table_snapshot(
    *,
    table_id: int,
    settings: TableSettings | None,
    seats: Sequence[SeatRow],
    hand: Hand | None,
    last_hand: Hand | None,
    leaving: Collection[int],
    seq: int,
    deadline: float | None,
    next_hand_at: float | None,
    closing: bool,
    closed: bool,
) -> TableSnapshot:
    """The public table: the running ``hand`` if any, else the seats and the last hand's log.

    Names come from the seats (the member's current display name), stacks and bets from the
    hand while one runs; ``leaving`` are players standing up after this hand.
    """
    if hand is None:
        small_bet = settings.small_bet if settings else 10
        recent: tuple[str, ...] = ()
        if last_hand is not None:
            recent = tuple(last_hand.public_view(recent=RECENT_ACTIONS).recent_actions)
        return TableSnapshot(
            table_id=table_id,
            small_bet=small_bet,
            small_blind=settings.effective_small_blind if settings else max(1, small_bet // 2),
            cap=settings.cap if settings else 4,
            seats=tuple(idle_seat(s) for s in seats),
            recent=recent,
            next_hand_at=next_hand_at,
            closing=closing,
            closed=closed,
        )
    view = hand.public_view(recent=RECENT_ACTIONS)
    rows = {s.user_id: s for s in seats}
    shown: list[SeatSnapshot] = []
    for sv in view.seats:
        row = rows.get(sv.player_id)
        shown.append(
            SeatSnapshot(
                seat=sv.seat,
                player_id=sv.player_id,
                name=row.name if row else sv.name,
                stack=sv.stack,
                bet=sv.bet,
                in_hand=True,
                folded=sv.state == "folded",
                all_in=sv.state == "all-in",
                leaving=sv.player_id in leaving or bool(row and row.leaving),
                to_act=view.to_act == sv.player_id,
                button=sv.is_button,
                blind="SB" if sv.is_small_blind else "BB" if sv.is_big_blind else None,
                draws=tuple(c for c in sv.draw_counts if c is not None),
            )
        )
    dealt = {sv.player_id for sv in view.seats}
    shown.extend(idle_seat(s) for s in seats if s.user_id not in dealt)
    legal = view.legal
    legal_snapshot = None
    if legal is not None and view.phase is Phase.BETTING:
        legal_snapshot = LegalSnapshot(
            can_check=legal.can_check,
            call_amount=legal.call_amount,
            can_bet_or_raise=legal.can_bet_or_raise,
            raise_to=legal.bet_or_raise_to,
            is_bet=legal.is_bet,
        )
    to_act_name = None
    if view.to_act is not None:
        row = rows.get(view.to_act)
        to_act_name = row.name if row else hand.name_of(view.to_act)
    pot = view.pot_total
    if view.result is not None:
        pot = sum(p.amount for p in view.result.pots)
    return TableSnapshot(
        table_id=table_id,
        small_bet=view.small_bet,
        small_blind=view.small_blind,
        cap=view.cap,
        seats=tuple(shown),
        hand_id=view.hand_id,
        seq=seq,
        phase=view.phase.value,
        betting_round=view.betting_round,
        draw_round=view.draw_round,
        pot=pot,
        side_pots=tuple(p.amount for p in view.pots),
        to_act_name=to_act_name,
        deadline=deadline,
        recent=tuple(view.recent_actions),
        next_hand_at=next_hand_at,
        closing=closing,
        closed=closed,
        legal=legal_snapshot,
    )


def result_snapshot(hand: Hand, hand_id: int, names: dict[int, str]) -> ResultSnapshot:
    """The public result of a finished hand: only the hands actually shown, the mucks by
    name, and each pot's winners and shares."""
    result = hand.result
    assert result is not None
    if result.won_without_showdown:
        winner = result.winners[0] if result.winners else None
        # what the winner collects: the pot plus their own bet nobody called
        amount = result.payouts.get(winner, 0) if winner is not None else 0
        return ResultSnapshot(
            hand_id=hand_id,
            uncontested=(names.get(winner, "?"), amount) if winner is not None else None,
        )
    shown = tuple(
        ShownHand(
            name=names.get(pid, "?"),
            cards=tuple(result.shown_hands[pid]),
            hand_name=result.hand_names.get(pid, ""),
        )
        for pid in result.showdown_order
        if pid in result.shown_hands
    )
    mucked = tuple(names.get(pid, "?") for pid in result.mucked)
    pots = tuple(
        PotResult(
            amount=p.amount,
            winners=tuple((names.get(w, "?"), p.shares.get(w, 0)) for w in p.winners),
        )
        for p in result.pots
    )
    return ResultSnapshot(hand_id=hand_id, shown=shown, mucked=mucked, pots=pots)
