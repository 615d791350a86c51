"""The sit-and-go: ``/poker sng`` (``commands.py``); the rules the commands and the buttons
share: create, register, unregister, house players, start, cancel, the start clock
(``tournaments.py``); the registration message and the standings (``views.py``); the
Register and Unregister buttons' routes (``buttons.py``). The tournament's table,
``TournamentSession``, is a kind of table and stays in ``bot/table/tournament.py`` (the
registry opens it; the table layer never imports a feature package for it)."""
