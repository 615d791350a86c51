# Deuce: snedstreckskommandona på svenska.
# Namn: gemener, inga mellanslag, högst 32 tecken (Discords regel); beskrivningar högst 100.
# Id: cmd-<kommandosökväg>[-<alternativ>][-desc]; choice-<värde> för ett fast val.

cmd-poker = poker
cmd-poker-desc = Spela 2-7 Triple Draw vid den här kanalens bord

cmd-poker-join = sätt-dig
cmd-poker-join-desc = Sätt dig vid kanalens bord (köp in från din plånbok)
cmd-poker-join-buy_in = inköp
cmd-poker-join-buy_in-desc = Marker att ta med till bordet (standard: bordets standardinköp)

cmd-poker-leave = lämna
cmd-poker-leave-desc = Res dig (mitt i en hand: lägg dig och växla in när den är slut)

cmd-poker-sitout = stå-över
cmd-poker-sitout-desc = Stå över händer från och med nästa, men behåll din plats

cmd-poker-sitin = spela-igen
cmd-poker-sitin-desc = Spela igen från nästa hand

cmd-poker-table = bord
cmd-poker-table-desc = Visa bordet igen längst ner i kanalen

cmd-poker-hand = hand
cmd-poker-hand-desc = Visa dina kort privat, med knapparna för att slänga kort

cmd-poker-rules = regler
cmd-poker-rules-desc = Reglerna för 2-7 Triple Draw, handrankingen och kommandona

cmd-poker-stats = statistik
cmd-poker-stats-desc = Din statistik här, eller en annan medlems
cmd-poker-stats-member = medlem
cmd-poker-stats-member-desc = Vems statistik (standard: din)
cmd-poker-stats-period = period
cmd-poker-stats-period-desc = Vilka händer (standard: alla)

cmd-poker-history = historik
cmd-poker-history-desc = Senaste händerna här som handhistorikfiler (PHH eller PokerStars-text)
cmd-poker-history-count = antal
cmd-poker-history-count-desc = Hur många händer (1-10, standard 5)

cmd-poker-replay = repris
cmd-poker-replay-desc = Stega igenom en hand igen, privat
cmd-poker-replay-hand = hand
cmd-poker-replay-hand-desc = Handens nummer (standard: din senaste hand)

cmd-poker-session = spelet
cmd-poker-session-desc = Bordets spel hittills: vem som vunnit och förlorat vad

cmd-poker-tables = bord-lista
cmd-poker-tables-desc = Serverns öppna bord, och ett sätt att sätta sig vid ett

cmd-poker-alerts = notiser
cmd-poker-alerts-desc = Om ett nytt DM ska tala om att det är din tur
cmd-poker-alerts-mode = läge
cmd-poker-alerts-mode-desc = av: aldrig; på: när din tur har väntat några sekunder; direkt: så fort den kommer

cmd-chips = marker
cmd-chips-desc = Dina pokermarker

cmd-chips-balance = saldo
cmd-chips-balance-desc = Marker i din plånbok och på borden

cmd-chips-daily = dagliga
cmd-chips-daily-desc = Hämta dina dagliga marker

cmd-chips-leaderboard = topplista
cmd-chips-leaderboard-desc = De rikaste spelarna på den här servern
cmd-chips-leaderboard-period = period
cmd-chips-leaderboard-period-desc = Rangordna efter vunna marker veckan, månaden eller alla händer

cmd-pokeradmin = pokeradmin
cmd-pokeradmin-desc = Pokerinställningar för den här servern (Hantera server)

cmd-pokeradmin-house = husspelare
cmd-pokeradmin-house-desc = Husspelare vid den här kanalens bord

cmd-pokeradmin-house-add = lägg-till
cmd-pokeradmin-house-add-desc = Placera husspelare vid den här kanalens bord
cmd-pokeradmin-house-add-count = antal
cmd-pokeradmin-house-add-count-desc = Hur många husspelare (standard 1)
cmd-pokeradmin-house-add-level = nivå
cmd-pokeradmin-house-add-level-desc = Hur bra de spelar (standard stark)

cmd-pokeradmin-house-remove = ta-bort
cmd-pokeradmin-house-remove-desc = Låt husspelare resa sig från den här kanalens bord
cmd-pokeradmin-house-remove-count = antal
cmd-pokeradmin-house-remove-count-desc = Hur många husspelare (standard: alla)

cmd-pokeradmin-house-fill = fyll
cmd-pokeradmin-house-fill-desc = Fyll tomma platser upp till N med husspelare när en medlem sätter sig
cmd-pokeradmin-house-fill-seats = platser
cmd-pokeradmin-house-fill-seats-desc = Antal platser att fylla upp till (0 = av)
cmd-pokeradmin-house-fill-level = nivå
cmd-pokeradmin-house-fill-level-desc = Hur bra de spelar (standard stark)
cmd-pokeradmin-house-fill-scope = omfång
cmd-pokeradmin-house-fill-scope-desc = Den här kanalens bord eller serverns standard (standard: kanal)

cmd-pokeradmin-stakes = insatser
cmd-pokeradmin-stakes-desc = Ställ in insatsnivån för den här kanalen eller servern
cmd-pokeradmin-stakes-small_bet = liten_insats
cmd-pokeradmin-stakes-small_bet-desc = Den lilla insatsen (den stora är dubbelt så stor; stora mörken = lilla insatsen)
cmd-pokeradmin-stakes-small_blind = lilla_mörken
cmd-pokeradmin-stakes-small_blind-desc = Lilla mörken (standard: halva lilla insatsen)
cmd-pokeradmin-stakes-cap = tak
cmd-pokeradmin-stakes-cap-desc = Tillåtna satsningar per runda (standard: oförändrat)
cmd-pokeradmin-stakes-scope = omfång
cmd-pokeradmin-stakes-scope-desc = Den här kanalens bord eller serverns standard (standard: kanal)

cmd-pokeradmin-buyin = inköp
cmd-pokeradmin-buyin-desc = Ställ in inköpsintervallet för serverns bord
cmd-pokeradmin-buyin-min = min
cmd-pokeradmin-buyin-min-desc = Minsta inköp
cmd-pokeradmin-buyin-max = max
cmd-pokeradmin-buyin-max-desc = Största inköp

cmd-pokeradmin-timer = tidsgräns
cmd-pokeradmin-timer-desc = Sekunder spelarna får på sig att agera och att byta
cmd-pokeradmin-timer-seconds = sekunder
cmd-pokeradmin-timer-seconds-desc = Sekunder per beslut


cmd-pokeradmin-alerts = notiser
cmd-pokeradmin-alerts-desc = Sekunder en tur väntar innan spelaren får ett DM
cmd-pokeradmin-alerts-seconds = sekunder
cmd-pokeradmin-alerts-seconds-desc = Sekunder utan handling innan DM:et (0 = inga turnotiser)

cmd-pokeradmin-idle = tomgång
cmd-pokeradmin-idle-desc = Sekunder ett bord där ingen sitter förblir öppet
cmd-pokeradmin-idle-seconds = sekunder
cmd-pokeradmin-idle-seconds-desc = Sekunder utan någon medlem vid bordet innan det stängs av sig självt

cmd-pokeradmin-tables = bord
cmd-pokeradmin-tables-desc = Hur många öppna bord varje medlem får öppna här
cmd-pokeradmin-tables-per_member = per-medlem
cmd-pokeradmin-tables-per_member-desc = Öppna bord som en medlem får ha öppnat samtidigt

cmd-pokeradmin-cards = kort
cmd-pokeradmin-cards-desc = Hur serverns bord visar korten
cmd-pokeradmin-cards-style = stil
cmd-pokeradmin-cards-style-desc = Bilder med vanlig kortlek (röda och svarta färger), fyrfärgslek eller bara text

cmd-pokeradmin-language = språk
cmd-pokeradmin-language-desc = Språket för den här kanalens bord eller för serverns bord
cmd-pokeradmin-language-language = språk
cmd-pokeradmin-language-language-desc = Språket, eller serverns eget Discord-språk
cmd-pokeradmin-language-scope = omfång
cmd-pokeradmin-language-scope-desc = Den här kanalens bord, eller alla bord på servern

cmd-pokeradmin-settings = inställningar
cmd-pokeradmin-settings-desc = Alla nuvarande inställningar här och var de kommer ifrån

cmd-pokeradmin-economy = ekonomi
cmd-pokeradmin-economy-desc = Startplånbok och dagliga marker
cmd-pokeradmin-economy-start = start
cmd-pokeradmin-economy-start-desc = Marker som en ny medlem börjar med
cmd-pokeradmin-economy-daily = dagliga
cmd-pokeradmin-economy-daily-desc = Marker per /marker dagliga

cmd-pokeradmin-grant = ge
cmd-pokeradmin-grant-desc = Ge marker till en medlems plånbok
cmd-pokeradmin-grant-member = medlem
cmd-pokeradmin-grant-member-desc = Vem som får markerna
cmd-pokeradmin-grant-amount = antal
cmd-pokeradmin-grant-amount-desc = Hur många marker

cmd-pokeradmin-kick = sparka
cmd-pokeradmin-kick-desc = Ta bort en spelare från den här kanalens bord
cmd-pokeradmin-kick-player = spelare
cmd-pokeradmin-kick-player-desc = Vem som ska bort (en av spelarna vid bordet)

cmd-pokeradmin-close = stäng
cmd-pokeradmin-close-desc = Stäng den här kanalens bord efter den pågående handen

cmd-pokeradmin-dashboard = kontrollpanel
cmd-pokeradmin-dashboard-desc = En privat engångslänk till serverns webbpanel

## Fasta val

choice-off = av
choice-on = på
choice-now = direkt
choice-solid = stabil
choice-loose = lös
choice-beginner = nybörjare
choice-strong = stark
choice-channel = kanal
choice-server = server
choice-two-colour = två färger
choice-four-colour = fyra färger
choice-text = text
choice-en = English (engelska)
choice-hu = magyar (ungerska)
choice-sv = svenska
choice-id = Bahasa Indonesia (indonesiska)
choice-ru = русский (ryska)
choice-discord = serverns Discord-språk
choice-week = vecka
choice-month = månad
choice-all = alla

cmd-pokeradmin-pause = paus
cmd-pokeradmin-pause-desc = Sluta dela ut vid kanalens bord efter den här handen

cmd-pokeradmin-resume = återuppta
cmd-pokeradmin-resume-desc = Dela ut igen vid kanalens pausade bord

cmd-pokeradmin-interval = intervall
cmd-pokeradmin-interval-desc = Sekunder mellan två händer
cmd-pokeradmin-interval-seconds = sekunder
cmd-pokeradmin-interval-seconds-desc = Sekunder från slutet av en hand till nästa giv

cmd-pokeradmin-timebank = tidsbank
cmd-pokeradmin-timebank-desc = Extra sekunder varje spelare har när draget tar slut
cmd-pokeradmin-timebank-start = start
cmd-pokeradmin-timebank-start-desc = Sekunder en spelare börjar med (0 = ingen tidsbank)
cmd-pokeradmin-timebank-add = tillägg
cmd-pokeradmin-timebank-add-desc = Sekunder som läggs till med jämna mellanrum
cmd-pokeradmin-timebank-every = var
cmd-pokeradmin-timebank-every-desc = Händer mellan två tillägg
cmd-pokeradmin-timebank-maximum = högst
cmd-pokeradmin-timebank-maximum-desc = Flest sekunder en tidsbank rymmer

cmd-poker-topup = fyllpå
cmd-poker-topup-desc = Lägg till marker från plånboken till din stack här
cmd-poker-topup-amount = antal
cmd-poker-topup-amount-desc = Marker att lägga till (upp till bordets största inköp)

cmd-poker-sng = sng
cmd-poker-sng-desc = Sit-and-go-turneringar
cmd-poker-sng-create = skapa
cmd-poker-sng-create-desc = Skapa en sit-and-go i den här kanalen (admin)
cmd-poker-sng-create-buy_in = inköp
cmd-poker-sng-create-buy_in-desc = Marker som varje spelare betalar från sin plånbok (prispotten är inköpen)
cmd-poker-sng-create-seats = platser
cmd-poker-sng-create-seats-desc = Spelare (2-6); den startar när platserna är fulla
cmd-poker-sng-create-stack = startstack
cmd-poker-sng-create-stack-desc = Turneringsmarker som varje spelare börjar med (standard 1 500)
cmd-poker-sng-create-level_minutes = minuter_per_nivå
cmd-poker-sng-create-level_minutes-desc = Speltid per nivå i minuter (standard 6)
cmd-poker-sng-create-level_hands = händer_per_nivå
cmd-poker-sng-create-level_hands-desc = Händer per nivå (i stället för minuter)
cmd-poker-sng-create-structure = struktur
cmd-poker-sng-create-structure-desc = Hur fort insatserna stiger
cmd-poker-sng-create-starts_in = minuter_till_start
cmd-poker-sng-create-starts_in-desc = Starta efter så här många minuter (med minst två spelare)
cmd-poker-sng-register = anmäl
cmd-poker-sng-register-desc = Anmäl dig till den här kanalens sit-and-go
cmd-poker-sng-unregister = avanmäl
cmd-poker-sng-unregister-desc = Ta tillbaka ditt inköp före starten
cmd-poker-sng-house = husspelare
cmd-poker-sng-house-desc = Anmäl husspelare (admin)
cmd-poker-sng-house-count = antal
cmd-poker-sng-house-count-desc = Hur många (1-5)
cmd-poker-sng-house-level = nivå
cmd-poker-sng-house-level-desc = Hur bra de spelar
cmd-poker-sng-start = starta
cmd-poker-sng-start-desc = Starta den här kanalens sit-and-go nu (admin)
cmd-poker-sng-cancel = ställ-in
cmd-poker-sng-cancel-desc = Ställ in den här kanalens sit-and-go och betala tillbaka alla inköp
cmd-poker-sng-show = visa
cmd-poker-sng-show-desc = Sit-and-go:n här: deltagarna, ställningen eller resultatet

cmd-poker-mtt = mtt
cmd-poker-mtt-desc = Turneringar med flera bord
cmd-poker-mtt-create = skapa
cmd-poker-mtt-create-desc = Planera en turnering med flera bord här (admins)
cmd-poker-mtt-create-starts_in = startar_om
cmd-poker-mtt-create-starts_in-desc = Starta om så här många minuter
cmd-poker-mtt-create-buy_in = inköp
cmd-poker-mtt-create-buy_in-desc = Marker varje spelare betalar ur sin plånbok (prispotten är inköpen)
cmd-poker-mtt-create-stack = stack
cmd-poker-mtt-create-stack-desc = Turneringsmarker varje spelare börjar med (standard 1 500)
cmd-poker-mtt-create-structure = struktur
cmd-poker-mtt-create-structure-desc = Hur snabbt gränserna stiger
cmd-poker-mtt-create-level_minutes = minuter_per_nivå
cmd-poker-mtt-create-level_minutes-desc = Spelminuter per nivå (standard 10)
cmd-poker-mtt-create-level_hands = händer_per_nivå
cmd-poker-mtt-create-level_hands-desc = Händer per nivå (i stället för minuter)
cmd-poker-mtt-create-field = fält
cmd-poker-mtt-create-field-desc = Flest spelare (2-60, sex per bord)
cmd-poker-mtt-create-late_levels = sen_anmälan
cmd-poker-mtt-create-late_levels-desc = Sen anmälan till och med denna nivå (0: ingen)
cmd-poker-mtt-create-payouts = utbetalning
cmd-poker-mtt-create-payouts-desc = Hur prispotten delas
cmd-poker-mtt-register = anmäl
cmd-poker-mtt-register-desc = Anmäl dig till kanalens turnering
cmd-poker-mtt-unregister = avanmäl
cmd-poker-mtt-unregister-desc = Ta tillbaka ditt inköp före starten
cmd-poker-mtt-house = husspelare
cmd-poker-mtt-house-desc = Anmäl husspelare (admins)
cmd-poker-mtt-house-count = antal
cmd-poker-mtt-house-count-desc = Hur många (1-20)
cmd-poker-mtt-house-level = nivå
cmd-poker-mtt-house-level-desc = Hur bra de spelar
cmd-poker-mtt-cancel = avbryt
cmd-poker-mtt-cancel-desc = Avbryt kanalens turnering och betala tillbaka alla
cmd-chips-leaderboard-by = efter
cmd-chips-leaderboard-by-desc = Rangordna efter marker (standard) eller efter turneringsresultat (sit-and-go och flerbords)
cmd-pokeradmin-sng = sng
cmd-pokeradmin-sng-desc = Vem som får skapa, starta och ställa in turneringar
cmd-pokeradmin-sng-members = medlemmar
cmd-pokeradmin-sng-members-desc = True (sant): alla medlemmar; False (falskt): bara administratörer (standard)
choice-turbo = turbo
choice-regular = normal
choice-slow = långsam
choice-standard = standard
choice-flat = jämn
choice-chips = marker
choice-tournaments = turneringar

## /poker historik: handhistorik i text i PokerStars-format
cmd-poker-history-format = format
cmd-poker-history-format-desc = phh: PHH-filer (PokerKit); text: PokerStars-text som trackers importerar
choice-phh = PHH

# Issue 39: /pokeradmin fairplay.
cmd-pokeradmin-fairplay = schysstspel
cmd-pokeradmin-fairplay-desc = Spärrar, undantag och frysta plånböcker
cmd-pokeradmin-fairplay-gates = spärrar
cmd-pokeradmin-fairplay-gates-desc = Kontoålder och medlemstid som krävs för dagliga marker och spel
cmd-pokeradmin-fairplay-gates-account_days = kontodagar
cmd-pokeradmin-fairplay-gates-account_days-desc = Dagar en medlems Discord-konto måste ha funnits (0 = inget krav)
cmd-pokeradmin-fairplay-gates-member_days = medlemsdagar
cmd-pokeradmin-fairplay-gates-member_days-desc = Dagar en medlem måste ha varit på servern (0 = inget krav)
cmd-pokeradmin-fairplay-exempt = undanta
cmd-pokeradmin-fairplay-exempt-desc = Släpp en medlem förbi spärrarna
cmd-pokeradmin-fairplay-exempt-member = medlem
cmd-pokeradmin-fairplay-exempt-member-desc = Medlemmen som spärrarna inte längre håller tillbaka
cmd-pokeradmin-fairplay-unexempt = återinför
cmd-pokeradmin-fairplay-unexempt-desc = Låt spärrarna gälla en medlem igen
cmd-pokeradmin-fairplay-unexempt-member = medlem
cmd-pokeradmin-fairplay-unexempt-member-desc = Medlemmen som spärrarna gäller igen
cmd-pokeradmin-fairplay-freeze = frys
cmd-pokeradmin-fairplay-freeze-desc = Frys en medlems plånbok: inga dagliga marker, inköp eller anmälningar
cmd-pokeradmin-fairplay-freeze-member = medlem
cmd-pokeradmin-fairplay-freeze-member-desc = Medlemmen vars plånbok fryses
cmd-pokeradmin-fairplay-unfreeze = tina
cmd-pokeradmin-fairplay-unfreeze-desc = Tina en medlems plånbok
cmd-pokeradmin-fairplay-unfreeze-member = medlem
cmd-pokeradmin-fairplay-unfreeze-member-desc = Medlemmen vars plånbok tinas
cmd-pokeradmin-fairplay-leaderboard = topplista
cmd-pokeradmin-fairplay-leaderboard-desc = Om /marker topplista utelämnar frysta medlemmar
cmd-pokeradmin-fairplay-leaderboard-hide = dölj
cmd-pokeradmin-fairplay-leaderboard-hide-desc = Sant: frysta medlemmar utelämnas; Falskt: alla rankas
cmd-pokeradmin-fairplay-leaderboard-flagged = flaggade
cmd-pokeradmin-fairplay-leaderboard-flagged-desc = Sant (med dölj): medlemmar som den senaste rapporten flaggade utelämnas också
cmd-pokeradmin-fairplay-report = rapport
cmd-pokeradmin-fairplay-report-desc = Par av medlemmar mellan vilka marker flyttats misstänkt
cmd-pokeradmin-fairplay-report-period = period
cmd-pokeradmin-fairplay-report-period-desc = Händerna från senaste veckan, senaste månaden (standard) eller alla
