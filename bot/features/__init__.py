"""The features beside the table, one folder each (STYLE.md rule 18): the sit-and-go
(``sitngo``), the lobby (``lobby``), replays (``replay``), stats (``stats``) and the session
ledger (``ledger``). Each holds its ``/poker`` commands (``commands.py``, a ``PokerPart`` that
``cogs.poker.Poker`` binds), its buttons' routes (listed in ``bot/ui/routes.py``), its
rendering and its rules side by side; their store calls stay in ``bot/store`` (a layer).

A feature imports the table layer, never the reverse, but for the few public names the table
calls back (the closing ledger, the Replay button under a result): those live in the
feature's own module (never ``commands.py``), so no import circle goes through the commands.
"""
