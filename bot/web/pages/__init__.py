"""The dashboard's pages, one module each: ``home``, ``login`` (OAuth2, login links, logout),
``server`` (an admin's server: live tables, pause and resume, each table's settings), ``live``
(its tables' server-sent events), ``settings`` (the server's settings as a form), ``ledger``
(its wallet movements, and as CSV), ``audit`` (its verdict), ``hands`` (a player's hands and
their PHH)."""
