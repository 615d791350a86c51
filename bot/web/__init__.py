"""The web dashboard (docs/DASHBOARD.md): server-rendered pages on aiohttp.web, served by the
bot's own process when ``DEUCE_WEB_PORT`` is set, or alone as ``python -m bot.web`` against the
same database.

- ``app.py``: the application (its middlewares: language, security headers, errors) and
  ``WebServer`` (start, stop);
- ``auth.py``: sessions (an opaque cookie, known to the store by its hash), CSRF, login links;
- ``discord_api.py``: what the dashboard asks Discord (OAuth2, and Manage Server re-checked
  with the bot's token);
- ``live.py``: the live tables of the bot's process, as the pages see them; ``stored.py``:
  the tables as the store has them, for ``python -m bot.web``;
- ``html.py``: escaping templates and the page layout; ``render.py``: a table in HTML;
- ``settings_form.py``: the server's settings as a form, from their declarations;
- ``pages/``: one module a page (home, login, server, settings, ledger, audit, hands, house,
  tournaments and a player's own, ...).
"""
