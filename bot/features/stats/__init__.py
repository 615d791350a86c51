"""Stats: ``/poker stats`` (``commands.py``), the figures and the chart (``report.py``)."""
