"""The sit-and-go: ``/poker sng`` (``commands.py``), the registration message, its
buttons, the start, cancel and standings (``tournaments.py``). The tournament's table,
``TournamentSession``, is a kind of table and stays in ``bot/table/tournament.py`` (the
registry opens it; the table layer never imports a feature package for it)."""
