"""Multi-table tournaments on Discord (issue 37), in progress: the pieces that are built and
tested are here, and NO command or button reaches them yet (nothing in ``cogs`` or
``bot/ui/routes.py`` imports this folder): ``discord_parts`` opens a table's thread, says which
of the bot's permissions an MTT lacks, and keeps the tournament's Discord scheduled event in
step; ``starting`` seats the field over threads by the rules of ``bot.tournament.balance``
and starts it in the store. The rules are ``bot/tournament`` (``balance``, ``payouts``,
``director``), the chips ``store.mtts``.
"""
