"""Top-ups: a seated player adds chips from their wallet, up to the table's largest buy-in. Between
hands (or while not in the running hand) the chips move at once; a player in the running hand
has them added before the next deal, and the table's log shows it.

The session's collaborator, called under the table's lock. The queue is the seat's ``topup``
in the store, so a restart keeps it: the chips stay in the wallet until they are added, and
adding them empties the queue in the same transaction (``tables.add_queued_chips``), so no
crash loses or repeats one. Leaving drops it (``tables.update_seat``), and so does the seat
being freed. A queued top-up the deal cannot make in full (the wallet spent meanwhile, frozen,
or the stack grew to the largest buy-in) is said in the player's panel of the hand it came
before (``held_back``), never dropped unsaid.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.engine import Hand
from bot.messages import Text, t
from bot.replies import Refused
from bot.store import Store
from bot.store.models import QueuedChips, SeatRow, Settings

log = logging.getLogger(__name__)


class TopUps:
    """One table's top-ups."""

    def __init__(self, store: Store, table_id: int, guild_id: int) -> None:
        self._store = store
        self._table_id = table_id
        self._guild_id = guild_id
        self.added: tuple[tuple[str, int], ...] = ()
        """Who added how many chips before the running hand (for its log)."""
        self.held_back: list[tuple[int, Text]] = []
        """Players whose queued top-up the last deal made short or not at all, and why: for
        their panel of the hand it came before (``take_held_back``)."""

    async def request(
        self, seat: SeatRow, hand: Hand | None, settings: Settings, amount: int
    ) -> bool:
        """Add ``amount`` to ``seat`` now (False), or queue it while the player is in ``hand``
        (True). Refused, with nothing changed, over the largest buy-in or the wallet."""
        user_id = seat.user_id
        if seat.leaving:
            raise Refused(t("topup_leaving"))
        in_hand = hand is not None and not hand.is_complete and user_id in hand.player_ids
        # in a hand: the chips behind (the limit is applied again when they are added)
        chips = hand.stacks.get(user_id, 0) if in_hand and hand is not None else seat.stack
        room = settings.buyin_max - chips - seat.topup
        if amount > room:
            raise Refused(t("topup_over", maximum=settings.buyin_max, room=max(0, room)))
        wallet = await self._store.wallets.balance(self._guild_id, user_id)
        if amount + seat.topup > wallet:
            raise Refused(t("topup_wallet", wallet=wallet))
        if in_hand:
            await self._store.tables.queue_top_up(self._table_id, user_id, seat.topup + amount)
            return True
        await self._store.tables.add_chips(
            self._table_id, user_id, amount, maximum=settings.buyin_max
        )
        return False

    async def add(self, seats: Sequence[SeatRow], settings: Settings) -> bool:
        """Before a deal: add the queued chips (as much as the largest buy-in leaves room for);
        whether any moved."""
        added = []
        for seat in seats:
            if seat.topup <= 0:
                continue
            made = await self._store.tables.add_queued_chips(
                self._table_id, seat.user_id, settings.buyin_max
            )
            if made.added > 0:
                added.append((seat.name, made.added))
            note = held_back(made, settings.buyin_max)
            if note is not None:
                self.held_back.append((seat.user_id, note))
        self.added += tuple(added)
        return bool(added)

    def take_held_back(self) -> list[tuple[int, Text]]:
        """The players to tell why their queued top-up fell short (once: the list empties)."""
        held, self.held_back = self.held_back, []
        return held

    def hand_over(self) -> None:
        """The hand the log's top-ups came before is over."""
        self.added = ()


def held_back(made: QueuedChips, maximum: int) -> Text | None:
    """What to tell a player whose queued top-up was not made in full (None: it was)."""
    if made.why == "wallet":
        return Text("topup_held_wallet", amount=made.queued, wallet=made.wallet)
    if made.why == "frozen":
        return Text("topup_held_frozen", amount=made.queued)
    if made.why == "room":
        return Text("topup_held_room", amount=made.queued, added=made.added, maximum=maximum)
    return None
