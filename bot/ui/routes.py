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
``r``      a replay's ⏮ ◀ ▶ ⏭ and its streets          ``bot.features.replay.viewer``
``rp``     Replay under a result                               ``bot.features.replay.viewer``
``ls``     the lobby's table menu                              ``bot.features.lobby.listing``
``lj``     the lobby's Join                                    ``bot.features.lobby.listing``
``lp``     the lobby's ◀ ▶                                     ``bot.features.lobby.listing``
``sr``     a sit-and-go's Register                             ``bot.features.sitngo.buttons``
``su``     a sit-and-go's Unregister                           ``bot.features.sitngo.buttons``
``mr``     an MTT lobby's Register                             ``bot.features.mtt.buttons``
``mu``     an MTT lobby's Unregister                           ``bot.features.mtt.buttons``
=========  ==================================================  =============================
"""

from __future__ import annotations

from bot.features.lobby import listing as lobby
from bot.features.mtt import buttons as mtt
from bot.features.replay import viewer as replay
from bot.features.sitngo import buttons as sitngo
from bot.table import buttons
from bot.ui.router import Router

ROUTER = Router((*buttons.ROUTES, *replay.ROUTES, *lobby.ROUTES, *sitngo.ROUTES, *mtt.ROUTES))
