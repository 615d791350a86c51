# Issue 39: fair play (gates, exemptions, frozen wallets).

error_wallet_frozen = An admin of this server froze your wallet: no daily chips, buy-ins or tournament registrations until they unfreeze it.
fairplay_gate_account = This server asks for a Discord account at least { $days ->
        [one] { $days } day
       *[other] { $days } days
    } old before daily chips and play. You may try again { $when }.
fairplay_gate_member = This server asks members to have been here at least { $days ->
        [one] { $days } day
       *[other] { $days } days
    } before daily chips and play. You may try again { $when }.
fairplay_house = The house is not a member: its wallet cannot be frozen or exempted.
fairplay_self = You cannot freeze your own wallet.
fairplay_already_frozen = That wallet is already frozen.
fairplay_not_frozen = That wallet is not frozen.
fairplay_gates_off = No gates: any member may claim daily chips and play.
fairplay_gates = Daily chips, tables and tournaments need a Discord account { $account ->
        [one] { $account } day
       *[other] { $account } days
    } old and { $member ->
        [one] { $member } day
       *[other] { $member } days
    } in this server.
fairplay_gates_account = Daily chips, tables and tournaments need a Discord account { $account ->
        [one] { $account } day
       *[other] { $account } days
    } old.
fairplay_gates_member = Daily chips, tables and tournaments need { $member ->
        [one] { $member } day
       *[other] { $member } days
    } in this server.
settings_gates = **Gates** { $gates } — { $source }
settings_leaderboard_hide = **Leaderboard** { $choice } — { $source }
fairplay_exempted = The gates no longer hold { $name } back.
fairplay_already_exempt = { $name } was already exempt from the gates.
fairplay_unexempted = The gates hold { $name } again.
fairplay_not_exempt = { $name } was not exempt from the gates.
fairplay_frozen = The wallet of { $name } is frozen: no daily chips, buy-ins or registrations. No chip moved; the ledger records it.
fairplay_unfrozen = The wallet of { $name } is unfrozen. No chip moved; the ledger records it.
fairplay_leaderboard_hide = The leaderboard leaves out members whose wallet is frozen.
fairplay_leaderboard_all = The leaderboard ranks every member.
leaderboard_frozen_left_out = Members whose wallet an admin froze are left out.
leaderboard_admin_frozen = ❄️ Only admins see this: frozen wallets on this leaderboard: { $names }.
leaderboard_admin_flagged = ⚑ Only admins see this: members the newest fair-play report flagged: { $names }.
leaderboard_flagged_left_out = Members whose wallet an admin froze, and members the newest fair-play report flagged, are left out.
fairplay_leaderboard_hide_flagged = The leaderboard leaves out members whose wallet is frozen and members the newest fair-play report flagged.
fairplay_period_invalid = The period is the last week, the last month or all hands.
fairplay_report_title = Fair play — { $period }
fairplay_report_pair = **{ $rank }.** { $giver } → { $taker } · score { $score } · { $chips ->
        [one] { $chips } chip
       *[other] { $chips } chips
    } moved over { $hands ->
        [one] { $hands } hand
       *[other] { $hands } hands
    } together
fairplay_report_acts = folds holding the better hand: { $folds } · hopeless calls: { $calls } · pots of their own: { $alone } (checked down: { $quiet }) · hands { $ids }
fairplay_report_none = No pair of members is flagged.
fairplay_report_footer = { $hands ->
        [one] { $hands } hand read
       *[other] { $hands } hands read
    }. Only admins see this; detection changes nothing by itself.
fairplay_report_footer_capped = The newest { $hands } hands read. Only admins see this; detection changes nothing by itself.
