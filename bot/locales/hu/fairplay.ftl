# Issue 39: fair play (gates, exemptions, frozen wallets).

error_wallet_frozen = A szerver egyik adminja befagyasztotta a tárcádat: nincs napi zseton, beülés és sit-and-go nevezés, amíg fel nem oldja.
fairplay_gate_account = Ezen a szerveren a napi zsetonhoz és a játékhoz legalább { $days } napos Discord-fiók kell. Újra próbálkozhatsz: { $when }.
fairplay_gate_member = Ezen a szerveren a napi zsetonhoz és a játékhoz legalább { $days } napja kell tagnak lenned. Újra próbálkozhatsz: { $when }.
fairplay_house = A ház nem tag: a tárcáját nem lehet befagyasztani vagy felmenteni.
fairplay_self = A saját tárcádat nem fagyaszthatod be.
fairplay_already_frozen = Ez a tárca már be van fagyasztva.
fairplay_not_frozen = Ez a tárca nincs befagyasztva.
fairplay_gates_off = Nincs korlát: bármely tag kérhet napi zsetont és játszhat.
fairplay_gates = A napi zsetonhoz, az asztalokhoz és a sit-and-gókhoz { $account } napos Discord-fiók és { $member } nap tagság kell ezen a szerveren.
settings_gates = **Korlátok** { $gates } — { $source }
settings_leaderboard_hide = **Ranglista** { $choice } — { $source }
fairplay_exempted = A korlátok többé nem tartják vissza: { $name }.
fairplay_already_exempt = { $name } már fel volt mentve a korlátok alól.
fairplay_unexempted = A korlátok újra vonatkoznak rá: { $name }.
fairplay_not_exempt = { $name } nem volt felmentve a korlátok alól.
fairplay_frozen = { $name } tárcája befagyasztva: nincs napi zseton, beülés és nevezés. Egy zseton sem mozdult; a főkönyv rögzítette.
fairplay_unfrozen = { $name } tárcája feloldva. Egy zseton sem mozdult; a főkönyv rögzítette.
fairplay_leaderboard_hide = A ranglista kihagyja a befagyasztott tárcájú tagokat.
fairplay_leaderboard_all = A ranglista minden tagot rangsorol.
leaderboard_frozen_left_out = Azok a tagok, akiknek a tárcáját egy admin befagyasztotta, kimaradnak.
