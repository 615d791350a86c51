# Deuce: a perjeles (slash) parancsok magyarul.
# Nevek: kisbetű, szóköz nélkül, legfeljebb 32 karakter (a Discord szabálya); leírások legfeljebb 100.
# Azonosítók: cmd-<parancs útvonala>[-<opció>][-desc]; choice-<érték> egy rögzített választáshoz.

cmd-poker = poker
cmd-poker-desc = 2-7 Triple Draw ennek a csatornának az asztalánál

cmd-poker-join = beül
cmd-poker-join-desc = Ülj le a csatorna asztalához (a beszálló a tárcádból megy)
cmd-poker-join-buy_in = beszálló
cmd-poker-join-buy_in-desc = Ennyi zsetont viszel az asztalhoz (alapértelmezés: az asztal alapértéke)

cmd-poker-leave = feláll
cmd-poker-leave-desc = Felállás (leosztás közben: bedobás, és a zsetonok a leosztás végén visszajárnak)

cmd-poker-sitout = kimarad
cmd-poker-sitout-desc = Kimaradsz a következő leosztástól, de megtartod a helyed

cmd-poker-sitin = visszaül
cmd-poker-sitin-desc = Újra játszol a következő leosztástól

cmd-poker-table = asztal
cmd-poker-table-desc = Az asztal újbóli kirakása a csatorna aljára

cmd-poker-hand = lapjaim
cmd-poker-hand-desc = A lapjaid privátban, a cseregombokkal

cmd-poker-rules = szabályok
cmd-poker-rules-desc = A 2-7 Triple Draw szabályai, a kombinációk sorrendje és a parancsok

cmd-poker-stats = statisztika
cmd-poker-stats-desc = A te eredményeid itt, vagy egy másik tagé
cmd-poker-stats-member = tag
cmd-poker-stats-member-desc = Kinek a statisztikája (alapértelmezés: a tiéd)
cmd-poker-stats-period = időszak
cmd-poker-stats-period-desc = Mely leosztások (alapból: mind)

cmd-poker-history = előzmények
cmd-poker-history-desc = Az itteni legutóbbi leosztások leosztástörténet-fájlként (PHH vagy PokerStars-szöveg)
cmd-poker-history-count = darab
cmd-poker-history-count-desc = Hány leosztás (1-10, alapértelmezés 5)

cmd-poker-replay = visszajátszás
cmd-poker-replay-desc = Egy leosztás lépésenként, csak neked
cmd-poker-replay-hand = leosztás
cmd-poker-replay-hand-desc = A leosztás száma (alapból: az utolsó leosztásod)

cmd-poker-session = játék
cmd-poker-session-desc = Az asztal eddigi játéka: ki mennyit nyert vagy vesztett

cmd-poker-tables = asztalok
cmd-poker-tables-desc = A szerver nyitott asztalai, és beülés valamelyikhez

cmd-poker-alerts = értesítés
cmd-poker-alerts-desc = Kapsz-e új privát üzenetet, amikor te következel
cmd-poker-alerts-mode = mód
cmd-poker-alerts-mode-desc = ki: soha; be: ha a köröd pár másodperce vár; azonnal: amint sorra kerülsz

cmd-chips = zseton
cmd-chips-desc = A pókerzsetonjaid

cmd-chips-balance = egyenleg
cmd-chips-balance-desc = Zsetonok a tárcádban és az asztalokon

cmd-chips-daily = napi
cmd-chips-daily-desc = A napi zsetonjaid felvétele

cmd-chips-leaderboard = toplista
cmd-chips-leaderboard-desc = A szerver leggazdagabb játékosai
cmd-chips-leaderboard-period = időszak
cmd-chips-leaderboard-period-desc = Rangsor a héten, a hónapban vagy összesen nyert zsetonok szerint

cmd-pokeradmin = pokeradmin
cmd-pokeradmin-desc = Pókerbeállítások ezen a szerveren (Szerver kezelése)

cmd-pokeradmin-house = házi
cmd-pokeradmin-house-desc = Házi játékosok a csatorna asztalánál

cmd-pokeradmin-house-add = hozzáad
cmd-pokeradmin-house-add-desc = Házi játékosok leültetése a csatorna asztalához
cmd-pokeradmin-house-add-count = darab
cmd-pokeradmin-house-add-count-desc = Hány házi játékos (alapértelmezés 1)
cmd-pokeradmin-house-add-level = szint
cmd-pokeradmin-house-add-level-desc = Milyen jól játszanak (alapértelmezés: erős)

cmd-pokeradmin-house-remove = eltávolít
cmd-pokeradmin-house-remove-desc = Házi játékosok felállítása a csatorna asztalától
cmd-pokeradmin-house-remove-count = darab
cmd-pokeradmin-house-remove-count-desc = Hány házi játékos (alapértelmezés: mind)

cmd-pokeradmin-house-fill = feltölt
cmd-pokeradmin-house-fill-desc = Az üres helyek feltöltése N-ig házi játékosokkal, amikor egy tag leül
cmd-pokeradmin-house-fill-seats = helyek
cmd-pokeradmin-house-fill-seats-desc = Hány helyig töltsön fel (0 = ki)
cmd-pokeradmin-house-fill-level = szint
cmd-pokeradmin-house-fill-level-desc = Milyen jól játszanak (alapértelmezés: erős)
cmd-pokeradmin-house-fill-scope = hatókör
cmd-pokeradmin-house-fill-scope-desc = A csatorna asztala vagy a szerver alapértelmezése (alapértelmezés: csatorna)

cmd-pokeradmin-stakes = tétek
cmd-pokeradmin-stakes-desc = A csatorna vagy a szerver tétjeinek beállítása
cmd-pokeradmin-stakes-small_bet = alsó_limit
cmd-pokeradmin-stakes-small_bet-desc = Az alsó limit (a felső limit ennek kétszerese; nagy vak = alsó limit)
cmd-pokeradmin-stakes-small_blind = kis_vak
cmd-pokeradmin-stakes-small_blind-desc = Kis vak (alapértelmezés: az alsó limit fele)
cmd-pokeradmin-stakes-cap = plafon
cmd-pokeradmin-stakes-cap-desc = Körönként engedett tétek száma (alapértelmezés: változatlan)
cmd-pokeradmin-stakes-scope = hatókör
cmd-pokeradmin-stakes-scope-desc = A csatorna asztala vagy a szerver alapértelmezése (alapértelmezés: csatorna)

cmd-pokeradmin-buyin = beszálló
cmd-pokeradmin-buyin-desc = A szerver asztalainál engedett beszálló összegek
cmd-pokeradmin-buyin-min = min
cmd-pokeradmin-buyin-min-desc = Legkisebb beszálló
cmd-pokeradmin-buyin-max = max
cmd-pokeradmin-buyin-max-desc = Legnagyobb beszálló

cmd-pokeradmin-timer = időzítő
cmd-pokeradmin-timer-desc = Hány másodpercük van a játékosoknak a licitre és a cserére
cmd-pokeradmin-timer-seconds = másodperc
cmd-pokeradmin-timer-seconds-desc = Másodperc döntésenként


cmd-pokeradmin-alerts = értesítés
cmd-pokeradmin-alerts-desc = Hány másodpercig várjon egy kör, mielőtt a játékosa privát üzenetet kap
cmd-pokeradmin-alerts-seconds = másodperc
cmd-pokeradmin-alerts-seconds-desc = Másodpercek lépés nélkül az üzenetig (0 = nincs értesítés)

cmd-pokeradmin-idle = üresjárat
cmd-pokeradmin-idle-desc = Hány másodpercig marad nyitva egy asztal, amelynél senki sem ül
cmd-pokeradmin-idle-seconds = másodperc
cmd-pokeradmin-idle-seconds-desc = Másodpercek ülő tag nélkül, mielőtt az asztal magától bezár

cmd-pokeradmin-tables = asztalok
cmd-pokeradmin-tables-desc = Hány nyitott asztalt nyithat egy tag ezen a szerveren
cmd-pokeradmin-tables-per_member = tagonként
cmd-pokeradmin-tables-per_member-desc = Egy tag által nyitott asztalok, amelyek egyszerre nyitva lehetnek

cmd-pokeradmin-cards = lapok
cmd-pokeradmin-cards-desc = Hogyan mutatják a lapokat a szerver asztalai
cmd-pokeradmin-cards-style = stílus
cmd-pokeradmin-cards-style-desc = Képek piros és fekete színjelekkel, négyszínű színjelekkel, vagy szöveg

cmd-pokeradmin-language = nyelv
cmd-pokeradmin-language-desc = A csatorna asztalának vagy a szerver asztalainak nyelve
cmd-pokeradmin-language-language = nyelv
cmd-pokeradmin-language-language-desc = A nyelv, vagy a szerver saját Discord-nyelve
cmd-pokeradmin-language-scope = hatókör
cmd-pokeradmin-language-scope-desc = A csatorna asztala, vagy a szerver minden asztala

cmd-pokeradmin-settings = beállítások
cmd-pokeradmin-settings-desc = Minden itteni beállítás, és hogy honnan származik

cmd-pokeradmin-economy = gazdaság
cmd-pokeradmin-economy-desc = Kezdő tárca és napi juttatás
cmd-pokeradmin-economy-start = kezdő
cmd-pokeradmin-economy-start-desc = Ennyi zsetonnal indul egy új tag
cmd-pokeradmin-economy-daily = napi
cmd-pokeradmin-economy-daily-desc = Zseton alkalmanként a /zseton napi paranccsal

cmd-pokeradmin-grant = jóváír
cmd-pokeradmin-grant-desc = Zseton jóváírása egy tag tárcájába
cmd-pokeradmin-grant-member = tag
cmd-pokeradmin-grant-member-desc = Ki kapja a zsetonokat
cmd-pokeradmin-grant-amount = összeg
cmd-pokeradmin-grant-amount-desc = Hány zseton

cmd-pokeradmin-kick = kirúg
cmd-pokeradmin-kick-desc = Egy játékos eltávolítása a csatorna asztalától
cmd-pokeradmin-kick-player = játékos
cmd-pokeradmin-kick-player-desc = Kit távolítasz el (az ülő játékosok közül)

cmd-pokeradmin-close = bezár
cmd-pokeradmin-close-desc = A csatorna asztalának bezárása a mostani leosztás után

cmd-pokeradmin-dashboard = irányítópult
cmd-pokeradmin-dashboard-desc = Privát, egyszer használható link a szerver webes irányítópultjához

## Rögzített választások

choice-off = ki
choice-on = be
choice-now = azonnal
choice-solid = szolid
choice-loose = laza
choice-beginner = kezdő
choice-strong = erős
choice-channel = csatorna
choice-server = szerver
choice-two-colour = kétszínű
choice-four-colour = négyszínű
choice-text = szöveg
choice-en = English (angol)
choice-hu = magyar
choice-sv = svenska (svéd)
choice-id = Bahasa Indonesia (indonéz)
choice-ru = русский (orosz)
choice-discord = a szerver Discord-nyelve
choice-week = hét
choice-month = hónap
choice-all = mind

cmd-pokeradmin-pause = szünet
cmd-pokeradmin-pause-desc = Az osztás leállítása ennél az asztalnál e leosztás után

cmd-pokeradmin-resume = folytatás
cmd-pokeradmin-resume-desc = Az osztás folytatása a szüneteltetett asztalnál

cmd-pokeradmin-interval = időköz
cmd-pokeradmin-interval-desc = Másodpercek két leosztás között
cmd-pokeradmin-interval-seconds = másodperc
cmd-pokeradmin-interval-seconds-desc = Másodpercek egy leosztás végétől a következő osztásig

cmd-pokeradmin-timebank = időbank
cmd-pokeradmin-timebank-desc = Tartalék másodpercek, ha lejár a lépésidő
cmd-pokeradmin-timebank-start = kezdet
cmd-pokeradmin-timebank-start-desc = Ennyi másodperccel indul a játékos (0 = nincs időbank)
cmd-pokeradmin-timebank-add = növelés
cmd-pokeradmin-timebank-add-desc = Ennyi másodperc jár hozzá bizonyos leosztásonként
cmd-pokeradmin-timebank-every = gyakoriság
cmd-pokeradmin-timebank-every-desc = Leosztások két növelés között
cmd-pokeradmin-timebank-maximum = legfeljebb
cmd-pokeradmin-timebank-maximum-desc = Az időbank legnagyobb mérete másodpercben

cmd-poker-topup = feltöltés
cmd-poker-topup-desc = Zsetonok hozzáadása a tárcádból az itteni készletedhez
cmd-poker-topup-amount = összeg
cmd-poker-topup-amount-desc = Hozzáadandó zsetonok (legfeljebb az asztal legnagyobb beülőjéig)

cmd-poker-sng = sng
cmd-poker-sng-desc = Sit-and-go versenyek
cmd-poker-sng-create = létrehoz
cmd-poker-sng-create-desc = Sit-and-go verseny létrehozása ebben a csatornában (adminok)
cmd-poker-sng-create-buy_in = beszálló
cmd-poker-sng-create-buy_in-desc = Ennyi zsetont fizet minden játékos a tárcájából (a nyereményalap a beszállók összege)
cmd-poker-sng-create-seats = helyek
cmd-poker-sng-create-seats-desc = Játékosok száma (2-6); a verseny akkor indul, amikor megtelik
cmd-poker-sng-create-stack = kezdőkészlet
cmd-poker-sng-create-stack-desc = Ennyi versenyzsetonnal kezd minden játékos (alapértelmezés 1500)
cmd-poker-sng-create-level_minutes = szint_perc
cmd-poker-sng-create-level_minutes-desc = Játékidő szintenként, percben (alapértelmezés 6)
cmd-poker-sng-create-level_hands = szint_leosztás
cmd-poker-sng-create-level_hands-desc = Leosztások száma szintenként (a percek helyett)
cmd-poker-sng-create-structure = struktúra
cmd-poker-sng-create-structure-desc = Milyen gyorsan emelkednek a tétek
cmd-poker-sng-create-starts_in = kezdés
cmd-poker-sng-create-starts_in-desc = Kezdés ennyi perc múlva (legalább két játékossal)
cmd-poker-sng-register = regisztrál
cmd-poker-sng-register-desc = Regisztráció a csatorna Sit-and-go versenyére
cmd-poker-sng-unregister = visszalép
cmd-poker-sng-unregister-desc = A beszállód visszavétele a kezdés előtt
cmd-poker-sng-house = házi
cmd-poker-sng-house-desc = Házi játékosok regisztrálása (adminok)
cmd-poker-sng-house-count = darab
cmd-poker-sng-house-count-desc = Hány házi játékos (1-5)
cmd-poker-sng-house-level = szint
cmd-poker-sng-house-level-desc = Milyen jól játszanak
cmd-poker-sng-start = indít
cmd-poker-sng-start-desc = A csatorna Sit-and-go versenyének azonnali indítása (adminok)
cmd-poker-sng-cancel = töröl
cmd-poker-sng-cancel-desc = A csatorna Sit-and-go versenyének törlése, minden beszálló visszafizetésével
cmd-poker-sng-show = mutat
cmd-poker-sng-show-desc = Az itteni Sit-and-go: a mezőny, az állás vagy az eredmény

cmd-poker-mtt = mtt
cmd-poker-mtt-desc = Többasztalos versenyek
cmd-poker-mtt-create = létrehozás
cmd-poker-mtt-create-desc = Többasztalos verseny ütemezése itt (adminok)
cmd-poker-mtt-create-starts_in = kezdés
cmd-poker-mtt-create-starts_in-desc = Kezdés ennyi perc múlva
cmd-poker-mtt-create-buy_in = nevezési_díj
cmd-poker-mtt-create-buy_in-desc = A zsetonok, amelyeket minden játékos a tárcájából fizet (a díjalap a nevezési díjak összege)
cmd-poker-mtt-create-stack = stack
cmd-poker-mtt-create-stack-desc = Versenyzsetonok, amelyekkel mindenki kezd (alapból 1 500)
cmd-poker-mtt-create-structure = struktúra
cmd-poker-mtt-create-structure-desc = Milyen gyorsan nőnek a limitek
cmd-poker-mtt-create-level_minutes = perc_szintenként
cmd-poker-mtt-create-level_minutes-desc = Játékperc szintenként (alapból 10)
cmd-poker-mtt-create-level_hands = leosztás_szintenként
cmd-poker-mtt-create-level_hands-desc = Leosztás szintenként (perc helyett)
cmd-poker-mtt-create-field = mezőny
cmd-poker-mtt-create-field-desc = Legtöbb játékos (2-60, asztalonként hat)
cmd-poker-mtt-create-late_levels = késői_nevezés
cmd-poker-mtt-create-late_levels-desc = Késői nevezés eddig a szintig (0: nincs)
cmd-poker-mtt-create-payouts = kifizetés
cmd-poker-mtt-create-payouts-desc = Hogyan oszlik meg a díjalap
cmd-poker-mtt-register = nevezés
cmd-poker-mtt-register-desc = Nevezés a csatorna versenyére
cmd-poker-mtt-unregister = visszalépés
cmd-poker-mtt-unregister-desc = A nevezési díj visszavétele a kezdés előtt
cmd-poker-mtt-house = házi
cmd-poker-mtt-house-desc = Gépi játékosok nevezése (adminok)
cmd-poker-mtt-house-count = darab
cmd-poker-mtt-house-count-desc = Hány (1-20)
cmd-poker-mtt-house-level = szint
cmd-poker-mtt-house-level-desc = Milyen jól játszanak
cmd-poker-mtt-cancel = törlés
cmd-poker-mtt-cancel-desc = A csatorna versenyének törlése, mindenki visszakapja a díjat
cmd-chips-leaderboard-by = szerint
cmd-chips-leaderboard-by-desc = Rangsor zsetonok (alapértelmezés) vagy versenyeredmények (Sit-and-go és többasztalos) szerint
cmd-pokeradmin-sng = sng
cmd-pokeradmin-sng-desc = Ki hozhat létre, indíthat el és törölhet versenyeket
cmd-pokeradmin-sng-members = tagok
cmd-pokeradmin-sng-members-desc = True (igaz): bármely tag; False (hamis): csak az adminok (alapértelmezés)
choice-turbo = turbó
choice-regular = normál
choice-slow = lassú
choice-standard = standard
choice-flat = egyenletes
choice-chips = zsetonok
choice-tournaments = versenyek

## /poker előzmények: szöveges leosztástörténet PokerStars-formátumban
cmd-poker-history-format = formátum
cmd-poker-history-format-desc = phh: PHH-fájlok (PokerKit); szöveg: PokerStars-szöveg, amit a trackerek beolvasnak
choice-phh = PHH

# Issue 39: /pokeradmin fairplay.
cmd-pokeradmin-fairplay = tisztajáték
cmd-pokeradmin-fairplay-desc = Korlátok, felmentések és befagyasztott tárcák
cmd-pokeradmin-fairplay-gates = korlátok
cmd-pokeradmin-fairplay-gates-desc = Fiókkor és tagság, ami a napi zsetonhoz és a játékhoz kell
cmd-pokeradmin-fairplay-gates-account_days = fiók_napok
cmd-pokeradmin-fairplay-gates-account_days-desc = Hány napos legyen a tag Discord-fiókja (0 = nincs minimum)
cmd-pokeradmin-fairplay-gates-member_days = tag_napok
cmd-pokeradmin-fairplay-gates-member_days-desc = Hány napja legyen tag ezen a szerveren (0 = nincs minimum)
cmd-pokeradmin-fairplay-exempt = felment
cmd-pokeradmin-fairplay-exempt-desc = Egy tag felmentése a korlátok alól
cmd-pokeradmin-fairplay-exempt-member = tag
cmd-pokeradmin-fairplay-exempt-member-desc = A tag, akit a korlátok többé nem tartanak vissza
cmd-pokeradmin-fairplay-unexempt = felmentés_vissza
cmd-pokeradmin-fairplay-unexempt-desc = A korlátok újra vonatkoznak egy tagra
cmd-pokeradmin-fairplay-unexempt-member = tag
cmd-pokeradmin-fairplay-unexempt-member-desc = A tag, akire a korlátok újra vonatkoznak
cmd-pokeradmin-fairplay-freeze = befagyaszt
cmd-pokeradmin-fairplay-freeze-desc = Tárca befagyasztása: nincs napi zseton, beülés, nevezés
cmd-pokeradmin-fairplay-freeze-member = tag
cmd-pokeradmin-fairplay-freeze-member-desc = A tag, akinek a tárcáját befagyasztod
cmd-pokeradmin-fairplay-unfreeze = felold
cmd-pokeradmin-fairplay-unfreeze-desc = Egy tag tárcájának feloldása
cmd-pokeradmin-fairplay-unfreeze-member = tag
cmd-pokeradmin-fairplay-unfreeze-member-desc = A tag, akinek a tárcáját feloldod
cmd-pokeradmin-fairplay-leaderboard = toplista
cmd-pokeradmin-fairplay-leaderboard-desc = Kihagyja-e a /zseton toplista a befagyasztott tagokat
cmd-pokeradmin-fairplay-leaderboard-hide = elrejt
cmd-pokeradmin-fairplay-leaderboard-hide-desc = Igaz: a befagyasztott tagok kimaradnak; Hamis: mindenki szerepel
cmd-pokeradmin-fairplay-leaderboard-flagged = megjelöltek
cmd-pokeradmin-fairplay-leaderboard-flagged-desc = Igaz (az elrejttel): a legutóbbi jelentés által megjelölt tagok is kimaradnak
cmd-pokeradmin-fairplay-report = jelentés
cmd-pokeradmin-fairplay-report-desc = Tagpárok, akik között gyanúsan mozogtak a zsetonok
cmd-pokeradmin-fairplay-report-period = időszak
cmd-pokeradmin-fairplay-report-period-desc = Az elmúlt hét, az elmúlt hónap (alapértelmezés) vagy az összes leosztás
