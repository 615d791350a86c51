"""Multi-table tournaments on Discord (issue 37): ``/poker mtt`` (``commands.py``), the lobby
message and its buttons (``lobby.py``, ``buttons.py``), registration, the start at its time and
cancelling (``tournaments.py``), a running tournament's director at work (``running.py``), a
table's thread, the permissions and the scheduled event (``discord_parts.py``), the field seated
over threads (``starting.py``). Its tables are ``bot/table/mtt.py``; the rules
``bot/tournament`` (``balance``, ``payouts``, ``director``), the chips ``store.mtts``.
"""
