# Issue 39: fair play (gates, exemptions, frozen wallets).

error_wallet_frozen = En admin på den här servern har frusit din plånbok: inga dagliga marker, inköp eller turneringsanmälningar tills hen tinar den.
fairplay_gate_account = Den här servern kräver ett Discord-konto som är minst { $days ->
        [one] { $days } dag
       *[other] { $days } dagar
    } gammalt för dagliga marker och spel. Du kan försöka igen { $when }.
fairplay_gate_member = Den här servern kräver att medlemmar har varit här minst { $days ->
        [one] { $days } dag
       *[other] { $days } dagar
    } för dagliga marker och spel. Du kan försöka igen { $when }.
fairplay_house = Huset är ingen medlem: dess plånbok kan inte frysas eller undantas.
fairplay_self = Du kan inte frysa din egen plånbok.
fairplay_already_frozen = Den plånboken är redan fryst.
fairplay_not_frozen = Den plånboken är inte fryst.
fairplay_gates_off = Inga spärrar: alla medlemmar kan hämta dagliga marker och spela.
fairplay_gates = Dagliga marker, bord och turneringar kräver ett Discord-konto som är { $account ->
        [one] { $account } dag
       *[other] { $account } dagar
    } gammalt och { $member ->
        [one] { $member } dag
       *[other] { $member } dagar
    } på den här servern.
fairplay_gates_account = Dagliga marker, bord och turneringar kräver ett Discord-konto som är { $account ->
        [one] { $account } dag
       *[other] { $account } dagar
    } gammalt.
fairplay_gates_member = Dagliga marker, bord och turneringar kräver { $member ->
        [one] { $member } dag
       *[other] { $member } dagar
    } på den här servern.
settings_gates = **Spärrar** { $gates } — { $source }
settings_leaderboard_hide = **Topplista** { $choice } — { $source }
fairplay_exempted = Spärrarna håller inte längre tillbaka { $name }.
fairplay_already_exempt = { $name } var redan undantagen från spärrarna.
fairplay_unexempted = Spärrarna gäller { $name } igen.
fairplay_not_exempt = { $name } var inte undantagen från spärrarna.
fairplay_frozen = Plånboken för { $name } är fryst: inga dagliga marker, inköp eller anmälningar. Ingen mark flyttades; huvudboken noterar det.
fairplay_unfrozen = Plånboken för { $name } är tinad. Ingen mark flyttades; huvudboken noterar det.
fairplay_leaderboard_hide = Topplistan utelämnar medlemmar vars plånbok är fryst.
fairplay_leaderboard_all = Topplistan rankar alla medlemmar.
leaderboard_frozen_left_out = Medlemmar vars plånbok en admin har frusit är utelämnade.
leaderboard_admin_frozen = ❄️ Bara admins ser detta: frysta plånböcker på den här topplistan: { $names }.
leaderboard_admin_flagged = ⚑ Bara admins ser detta: medlemmar som den senaste rapporten om schysst spel flaggade: { $names }.
leaderboard_flagged_left_out = Medlemmar vars plånbok en admin har frusit, och medlemmar som den senaste rapporten om schysst spel flaggade, är utelämnade.
fairplay_leaderboard_hide_flagged = Topplistan utelämnar medlemmar med frusen plånbok och medlemmar som den senaste rapporten om schysst spel flaggade.
fairplay_period_invalid = Perioden är den senaste veckan, den senaste månaden eller alla händer.
fairplay_report_title = Schysst spel — { $period }
fairplay_report_pair = **{ $rank }.** { $giver } → { $taker } · poäng { $score } · { $chips ->
        [one] { $chips } mark
       *[other] { $chips } marker
    } flyttade under { $hands ->
        [one] { $hands } gemensam hand
       *[other] { $hands } gemensamma händer
    }
fairplay_report_acts = foldar med den bättre handen: { $folds } · hopplösa synar: { $calls } · potter bara mellan dem: { $alone } (checkade ner: { $quiet }) · händer { $ids }
fairplay_report_none = Inget par av medlemmar är flaggat.
fairplay_report_footer = { $hands ->
        [one] { $hands } hand läst
       *[other] { $hands } händer lästa
    }. Bara admins ser detta; upptäckten ändrar ingenting av sig själv.
fairplay_report_footer_capped = De senaste { $hands } händerna lästa. Bara admins ser detta; upptäckten ändrar ingenting av sig själv.
