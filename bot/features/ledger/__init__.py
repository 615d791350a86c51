"""The session ledger: ``/poker session`` (``commands.py``), the ledger, the closing ledger
and a leaver's summary (``summary.py``)."""
