"""The dashboard's pages, one module each: ``home``, ``login`` (OAuth2, login links, logout),
``server`` (an admin's server: live tables, pause and resume, the settings), ``live`` (its
tables' server-sent events), ``hands`` (a
player's hands and their PHH)."""
