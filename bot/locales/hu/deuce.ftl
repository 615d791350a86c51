# Deuce: minden mondat, amit egy játékos lát, magyarul.
# Project Fluent szintaxis: https://projectfluent.org/fluent/guide/

## Általános

error_generic = Valami hiba történt nálam. Semmi sem változott; kérlek, próbáld újra.
guild_only = Pókerezni szervercsatornában lehet, nem privát üzenetben.
no_permission = Ehhez a parancshoz Szerver kezelése jogosultság kell.
cooldown = Lassíts egy kicsit: próbáld újra { $seconds } mp múlva.

## Az asztal állapota / leülés

no_table = Ebben a csatornában nincs asztal. Indíts egyet: { $cmd-poker-join }.
joined_private = Leültél: { $seat }. hely, { $stack } zseton (a tárcádban most: { $wallet }).
joined_wait = A következő leosztástól kapsz lapot.
already_seated = Már ülsz ennél az asztalnál ({ $seat }. hely, { $stack } zseton).
already_seated_sitin = Már ülsz ennél az asztalnál ({ $seat }. hely, { $stack } zseton), de kimaradsz: { $cmd-poker-sitin }, és újra játszol.
dm_closed = Nem tudok neked privát üzenetet küldeni, ezért a lapjaidat privát válaszként kapod: használd az asztalnál a Lapjaim gombot vagy a { $cmd-poker-hand } parancsot.
welcome_dm = Üdv a Deuce asztalnál (#{ $channel } csatorna)! A lapjaidat minden leosztásban ide kapod, gombokkal a cserélendő lapok kijelöléséhez.
table_closing = Ez az asztal a mostani leosztás után bezár; új játékos nem ülhet le.
left_now = Felállsz, és { $amount } zseton visszakerül a tárcádba (tárca: { $wallet }).
left_after_hand = Bedobod a lapjaidat, és a leosztás végén felállsz a zsetonjaiddal.
already_leaving = Ennek a leosztásnak a végén már úgyis felállsz.
join_while_leaving = Ennek a leosztásnak a végén felállsz ({ $seat }. hely); utána ülj be újra: { $cmd-poker-join }.
sat_out = A következő leosztástól kimaradsz. A { $cmd-poker-sitin } paranccsal játszhatsz újra.
already_sitting_out = Már most is kimaradsz.
sat_in = A következő leosztástól újra játszol.
not_sitting_out = Most nem maradsz ki.
sit_in_busted = Nincs zsetonod az asztalon: { $cmd-poker-join }, és szállj be újra.
not_seated = Nem ülsz ennél az asztalnál. Ülj le: { $cmd-poker-join }.
left_waiting = Már nem vársz helyre ennél az asztalnál: a tárcádból semmi sem megy le. A { $cmd-poker-join } paranccsal újra várhatsz.
table_limit = Ezen a szerveren egyszerre legfeljebb { $count } általad nyitott asztal lehet nyitva, és a tieid itt vannak: { $channels }. Játssz ott, vagy ülj le egy más által nyitott asztalhoz; az az asztal, amelynél senki sem ül, egy idő után magától bezár.
busted = { $name } kifogyott a zsetonokból, és kimarad: { $cmd-poker-join } az újbóli beszálláshoz.
timed_out_twice = { $name } kétszer egymás után kifutott az időből, és a következő leosztástól kimarad.
seat_freed = { $name } túl sokáig volt távol, a helye újra szabad.
dm_failed_public = { $name }: nem tudom privátban elküldeni a lapjaidat; használd a { $cmd-poker-hand } parancsot.
waiting_players = Játékosokra várunk: legalább két leült, zsetonnal rendelkező játékos kell. { $cmd-poker-join }
next_hand_in = Következő leosztás: { $when }.
table_closed = Az asztal bezárt. Mindenki zsetonjai visszakerültek a tárcájába.
table_closed_now = Az asztal bezárt; visszaadott zsetonok: { $summary }.
table_closed_idle = Senki sem ült ennél az asztalnál, ezért bezárt. A { $cmd-poker-join } újra megnyitja.
close_after_hand = Az asztal a leosztás végén bezár.
kicked = { $name } eltávolítva az asztaltól.
kick_after_hand = { $name } a leosztás végén el lesz távolítva az asztaltól.
kick_not_seated = { $name } nem ül ennél az asztalnál.
session_failed = Az osztó hibába ütközött ennél az asztalnál, és leállította; a zsetonok biztonságban vannak.
resumed = Az osztó újraindult; a leosztás folytatódik.
voided = A leosztást az újraindítás után nem lehetett folytatni: minden tétet visszatérítettünk.
voided_settle = A leosztást nem lehetett elszámolni, ezért érvénytelen: minden tétet visszatérítettünk.

## Körök és gombok

not_your_turn = Nem te következel: { $name } van soron.
not_your_turn_nobody = Most senki sem licitálhat.
not_in_hand = Nem veszel részt ebben a leosztásban.
hand_over = Ez a leosztás véget ért.
button_unknown = Ez a gomb már nincs használatban. Semmi sem változott.
table_moved = Az asztal azóta továbblépett; nézd a frissített asztalt.
already_done = Már megtörtént.
click_elsewhere = Ez a gomb nem ehhez az üzenethez tartozik, ezért nem történt semmi.
store_outcome_unknown = Az adatbázis mentés közben nem válaszolt, így ez egyszer vagy egyszer sem történt meg. Nézd meg, mielőtt újra próbálod (a zsetonjaid: { $cmd-chips-balance }).
action_not_saved = Ez nem lett elmentve: az asztal adatbázisa nem válaszolt, így semmi sem változott. Kérlek, próbáld újra egy kicsit később.
store_waiting = ⏸ Az asztal az adatbázisára vár. A játék innen folytatódik, amint az újra válaszol.
draw_finished = Ez a csere már lezárult.
no_more_draws = Ebben a leosztásban nincs több csere.
draw_queued = A cseréd be van állítva: akkor történik meg, amikor sorra kerülsz.
prefold_on = Amikor sorra kerülsz, passzolsz vagy bedobsz.
no_hand_running = Ennél az asztalnál most nem folyik leosztás.

## Privát panel

panel_title = A lapjaid — leosztás #{ $hand_id }
panel_marked = Cserére kijelölve: { $cards }
panel_none_marked = Kattints a lapokra, hogy kijelöld őket cserére.
panel_new_cards = Új lapok: { $cards }
panel_drew_none = Nem cseréltél.
panel_folded = Ebben a leosztásban bedobtál.
panel_after_draws = Végső lapok.
panel_draw_next = Következő csere: { $number }/3.
panel_your_draw = Te cserélsz
panel_your_draw_turn = **{ panel_your_draw }** ({ $number }/3) · az idő lejár: { $countdown }
panel_footer = Ezeket a lapokat csak te látod.
button_draw = { $count } lap cseréje
button_stand_pat = Nem cserélek
button_prefold = Passz/Bedobás
button_show = Lapjaim megmutatása
panel_won = Ebben a leosztásban { $amount } zsetont nyertél (nettó { $net }).
panel_lost = Ez a leosztás { $amount } zsetonodba került.
panel_even = Ezt a leosztást nullszaldóval zártad.
panel_can_show = A leterítéskor a lapjaidat felfedés nélkül eldobtad; még megmutathatod őket.
nothing_to_show = Utólag csak a leterítéskor felfedés nélkül eldobott lapokat lehet megmutatni.
shows_after = { $name } megmutatja: { $cards } — { $hand_name }
button_prefold_cancel = Passz/Bedobás visszavonása
panel_to_call = {" "}· megadáshoz: { $amount }
panel_round_pot = { $round } · Kassza: { $pot }
panel_stack = Zsetonjaid: { $stack }
panel_time_bank = {" "}· időbank: { $seconds } mp
panel_your_turn = **Te következel** · az idő lejár: { $countdown }
panel_moved = Ez a panel lejjebb került: a legfrissebb lapjaid a legújabb üzenetben vannak.
timed_out_private = Lejárt az időd (leosztás #{ $hand_id }): { $what }.
timed_out_fold = bedobtál
timed_out_check = passzoltál
timed_out_pat = nem cseréltél
checked = Passzoltál.

## Az asztal gombjai

button_fold = Bedobás
button_fold_anyway = Mégis bedobom
fold_free_check = Itt ingyen passzolhatsz. Mégis bedobod?
folded_anyway = Bedobtál.
button_check = Passz
button_call = Megadás: { $amount }
button_bet = Tét: { $amount }
button_raise = Emelés { $amount }-ig
button_my_cards = Lapjaim

## Az asztal kártyája

table_title = 2-7 Triple Draw · { $small_bet }/{ $big_bet }
table_title_hand = 2-7 Triple Draw · { $small_bet }/{ $big_bet } · leosztás #{ $hand_id }
table_blinds = Vakok { $small_blind }/{ $small_bet } · körönként max. { $cap } tét
seat_line = { $markers }**{ $name }** · { $stack }{ $draws }{ $bet }{ $state }
seat_bet = {" "}· tét { $amount }
state_folded = {" "}· bedobott
state_all_in = {" "}· all-in
state_sitting_out = {" "}· kimarad
state_to_act = {" "}· **következik**
state_to_draw = {" "}· **cserél**
state_leaving = {" "}· távozik
draws_label = {" "}· { $counts }
pat = nem cserélt
drew = { $count } lapot cserélt
field_seats = Helyek
field_pot = Kassza
field_round = Kör
field_turn = Soron
field_log = A leosztás menete
log_round_predraw = Csere előtt
log_round_drawing = { $number }. csere
log_round_betting = { $number }. csere után
log_round_showdown = Lapmutatás
pot_main = { $amount }
pot_with_sides = { $amount } (főkassza { $main }; mellékkassza { $sides })
turn_line = { $name } következik: { $verb } · az idő lejár: { $countdown }
verb_act = licit
verb_draw = csere
round_predraw = Licitkör a csere előtt
round_betting = Licitkör ({ $number }. csere után)
round_drawing = Csere: { $number }/3
round_complete = A leosztás véget ért
round_waiting = Leosztások között
no_actions = —

## Leterítés

result_title = Leosztás #{ $hand_id } — eredmény
result_shows = { $name } megmutatja: { $cards } — { $hand_name }
result_mucks = { $name } felfedés nélkül eldobja a lapjait
result_wins = { $name } nyer: { $amount }
result_wins_with = { $name } nyer: { $amount } — { $hand_name }
field_nets = Nettó ebben a leosztásban
result_pot = { $pot }: { $amount } — { $winners }
result_main_pot = Főkassza
result_side_pot = { $number ->
        [1] Mellékkassza
       *[other] { $number }. mellékkassza
    }
result_no_showdown = { $name } leterítés nélkül nyer: { $amount }.
field_shown = Megmutatott lapok
field_winners = Nyertesek

## Miért nyert egy lap (egy sor a nyertesek alatt, a 2-7 újoncainak)

why_line = { $beats }: { $because }.
why_beats = { $winner } ({ $winner_hand }) nyer { $other } ({ $other_hand }) ellen
why_tie = { $winner } ({ $winner_hand }) és { $other } ({ $other_hand }) lapja egyforma (a szín nem számít), ezért a kassza megoszlik.
why_pair_loses = a 2-7-ben a legalacsonyabb lap nyer, és { $category ->
        [two_pair] a két pár
        [three] a drill
        [full_house] a full house
        [four] a póker
       *[pair] a pár
    } ellened szól
why_straight_flush_loses = a 2-7-ben a legalacsonyabb lap nyer, és a sor és a flush ellened szól
why_lower_category = a 2-7-ben a legalacsonyabb lap nyer, és { $better_category } alacsonyabb, mint { $worse_category }
why_higher_card = a 2-7-ben a legalacsonyabb lap nyer, a legmagasabb laptól lefelé összevetve; az első eltérésnél az alacsonyabb nyer ({ $better_rank }, nem { $worse_rank })
why_lower_group = a 2-7-ben a legalacsonyabb lap nyer, és először az egyforma lapokat vetjük össze: az alacsonyabb nyer ({ $better_rank }, nem { $worse_rank })
why_side_card = a 2-7-ben a legalacsonyabb lap nyer; ha a párok egyeznek, a többi lap dönt a legmagasabbtól lefelé: az alacsonyabb nyer ({ $better_rank }, nem { $worse_rank })
hand_category = { $category ->
        [no_pair] a pár nélküli lap
        [two_pair] a két pár
        [three] a drill
        [straight] a sor
        [flush] a flush
        [full_house] a full house
        [four] a póker
        [straight_flush] a színsor
       *[pair] az egy pár
    }

## Zsetonok

balance = { $name }: { $wallet } zseton a tárcádban, { $on_table } az asztalokon.
daily_granted = { $amount } zsetont kaptál. Tárca: { $wallet }.
daily_cooldown = A következő napi zsetonjaid ekkor várnak: { $when }.
leaderboard_title = Zseton-toplista
leaderboard_line = { $rank }. { $name } — { $total } ({ $wallet } a tárcában, { $on_table } az asztalokon)
leaderboard_empty = Még senkinek nincs zsetonja. Kérj a { $cmd-chips-daily } paranccsal.

## Statisztika és előzmények

stats_title = { $name } statisztikái
stats_line = { $label }: { $value }
stats_empty = { $name } még nem játszott itt leosztást.
stats_hands_played = Lejátszott leosztások
stats_hands_won = Megnyert leosztások
stats_hands_won_value = { $won } ({ $rate })
stats_net = Nettó zseton
stats_biggest_pot = Legnagyobb megnyert kassza
stats_showdowns = Megnyert leterítések
stats_showdowns_value = { $won } / { $total }
stats_vpip = Önként a kasszába tett (az első csere előtt)
history_settled = kassza { $pot } → { $winners }
history_void = érvénytelen ({ $reason })
history_void_default = visszatérítve
history_count = 1 és { $maximum } közötti számú leosztást válassz.
buyin_range = A beszállónak { $minimum } és { $maximum } zseton között kell lennie.
scope_invalid = A hatókör csak csatorna vagy szerver lehet.
history_title = Legutóbbi leosztások
history_line = #{ $hand_id } · { $when } · { $summary }
history_empty = Itt még nem játszottak leosztást.
history_files = Minden leosztás PHH leosztástörténet-fájlként van csatolva.

## Adminisztráció

stakes_set_channel = A csatorna tétjei: { $small_bet }/{ $big_bet }, vakok { $small_blind }/{ $small_bet }, körönként max. { $cap } tét. A következő leosztástól.
stakes_set_server = A szerver alapértelmezett tétjei: { $small_bet }/{ $big_bet }, vakok { $small_blind }/{ $small_bet }, körönként max. { $cap } tét.
buyin_set = A beszálló mostantól { $minimum } és { $maximum } között lehet (alapértelmezés: { $default }).
timer_set = A játékosoknak mostantól { $seconds } mp jut a licitre és a cserére.
timer_too_low = Az időzítő legalább { $minimum } mp legyen.
timer_too_high = Az időzítő legfeljebb { $maximum } mp lehet.
economy_set = Az új tárcák { $start } zsetonnal indulnak; a { $cmd-chips-daily } { $daily } zsetont ad.
granted = { $name } { $amount } zsetont kap (tárca: { $wallet }).
amount_positive = Az összegnek pozitív egész számnak kell lennie.
bot_member = A botok nem pókereznek.
timer_set_next_hand = A játékosoknak a következő leosztástól { $seconds } mp jut a licitre és a cserére: az itt folyó leosztásban még { $current } mp jár.
pause_set = A leosztások mostantól { $seconds } mp-cel az előző vége után kezdődnek (a leosztás közepén járó vagy épp osztani készülő asztal még egyszer a régi időközt tartja).
pause_overridden = Ez a telepítés a leosztások közti időt { $seconds } mp-re állít (DEUCE_HAND_PAUSE_SECONDS): a szerver értéke csak enélkül érvényes.
alert_delay_set = Ha egy játékos köre { $seconds } mp óta lépés nélkül vár, új privát üzenetet kap, hogy ő következik (mindenki maga dönt erről a { $cmd-poker-alerts } paranccsal).
idle_set = Az az asztal, amelynél senki sem ül, mostantól { $duration } után magától bezár (az üzenete ezt jelzi, és azt is, hogyan nyitható meg újra).
idle_too_low = Az üresjárati idő legalább { $minimum } mp legyen.
tables_set = Mostantól minden tagnak egyszerre legfeljebb { $count } általa nyitott asztala lehet nyitva ezen a szerveren (az adminoknak nincs korlát).
cards_set = A szerver asztalainál a lapok mostantól így látszanak: { $style }.
cards_two_colour = képek piros és fekete színjelekkel
cards_four_colour = képek négyféle színű színjellel (♣ zöld, ♦ kék, ♥ piros, ♠ fekete)
cards_text = csak szöveg
settings_cards = Lapok: { $style } ({ $source })
alert_delay_off = A sorra kerülési értesítések ki vannak kapcsolva ezen a szerveren: senki sem kap privát üzenetet, amikor ő következik.
settings_title = A csatorna pókerbeállításai
settings_intro = Ezekkel játszik a csatorna asztala. Minden értéknél látszik, honnan jön: ez a csatorna, a szerver (egy admin állította be) vagy az alapértelmezés.
settings_stakes = **Tétek** { $small_bet }/{ $big_bet }, vakok { $small_blind }/{ $small_bet } — { $source }
settings_cap = **Plafon** körönként { $cap } tét — { $source }
settings_server_stakes = **A szerver alapértelmezett tétjei** { $small_bet }/{ $big_bet }, vakok { $small_blind }/{ $small_bet }, plafon { $cap } — { $source }
settings_buyin = **Beszálló** { $minimum } és { $maximum } között, ha nincs megadva: { $default } — { $source }
settings_timers = **Idő a licitre** { $action } mp, **a cserére** { $draw } mp — { $source }
settings_pause = **Idő a leosztások között** { $seconds } mp — { $source }
settings_pause_deployment = **Idő a leosztások között** { $seconds } mp — ez a telepítés (DEUCE_HAND_PAUSE_SECONDS); nélküle { $server } mp — { $source }
settings_alerts = **Értesítés** új privát üzenet { $seconds } mp tétlenség után — { $source }
settings_alerts_off = **Értesítések** kikapcsolva — { $source }
settings_economy = **Új tárcák** { $start } zseton, **{ $cmd-chips-daily }** { $daily }, { $cooldown } időközönként — { $source }
settings_seats = **Helyek** { $seats }, a kimaradó játékos helye { $keep } ideig megmarad — { $source }
settings_idle = **Üres asztalok** { $duration } után bezárnak — { $source }
settings_tables = **Nyitott asztalok tagonként** { $value }, amelyeket ő nyitott (adminoknak nincs korlát) — { $source }
source_channel = ez a csatorna
source_server = szerver
source_default = alapértelmezés

## Értesítés, ha te következel (játékosok)

alerts_off = Nem kapsz privát üzenetet, amikor te következel; az asztal és a paneled továbbra is mutatja.
alerts_on = Ha a köröd { $seconds } mp óta lépés nélkül vár, új privát üzenetet kapsz erről.
alerts_now = Új privát üzenetet kapsz, amint te következel.
alerts_server_off = A sorra kerülési értesítések most ki vannak kapcsolva ezen a szerveren, így addig egy sem jön, amíg egy admin be nem kapcsolja őket.

## Szabályok

rules_title = 2-7 Triple Draw — a szabályok
rules_body =
    {"*"}*Cél:** a legalacsonyabb 5 lapból álló kombináció nyer. Az ász csak magasnak számít, a sor és a flush pedig ellened szól, így a legjobb lap a nem egyszínű 7-5-4-3-2 (a "Joker").
    {"*"}*Osztás:** mindenki öt lapot kap, privát üzenetben (vagy { $cmd-poker-hand }). A dealer buttontól (DB) balra ülő játékos teszi a kis vakot, a következő a nagy vakot; két játékosnál a DB teszi a kis vakot, és a csere előtt ő kezd.
    {"*"}*Menet:** licitkör – csere – licitkör – csere – licitkör – csere – licitkör – leterítés. Minden cserénél 0-5 lapot dobsz el (0 = nem cserélsz), és ugyanennyi újat kapsz; mindenki látja, hány lapot cseréltél. A dobandó lapokat a sorod előtt is megjelölheted; a csere első új lapja előtt egy lapot elégetnek, és ha elfogy a pakli, az eldobott lapokat új paklivá keverik (a most eldobott lapjaidat nem).
    {"*"}*Tétek:** fix limit. A tét és az emelés az első csere előtt és után az asztal alsó limitje, a második és a harmadik csere után a felső limit (kétszer annyi); körönként legfeljebb { $cap } tét, a csere előtt a nagy vak számít az elsőnek.
    {"*"}*Idő:** { $timer } mp a licitre vagy a cserére; ha lejár, passzolsz vagy bedobsz, illetve nem cserélsz. Készpénzes asztalnál két egymást követő lejárt idő után kimaradsz; versenyen kapsz lapot tovább is, és amíg vissza nem jössz, az osztó passzol, bedob, illetve nem cserél helyetted.
rules_rankings_title = A kombinációk sorrendje (a legjobb elöl)
rules_rankings =
    1. Nincs pár, a legmagasabb laptól lefelé összevetve: 7-5-4-3-2 (Joker), 7-6-4-3-2 (kettes számú lap), 7-6-5-3-2 … 8-5-4-3-2 … A-K-Q-J-9 (az A-5-4-3-2 ász magas, nem sor)
    2. Egy pár (a 2-2-3-4-5 a legjobb)
    3. Két pár
    4. Drill
    5. Sor
    6. Flush
    7. Full house
    8. Póker
    9. Színsor

## Házi játékosok

house_marker = 🤖
house_sits = 🤖 { $name } (házi játékos, szint: { $style }) leül.
house_stands = 🤖 { $name } feláll.
house_room_after_hand = Az asztal megtelt: { $name } házi játékos a leosztás végén feláll, és akkor te ülsz a helyére.
house_room_waiting = Már vár rád egy hely: a leosztás végén leülsz.
house_room_taken = { $name } elfoglalja a házi játékos által felszabadított helyet.
house_room_lost = { $name } nem tudott leülni a leosztás után: { $cmd-poker-join }, és próbáld újra.
house_count_invalid = 1 és 9 közötti számú házi játékost válassz.
house_seats_invalid = 0 és 10 közötti számú helyet válassz (a 0 kikapcsolja a feltöltést).
house_style_invalid = Nincs ilyen szint: válassz ezek közül: { $styles }.
house_no_member = Házi játékosok csak olyan asztalhoz ülnek, ahol tag is ül: előbb { $cmd-poker-join }.
house_table_full = Az asztal megtelt ({ $seats } hely).
house_none = Ennél az asztalnál nincs házi játékos.
house_fill_on = Ez az asztal úgy van beállítva, hogy { $seats } helyig házi játékosokkal töltődjön fel; újra leülnének. Előbb: { $cmd-pokeradmin-house-fill } helyek:0
house_added = { $count ->
        [one] Leült egy házi játékos
       *[other] Leült { $count } házi játékos
    } ({ $style }).
house_added_fewer = { $count ->
        [one] Csak egy hely volt szabad: leült egy házi játékos
       *[other] Csak { $count } hely volt szabad: leült { $count } házi játékos
    } ({ $style }).
house_removed = { $now ->
        [one] Felállt egy házi játékos
       *[other] Felállt { $now } házi játékos
    }; { $later } pedig a leosztás végén áll fel.
house_fill_set_channel = A házi játékosok ({ $style }) mostantól { $seats } helyig feltöltik ezt az asztalt, amikor egy tag ül le.
house_fill_set_server = A házi játékosok ({ $style }) mostantól { $seats } helyig feltöltik a szerver minden asztalát, amikor egy tag ül le (a csatorna saját beállítása az erősebb).
house_fill_off_channel = A házi játékosok már nem töltik fel ennek az asztalnak a helyeit; a már ülők maradnak, amíg ki nem adod: { $cmd-pokeradmin-house-remove }.
house_fill_off_server = A házi játékosok alapértelmezésként már nem töltik fel a helyeket ezen a szerveren.
settings_house = **Házi játékosok** { $seats } helyig töltik fel az asztalt ({ $style }) egy tag mellett
settings_no_house = **Házi játékosok** nem töltenek fel helyet ({ $cmd-pokeradmin-house-fill })
kick_house = { $name } házi játékos: a { $cmd-pokeradmin-house-remove } paranccsal állíthatod fel.

## A kombinációk nevei (a rangok számok: 2-10, 11 bubi, 12 dáma, 13 király, 14 ász)

hand_number_one = Joker
hand_number_two = kettes számú lap
hand_low =
    { $high ->
        [2] kettes
        [3] hármas
        [4] négyes
        [5] ötös
        [6] hatos
        [7] hetes
        [8] nyolcas
        [9] kilences
        [10] tízes
        [11] bubi
        [12] dáma
        [13] király
       *[14] ász
    }-{ $second ->
        [2] kettes
        [3] hármas
        [4] négyes
        [5] ötös
        [6] hatos
        [7] hetes
        [8] nyolcas
        [9] kilences
        [10] tízes
        [11] bubi
        [12] dáma
        [13] király
       *[14] ász
    } alacsony
hand_pair =
    { $rank ->
        [2] kettes
        [3] hármas
        [4] négyes
        [5] ötös
        [6] hatos
        [7] hetes
        [8] nyolcas
        [9] kilences
        [10] tízes
        [11] bubi
        [12] dáma
        [13] király
       *[14] ász
    } pár
hand_two_pair =
    két pár, { $high ->
        [2] kettesek
        [3] hármasok
        [4] négyesek
        [5] ötösök
        [6] hatosok
        [7] hetesek
        [8] nyolcasok
        [9] kilencesek
        [10] tízesek
        [11] bubik
        [12] dámák
        [13] királyok
       *[14] ászok
    } és { $low ->
        [2] kettesek
        [3] hármasok
        [4] négyesek
        [5] ötösök
        [6] hatosok
        [7] hetesek
        [8] nyolcasok
        [9] kilencesek
        [10] tízesek
        [11] bubik
        [12] dámák
        [13] királyok
       *[14] ászok
    }
hand_three =
    { $rank ->
        [2] kettes
        [3] hármas
        [4] négyes
        [5] ötös
        [6] hatos
        [7] hetes
        [8] nyolcas
        [9] kilences
        [10] tízes
        [11] bubi
        [12] dáma
        [13] király
       *[14] ász
    } drill
hand_straight =
    { $high ->
        [2] kettes
        [3] hármas
        [4] négyes
        [5] ötös
        [6] hatos
        [7] hetes
        [8] nyolcas
        [9] kilences
        [10] tízes
        [11] bubi
        [12] dáma
        [13] király
       *[14] ász
    } magas sor
hand_flush =
    { $high ->
        [2] kettes
        [3] hármas
        [4] négyes
        [5] ötös
        [6] hatos
        [7] hetes
        [8] nyolcas
        [9] kilences
        [10] tízes
        [11] bubi
        [12] dáma
        [13] király
       *[14] ász
    } magas flush
hand_full_house =
    full house, { $high ->
        [2] kettesek
        [3] hármasok
        [4] négyesek
        [5] ötösök
        [6] hatosok
        [7] hetesek
        [8] nyolcasok
        [9] kilencesek
        [10] tízesek
        [11] bubik
        [12] dámák
        [13] királyok
       *[14] ászok
    } { $low ->
        [2] kettesekkel
        [3] hármasokkal
        [4] négyesekkel
        [5] ötösökkel
        [6] hatosokkal
        [7] hetesekkel
        [8] nyolcasokkal
        [9] kilencesekkel
        [10] tízesekkel
        [11] bubikkal
        [12] dámákkal
        [13] királyokkal
       *[14] ászokkal
    }
hand_four =
    { $rank ->
        [2] kettes
        [3] hármas
        [4] négyes
        [5] ötös
        [6] hatos
        [7] hetes
        [8] nyolcas
        [9] kilences
        [10] tízes
        [11] bubi
        [12] dáma
        [13] király
       *[14] ász
    } póker
hand_straight_flush =
    { $high ->
        [2] kettes
        [3] hármas
        [4] négyes
        [5] ötös
        [6] hatos
        [7] hetes
        [8] nyolcas
        [9] kilences
        [10] tízes
        [11] bubi
        [12] dáma
        [13] király
       *[14] ász
    } magas színsor
hand_royal_flush = royal flush

## Egy leosztás nyilvános naplója (az asztal alatt)

log_small_blind = { $name } beteszi a kis vakot: { $amount }
log_big_blind = { $name } beteszi a nagy vakot: { $amount }
log_fold = { $name } bedob
log_check = { $name } passzol
log_call = { $name } megad: { $amount }
log_bet = { $name } tétet tesz: { $amount }
log_raise = { $name } emel, összesen: { $amount }
log_all_in = { $action }, és ezzel all-in
log_draw = { $count ->
        [0] { $name } nem cserél
       *[other] { $name } { $count } lapot cserél
    }
log_show = { $name } megmutatja: { $cards } ({ $hand_name })
log_win = { $name } nyer: { $amount } ({ $pot })
log_pot_main = főkassza
log_pot_side = { $number ->
        [1] mellékkassza
       *[other] { $number }. mellékkassza
    }
log_pot_whole = kassza
log_return = { $name } visszakapja: { $amount } (nem adták meg)
log_left = { $name } távozott: a lapjait bedobta
log_timed_out = { $action } (lejárt az idő)

## Nyelvek (/pokeradmin nyelv)

language_name = { $language ->
        [hu] magyar
        [sv] svenska (svéd)
        [id] Bahasa Indonesia (indonéz)
        [ru] русский (orosz)
       *[en] English (angol)
    }
language_set_channel = A csatorna asztala mostantól ezen a nyelven beszél: { $name }.
language_set_server = A szerver asztalai mostantól ezen a nyelven beszélnek: { $name } (a csatorna saját nyelve az erősebb).
language_reset_channel = A csatorna asztala mostantól a szerver nyelvén beszél ({ $name }).
language_reset_server = A szerver asztalai mostantól a szerver Discord-nyelvén beszélnek ({ $name }).
settings_language = **Nyelv** { $name } — { $source }
source_discord = a szerver Discord-nyelve

## A zsetonkönyvelés elutasításai

error_amount_whole = Az összeg csak egész számú zseton lehet.
error_amount_positive = Az összegnek nullánál több zsetonnak kell lennie.
error_amount_range = Az összegnek { $minimum } és { $maximum } között kell lennie.
error_wallet_short = A tárcádban csak { $balance } zseton van; ehhez { $needed } kell.
error_daily_off = A napi zseton ki van kapcsolva ezen a szerveren.
error_wallet_full = A tárcád megtelt; előbb költs el némi zsetont.
error_wallet_limit = Így egy tárcában több mint { $maximum } zseton lenne.
error_table_limit = Az asztalon legfeljebb { $maximum } zsetonod lehet; még legfeljebb { $room } zsetont tehetsz hozzá.
error_no_table = Nincs ilyen asztal.
error_table_closing = Ez az asztal bezár, és nem fogad új játékost.
error_table_closed = Ez az asztal zárva van.
error_table_full = Az asztal megtelt ({ $seats } hely).
error_seat_taken = Ez a hely foglalt: { $seat }.
error_hand_running = Még folyik egy leosztás; az asztal utána bezár.
error_blind_whole = A kis vaknak egész számnak kell lennie.
error_blind_range = A kis vaknak 1 és az alsó limit ({ $small_bet }) között kell lennie.
error_buyin_order = A legkisebb beszálló ({ $minimum }) nem lehet nagyobb a legnagyobbnál ({ $maximum }).
error_action = Ez a lépés most nem lehetséges.
## Apróságok

kick_choice = { $name } ({ $seat }. hely)
shard_back_soon = Ez az asztal egy pillanat múlva visszatér: próbáld újra hamarosan. Semmi sem változott.
alt_hand = A lapjaid: { $cards }
alt_new = új lapok ebben a cserében: { $cards }
# The mark under a winning hand inside the showdown picture.
picture_winner = ★ nyertes
alt_showdown = Leterítés.
alt_shown_hand = { $winner ->
        [yes] { $name } (nyer): { $cards }, { $hand_name }.
       *[no] { $name }: { $cards }, { $hand_name }.
    }
log_reshuffle = Elfogyott a pakli: a félretett lapokat ({ $count } lap) újrakeverjük, ebből osztunk tovább
no_hand = —

# Host pause, top-ups and the time bank
table_paused = ⏸ { $name } szüneteltette: nincs új leosztás, amíg egy admin nem használja a { $cmd-pokeradmin-resume } parancsot.
table_pausing = ⏸ { $name } szüneteltette: ez az utolsó leosztás a { $cmd-pokeradmin-resume } parancsig.
time_bank_running = ⏳ időbank
log_topup = { $name } { $amount } zsetont tesz be
topup_leaving = Épp feláll az asztaltól: a zsetonjai visszamennek a tárcájába, így nincs mit feltölteni.
topup_over = Ennél az asztalnál legfeljebb { $maximum } zsetonja lehet: most legfeljebb { $room } zsetont tehet hozzá.
topup_wallet = A tárcájában csak { $wallet } zseton van.
topup_done = { $amount } zseton hozzáadva: { $stack } zsetonja van az asztalnál.
topup_queued = A következő leosztás előtt { $amount } zseton kerül a készletéhez.
topup_held_wallet = A sorban álló { $amount } zseton nem került a készletéhez: a tárcájában most csak { $wallet } van.
topup_held_frozen = A sorban álló { $amount } zseton nem került a készletéhez: egy adminisztrátor befagyasztotta a tárcáját.
topup_held_room = A sorban álló { $amount } zsetonból { $added } került a készletéhez: ennél az asztalnál legfeljebb { $maximum } lehet Ön előtt.
pause_already = Ez az asztal már szünetel: a { $cmd-pokeradmin-resume } újra oszt.
paused_now = Az asztal szünetel: nincs osztás a { $cmd-pokeradmin-resume } parancsig.
paused_after_hand = Az asztal a mostani leosztás után szünetel: a { $cmd-pokeradmin-resume } újra oszt.
resume_not_paused = Ez az asztal nem szünetel.
table_resumed = Az asztal újra oszt.
dashboard_off = A webes irányítópult ki van kapcsolva ennél a botnál: az üzemeltető a DEUCE_WEB_PORT beállítással kapcsolhatja be.
dashboard_link = A bejelentkezési linked a webes irányítópulthoz (egyszer működik, { $minutes } percig; ne add tovább): <{ $link }>
settings_time_bank = **Időbank** kezdetben { $start } mp, { $every } leosztásonként +{ $add } mp, legfeljebb { $maximum } mp
settings_time_bank_off = **Időbank** kikapcsolva
settings_seat_banks = **Időbankok itt** { $banks }
settings_seat_bank = { $name } { $seconds } mp

## Sit-and-go tournaments: what the store refuses

sng_not_found = Nincs ilyen verseny.
sng_exists = Ebben a csatornában már folyik egy verseny regisztrációja vagy játéka.
sng_table_busy = Ebben a csatornában nyitott készpénzes asztal van; verseny akkor lehet itt, ha az asztal bezárt.
sng_levels = A verseny szintjei vagy bizonyos percenként, vagy bizonyos leosztásonként emelkednek.
sng_structure_unknown = A struktúra csak turbó, normál vagy lassú lehet.
sng_pool_too_big = A nyereményalap (a beszálló szorozva a helyek számával) legfeljebb { $pool } zseton lehet, ez a legnagyobb kifizethető nyeremény: { $seats } hellyel a beszálló legfeljebb { $buy_in } lehet.
sng_started = Ez a verseny már elkezdődött.
sng_not_started = Ez a verseny még nem kezdődött el.
sng_closed = Ez a verseny véget ért.
sng_already_registered = Már regisztráltál erre a versenyre.
sng_not_registered = Nem regisztráltál erre a versenyre.
sng_full = A verseny megtelt ({ $seats } játékos).
sng_too_few = Egy verseny indításához legalább két játékos kell.
sng_not_full = A verseny helyei már nem mind foglaltak: akkor indul, amikor megtelnek.
sng_hand_running = A verseny asztalánál még folyik egy leosztás.
sng_prizes_wrong = A díjak összege { $prizes }, de a díjalap { $pool }; semmi sem lett kifizetve.
sng_table_refused = Ennél az asztalnál verseny folyik: amíg véget nem ér, itt nem lehet zsetont venni, hozzáadni vagy kivenni.
mtt_late_closed = A késői nevezés erre a versenyre lezárult ({ $levels }. szintig volt nyitva).
mtt_payouts_unknown = A kifizetés standard vagy flat lehet.
mtt_field_changed = A mezőny megváltozott, amíg az asztalokat sorsoltuk; újra sorsolunk.
mtt_in_the_money = Ez a verseny már pénzes helyeknél tart: nem lehet lemondani.

## /poker rules: the time bank and the commands, grouped (built from the command tree)

rules_time_bank = {"*"}*Időbank:** ha lejár az időd, az időbankod még időt ad, mielőtt automatikusan lépnél: kezdetben { $start } mp, minden { $every } kiosztott leosztás után +{ $add } mp, legfeljebb { $maximum } mp.
rules_time_bank_off = {"*"}*Időbank:** ennél az asztalnál nincs: amint lejár az időd, automatikusan lépsz.
rules_group_table = Az asztalnál
rules_group_tournaments = Versenyek
rules_group_records = Leosztásaid és statisztikáid
rules_group_chips = Zsetonok
rules_group_admin = Adminok
rules_admin_line = A szervert kezelő tagoknak, a { $admin } alatt:

## A tournament hand's result on the player's panel: tournament chips, not the wallet's

panel_won_tournament = Ebben a leosztásban { $amount } versenyzsetont nyertél (nettó { $net }).
panel_lost_tournament = Ez a leosztás { $amount } versenyzsetonodba került.

## /poker előzmények: szöveges leosztástörténet PokerStars-formátumban
history_files_text = Minden leosztás PokerStars-formátumú szöveges leosztástörténetként van csatolva, amelyet a trackerek be tudnak olvasni.
