"""Stats: ``/poker stats`` (``commands.py``), the figures and the chart (``report.py``), the
figures' pure rules over a member's stored hands (``lowball.py``)."""
