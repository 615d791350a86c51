# Issue 26: sit-and-go-turneringar.

field_tournament = Sit-and-go #{ $tournament }
sng_level_line = Nivå { $level }: { $limits } · nästa { $next }
sng_next_at = { $when }
sng_next_hands = { $hands ->
    [0] vid nästa giv
    [one] efter { $hands } hand till
   *[other] efter { $hands } händer till
}
sng_players_line = { $left } av { $entrants } spelare kvar · snittstack { $average }
sng_level_up = Nivå { $level }: insatserna är nu { $limits }.
sng_away = { $name } är borta: får fortfarande kort och betalar mörkar tills spelaren är tillbaka ({ $cmd-poker-sitin }).
sng_away_now = Du är borta: du får fortfarande kort, dina mörkar läggs in och när tiden tar slut checkar du eller lägger dig. { $cmd-poker-sitin } tar dig tillbaka.
sng_out = { $name } är ute och slutar på plats { $place }.
sng_out_prize = { $name } är ute, slutar på plats { $place } och vinner { $prize }.
sng_place_private = Du slutade på plats { $place } av { $entrants } i sit-and-go #{ $tournament }.
sng_place_private_prize = Du slutade på plats { $place } av { $entrants } i sit-and-go #{ $tournament } och vinner { $prize } marker, som betalas till din plånbok när turneringen är slut.
sng_won = { $name } vinner sit-and-go #{ $tournament }!
sng_next_level = Från nästa hand gäller nivå { $level }: { $limits }.
sng_table_won = Sit-and-go #{ $tournament } är slut: { $name } vinner förstapriset, { $prize }.
sng_table_cancelled = Sit-and-go #{ $tournament } är inställd: alla inköp är återbetalda.
sng_final_level = Avslutad på nivå { $level } ({ $limits })
sng_result_title = Sit-and-go #{ $tournament }: slutställning
sng_result_line = { $place }. { $name }: { $prize }
sng_prize_label = Pris
sng_house_label = husspelare
sng_pool_line = Prispott { $pool } · { $entrants } spelare
sng_cancelled = Sit-and-go #{ $tournament } är inställd: alla inköp har gått tillbaka till plånböckerna.
sng_cancelled_unresumable = Sit-and-go #{ $tournament } kunde inte återupptas efter en omstart och är inställd: alla inköp har gått tillbaka till plånböckerna.
sng_join_refused = En sit-and-go spelas vid det här bordet: ingen kan köpa in. { $cmd-poker-sng-show } visar ställningen.
sng_topup_refused = Turneringsmarker kan inte fyllas på.
sng_pause_refused = Ett turneringsbord kan inte pausas: nivåerna fortsätter.
sng_close_refused = Det här är ett sit-and-go-bord: { $cmd-poker-sng-cancel } ställer in turneringen och betalar tillbaka alla inköp.

sng_status_registering = anmälan öppen
sng_status_running = pågår
sng_status_finished = avslutad
sng_status_cancelled = inställd
sng_reg_title = Sit-and-go #{ $tournament } ({ $status })
sng_reg_buy_in = Inköp { $buy_in } · prispott { $pool }
sng_reg_buy_in_refunded = Inköp { $buy_in } · varje inköp återbetalat
sng_reg_stack = Startstack { $stack } turneringsmarker
sng_reg_structure = Struktur: { $structure } ({ $levels } …), nivåer på { $length }
sng_level_minutes = { $minutes ->
    [one] { $minutes } minut
   *[other] { $minutes } minuter
}
sng_level_hands = { $hands ->
    [one] { $hands } hand
   *[other] { $hands } händer
}
sng_reg_payouts = Utbetalning: { $payouts } (för { $field } spelare)
sng_reg_starts = Startar { $when }, eller när platserna är fulla
sng_reg_starts_full = Startar när { $seats } spelare är anmälda, eller när en admin startar den
sng_reg_field = Spelare ({ $count }/{ $seats })
sng_button_register = Anmäl mig
sng_button_unregister = Avanmäl mig
sng_registered = Du är anmäld till sit-and-go #{ $tournament }: { $buy_in } gick från din plånbok till prispotten.
sng_unregistered = Du är inte längre anmäld till sit-and-go #{ $tournament }: { $buy_in } gick tillbaka till din plånbok.
sng_none_here = Det finns ingen sit-and-go i den här kanalen. En admin skapar en med { $cmd-poker-sng-create }.
sng_admins_only = Bara medlemmar med behörigheten Hantera server får göra det.
sng_level_both = Välj minuter eller händer per nivå, inte båda.
sng_house_added = { $count ->
    [0] Ingen husspelare anmäldes: platserna är fulla.
    [one] { $count } husspelare anmäld.
   *[other] { $count } husspelare anmälda.
}
sng_cancelled_answer = Sit-and-go #{ $tournament } är inställd; { $count } inköp betalades tillbaka.
sng_show_alive = { $name }: { $stack } marker
sng_show_prizes = Priser: { $prizes }
stats_tournaments = Turneringar
stats_tournaments_value = { $played } spelade · { $wins } vunna · { $paid } på prisplats · netto { $net }
leaderboard_sng_title = Turneringsresultat under { $period }
leaderboard_sng_line = { $rank }. { $name }: { $net } ({ $wins ->
    [one] { $wins } vinst
   *[other] { $wins } vinster
} på { $played })
leaderboard_sng_empty = Ingen har spelat klart en turnering här under den perioden.
sng_starting = Sit-and-go #{ $tournament } börjar nu.
sng_members_on = Nu får alla medlemmar skapa, starta och ställa in turneringar här.
sng_members_off = Nu får bara administratörer (Hantera server) skapa, starta och ställa in turneringar här.
lobby_sng_field = Turneringar
lobby_sng_line = { $channel } · sit-and-go #{ $tournament } ({ $status }): { $count }/{ $seats } spelare, inköp { $buy_in }
lobby_mtt_line = { $channel } · turnering med flera bord #{ $tournament } ({ $status }): { $count }/{ $seats } spelare, inköp { $buy_in }
lobby_sng_register = Anmäl dig till #{ $tournament }
lobby_no_tables = Inget kontantbord är öppet.

## Multi-table tournaments (/poker mtt)

mtt_lobby_title = Turnering med flera bord #{ $tournament } ({ $status })
mtt_lobby_options = Inköp { $buy_in } · startstack { $stack } · { $structure }, nivåer på { $length }
mtt_lobby_field = Spelare { $count }/{ $field } · prispott { $pool } · { $paid } betalda ({ $payouts })
mtt_lobby_late = Sen anmälan till och med nivå { $levels }
mtt_lobby_starts = Startar { $when }
mtt_lobby_registered = Anmälda: { $names }
mtt_lobby_hand_for_hand = Hand för hand: varje bord väntar tills de andra bordens händer är slut.
mtt_lobby_tables = Bord
mtt_lobby_table = Bord { $table }: { $thread } · { $count ->
    [one] { $count } spelare
   *[other] { $count } spelare
}
mtt_lobby_top = De { $count } största stackarna
mtt_thread_table = bord { $table }
mtt_event_name = Turnering med flera bord #{ $tournament }
mtt_hand_for_hand = Bubblan: från och med nu delar borden hand för hand, och varje bord väntar på de andras händer.
mtt_final_table = Finalbordet i turnering #{ $tournament } är klart: { $link }
mtt_table_broken = Bord { $table } bryts: dess spelare flyttas till andra bord (var och en får veta vart i ett DM).
mtt_table_over = Turnering #{ $tournament } är slut: slutställningen finns i turneringens kanal.
mtt_moved_dm = Turnering #{ $tournament }: du flyttas från bord { $table_from } till bord { $table_to }, med dina marker. Din plats: { $link }
mtt_out = { $name } är ute på plats { $place } (hand för hand).
mtt_out_prize = { $name } är ute på plats { $place } (hand för hand) och vinner { $prize }.
mtt_result_title = Turnering med flera bord #{ $tournament }: slutställning
mtt_field_tournament = Turnering #{ $tournament }
mtt_table_broken_closed = Det här bordet i turnering #{ $tournament } är brutet: spelarna har flyttats till andra bord.
mtt_table_cancelled = Turnering #{ $tournament } är avbruten: alla inköp betalas tillbaka.
mtt_place_private = Du slutade på plats { $place } av { $entrants } i turnering #{ $tournament }.
mtt_place_private_prize = Du slutade på plats { $place } av { $entrants } i turnering #{ $tournament } och vinner { $prize } marker, som betalas till din plånbok när turneringen är slut.
mtt_won = { $name } vinner turneringen med flera bord #{ $tournament }!
mtt_text_channel_only = En turnering med flera bord skapas i en servers textkanal: dess bord är trådar under den.
mtt_missing_permissions = Jag kan inte köra en turnering med flera bord i den här kanalen: jag behöver { $permissions } här. En admin kan ge dem i kanalens behörigheter.
mtt_none_here = Det finns ingen turnering med flera bord i den här kanalen. En admin skapar en med { $cmd-poker-mtt-create }.
mtt_registered = Du är anmäld till turnering #{ $tournament }: { $buy_in } gick från din plånbok till prispotten.
mtt_registered_late = Du är sent anmäld till turnering #{ $tournament }: { $buy_in } gick från din plånbok till prispotten, och du har fått en plats med full stack.
mtt_unregistered = Du är inte längre anmäld till turnering #{ $tournament }: { $buy_in } gick tillbaka till din plånbok.
mtt_cancelled_answer = Turnering #{ $tournament } är avbruten; { $count ->
    [one] { $count } inköp gick
   *[other] { $count } inköp gick
} tillbaka till plånböckerna.
