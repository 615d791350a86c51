"""Replays: ``/poker replay`` (``commands.py``), the replay message and its buttons, the
Replay button under a result (``viewer.py``)."""
