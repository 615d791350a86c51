"""``/poker sng create`` checks every option in the store, not only in Discord's schema: values
a forged request sends straight (an unknown structure, numbers out of range) are refused with
a clear private sentence and store nothing, and a prize pool too big to be paid as one prize
is refused in the admin's language, while the largest payable one is taken."""

from __future__ import annotations

import sqlite3
from typing import Any

from bot.messages import t
from bot.store import MAX_CHIPS
from tests.e2e.helpers import ADMIN_MEMBER_PERMISSIONS, IN_LOOP, Club, embed0, private_reply

FORGED: list[tuple[dict[str, Any], str]] = [
    ({"structure": "bogus"}, t("sng_structure_unknown", "en")),
    ({"buy_in": -1}, t("error_amount_range", "en", minimum=0, maximum=MAX_CHIPS)),
    ({"seats": 1}, t("error_amount_range", "en", minimum=2, maximum=6)),
    ({"seats": 60}, t("error_amount_range", "en", minimum=2, maximum=6)),
    ({"stack": 5}, t("error_amount_range", "en", minimum=20, maximum=1_000_000)),
    ({"level_minutes": 0}, t("error_amount_range", "en", minimum=1, maximum=120)),
    ({"level_hands": 1000}, t("error_amount_range", "en", minimum=1, maximum=100)),
    ({"starts_in": -5}, t("error_amount_range", "en", minimum=1, maximum=10_080)),
    ({"starts_in": 10**30}, t("error_amount_whole", "en")),  # read as a float on the way
]

pytestmark = IN_LOOP


def tournaments(club: Club) -> int:
    """The tournaments of the club's server in the store."""
    with sqlite3.connect(club.db_path) as db:
        sql = "SELECT count(*) FROM tournaments WHERE guild_id = ?"
        return int(db.execute(sql, (club.guild.id,)).fetchone()[0])


async def test_forged_and_unpayable_sng_create_options_are_refused_and_store_nothing(
    club: Club,
) -> None:
    double, channel = club.double, club.channel
    for options, sentence in FORGED:
        sent = {"buy_in": 100, **options}
        forged = await double.invoke(club.admin, channel, "poker sng create", forged=True, **sent)
        assert await private_reply(forged) == sentence, options
    assert tournaments(club) == 0
    # Within Discord's schema, but a pool over the largest prize the store pays.
    largest = MAX_CHIPS // 6
    too_big = {"buy_in": largest + 1, "seats": 6}
    unpayable = t("sng_pool_too_big", "en", pool=MAX_CHIPS, seats=6, buy_in=largest)
    refused = await double.invoke(club.admin, channel, "poker sng create", **too_big)
    assert await private_reply(refused) == unpayable
    assert "1,000,000,000,000" in unpayable and "166,666,666,666" in unpayable
    for language, locale in (("hu", "hu"), ("sv", "sv-SE"), ("id", "id"), ("ru", "ru")):
        admin = await double.add_member(
            club.guild, f"admin-{language}", permissions=ADMIN_MEMBER_PERMISSIONS, locale=locale
        )
        answer = await double.invoke(admin, channel, "poker sng create", **too_big)
        expected = t("sng_pool_too_big", language, pool=MAX_CHIPS, seats=6, buy_in=largest)
        assert await private_reply(answer) == expected != unpayable, language
    assert tournaments(club) == 0
    none_here = await double.invoke(club.admin, channel, "poker sng show")
    assert await private_reply(none_here) == t("sng_none_here", "en")
    # The largest payable pool is taken, and the tournament shows.
    created = await double.invoke(
        club.admin, channel, "poker sng create", buy_in=largest, seats=6, structure="slow"
    )
    await created.response(timeout=10)
    assert tournaments(club) == 1
    shown = await double.invoke(club.admin, channel, "poker sng show")
    response = await shown.response(timeout=10)
    assert str(embed0(response.data).get("title", "")).startswith("Sit-and-go #")
    cancelled = await double.invoke(club.admin, channel, "poker sng cancel")
    assert "cancelled" in (await private_reply(cancelled)).lower()
