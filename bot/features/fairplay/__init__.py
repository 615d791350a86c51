"""Fair play: the server's gates (a minimum Discord account age and server membership before a
member may claim daily chips, sit at a table or register for a sit-and-go, ``gates.py``),
wallets an admin freezes (``bot/store/fairplay.py``; the admin's commands are
``cogs/admin/_fairplay.py``)."""
