# Issue 27: repris av händer, statistik per period, sessionsliggare och lobby.

button_replay = Repris
replay_title = Repris — hand #{ $hand_id } · steg { $step }/{ $steps }
replay_deal = Given: mörkar lagda, fem kort till varje spelare
replay_your_cards = Dina kort: { $cards }
replay_you_drew = Du slängde { $thrown } och fick { $got }
replay_not_played = Du var inte med i given: du ser det bordet såg.
replay_voided = Handen avbröts här: alla insatser gick tillbaka.
replay_not_found = Det finns ingen hand #{ $hand_id } på den här servern.
replay_running = Hand #{ $hand_id } spelas fortfarande: se reprisen när den är klar.
replay_unavailable = Hand #{ $hand_id } kan inte visas i repris: för lite av den sparades.
replay_none = Du har inte spelat någon hand på den här servern än.
replay_no_step = Det steget finns inte i den här handen.

period_week = de senaste 7 dagarna
period_month = de senaste 30 dagarna
period_all = alla händer
stats_title_period = { $name } — { $period }
stats_empty_period = { $name } har inte spelat någon hand här under { $period }.
stats_pat_after = Bytte inga vid byte 1 · 2 · 3
stats_drawn_average = Bytta kort vid byte 1 · 2 · 3
stats_snows = Bytte inga hela vägen och åkte fast med ett par eller sämre
stats_snows_value = { $caught } av { $pat } visningar utan byte
stats_best_hand = Bästa visade hand
chart_net = Netto över de senaste { $count ->
    [one] handen
   *[other] { $count } händerna
}
chart_drawn = Bytta kort per byte
leaderboard_period_title = Vunna marker under { $period }
leaderboard_net_line = { $rank }. { $name } — { $net } ({ $hands ->
    [one] { $hands } hand
   *[other] { $hands } händer
})
leaderboard_period_empty = Ingen har spelat klart en hand här under den perioden.

duration = { $hours ->
        [0] { $minutes } min
       *[other] { $minutes ->
            [0] { $hours } h
           *[other] { $hours } h { $minutes } min
        }
    }
session_title = Bordets spel hittills
session_closed_title = Spelet vid det här bordet
session_line = { $rank }. { $name } — { $net } ({ $hands ->
    [one] { $hands } hand
   *[other] { $hands } händer
})
session_empty = Ingen hand har spelats klart vid bordet sedan det öppnade.
session_footer = { $hands ->
    [one] { $hands } hand given
   *[other] { $hands } händer givna
} · öppet i { $duration }
leave_title = Ditt spel
leave_where = Vid { $channel }
leave_seated = Tid vid bordet

lobby_title = Öppna bord
lobby_empty = Det finns inget öppet bord som du kan se på den här servern. Starta ett med { $cmd-poker-join }.
lobby_kind_cash = Cash
lobby_line = { $channel } — { $kind } { $small }/{ $big } · { $seated } sitter, { $free } lediga: { $names } · senaste timmen: { $hands ->
    [one] { $hands } hand
   *[other] { $hands } händer
}, snittpott { $pot }
lobby_nobody = ingen än
lobby_page = Sida { $page } av { $pages } · ◀ ▶ bläddrar
lobby_choose = Välj ett bord
lobby_option = #{ $channel } · { $small }/{ $big } · { $seated }/{ $seats } sitter
lobby_chosen = { $channel }: insatser { $small }/{ $big }. Sätta dig med standardinköpet { $buy_in }?
lobby_join = Sätt dig ({ $buy_in })
lobby_gone = Det bordet är inte öppet längre (eller inte ett du kan se). Kör { $cmd-poker-tables } igen.

# The stats chart (bot/art/chart.py): its axes, a tournament player's picture, its alt text.
chart_hand_axis = Hand nr
chart_draw_axis = Byte
chart_sng_net = Netto över { $count ->
    [one] den senaste turneringen
   *[other] de senaste { $count } turneringarna
}
chart_sng_axis = Turnering
chart_places = Placeringar
chart_place_axis = Placering
chart_alt_net = { $title }: { $end } till slut (lägst { $low }, högst { $high }).
chart_alt_bars = { $title }: { $values }.

## A wait under a minute (bot.messages.duration)

duration_seconds = { $seconds } s
