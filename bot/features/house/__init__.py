"""House players as an admin places them: ``/pokeradmin house add``, ``remove`` and ``fill``
and the dashboard's house players page, through the same functions (``admin.py``)."""
