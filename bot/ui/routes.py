"""Every dealer component's route, in one table (``ROUTER``), by the kind in its custom id:

=========  ==================================================  =============================
kind       component                                           handler
=========  ==================================================  =============================
``t``      Fold / Check-Call / Bet-Raise / My cards, Fold      ``bot.table.buttons``
           anyway
``c``      a private card (mark it for the draw)               ``bot.table.buttons``
``d``      Draw N / Stand pat                                  ``bot.table.buttons``
``f``      Fold in turn                                        ``bot.table.buttons``
``s``      Show my hand                                        ``bot.table.buttons``
``r``      a replay's ⏮ ◀ ▶ ⏭                                  ``bot.table.replay``
``rp``     Replay under a result                               ``bot.table.replay``
``ls``     the lobby's table menu                              ``bot.table.lobby``
``lj``     the lobby's Join                                    ``bot.table.lobby``
``lp``     the lobby's ◀ ▶                                     ``bot.table.lobby``
``sr``     a sit-and-go's Register                             ``bot.table.sitngo``
``su``     a sit-and-go's Unregister                           ``bot.table.sitngo``
=========  ==================================================  =============================
"""

from __future__ import annotations

from bot.table import buttons, lobby, replay, sitngo
from bot.ui.router import Router

ROUTER = Router((*buttons.ROUTES, *replay.ROUTES, *lobby.ROUTES, *sitngo.ROUTES))
