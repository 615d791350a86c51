# Issue 26: Sit-and-go versenyek.

field_tournament = Sit-and-go #{ $tournament }
sng_level_line = { $level }. szint: { $limits } · következő: { $next }
sng_next_at = { $when }
sng_next_hands = { $hands ->
    [0] a következő osztásnál
   *[other] még { $hands } leosztás után
}
sng_players_line = { $entrants } játékosból { $left } van még versenyben · átlagos zsetonkészlet { $average }
sng_level_up = { $level }. szint: a tétek mostantól { $limits }.
sng_away = { $name } távol van: továbbra is kap lapot, és a vakjai bekerülnek, amíg vissza nem tér ({ $cmd-poker-sitin }).
sng_away_now = Távol vagy: továbbra is kapsz lapot, a vakjaid bekerülnek, és ha lejár az időd, passzolsz vagy bedobsz. A { $cmd-poker-sitin } paranccsal térhetsz vissza.
sng_out = { $name } kiesett, és { $place }. helyen végzett.
sng_out_prize = { $name } kiesett, { $place }. helyen végzett, és { $prize } zsetont nyert.
sng_place_private = A Sit-and-go #{ $tournament } versenyen { $entrants } játékosból { $place }. helyen végeztél.
sng_place_private_prize = A Sit-and-go #{ $tournament } versenyen { $entrants } játékosból { $place }. helyen végeztél, és { $prize } zsetont nyertél; a verseny végén kerül a tárcádba.
sng_won = { $name } megnyerte a Sit-and-go #{ $tournament } versenyt!
sng_next_level = A következő leosztástól { $level }. szint jön: { $limits }.
sng_table_won = A Sit-and-go #{ $tournament } verseny véget ért: { $name } nyerte, az első díj { $prize }.
sng_table_cancelled = A Sit-and-go #{ $tournament } verseny törölve: minden beszállót visszatérítettünk.
sng_final_level = Befejeződött · { $level }. szint ({ $limits })
sng_result_title = Sit-and-go #{ $tournament }: végeredmény
sng_result_line = { $place }. { $name }: { $prize }
sng_prize_label = Nyeremény
sng_house_label = házi
sng_pool_line = Nyereményalap { $pool } · { $entrants } játékos
sng_cancelled = A Sit-and-go #{ $tournament } verseny törölve: minden beszálló visszakerült a tárcájába.
sng_cancelled_unresumable = A Sit-and-go #{ $tournament } verseny az újraindítás után nem folytatódhatott, ezért törölve: minden beszálló visszakerült a tárcájába.
sng_join_refused = Ennél az asztalnál Sit-and-go verseny folyik: itt senki sem szállhat be. Az állást a { $cmd-poker-sng-show } mutatja.
sng_topup_refused = A versenyzsetonokat nem lehet feltölteni.
sng_pause_refused = Versenyasztalt nem lehet szüneteltetni: a szintek közben is telnek.
sng_close_refused = Ez egy Sit-and-go verseny asztala: a { $cmd-poker-sng-cancel } törli a versenyt, és minden beszállót visszafizet.

sng_status_registering = regisztráció
sng_status_running = folyamatban
sng_status_finished = véget ért
sng_status_cancelled = törölve
sng_reg_title = Sit-and-go #{ $tournament } ({ $status })
sng_reg_buy_in = Beszálló { $buy_in } · nyereményalap { $pool }
sng_reg_buy_in_refunded = Beszálló { $buy_in } · minden beszálló visszajárt
sng_reg_stack = Kezdő zsetonkészlet: { $stack } versenyzseton
sng_reg_structure = Struktúra: { $structure } ({ $levels } …), szintenként { $length }
sng_level_minutes = { $minutes } perc
sng_level_hands = { $hands } leosztás
sng_reg_payouts = Kifizetések: { $payouts } ({ $field } játékos esetén)
sng_reg_starts = Kezdés: { $when }, vagy amint megtelnek a helyek
sng_reg_starts_full = Kezdés, amint { $seats } játékos regisztrált, vagy amikor egy admin elindítja
sng_reg_field = Játékosok ({ $count }/{ $seats })
sng_button_register = Regisztrálok
sng_button_unregister = Visszalépek
sng_registered = Regisztráltál a Sit-and-go #{ $tournament } versenyre: { $buy_in } zseton került a tárcádból a nyereményalapba.
sng_unregistered = Már nem vagy regisztrálva a Sit-and-go #{ $tournament } versenyre: { $buy_in } zseton visszakerült a tárcádba.
sng_none_here = Ebben a csatornában nincs Sit-and-go verseny. Egy admin a { $cmd-poker-sng-create } paranccsal hozhat létre egyet.
sng_admins_only = Ezt csak a Szerver kezelése jogosultsággal rendelkező tagok tehetik meg.
sng_level_both = Szintenként perceket vagy leosztásokat adj meg, ne mindkettőt.
sng_house_added = { $count ->
    [0] Egy házi játékos sem lett regisztrálva: a helyek megteltek.
   *[other] { $count } házi játékos regisztrálva.
}
sng_cancelled_answer = A Sit-and-go #{ $tournament } verseny törölve; { $count } beszálló visszafizetve.
sng_show_alive = { $name }: { $stack } zseton
sng_show_prizes = Nyeremények: { $prizes }
stats_tournaments = Versenyek
stats_tournaments_value = { $played } lejátszott · { $wins } megnyert · { $paid } díjazott helyezés · nettó { $net }
leaderboard_sng_title = Versenyeredmények: { $period }
leaderboard_sng_line = { $rank }. { $name }: { $net } ({ $played } versenyből { $wins } győzelem)
leaderboard_sng_empty = Ebben az időszakban itt senki sem fejezett be versenyt.
sng_starting = A Sit-and-go #{ $tournament } verseny most indul.
sng_members_on = Mostantól bármelyik tag létrehozhat, indíthat és törölhet versenyt ezen a szerveren.
sng_members_off = Mostantól csak az adminok (Szerver kezelése) hozhatnak létre, indíthatnak és törölhetnek versenyt.
lobby_sng_field = Versenyek
lobby_sng_line = { $channel } · Sit-and-go #{ $tournament } ({ $status }): { $count }/{ $seats } játékos, beszálló { $buy_in }
lobby_mtt_line = { $channel } · #{ $tournament } többasztalos verseny ({ $status }): { $count }/{ $seats } játékos, beszálló { $buy_in }
lobby_sng_register = Nevezés: #{ $tournament }
lobby_no_tables = Nincs nyitott készpénzes asztal.

## Multi-table tournaments (/poker mtt)

mtt_lobby_title = #{ $tournament } többasztalos verseny ({ $status })
mtt_lobby_options = Nevezési díj { $buy_in } · kezdő stack { $stack } · { $structure }, { $length } szintek
mtt_lobby_field = Játékosok { $count }/{ $field } · díjalap { $pool } · { $paid } fizető hely ({ $payouts })
mtt_lobby_late = Késői nevezés a(z) { $levels }. szintig
mtt_lobby_starts = Kezdés { $when }
mtt_lobby_registered = Nevezők: { $names }
mtt_lobby_hand_for_hand = Leosztásról leosztásra: minden asztal megvárja, hogy a többin is véget érjen a leosztás.
mtt_lobby_tables = Asztalok
mtt_lobby_table = { $table }. asztal: { $thread } · { $count ->
    [one] { $count } játékos
   *[other] { $count } játékos
}
mtt_lobby_top = A { $count } legnagyobb stack
mtt_thread_table = { $table }. asztal
mtt_event_name = #{ $tournament } többasztalos verseny
mtt_hand_for_hand = A buborék: mostantól az asztalok leosztásról leosztásra osztanak, mindegyik megvárja a többit.
mtt_final_table = A #{ $tournament } verseny döntő asztala összeállt: { $link }
mtt_table_broken = A(z) { $table }. asztal megszűnik: játékosai más asztalokhoz ülnek (mindenki DM-ben kapja meg, hová).
mtt_table_over = A #{ $tournament } verseny véget ért: a végeredmény a verseny csatornájában olvasható.
mtt_moved_dm = #{ $tournament } verseny: a(z) { $table_from }. asztaltól a(z) { $table_to }. asztalhoz kerülsz a zsetonjaiddal. A helyed: { $link }
mtt_out = { $name } kiesett, { $place }. hely (leosztásról leosztásra).
mtt_out_prize = { $name } kiesett, { $place }. hely (leosztásról leosztásra), nyereménye { $prize }.
mtt_result_title = #{ $tournament } többasztalos verseny: végeredmény
mtt_field_tournament = #{ $tournament } verseny
mtt_table_broken_closed = A #{ $tournament } verseny ezen asztala megszűnt: játékosai más asztalokhoz kerültek.
mtt_table_cancelled = A #{ $tournament } verseny törölve: minden nevezési díjat visszafizettünk.
mtt_place_private = A #{ $tournament } versenyen { $entrants } játékosból { $place }. helyen végeztél.
mtt_place_private_prize = A #{ $tournament } versenyen { $entrants } játékosból { $place }. helyen végeztél, nyereményed { $prize } zseton, amely a verseny végén kerül a tárcádba.
mtt_won = { $name } megnyerte a #{ $tournament } többasztalos versenyt!
mtt_text_channel_only = Többasztalos verseny egy szerver szöveges csatornájában hozható létre: az asztalai alatta lévő szálak.
mtt_missing_permissions = Ebben a csatornában nem tudok többasztalos versenyt vezetni: ehhez kell: { $permissions }. Egy admin megadhatja a csatorna jogosultságainál.
mtt_none_here = Ebben a csatornában nincs többasztalos verseny. Egy admin létrehozhat egyet: { $cmd-poker-mtt-create }.
mtt_registered = Neveztél a #{ $tournament } versenyre: { $buy_in } került a tárcádból a díjalapba.
mtt_registered_late = Késve neveztél a #{ $tournament } versenyre: { $buy_in } került a tárcádból a díjalapba, és teljes stackkel kaptál helyet.
mtt_unregistered = Már nem vagy nevezve a #{ $tournament } versenyre: { $buy_in } visszakerült a tárcádba.
mtt_cancelled_answer = A #{ $tournament } verseny törölve; { $count ->
    [one] { $count } nevezési díj
   *[other] { $count } nevezési díj
} visszakerült a tárcákba.
