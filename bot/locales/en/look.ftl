# Issue 27: the replayer, stats by period, session ledgers and the lobby.

button_replay = Replay
replay_title = Replay — hand #{ $hand_id } · step { $step }/{ $steps }
replay_deal = The deal: blinds posted, five cards to each player
replay_your_cards = Your cards: { $cards }
replay_you_drew = You threw { $thrown } and got { $got }
replay_not_played = You were not dealt in: you see what the table saw.
replay_voided = The hand was called off here: every bet went back.
replay_not_found = There is no hand #{ $hand_id } in this server.
replay_running = Hand #{ $hand_id } is still being played: replay it once it is over.
replay_unavailable = Hand #{ $hand_id } cannot be replayed: too little of it was kept.
replay_none = You have not played a hand in this server yet.
replay_no_step = That step is not part of this hand.

period_week = the last 7 days
period_month = the last 30 days
period_all = all hands
stats_title_period = { $name } — { $period }
stats_empty_period = { $name } has not played a hand here in { $period }.
stats_pat_after = Pat at draw 1 · 2 · 3
stats_drawn_average = Cards drawn at draw 1 · 2 · 3
stats_snows = Pat all the way and caught with a pair or worse
stats_snows_value = { $caught } of { $pat } pat showdowns
stats_best_hand = Best hand shown
chart_net = Net over the last { $count ->
    [one] hand
   *[other] { $count } hands
}
chart_drawn = Cards drawn per draw
leaderboard_period_title = Chips won over { $period }
leaderboard_net_line = { $rank }. { $name } — { $net } ({ $hands ->
    [one] { $hands } hand
   *[other] { $hands } hands
})
leaderboard_period_empty = Nobody has finished a hand here in that period.

duration = { $hours ->
        [0] { $minutes } min
       *[other] { $minutes ->
            [0] { $hours } h
           *[other] { $hours } h { $minutes } min
        }
    }
session_title = This table's session so far
session_closed_title = The session at this table
session_line = { $rank }. { $name } — { $net } ({ $hands ->
    [one] { $hands } hand
   *[other] { $hands } hands
})
session_empty = No hand has been finished at this table since it opened.
session_footer = { $hands ->
    [one] { $hands } hand dealt
   *[other] { $hands } hands dealt
} · open for { $duration }
leave_title = Your session
leave_where = At { $channel }
leave_seated = Time seated

lobby_title = Open tables
lobby_empty = There is no open table you can see in this server. Start one with { $cmd-poker-join }.
lobby_kind_cash = Cash
lobby_line = { $channel } — { $kind } { $small }/{ $big } · { $seated } seated, { $free } free: { $names } · last hour: { $hands ->
    [one] { $hands } hand
   *[other] { $hands } hands
}, average pot { $pot }
lobby_nobody = nobody yet
lobby_page = Page { $page } of { $pages } · ◀ ▶ turn the pages
lobby_choose = Choose a table
lobby_option = #{ $channel } · { $small }/{ $big } · { $seated }/{ $seats } seated
lobby_chosen = { $channel }: stakes { $small }/{ $big }. Sit down with the default buy-in of { $buy_in }?
lobby_join = Join ({ $buy_in })
lobby_gone = That table is not open any more (or not one you can see). Run { $cmd-poker-tables } again.

# The stats chart (bot/art/chart.py): its axes, a tournament player's picture, its alt text.
chart_hand_axis = Hand
chart_draw_axis = Draw
chart_sng_net = Net over the last { $count ->
    [one] tournament
   *[other] { $count } tournaments
}
chart_sng_axis = Tournament
chart_places = Finishing places
chart_place_axis = Place
chart_alt_net = { $title }: { $end } at the end (lowest { $low }, highest { $high }).
chart_alt_bars = { $title }: { $values }.

## A wait under a minute (bot.messages.duration)

duration_seconds = { $seconds } s
