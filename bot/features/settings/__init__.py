"""The server's settings in words: the lines of ``/pokeradmin settings`` (``report.py``), which
the dashboard's server page shows too."""
