# Deuce: varje mening en spelare ser, på svenska.
# Project Fluent-syntax: https://projectfluent.org/fluent/guide/

## Allmänt

error_generic = Något gick fel hos mig. Inget ändrades; försök igen.
guild_only = Poker spelas i en serverkanal, inte i direktmeddelanden.
no_permission = Du behöver behörigheten Hantera server för att använda det här kommandot.
cooldown = Ta det lite lugnt: försök igen om { $seconds } s.

## Bordet / platser

no_table = Det finns inget bord i den här kanalen. Starta ett med { $cmd-poker-join }.
joined_private = Du sitter på plats { $seat } med { $stack ->
        [one] { $stack } mark
       *[other] { $stack } marker
    } (plånboken har nu { $wallet }).
joined_wait = Du får kort från och med nästa hand.
already_seated = Du sitter redan här (plats { $seat }, { $stack ->
        [one] { $stack } mark
       *[other] { $stack } marker
    }).
already_seated_sitin = Du sitter redan här (plats { $seat }, { $stack ->
        [one] { $stack } mark
       *[other] { $stack } marker
    }) och står över: { $cmd-poker-sitin } för att spela igen.
dm_closed = Jag kan inte skicka direktmeddelanden till dig, så dina kort kommer som privata svar: använd knappen Mina kort vid bordet eller { $cmd-poker-hand }.
welcome_dm = Välkommen till Deuce-bordet i #{ $channel }. Dina kort kommer hit varje hand, med knappar för att markera kort att slänga.
table_closing = Bordet stängs efter den pågående handen; inga nya spelare.
left_now = Du reser dig och tar med { $amount ->
        [one] { $amount } mark
       *[other] { $amount } marker
    } tillbaka till plånboken (plånbok { $wallet }).
left_after_hand = Du lägger dig och reser dig med dina marker när handen är slut.
already_leaving = Du lämnar redan efter den här handen.
join_while_leaving = Du reser dig när den här handen är slut (plats { $seat }); använd { $cmd-poker-join } igen efter den.
sat_out = Du står över från och med nästa hand. Använd { $cmd-poker-sitin } för att spela igen.
already_sitting_out = Du står redan över.
sat_in = Du är med igen från nästa hand.
not_sitting_out = Du står inte över.
sit_in_busted = Du har inga marker på bordet: { $cmd-poker-join } för att köpa in igen.
not_seated = Du sitter inte vid det här bordet. Sätt dig med { $cmd-poker-join }.
left_waiting = Du väntar inte längre på en plats vid det här bordet: inget dras från din plånbok. { $cmd-poker-join } för att vänta igen.
table_limit = Du kan ha högst { $count ->
        [one] ett öppet bord
       *[other] { $count } öppna bord
    } som du har öppnat på den här servern, och dina finns i { $channels }. Spela där, eller sätt dig vid ett bord som någon annan har öppnat; ett bord där ingen sitter stängs av sig självt efter en stund.
busted = { $name } har slut på marker och står över: { $cmd-poker-join } för att köpa in igen.
timed_out_twice = { $name } fick slut på tid två gånger i rad och står över från nästa hand.
seat_freed = { $name } var borta för länge och platsen är ledig igen.
dm_failed_public = { $name }: jag kan inte skicka dina kort i DM; använd { $cmd-poker-hand }.
waiting_players = Väntar på spelare: minst två spelare med marker måste sitta vid bordet. { $cmd-poker-join }
next_hand_in = Nästa hand { $when }.
table_closed = Bordet är stängt. Allas marker har gått tillbaka till plånböckerna.
table_closed_now = Bordet stängt; marker återlämnade: { $summary }.
table_closed_idle = Ingen satt vid bordet, så det stängdes. { $cmd-poker-join } öppnar det igen.
close_after_hand = Bordet stängs när den här handen är slut.
kicked = { $name } har tagits bort från bordet.
kick_after_hand = { $name } tas bort från bordet när den här handen är slut.
kick_not_seated = { $name } sitter inte vid det här bordet.
session_failed = Dealern stötte på ett problem vid det här bordet och stoppade det; markerna är i säkerhet.
resumed = Dealern startade om; handen fortsätter.
voided = Handen kunde inte återupptas efter en omstart: alla insatser har betalats tillbaka.
voided_settle = Handen kunde inte avgöras och ströks därför: alla insatser har betalats tillbaka.

## Turer och knappar

not_your_turn = Det är inte din tur: det är { $name }s tur.
not_your_turn_nobody = Ingen kan satsa just nu.
not_in_hand = Du är inte med i den här handen.
hand_over = Den här handen är slut.
button_unknown = Den här knappen används inte längre. Inget ändrades.
table_moved = Bordet har gått vidare sedan den knappen; titta på det uppdaterade bordet.
already_done = Redan gjort.
click_elsewhere = Den knappen hör inte till det här meddelandet, så inget gjordes.
store_outcome_unknown = Databasen slutade svara medan det sparades, så det gjordes en gång eller inte alls. Kontrollera innan du försöker igen (dina marker: { $cmd-chips-balance }).
action_not_saved = Det sparades inte: bordets databas svarade inte, så inget ändrades. Försök igen om en stund.
store_waiting = ⏸ Bordet väntar på sin databas. Spelet fortsätter härifrån så snart den svarar igen.
draw_finished = Det bytet är avslutat.
no_more_draws = Det finns inga byten kvar i den här handen.
draw_queued = Ditt byte är inställt: det sker när din tur kommer.
prefold_on = Du checkar eller lägger dig när din tur kommer.
no_hand_running = Ingen hand pågår vid det här bordet.

## Privat panel

panel_title = Din hand — hand #{ $hand_id }
panel_marked = Markerade att slänga: { $cards }
panel_none_marked = Klicka på kort för att markera dem att slänga.
panel_new_cards = Nya kort: { $cards }
panel_drew_none = Du bytte inga kort.
panel_folded = Du lade dig i den här handen.
panel_after_draws = Slutlig hand.
panel_draw_next = Nästa: byte { $number } av 3.
panel_your_draw = Din tur att byta
panel_your_draw_turn = **{ panel_your_draw }** ({ $number } av 3) · tiden går ut { $countdown }
panel_footer = Bara du kan se de här korten.
button_draw = Byt { $count }
button_stand_pat = Byt inga
button_prefold = Checka/Lägg dig
button_show = Visa min hand
panel_won = Du vann { $amount ->
        [one] { $amount } mark
       *[other] { $amount } marker
    } i den här handen (netto { $net }).
panel_lost = Den här handen kostade dig { $amount ->
        [one] { $amount } mark
       *[other] { $amount } marker
    }.
panel_even = Du gick jämnt ut i den här handen.
panel_can_show = Din hand slängdes vid visningen; du kan fortfarande visa den.
nothing_to_show = Bara en hand som slängts vid visningen kan visas i efterhand.
shows_after = { $name } visar { $cards } — { $hand_name }
button_prefold_cancel = Ångra checka/lägg dig
panel_to_call = {" "}· att syna { $amount }
panel_round_pot = { $round } · Pott { $pot }
panel_stack = Din stack { $stack }
panel_time_bank = {" "}· tidsbank { $seconds } s
panel_your_turn = **Din tur** · tiden går ut { $countdown }
panel_moved = Panelen har flyttats ner: dina senaste kort finns i det nyaste meddelandet.
timed_out_private = Tiden tog slut i hand #{ $hand_id }: { $what }.
timed_out_fold = du lade dig
timed_out_check = du checkade
timed_out_pat = du bytte inga kort
checked = Du checkade.

## Bordets knappar

button_fold = Lägg dig
button_fold_anyway = Lägg dig ändå
fold_free_check = Här kan du checka gratis. Lägga dig ändå?
folded_anyway = Du lade dig.
button_check = Checka
button_call = Syna { $amount }
button_bet = Satsa { $amount }
button_raise = Höj till { $amount }
button_my_cards = Mina kort

## Bordets ruta

table_title = 2-7 Triple Draw · { $small_bet }/{ $big_bet }
table_title_hand = 2-7 Triple Draw · { $small_bet }/{ $big_bet } · hand #{ $hand_id }
table_blinds = Mörkar { $small_blind }/{ $small_bet } · tak { $cap ->
        [one] { $cap } satsning
       *[other] { $cap } satsningar
    }
seat_line = { $markers }**{ $name }** · { $stack }{ $draws }{ $bet }{ $state }
seat_bet = {" "}· satsat { $amount }
state_folded = {" "}· lagt sig
state_all_in = {" "}· all-in
state_sitting_out = {" "}· står över
state_to_act = {" "}· **ska agera**
state_to_draw = {" "}· **ska byta**
state_leaving = {" "}· lämnar
draws_label = {" "}· { $counts }
pat = bytte inga
drew = bytte { $count }
field_seats = Platser
field_pot = Pott
field_round = Runda
field_turn = På tur
field_log = Handens förlopp
log_round_predraw = Före bytena
log_round_drawing = Byte { $number }
log_round_betting = Efter byte { $number }
log_round_showdown = Visning
pot_main = { $amount }
pot_with_sides = { $amount } (huvudpott { $main }; sidopott { $sides })
turn_line = { $name } ska { $verb } · tiden går ut { $countdown }
verb_act = agera
verb_draw = byta
round_predraw = Satsning före första bytet
round_betting = Satsning efter byte { $number }
round_drawing = Byte { $number } av 3
round_complete = Handen är klar
round_waiting = Mellan händerna
no_actions = —

## Visning

result_title = Resultat av hand #{ $hand_id }
result_shows = { $name } visar { $cards } — { $hand_name }
result_mucks = { $name } visar inte sin hand
result_wins = { $name } vinner { $amount }
result_wins_with = { $name } vinner { $amount } med { $hand_name }
field_nets = Netto den här handen
result_pot = { $pot }: { $amount } — { $winners }
result_main_pot = Huvudpott
result_side_pot = { $number ->
        [1] Sidopott
       *[other] Sidopott { $number }
    }
result_no_showdown = { $name } vinner { $amount } utan motstånd.
field_shown = Visade händer
field_winners = Vinnare

## Varför en hand vann (en rad under vinnarna, för nya 2-7-spelare)

why_line = { $beats }: { $because }.
why_beats = { $winner } ({ $winner_hand }) slår { $other } ({ $other_hand })
why_tie = { $winner } ({ $winner_hand }) och { $other } ({ $other_hand }) har lika bra händer (färgerna räknas inte), så potten delas.
why_pair_loses = i 2-7 vinner den lägsta handen, och { $category ->
        [two_pair] två par
        [three] triss
        [full_house] kåk
        [four] fyrtal
       *[pair] ett par
    } räknas emot dig
why_straight_flush_loses = i 2-7 vinner den lägsta handen, och stege och färg räknas emot dig
why_lower_category = i 2-7 vinner den lägsta handen, och { $better_category } är lägre än { $worse_category }
why_higher_card = i 2-7 vinner den lägsta handen, jämförd från det högsta kortet och nedåt: { $better_rank } slår { $worse_rank }
why_lower_group = i 2-7 vinner den lägsta handen, och de lika korten jämförs först: { $better_rank } slår { $worse_rank }
why_side_card = i 2-7 vinner den lägsta handen; med samma par avgör de andra korten, från det högsta och nedåt: { $better_rank } slår { $worse_rank }
hand_category = { $category ->
        [no_pair] inget par
        [two_pair] två par
        [three] triss
        [straight] stege
        [flush] färg
        [full_house] kåk
        [four] fyrtal
        [straight_flush] färgstege
       *[pair] ett par
    }

## Marker

balance = { $name }: { $wallet ->
        [one] { $wallet } mark
       *[other] { $wallet } marker
    } i plånboken, { $on_table } på borden.
daily_granted = Du får { $amount ->
        [one] { $amount } mark
       *[other] { $amount } marker
    }. Plånbok: { $wallet }.
daily_cooldown = Dina nästa dagliga marker är klara { $when }.
leaderboard_title = Flest marker
leaderboard_line = { $rank }. { $name } — { $total } ({ $wallet } i plånboken, { $on_table } på borden)
leaderboard_empty = Ingen har några marker än. { $cmd-chips-daily } för att få några.

## Statistik och historik

stats_title = Statistik för { $name }
stats_line = { $label }: { $value }
stats_empty = { $name } har inte spelat någon hand här än.
stats_hands_played = Spelade händer
stats_hands_won = Vunna händer
stats_hands_won_value = { $won } ({ $rate })
stats_net = Netto i marker
stats_biggest_pot = Största vunna pott
stats_showdowns = Vunna visningar
stats_showdowns_value = { $won } av { $total }
stats_vpip = Frivilligt i potten (före första bytet)
history_settled = pott { $pot } → { $winners }
history_void = struken ({ $reason })
history_void_default = återbetald
history_count = Välj mellan 1 och { $maximum } händer.
buyin_range = Inköpet måste vara mellan { $minimum } och { $maximum ->
        [one] { $maximum } mark
       *[other] { $maximum } marker
    }.
scope_invalid = Omfånget måste vara kanal eller server.
history_title = Senaste händerna
history_line = #{ $hand_id } · { $when } · { $summary }
history_empty = Inga händer har spelats här än.
history_files = Varje hand bifogas som en PHH-fil med handhistorik.

## Admin

stakes_set_channel = Insatser för den här kanalen: { $small_bet }/{ $big_bet }, mörkar { $small_blind }/{ $small_bet }, tak { $cap }. Från och med nästa hand.
stakes_set_server = Serverns standardinsatser: { $small_bet }/{ $big_bet }, mörkar { $small_blind }/{ $small_bet }, tak { $cap }.
buyin_set = Inköpet är nu { $minimum } till { $maximum } (standard { $default }).
timer_set = Spelarna har nu { $seconds } s på sig att agera och att byta.
timer_too_low = Tidsgränsen måste vara minst { $minimum } s.
timer_too_high = Tidsgränsen får vara högst { $maximum } s.
economy_set = Nya plånböcker börjar med { $start ->
        [one] { $start } mark
       *[other] { $start } marker
    }; { $cmd-chips-daily } ger { $daily }.
granted = { $name } får { $amount ->
        [one] { $amount } mark
       *[other] { $amount } marker
    } (plånbok { $wallet }).
amount_positive = Antalet måste vara ett positivt heltal.
bot_member = Bottar spelar inte poker.
timer_set_next_hand = Spelarna får { $seconds } s på sig att agera och att byta från och med nästa hand: handen som spelas här behåller sina { $current } s.
pause_set = Händerna börjar nu { $seconds } s efter att den förra slutat (ett bord mitt i en hand, eller som just ska dela ut, behåller sin gamla intervall en gång till).
pause_overridden = Den här installationen sätter tiden mellan händer till { $seconds } s (DEUCE_HAND_PAUSE_SECONDS): serverns värde gäller bara utan den.
alert_delay_set = En spelare vars tur har väntat { $seconds } s utan handling får ett nytt DM om att det är hens tur (varje spelare väljer med { $cmd-poker-alerts }).
idle_set = Ett bord där ingen sitter stängs nu av sig självt efter { $duration } (meddelandet säger det då, och hur man öppnar det igen).
idle_too_low = Tiden måste vara minst { $minimum } s.
tables_set = Varje medlem får nu ha högst { $count ->
        [one] ett öppet bord
       *[other] { $count } öppna bord
    } som den har öppnat på den här servern samtidigt (admins: ingen gräns).
cards_set = Korten vid serverns bord visas nu som { $style }.
cards_two_colour = bilder med vanlig kortlek (röda och svarta färger)
cards_four_colour = bilder med fyrfärgslek (♣ grön, ♦ blå, ♥ röd, ♠ svart)
cards_text = endast text
settings_cards = Kort: { $style } ({ $source })
alert_delay_off = Turnotiser är avstängda på den här servern: ingen får ett DM när det är deras tur.
settings_title = Pokerinställningar för den här kanalen
settings_intro = Så är bordet i den här kanalen inställt. Vid varje värde står var det kommer ifrån: den här kanalen, servern (inställt av en admin) eller standard.
settings_stakes = **Insatser** { $small_bet }/{ $big_bet }, mörkar { $small_blind }/{ $small_bet } — { $source }
settings_cap = **Tak** { $cap ->
        [one] { $cap } satsning
       *[other] { $cap } satsningar
    } per runda — { $source }
settings_server_stakes = **Serverns standardinsatser** { $small_bet }/{ $big_bet }, mörkar { $small_blind }/{ $small_bet }, tak { $cap } — { $source }
settings_buyin = **Inköp** { $minimum } till { $maximum }, { $default } när inget anges — { $source }
settings_timers = **Tid att agera** { $action } s, **att byta** { $draw } s — { $source }
settings_pause = **Tid mellan händer** { $seconds } s — { $source }
settings_pause_deployment = **Tid mellan händer** { $seconds } s — den här installationen (DEUCE_HAND_PAUSE_SECONDS); utan den { $server } s — { $source }
settings_alerts = **Turnotis** ett nytt DM efter { $seconds } s utan handling — { $source }
settings_alerts_off = **Turnotiser** av — { $source }
settings_economy = **Nya plånböcker** { $start ->
        [one] { $start } mark
       *[other] { $start } marker
    }, **{ $cmd-chips-daily }** { $daily } var { $cooldown } — { $source }
settings_seats = **Platser** { $seats }, en plats hålls åt den som står över i { $keep } — { $source }
settings_idle = **Tomma bord** stängs efter { $duration } — { $source }
settings_tables = **Öppna bord per medlem** { $value } som den har öppnat (admins: ingen gräns) — { $source }
source_channel = den här kanalen
source_server = servern
source_default = standard

## Turnotiser (spelare)

alerts_off = Du får inget DM när det är din tur; bordet och din panel visar det ändå.
alerts_on = När din tur har väntat { $seconds } s utan handling får du ett nytt DM om det.
alerts_now = Du får ett nytt DM så fort det är din tur.
alerts_server_off = Turnotiser är avstängda på den här servern för tillfället, så inga kommer förrän en admin slår på dem.

## Regler

rules_title = 2-7 Triple Draw — reglerna
rules_body =
    {"*"}*Mål:** den lägsta femkortshanden vinner. Ess är alltid högt och bildar aldrig stege, stege och färg räknas emot dig, så den bästa handen är 7-5-4-3-2 i blandade färger ("nummer ett").
    {"*"}*Giv:** fem dolda kort var, i dina DM (eller { $cmd-poker-hand }). Spelaren till vänster om dealern lägger in lilla mörken, nästa spelare stora mörken; när ni bara är två lägger dealern in lilla mörken och agerar först före bytet.
    {"*"}*Spel:** satsning – byte – satsning – byte – satsning – byte – satsning – visning. Vid varje byte slänger du 0 till 5 kort (0 = du står och byter inga) och får lika många nya; alla ser hur många kort du bytte. Du kan markera dina kast innan det är din tur; ett kort bränns före bytets första nya kort, och när leken tar slut blandas de kastade korten till en ny lek (aldrig korten du just kastat).
    {"*"}*Satsningar:** fast limit. Satsningar och höjningar är den lilla insatsen före och efter första bytet och den stora insatsen (dubbelt så mycket) efter andra och tredje; högst { $cap ->
        [one] { $cap } satsning
       *[other] { $cap } satsningar
    } per runda, där stora mörken räknas som den första före bytet.
    {"*"}*Tid:** { $timer } s att agera eller byta; när tiden går ut checkar eller lägger du dig, eller byter inga kort. Går tiden ut två gånger i rad vid ett kontantbord står du över; i en turnering får du fortfarande kort, och givaren checkar, lägger dig och byter inga kort åt dig tills du är tillbaka.
rules_rankings_title = Handranking (bäst först)
rules_rankings =
    1. Inget par, jämförs från högsta kortet och nedåt: 7-5-4-3-2 (nummer ett), 7-6-4-3-2, 7-6-5-3-2 … 8-5-4-3-2 … A-K-Q-J-9 (A-5-4-3-2 är ess högt, ingen stege)
    2. Ett par (2-2-3-4-5 är bäst)
    3. Två par
    4. Triss
    5. Stege
    6. Färg
    7. Kåk
    8. Fyrtal
    9. Färgstege

## Husspelare

house_marker = 🤖
house_sits = 🤖 { $name } (husspelare, { $style }) sätter sig.
house_stands = 🤖 { $name } reser sig.
house_room_after_hand = Bordet är fullt: husspelaren { $name } reser sig när den här handen är slut, och då sätter du dig på den platsen.
house_room_waiting = Du har redan en plats på väg: du sätter dig när den här handen är slut.
house_room_taken = { $name } tar platsen som en husspelare lämnade.
house_room_lost = { $name } kunde inte få en plats efter handen: { $cmd-poker-join } för att försöka igen.
house_count_invalid = Välj mellan 1 och 9 husspelare.
house_seats_invalid = Välj mellan 0 och 10 platser (0 stänger av fyllningen).
house_style_invalid = Den stilen finns inte: välj { $styles }.
house_no_member = Husspelare sätter sig bara vid ett bord med en medlem: { $cmd-poker-join } först.
house_table_full = Bordet är fullt ({ $seats ->
        [one] { $seats } plats
       *[other] { $seats } platser
    }).
house_none = Det finns ingen husspelare vid det här bordet.
house_fill_on = Det här bordet är inställt på att fylla { $seats ->
        [one] { $seats } plats
       *[other] { $seats } platser
    } med husspelare; de skulle sätta sig igen. Kör { $cmd-pokeradmin-house-fill } platser:0 först.
house_added = { $count ->
        [one] En husspelare satte sig
       *[other] { $count } husspelare satte sig
    } ({ $style }).
house_added_fewer = { $count ->
        [one] Bara en plats var ledig: en husspelare satte sig
       *[other] Bara { $count } platser var lediga: { $count } husspelare satte sig
    } ({ $style }).
house_removed = { $now ->
        [one] En husspelare reste sig
       *[other] { $now } husspelare reste sig
    }; { $later } reser sig när den här handen är slut.
house_fill_set_channel = Husspelare ({ $style }) fyller nu det här bordet upp till { $seats ->
        [one] { $seats } plats
       *[other] { $seats } platser
    } så fort en medlem sitter vid det.
house_fill_set_server = Husspelare ({ $style }) fyller nu varje bord på servern upp till { $seats ->
        [one] { $seats } plats
       *[other] { $seats } platser
    } så fort en medlem sitter vid det (en kanals egen inställning går före).
house_fill_off_channel = Husspelare fyller inte längre platser vid det här bordet; de som sitter kvar stannar tills { $cmd-pokeradmin-house-remove }.
house_fill_off_server = Husspelare fyller inte längre platser som standard på den här servern.
settings_house = **Husspelare** fyller upp till { $seats ->
        [one] { $seats } plats
       *[other] { $seats } platser
    } ({ $style }) bredvid en medlem
settings_no_house = **Husspelare** fyller inga platser ({ $cmd-pokeradmin-house-fill })
kick_house = { $name } är en husspelare: { $cmd-pokeradmin-house-remove } låter den resa sig.

## Handnamn (valörerna är tal: 2-10, 11 knekt, 12 dam, 13 kung, 14 ess)

hand_number_one = nummer ett
hand_number_two = nummer två
hand_low =
    { $high ->
        [2] två
        [3] tre
        [4] fyra
        [5] fem
        [6] sex
        [7] sju
        [8] åtta
        [9] nio
        [10] tio
        [11] knekt
        [12] dam
        [13] kung
       *[14] ess
    }-{ $second ->
        [2] två
        [3] tre
        [4] fyra
        [5] fem
        [6] sex
        [7] sju
        [8] åtta
        [9] nio
        [10] tio
        [11] knekt
        [12] dam
        [13] kung
       *[14] ess
    }-låg
hand_pair =
    ett par { $rank ->
        [2] tvåor
        [3] treor
        [4] fyror
        [5] femmor
        [6] sexor
        [7] sjuor
        [8] åttor
        [9] nior
        [10] tior
        [11] knektar
        [12] damer
        [13] kungar
       *[14] ess
    }
hand_two_pair =
    två par, { $high ->
        [2] tvåor
        [3] treor
        [4] fyror
        [5] femmor
        [6] sexor
        [7] sjuor
        [8] åttor
        [9] nior
        [10] tior
        [11] knektar
        [12] damer
        [13] kungar
       *[14] ess
    } och { $low ->
        [2] tvåor
        [3] treor
        [4] fyror
        [5] femmor
        [6] sexor
        [7] sjuor
        [8] åttor
        [9] nior
        [10] tior
        [11] knektar
        [12] damer
        [13] kungar
       *[14] ess
    }
hand_three =
    triss i { $rank ->
        [2] tvåor
        [3] treor
        [4] fyror
        [5] femmor
        [6] sexor
        [7] sjuor
        [8] åttor
        [9] nior
        [10] tior
        [11] knektar
        [12] damer
        [13] kungar
       *[14] ess
    }
hand_straight =
    stege, { $high ->
        [2] tvåa
        [3] trea
        [4] fyra
        [5] femma
        [6] sexa
        [7] sjua
        [8] åtta
        [9] nia
        [10] tia
        [11] knekt
        [12] dam
        [13] kung
       *[14] ess
    } högst
hand_flush =
    färg, { $high ->
        [2] tvåa
        [3] trea
        [4] fyra
        [5] femma
        [6] sexa
        [7] sjua
        [8] åtta
        [9] nia
        [10] tia
        [11] knekt
        [12] dam
        [13] kung
       *[14] ess
    } högst
hand_full_house =
    kåk, { $high ->
        [2] tvåor
        [3] treor
        [4] fyror
        [5] femmor
        [6] sexor
        [7] sjuor
        [8] åttor
        [9] nior
        [10] tior
        [11] knektar
        [12] damer
        [13] kungar
       *[14] ess
    } över { $low ->
        [2] tvåor
        [3] treor
        [4] fyror
        [5] femmor
        [6] sexor
        [7] sjuor
        [8] åttor
        [9] nior
        [10] tior
        [11] knektar
        [12] damer
        [13] kungar
       *[14] ess
    }
hand_four =
    fyrtal i { $rank ->
        [2] tvåor
        [3] treor
        [4] fyror
        [5] femmor
        [6] sexor
        [7] sjuor
        [8] åttor
        [9] nior
        [10] tior
        [11] knektar
        [12] damer
        [13] kungar
       *[14] ess
    }
hand_straight_flush =
    färgstege, { $high ->
        [2] tvåa
        [3] trea
        [4] fyra
        [5] femma
        [6] sexa
        [7] sjua
        [8] åtta
        [9] nia
        [10] tia
        [11] knekt
        [12] dam
        [13] kung
       *[14] ess
    } högst
hand_royal_flush = royal flush

## Handens offentliga logg (under bordet)

log_small_blind = { $name } lägger in lilla mörken { $amount }
log_big_blind = { $name } lägger in stora mörken { $amount }
log_fold = { $name } lägger sig
log_check = { $name } checkar
log_call = { $name } synar { $amount }
log_bet = { $name } satsar { $amount }
log_raise = { $name } höjer till { $amount }
log_all_in = { $action } och är all-in
log_draw = { $count ->
        [0] { $name } står (byter inga)
       *[other] { $name } byter { $count }
    }
log_show = { $name } visar { $cards } ({ $hand_name })
log_win = { $name } vinner { $amount } från { $pot }
log_pot_main = huvudpotten
log_pot_side = { $number ->
        [1] sidopotten
       *[other] sidopott { $number }
    }
log_pot_whole = potten
log_return = { $name } får tillbaka { $amount } (inte synat)
log_left = { $name } har lämnat bordet: handen läggs
log_timed_out = { $action } (tiden tog slut)

## Språk (/pokeradmin språk)

language_name = { $language ->
        [hu] magyar (ungerska)
        [sv] svenska
        [id] Bahasa Indonesia (indonesiska)
        [ru] русский (ryska)
       *[en] English (engelska)
    }
language_set_channel = Den här kanalens bord talar nu { $name }.
language_set_server = Serverns bord talar nu { $name } (en kanals eget språk går före).
language_reset_channel = Den här kanalens bord talar nu serverns språk ({ $name }).
language_reset_server = Serverns bord talar nu serverns Discord-språk ({ $name }).
settings_language = **Språk** { $name } — { $source }
source_discord = serverns Discord-språk

## Nekanden från markregistret

error_amount_whole = Antalet måste vara ett helt antal marker.
error_amount_positive = Antalet måste vara fler än noll marker.
error_amount_range = Antalet måste vara mellan { $minimum } och { $maximum }.
error_wallet_short = { $balance ->
        [one] Du har bara { $balance } mark i plånboken; det krävs { $needed }.
       *[other] Du har bara { $balance } marker i plånboken; det krävs { $needed }.
    }
error_daily_off = Dagliga marker är avstängda på den här servern.
error_wallet_full = Din plånbok är full; använd några marker först.
error_wallet_limit = Då skulle en plånbok få mer än { $maximum ->
        [one] { $maximum } mark
       *[other] { $maximum } marker
    }.
error_table_limit = Du kan ha högst { $maximum ->
        [one] { $maximum } mark
       *[other] { $maximum } marker
    } på bordet; du kan lägga till upp till { $room }.
error_no_table = Det finns inget sådant bord.
error_table_closing = Bordet stängs och tar inte emot nya spelare.
error_table_closed = Bordet är stängt.
error_table_full = Bordet är fullt ({ $seats ->
        [one] { $seats } plats
       *[other] { $seats } platser
    }).
error_seat_taken = Plats { $seat } är upptagen.
error_hand_running = En hand spelas fortfarande; bordet stängs efter den.
error_blind_whole = Lilla mörken måste vara ett heltal.
error_blind_range = Lilla mörken måste vara mellan 1 och den lilla insatsen ({ $small_bet }).
error_buyin_order = Minsta inköp ({ $minimum }) kan inte vara högre än högsta ({ $maximum }).
error_action = Den handlingen är inte möjlig just nu.
## Diverse

kick_choice = { $name } (plats { $seat })
shard_back_soon = Det här bordet är tillbaka om en stund: försök igen snart. Inget ändrades.
alt_hand = Din hand: { $cards }
alt_new = nya i det här bytet: { $cards }
# The mark under a winning hand inside the showdown picture.
picture_winner = ★ vinnare
alt_showdown = Visning.
alt_shown_hand = { $winner ->
        [yes] { $name } (vinner): { $cards }, { $hand_name }.
       *[no] { $name }: { $cards }, { $hand_name }.
    }
log_reshuffle = Kortleken tog slut: de slängda korten ({ $count ->
        [one] { $count } kort
       *[other] { $count } kort
    }) blandas in i en ny lek
no_hand = —

# Host pause, top-ups and the time bank
table_paused = ⏸ Pausat av { $name }: ingen ny hand förrän en admin använder { $cmd-pokeradmin-resume }.
table_pausing = ⏸ Pausat av { $name }: det här är sista handen före { $cmd-pokeradmin-resume }.
time_bank_running = ⏳ tidsbank
log_topup = { $name } fyller på med { $amount } marker
topup_leaving = Du lämnar bordet: dina marker går tillbaka till plånboken, så det finns inget att fylla på.
topup_over = Du får ha högst { $maximum } marker vid det här bordet: du kan lägga till högst { $room } nu.
topup_wallet = Din plånbok har bara { $wallet } marker.
topup_done = { $amount } marker tillagda: du har { $stack } vid bordet.
topup_queued = { $amount } marker läggs till din stack före nästa hand.
topup_held_wallet = Dina köade { $amount } marker lades inte till: din plånbok har bara { $wallet } nu.
topup_held_frozen = Dina köade { $amount } marker lades inte till: en admin har fryst din plånbok.
topup_held_room = { $added } av dina köade { $amount } marker lades till: bordet tillåter högst { $maximum } framför dig.
pause_already = Bordet är redan pausat: { $cmd-pokeradmin-resume } delar ut igen.
paused_now = Bordet är pausat: ingen hand delas ut förrän { $cmd-pokeradmin-resume }.
paused_after_hand = Bordet pausas efter handen som pågår: { $cmd-pokeradmin-resume } delar ut igen.
resume_not_paused = Bordet är inte pausat.
table_resumed = Bordet delar ut igen.
dashboard_off = Webbpanelen är avstängd för den här boten: värden slår på den med DEUCE_WEB_PORT.
dashboard_link = Din inloggningslänk till webbpanelen (den fungerar en gång, i { $minutes } min; dela den inte): <{ $link }>
settings_time_bank = **Tidsbank** { $start } s från början, +{ $add } s var { $every }:e hand, högst { $maximum } s
settings_time_bank_off = **Tidsbank** av
settings_seat_banks = **Tidsbanker här** { $banks }
settings_seat_bank = { $name } { $seconds } s

## Sit-and-go tournaments: what the store refuses

sng_not_found = Det finns ingen sådan turnering.
sng_exists = Den här kanalen har redan en turnering som tar anmälningar eller pågår.
sng_table_busy = Ett kontantbord är öppet i den här kanalen; en turnering kan spelas här när bordet har stängts.
sng_levels = En turnerings nivåer höjs antingen efter ett antal minuter eller efter ett antal händer.
sng_structure_unknown = Strukturen måste vara turbo, normal eller långsam.
sng_pool_too_big = Prispotten (inköpet gånger platserna) får vara högst { $pool } marker, det största pris som kan betalas ut: med { $seats } platser får inköpet vara högst { $buy_in }.
sng_started = Turneringen har redan börjat.
sng_not_started = Turneringen har inte börjat än.
sng_closed = Turneringen är slut.
sng_already_registered = Du är redan anmäld till turneringen.
sng_not_registered = Du är inte anmäld till turneringen.
sng_full = Turneringen är full ({ $seats } spelare).
sng_too_few = En turnering behöver minst två spelare för att börja.
sng_not_full = Turneringens platser är inte längre alla tagna: den börjar när de är det.
sng_hand_running = En hand spelas fortfarande vid turneringens bord.
sng_prizes_wrong = Prisen blir sammanlagt { $prizes } men prispotten är { $pool }; inget betalades ut.
sng_table_refused = En turnering spelas vid det här bordet: inga marker kan köpas, läggas till eller tas ut här förrän den är slut.
mtt_late_closed = Sen anmälan till den här turneringen är stängd (den var öppen till och med nivå { $levels }).
mtt_payouts_unknown = Utbetalningen måste vara standard eller flat.
mtt_field_changed = Fältet ändrades medan borden lottades; de lottas igen.
mtt_in_the_money = Turneringen är i pengarna: den kan inte längre ställas in.

## /poker rules: the time bank and the commands, grouped (built from the command tree)

rules_time_bank = {"*"}*Tidsbank:** när din tid tar slut får du extra tid ur din tidsbank innan det automatiska draget görs: { $start } s från början, { $add } s till per { $every ->
        [one] hand
       *[other] { $every } händer
    } du får, högst { $maximum } s.
rules_time_bank_off = {"*"}*Tidsbank:** ingen vid det här bordet: det automatiska draget görs så fort din tid tar slut.
rules_group_table = Vid bordet
rules_group_tournaments = Turneringar
rules_group_records = Dina händer och siffror
rules_group_chips = Marker
rules_group_admin = Administratörer
rules_admin_line = För medlemmar som får hantera servern, under { $admin }:

## A tournament hand's result on the player's panel: tournament chips, not the wallet's

panel_won_tournament = Du vann { $amount ->
        [one] { $amount } turneringsmark
       *[other] { $amount } turneringsmarker
    } i den här handen (netto { $net }).
panel_lost_tournament = Den här handen kostade dig { $amount ->
        [one] { $amount } turneringsmark
       *[other] { $amount } turneringsmarker
    }.

## /poker historik: handhistorik i text i PokerStars-format
history_files_text = Varje hand bifogas som en handhistorik i text i PokerStars-format, som trackers kan importera.
