# Issue 26: sit-and-go tournaments.

field_tournament = Sit-and-go #{ $tournament }
sng_level_line = Level { $level }: { $limits } · next { $next }
sng_next_at = { $when }
sng_next_hands = { $hands ->
    [0] at the next deal
    [one] after { $hands } more hand
   *[other] after { $hands } more hands
}
sng_players_line = { $left } of { $entrants } players left · average stack { $average }
sng_level_up = Level { $level }: the limits are now { $limits }.
sng_away = { $name } is away: still dealt in and blinded until they come back ({ $cmd-poker-sitin }).
sng_away_now = You are away: you stay dealt in, your blinds are posted and your turns check or fold when their time runs out. { $cmd-poker-sitin } brings you back.
sng_out = { $name } finishes { $place ->
        [1] 1st
        [2] 2nd
        [3] 3rd
       *[other] { $place }th
    }.
sng_out_prize = { $name } finishes { $place ->
        [1] 1st
        [2] 2nd
        [3] 3rd
       *[other] { $place }th
    } and wins { $prize }.
sng_place_private = You finished sit-and-go #{ $tournament } in place { $place } of { $entrants }.
sng_place_private_prize = You finished sit-and-go #{ $tournament } in place { $place } of { $entrants } and win { $prize } chips, paid to your wallet when the tournament ends.
sng_won = { $name } wins sit-and-go #{ $tournament }!
sng_next_level = The next hand begins level { $level }: { $limits }.
sng_table_won = Sit-and-go #{ $tournament } is over: { $name } wins first prize, { $prize }.
sng_table_cancelled = Sit-and-go #{ $tournament } is cancelled: every buy-in is refunded.
sng_final_level = Finished at level { $level } ({ $limits })
sng_result_title = Sit-and-go #{ $tournament }: final standings
sng_result_line = { $place }. { $name }: { $prize }
sng_prize_label = Prize
sng_house_label = house
sng_pool_line = Prize pool { $pool } · { $entrants } players
sng_cancelled = Sit-and-go #{ $tournament } is cancelled: every buy-in went back to its wallet.
sng_cancelled_unresumable = Sit-and-go #{ $tournament } could not resume after a restart and is cancelled: every buy-in went back to its wallet.
sng_join_refused = A sit-and-go is registering or being played in this channel: no cash table opens beside it. { $cmd-poker-sng-show } shows it.
sng_topup_refused = Tournament chips cannot be topped up.
sng_pause_refused = A tournament's table cannot be paused: its levels run on.
sng_close_refused = This is a sit-and-go's table: { $cmd-poker-sng-cancel } cancels it and refunds every buy-in.

sng_status_registering = registering
sng_status_running = running
sng_status_finished = finished
sng_status_cancelled = cancelled
sng_reg_title = Sit-and-go #{ $tournament } ({ $status })
sng_reg_buy_in = Buy-in { $buy_in } · prize pool { $pool }
sng_reg_buy_in_refunded = Buy-in { $buy_in } · every buy-in refunded
sng_reg_stack = Starting stack { $stack } tournament chips
sng_reg_structure = Structure: { $structure } ({ $levels } …), levels of { $length }
sng_level_minutes = { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
sng_level_hands = { $hands ->
    [one] { $hands } hand
   *[other] { $hands } hands
}
sng_reg_payouts = Payouts: { $payouts } (for { $field } players)
sng_reg_starts = Starts { $when }, or when the seats are full
sng_reg_starts_full = Starts when { $seats } players are in, or when an admin starts it
sng_reg_field = Players ({ $count }/{ $seats })
sng_button_register = Register
sng_button_unregister = Unregister
sng_registered = You are registered for sit-and-go #{ $tournament }: { $buy_in } went from your wallet to its prize pool.
sng_unregistered = You are no longer registered for sit-and-go #{ $tournament }: { $buy_in } went back to your wallet.
sng_none_here = There is no sit-and-go in this channel. An admin creates one with { $cmd-poker-sng-create }.
sng_admins_only = Only members with Manage Server may do that.
sng_level_both = Choose minutes or hands per level, not both.
sng_house_added = { $count ->
    [0] No house player was registered: the seats are full.
    [one] { $count } house player registered.
   *[other] { $count } house players registered.
}
sng_cancelled_answer = Sit-and-go #{ $tournament } is cancelled; { $count ->
    [one] { $count } buy-in was refunded.
   *[other] { $count } buy-ins were refunded.
}
sng_show_alive = { $name }: { $stack } chips
sng_show_prizes = Prizes: { $prizes }
stats_tournaments = Tournaments
stats_tournaments_value = { $played } played · { $wins } won · { $paid } in the money · net { $net }
leaderboard_sng_title = Tournament results over { $period }
leaderboard_sng_line = { $rank }. { $name }: { $net } ({ $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} in { $played })
leaderboard_sng_empty = Nobody has finished a tournament here in that period.
sng_starting = Sit-and-go #{ $tournament } starts now.
sng_members_on = Any member may now create, start and cancel tournaments here.
sng_members_off = Only admins (Manage Server) may now create, start and cancel tournaments here.
lobby_sng_field = Tournaments
lobby_sng_line = { $channel } · sit-and-go #{ $tournament } ({ $status }): { $count }/{ $seats } players, buy-in { $buy_in }
lobby_mtt_line = { $channel } · multi-table #{ $tournament } ({ $status }): { $count }/{ $seats } players, buy-in { $buy_in }
lobby_sng_register = Register for #{ $tournament }
lobby_no_tables = No cash table is open.

## Multi-table tournaments (/poker mtt)

mtt_lobby_title = Multi-table tournament #{ $tournament } ({ $status })
mtt_lobby_options = Buy-in { $buy_in } · starting stack { $stack } · { $structure }, levels of { $length }
mtt_lobby_field = Players { $count }/{ $field } · prize pool { $pool } · { $paid } paid ({ $payouts })
mtt_lobby_late = Late registration through level { $levels }
mtt_lobby_starts = Starts { $when }
mtt_lobby_registered = Registered: { $names }
mtt_lobby_hand_for_hand = Hand for hand: each table waits for the others' hands to end.
mtt_lobby_tables = Tables
mtt_lobby_table = Table { $table }: { $thread } · { $count ->
    [one] { $count } player
   *[other] { $count } players
}
mtt_lobby_top = Top { $count } stacks
mtt_thread_table = table { $table }
mtt_event_name = Multi-table tournament #{ $tournament }
mtt_hand_for_hand = The bubble: from now on the tables deal hand for hand, each waiting for the others' hands to end.
mtt_final_table = The final table of tournament #{ $tournament } is set: { $link }
mtt_table_broken = Table { $table } is broken: its players move to other tables (each is told where by DM).
mtt_table_over = Tournament #{ $tournament } is over: the final standings are in the tournament's channel.
mtt_moved_dm = Tournament #{ $tournament }: you move from table { $table_from } to table { $table_to }, with your chips. Your seat: { $link }
mtt_out = { $name } is out in place { $place } (hand for hand).
mtt_out_prize = { $name } is out in place { $place } (hand for hand) and wins { $prize }.
mtt_result_title = Multi-table tournament #{ $tournament }: final standings
mtt_field_tournament = Tournament #{ $tournament }
mtt_table_broken_closed = This table of tournament #{ $tournament } is broken: its players moved to other tables.
mtt_table_cancelled = Tournament #{ $tournament } is cancelled: every buy-in is refunded.
mtt_place_private = You finished tournament #{ $tournament } in place { $place } of { $entrants }.
mtt_place_private_prize = You finished tournament #{ $tournament } in place { $place } of { $entrants } and win { $prize } chips, paid to your wallet when the tournament ends.
mtt_won = { $name } wins multi-table tournament #{ $tournament }!
mtt_text_channel_only = A multi-table tournament is created in a server's text channel: its tables are threads under it.
mtt_missing_permissions = I cannot run a multi-table tournament in this channel: I need { $permissions } here. An admin can grant them in the channel's permissions.
mtt_none_here = There is no multi-table tournament in this channel. An admin creates one with { $cmd-poker-mtt-create }.
mtt_registered = You are registered for tournament #{ $tournament }: { $buy_in } went from your wallet to its prize pool.
mtt_registered_late = You are registered late for tournament #{ $tournament }: { $buy_in } went from your wallet to its prize pool, and you are seated with a full stack.
mtt_unregistered = You are no longer registered for tournament #{ $tournament }: { $buy_in } went back to your wallet.
mtt_cancelled_answer = Tournament #{ $tournament } is cancelled; { $count ->
    [one] { $count } buy-in went
   *[other] { $count } buy-ins went
} back to the wallets.
