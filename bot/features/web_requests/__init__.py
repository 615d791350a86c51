"""Pause, Resume and Close asked from the standalone dashboard (``python -m bot.web``): the
bot's process takes the requests of the tables it owns from the store and applies them through
their sessions (``poller.py``); the store's part is ``bot/store/web_requests.py``."""
