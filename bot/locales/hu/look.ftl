# Issue 27: visszajátszás, statisztika időszakonként, ülésnapló és előcsarnok.

button_replay = Visszajátszás
replay_title = Visszajátszás — { $hand_id }. leosztás · { $step }/{ $steps }. lépés
replay_deal = Osztás: a vakok betéve, mindenki öt lapot kap
replay_your_cards = A lapjaid: { $cards }
replay_you_drew = Eldobtad: { $thrown }, kaptad: { $got }
replay_not_played = Nem kaptál lapot ebben a leosztásban: azt látod, amit az asztal látott.
replay_voided = A leosztást itt érvénytelenítették: minden tét visszajárt.
replay_not_found = Ezen a szerveren nincs { $hand_id }. leosztás.
replay_running = A { $hand_id }. leosztás még tart: ha véget ért, visszajátszhatod.
replay_unavailable = A { $hand_id }. leosztás nem játszható vissza: túl kevés maradt meg belőle.
replay_none = Ezen a szerveren még nem játszottál leosztást.
replay_no_step = Ez a lépés nem része ennek a leosztásnak.

period_week = az elmúlt 7 nap
period_month = az elmúlt 30 nap
period_all = minden leosztás
stats_title_period = { $name } — { $period }
stats_empty_period = { $name } nem játszott itt leosztást ebben az időszakban: { $period }.
stats_pat_after = Nem cserélt az 1. · 2. · 3. cserénél
stats_drawn_average = Cserélt lapok az 1. · 2. · 3. cserénél
stats_snows = Végig nem cserélt, és párral vagy rosszabbal lebukott
stats_snows_value = { $caught } a { $pat } csere nélküli mutatásból
stats_best_hand = Legjobb mutatott kéz
chart_net = Nyereség az utolsó { $count } leosztásban
chart_drawn = Cserélt lapok cserénként
leaderboard_period_title = Nyert zsetonok: { $period }
leaderboard_net_line = { $rank }. { $name } — { $net } ({ $hands } leosztás)
leaderboard_period_empty = Ebben az időszakban senki sem fejezett be itt leosztást.

duration = { $hours ->
        [0] { $minutes } perc
       *[other] { $minutes ->
            [0] { $hours } ó
           *[other] { $hours } ó { $minutes } perc
        }
    }
session_title = Az asztal eddigi játéka
session_closed_title = A játék ennél az asztalnál
session_line = { $rank }. { $name } — { $net } ({ $hands } leosztás)
session_empty = Amióta az asztal megnyílt, egy leosztás sem ért véget.
session_footer = { $hands } leosztás · { $duration } óta nyitva
leave_title = A játékod
leave_where = Itt: { $channel }
leave_seated = Asztalnál töltött idő

lobby_title = Nyitott asztalok
lobby_empty = Ezen a szerveren nincs általad látható nyitott asztal. Indíts egyet: { $cmd-poker-join }.
lobby_kind_cash = Készpénzes
lobby_line = { $channel } — { $kind } { $small }/{ $big } · { $seated } ül, { $free } szabad: { $names } · az utolsó órában: { $hands } leosztás, átlagos kassza { $pot }
lobby_nobody = még senki
lobby_page = Oldal: { $page }/{ $pages } · ◀ ▶ lapozás
lobby_choose = Válassz asztalt
lobby_option = #{ $channel } · { $small }/{ $big } · { $seated }/{ $seats } ül
lobby_chosen = { $channel }: tét { $small }/{ $big }. Beülsz az alapértelmezett { $buy_in } zsetonos beszállóval?
lobby_join = Beülök ({ $buy_in })
lobby_gone = Ez az asztal már nincs nyitva (vagy nem látod). Futtasd újra: { $cmd-poker-tables }.

# The stats chart (bot/art/chart.py): its axes, a tournament player's picture, its alt text.
chart_hand_axis = Leosztás
chart_draw_axis = Csere
chart_sng_net = Nyereség az utolsó { $count } versenyen
chart_sng_axis = Verseny
chart_places = Helyezések
chart_place_axis = Helyezés
chart_alt_net = { $title }: a végén { $end } (mélypont { $low }, csúcs { $high }).
chart_alt_bars = { $title }: { $values }.

## A wait under a minute (bot.messages.duration)

duration_seconds = { $seconds } mp
