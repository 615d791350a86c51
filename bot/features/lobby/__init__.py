"""The lobby: ``/poker tables`` (``commands.py``), the listing, its pages, the table menu
and the Join button (``listing.py``)."""
