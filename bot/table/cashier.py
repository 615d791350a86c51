"""The table's chips and seats in the store: buying in, cashing out, sitting out and in,
settling a hand, and the seat housekeeping between hands (expired sit-outs, interrupted
cash-outs, busted players). Called under the session's lock; public notices go to the
channel's outbox."""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import Callable, Collection, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.engine import Hand, SeatedPlayer, Stakes
from bot.engine.phh import hand_to_phh
from bot.house.accounts import is_house
from bot.messages import Text, t
from bot.replies import Refused
from bot.store import AlreadySeated, HandAlreadyFinished, InvalidAmount, NotSeated
from bot.table import seating
from bot.table.render import result_layout, safe_name
from bot.table.snapshot import result_from_summary

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.models import SeatRow

log = logging.getLogger(__name__)


class Cashier:
    """One table's chips and seats."""

    def __init__(
        self,
        store: Store,
        table_id: int,
        post: Callable[..., None],
        *,
        on_left: Callable[[int, float], None] | None = None,
        test_seed: int | None = None,
    ) -> None:
        self.store = store
        self._test_seed = test_seed
        """Tests only (``DEUCE_TEST_SEED``): the table's n-th hand in the store (voided hands
        left out: ``hands.number_at_table``) shuffles with a generator seeded by it, the table
        and n, so a restart deals the same cards to the same hand; None: the cryptographic
        one."""
        self.table_id = table_id
        self._post = post
        self._on_left = on_left
        """Called with (member, since when they sat) once a member is cashed out."""

    async def seats(self) -> list[SeatRow]:
        return await self.store.tables.seats(self.table_id)

    async def seat_of(self, user_id: int) -> SeatRow:
        """The player's seat; ``NotSeated`` if they have none here."""
        seat = await self.store.tables.seat_of(self.table_id, user_id)
        if seat is None:
            raise NotSeated(t("not_seated"))
        return seat

    async def sit_down(self, user_id: int, name: str, buy_in: int | None, settings: Any) -> SeatRow:
        """Buy in (or, after busting, buy in again on the same seat) from the wallet."""
        amount = buy_in if buy_in is not None else settings.buyin_default
        existing = await self.store.tables.seat_of(self.table_id, user_id)
        if existing is None:
            return await self.store.tables.buy_in(
                self.table_id,
                user_id,
                name,
                amount,
                minimum=settings.buyin_min,
                maximum=settings.buyin_max,
            )
        if existing.leaving:
            raise AlreadySeated(t("join_while_leaving", seat=existing.seat + 1))
        if existing.stack > 0:
            key = "already_seated_sitin" if existing.sitting_out else "already_seated"
            raise AlreadySeated(t(key, seat=existing.seat + 1, stack=existing.stack))
        if amount < settings.buyin_min:
            maximum = settings.buyin_max
            raise InvalidAmount(t("buyin_range", minimum=settings.buyin_min, maximum=maximum))
        await self.store.tables.add_chips(
            self.table_id, user_id, amount, maximum=settings.buyin_max
        )
        return await self.store.tables.update_seat(
            self.table_id, user_id, sitting_out=False, name=name
        )

    async def deal(self, players: Sequence[SeatRow], button: int, settings: Any) -> Hand:
        """Escrow the players' stacks in a new hand and deal it. The button is stored with the
        hand (``hands.begin``, one transaction): after it nothing may fail without voiding
        (every bet refunded)."""
        stacks = {s.user_id: s.stack for s in players}
        hand_id = await self.store.hands.begin(self.table_id, stacks, button=button)
        try:
            rng: random.Random | None = None
            if self._test_seed is not None:
                number = await self.store.hands.number_at_table(self.table_id, hand_id)
                rng = random.Random(f"{self._test_seed}:deck:{self.table_id}:{number}")
            return Hand.start(
                [SeatedPlayer(s.user_id, s.name, s.stack, s.seat) for s in players],
                button,
                Stakes(settings.small_bet, settings.small_blind, settings.cap),
                hand_id=hand_id,
                rng=rng,
            )
        except Exception as error:
            await self.store.hands.void(hand_id, f"could not deal: {error}"[:200])
            raise

    async def void_unresumable(self, hand_id: int, error: Exception) -> list[SeatRow]:
        """A journaled hand that cannot resume is called off and every bet refunded. The
        error's text may quote the journal, hidden cards included: only its type is logged
        loudly and stored as the reason players read in /poker history."""
        name = type(error).__name__
        log.warning("Table %s: hand %s cannot resume (%s); voiding", self.table_id, hand_id, name)
        log.debug("Table %s: resume error: %r", self.table_id, error)
        await self.store.hands.void(hand_id, f"could not resume ({name})")
        self._post(content=Text("voided"))
        return await self.seats()

    async def void_unsaved(self, hand_id: int) -> None:
        """Call off a dealt hand whose first journal write failed (nobody saw it): its blinds
        go back. Already called off (the store answered after all) is as good."""
        with contextlib.suppress(HandAlreadyFinished):
            await self.store.hands.void(hand_id, "not saved")

    async def settle(self, hand: Hand, names: dict[int, str], sit_out: Collection[int]) -> bool:
        """Pay the finished hand out (and sit out ``sit_out`` in the same transaction). A hand
        that cannot be settled is called off and every bet refunded: chips are never lost.
        Whether it was settled."""
        result = hand.result
        assert result is not None
        try:
            await self.store.hands.settle(
                hand.hand_id,
                dict(result.final_stacks),
                hand_to_phh(hand),
                seating.result_summary(result, names),
                payouts=dict(result.payouts),
                showed_down=set(result.shown_hands) | set(result.mucked),
                voluntary=seating.voluntary_players(hand),
                sit_out=set(sit_out),
                draws=seating.draws_taken(hand),
                shown_ranks=seating.shown_ranks(hand),
            )
        except Exception:
            log.exception("Table %s: hand %s could not be settled", self.table_id, hand.hand_id)
            await self.store.hands.void(hand.hand_id, "could not be settled")
            self._post(content=Text("voided_settle"))
            for user_id in sit_out:
                await self.store.tables.update_seat(self.table_id, user_id, sitting_out=True)
            return False
        log.info("Table %s: hand %s settled", self.table_id, hand.hand_id)
        return True

    async def announce_missed(self) -> None:
        """Post the result of every settled hand the channel never saw (a crash came between
        settling and posting it), oldest first; each is marked once its message is sent."""
        for record in await self.store.hands.unannounced(self.table_id):
            result = result_from_summary(record.id, record.summary or {})
            self._post(view=result_layout(result), then=partial(self.announced, record.id))

    async def announced(self, hand_id: int) -> None:
        """The hand's result reached the channel."""
        await self.store.hands.mark_announced(hand_id)

    async def sit_out(self, user_id: int) -> None:
        if (await self.seat_of(user_id)).sitting_out:
            raise Refused(t("already_sitting_out"))
        await self.store.tables.update_seat(self.table_id, user_id, sitting_out=True)

    async def sit_in(self, user_id: int) -> None:
        seat = await self.seat_of(user_id)
        if seat.stack <= 0:
            raise Refused(t("sit_in_busted"))
        if not seat.sitting_out:
            raise Refused(t("not_sitting_out"))
        await self.store.tables.update_seat(self.table_id, user_id, sitting_out=False)

    async def mark_leaving(self, user_id: int) -> list[SeatRow]:
        """The player leaves mid-hand: cashed out after it (even across a restart). Their
        leaving may have ended the hand (heads-up): then they are cashed out already."""
        with contextlib.suppress(NotSeated):
            await self.store.tables.update_seat(self.table_id, user_id, leaving=True)
        return await self.seats()

    async def close_after_hand(self) -> None:
        """Mark the table closing (also in the journal, so a failure here is only logged)."""
        try:
            await self.store.tables.set_status(self.table_id, "closing")
        except Exception:
            log.exception("Table %s: could not mark the table closing", self.table_id)

    async def note_dm(self, user_id: int, ok: bool) -> None:
        """Whether the player's DMs reach them (a closed DM is noted once per hand)."""
        with contextlib.suppress(NotSeated):
            await self.store.tables.update_seat(self.table_id, user_id, dm_ok=ok)

    async def table_message_moved(self, message_id: int | None) -> None:
        await self.store.tables.set_message(self.table_id, message_id)

    async def cash_out(self, user_ids: Collection[int]) -> bool:
        """Send each player's chips back to their wallet and free the seat; whether all went
        through (a failure is logged: the seat keeps the chips, tried again before a deal)."""
        done = True
        for user_id in sorted(user_ids):
            try:
                if is_house(user_id):  # a house player's chips go back to the house's wallet
                    await self.store.house.stand_up(self.table_id, user_id)
                else:
                    await self.leave_now(user_id)
            except Exception:
                log.exception("Table %s: cash out of %s failed", self.table_id, user_id)
                done = False
        return done

    async def leave_now(self, user_id: int) -> int:
        """Cash a member out (their seat freed): the chips returned to their wallet; their
        session's summary follows (``on_left``)."""
        since = await self.store.tables.joined_at(self.table_id, user_id)
        amount = await self.store.tables.cash_out(self.table_id, user_id)
        if since is not None and self._on_left is not None:
            self._on_left(user_id, since)
        return amount

    async def before_deal(self, now: float, keep: float) -> list[SeatRow]:
        """Free sat-out seats kept too long, finish the cash-outs of leavers a restart
        interrupted, sit out busted players; returns the seats as they are then."""
        seats = await self.seats()
        expired = seating.expired_sitouts(seats, now, keep)
        for seat in expired:
            if await self.cash_out([seat.user_id]):
                self._post(content=Text("seat_freed", name=safe_name(seat.name)))
        await self.cash_out([s.user_id for s in seats if s.leaving and s not in expired])
        return await self.sit_out_busted()

    async def sit_out_busted(self) -> list[SeatRow]:
        """Sit out every player left with no chips (they may buy in again; the house buys its
        players in again itself); returns the seats."""
        seats = await self.seats()
        for seat in seats:
            if seat.stack == 0 and not seat.sitting_out and not seat.leaving:
                if is_house(seat.user_id):
                    continue
                await self.store.tables.update_seat(self.table_id, seat.user_id, sitting_out=True)
                self._post(content=Text("busted", name=safe_name(seat.name)))
        return await self.seats()

    async def close_table(self) -> dict[int, int]:
        """Stand the house players up (their chips back to the house's wallet), then cash every
        member out and close the table: chips returned per member (between hands)."""
        for seat in await self.seats():
            if is_house(seat.user_id):
                await self.store.house.stand_up(self.table_id, seat.user_id)
        return await self.store.tables.close(self.table_id)

    async def seat_house(self, user_id: int, name: str, style: str, settings: Any) -> SeatRow:
        """A house player sits down, bought in for the table's default buy-in from the house's
        wallet."""
        return await self.store.house.sit_down(
            self.table_id, user_id, name, style, settings.buyin_default
        )

    async def top_up_house(self, seat: SeatRow, settings: Any) -> SeatRow:
        """A house player short of the minimum buy-in (or busted) is brought back to the
        default buy-in from the house's wallet, and sits in again."""
        amount = max(settings.buyin_default - seat.stack, 0)
        if amount == 0:
            return await self.store.tables.update_seat(
                self.table_id, seat.user_id, sitting_out=False
            )
        return await self.store.house.top_up(self.table_id, seat.user_id, amount)
