# Deuce: every sentence a player sees, in English (the source language).
# Project Fluent syntax: https://projectfluent.org/fluent/guide/

## Generic

error_generic = Something went wrong on my side. Nothing changed; please try again.
guild_only = Poker is played in a server channel, not in direct messages.
no_permission = You need the Manage Server permission to use this command.
cooldown = Slow down a little: try again in { $seconds } s.

## Table state / seating

no_table = There is no table in this channel. Start one with { $cmd-poker-join }.
joined_private = You sit in seat { $seat } with { $stack ->
        [one] { $stack } chip
       *[other] { $stack } chips
    } (wallet now { $wallet }).
joined_wait = You are dealt in from the next hand.
already_seated = You are already seated here (seat { $seat }, { $stack ->
        [one] { $stack } chip
       *[other] { $stack } chips
    }).
already_seated_sitin = You are already seated here (seat { $seat }, { $stack ->
        [one] { $stack } chip
       *[other] { $stack } chips
    }) and sitting out: { $cmd-poker-sitin } to play again.
dm_closed = I can't send you direct messages, so your cards will come as private replies: use the My cards button on the table or { $cmd-poker-hand }.
welcome_dm = Welcome to the Deuce table in #{ $channel }. Your cards will arrive here each hand, with buttons to mark discards.
table_closing = This table is closing after the current hand; no new players.
left_now = You stand up and take { $amount ->
        [one] { $amount } chip
       *[other] { $amount } chips
    } back to your wallet (wallet { $wallet }).
left_after_hand = You fold and will stand up with your chips when this hand ends.
already_leaving = You are already leaving after this hand.
join_while_leaving = You are standing up when this hand ends (seat { $seat }); { $cmd-poker-join } again after it.
sat_out = You sit out from the next hand. Use { $cmd-poker-sitin } to play again.
already_sitting_out = You are already sitting out.
sat_in = You are back in from the next hand.
not_sitting_out = You are not sitting out.
sit_in_busted = You have no chips on the table: { $cmd-poker-join } to buy in again.
not_seated = You are not seated at this table. Sit down with { $cmd-poker-join }.
left_waiting = You are no longer waiting for a seat at this table: nothing leaves your wallet. { $cmd-poker-join } to wait again.
table_limit = You can have at most { $count ->
        [one] one open table
       *[other] { $count } open tables
    } that you opened on this server, and yours are in { $channels }. Play there, or sit down at a table someone else opened; a table nobody sits at closes by itself after a while.
busted = { $name } is out of chips and sits out: { $cmd-poker-join } to buy in again.
timed_out_twice = { $name } timed out twice in a row and sits out from the next hand.
seat_freed = { $name } was away too long and their seat is free again.
dm_failed_public = { $name }: I can't DM you your cards; use { $cmd-poker-hand }.
waiting_players = Waiting for players: at least two seated players with chips. { $cmd-poker-join }
next_hand_in = Next hand { $when }.
table_closed = The table is closed. Everyone's chips went back to their wallets.
table_closed_now = Table closed; chips returned: { $summary }.
table_closed_idle = Nobody sat at this table, so it closed. { $cmd-poker-join } opens it again.
close_after_hand = The table will close when this hand ends.
kicked = { $name } is removed from the table.
kick_after_hand = { $name } will be removed from the table when this hand ends.
kick_not_seated = { $name } is not seated at this table.
session_failed = The dealer hit a problem at this table and stopped it; chips are safe.
resumed = The dealer restarted; this hand goes on.
voided = The hand could not be resumed after a restart: every bet was refunded.
voided_settle = The hand could not be settled, so it was called off: every bet was refunded.

## Turns and buttons

not_your_turn = It is not your turn: it is { $name }'s turn.
not_your_turn_nobody = Nobody can bet right now.
not_in_hand = You are not in this hand.
hand_over = This hand is over.
button_unknown = This button is no longer in use. Nothing changed.
table_moved = The table has moved on since that button; look at the updated table.
already_done = Already done.
click_elsewhere = That button does not belong to this message, so nothing was done.
store_outcome_unknown = The database stopped answering while this was being saved, so it was done once or not at all. Check before you try again (your chips: { $cmd-chips-balance }).
action_not_saved = That was not saved: the table's database did not answer, so nothing changed. Please try again in a moment.
store_waiting = ⏸ The table is waiting for its database. Play goes on from here as soon as it answers again.
draw_finished = That draw is finished.
no_more_draws = There are no draws left in this hand.
draw_queued = Your draw is set: it happens when your turn comes.
prefold_on = You will check or fold when your turn comes.
no_hand_running = No hand is running at this table.

## Private panel

panel_title = Your hand — hand #{ $hand_id }
panel_marked = Marked to discard: { $cards }
panel_none_marked = Click cards to mark them for discard.
panel_new_cards = New cards: { $cards }
panel_drew_none = You stood pat.
panel_folded = You folded this hand.
panel_after_draws = Final hand.
panel_draw_next = Next: draw { $number } of 3.
panel_your_draw = Your turn to draw
panel_your_draw_turn = **{ panel_your_draw }** ({ $number } of 3) · time runs out { $countdown }
panel_footer = Only you can see these cards.
button_draw = Draw { $count }
button_stand_pat = Stand pat
button_prefold = Check/Fold
button_show = Show my hand
panel_won = You won { $amount ->
        [one] { $amount } chip
       *[other] { $amount } chips
    } in this hand (net { $net }).
panel_lost = This hand cost you { $amount ->
        [one] { $amount } chip
       *[other] { $amount } chips
    }.
panel_even = You finished this hand even.
panel_can_show = Your hand was mucked at the showdown; you may still show it.
nothing_to_show = Only a hand mucked at the showdown can be shown afterwards.
shows_after = { $name } shows { $cards } — { $hand_name }
button_prefold_cancel = Cancel check/fold
panel_to_call = {" "}· to call { $amount }
panel_round_pot = { $round } · Pot { $pot }
panel_stack = Your stack { $stack }
panel_time_bank = {" "}· time bank { $seconds } s
panel_your_turn = **Your turn** · time runs out { $countdown }
panel_moved = This panel moved down: your latest cards are in the newest message.
timed_out_private = Time ran out in hand #{ $hand_id }: { $what }.
timed_out_fold = you folded
timed_out_check = you checked
timed_out_pat = you stood pat
checked = You checked.

## Table buttons

button_fold = Fold
button_fold_anyway = Fold anyway
fold_free_check = Checking is free here. Fold anyway?
folded_anyway = You folded.
button_check = Check
button_call = Call { $amount }
button_bet = Bet { $amount }
button_raise = Raise to { $amount }
button_my_cards = My cards

## Table embed

table_title = 2-7 Triple Draw · { $small_bet }/{ $big_bet }
table_title_hand = 2-7 Triple Draw · { $small_bet }/{ $big_bet } · hand #{ $hand_id }
table_blinds = Blinds { $small_blind }/{ $small_bet } · cap { $cap } bets
seat_line = { $markers }**{ $name }** · { $stack }{ $draws }{ $bet }{ $state }
seat_bet = {" "}· bet { $amount }
state_folded = {" "}· folded
state_all_in = {" "}· all-in
state_sitting_out = {" "}· sitting out
state_to_act = {" "}· **to act**
state_to_draw = {" "}· **to draw**
state_leaving = {" "}· leaving
draws_label = {" "}· { $counts }
pat = pat
drew = drew { $count }
field_seats = Seats
field_pot = Pot
field_round = Round
field_turn = Turn
field_log = Hand log
log_round_predraw = Pre-draw
log_round_drawing = Draw { $number }
log_round_betting = After draw { $number }
log_round_showdown = Showdown
pot_main = { $amount }
pot_with_sides = { $amount } (main { $main }; side { $sides })
turn_line = { $name } to { $verb } · time runs out { $countdown }
verb_act = act
verb_draw = draw
round_predraw = Pre-draw betting
round_betting = Betting after draw { $number }
round_drawing = Draw { $number } of 3
round_complete = Hand complete
round_waiting = Between hands
no_actions = —

## Showdown

result_title = Hand #{ $hand_id } result
result_shows = { $name } shows { $cards } — { $hand_name }
result_mucks = { $name } mucks
result_wins = { $name } wins { $amount }
result_wins_with = { $name } wins { $amount } with { $hand_name }
field_nets = Net this hand
result_pot = { $pot }: { $amount } — { $winners }
result_main_pot = Main pot
result_side_pot = { $number ->
        [1] Side pot
       *[other] Side pot { $number }
    }
result_no_showdown = { $name } wins { $amount } uncontested.
field_shown = Shown hands
field_winners = Winners

## Why a hand won (a line under the winners, for players new to 2-7)

why_line = { $beats }: { $because }.
why_beats = { $winner }'s { $winner_hand } beats { $other }'s { $other_hand }
why_tie = { $winner }'s { $winner_hand } and { $other }'s { $other_hand } are equal (suits never count), so the pot is split.
why_pair_loses = in 2-7 the lowest hand wins, and { $category ->
        [two_pair] two pair count
        [three] three of a kind counts
        [full_house] a full house counts
        [four] four of a kind counts
       *[pair] a pair counts
    } against you
why_straight_flush_loses = in 2-7 the lowest hand wins, and straights and flushes count against you
why_lower_category = in 2-7 the lowest hand wins, and { $better_category } is lower than { $worse_category }
why_higher_card = in 2-7 the lowest hand wins, compared from the highest card down: { $better_rank } beats { $worse_rank }
why_lower_group = in 2-7 the lowest hand wins, the matching cards compared first: { $better_rank } beats { $worse_rank }
why_side_card = in 2-7 the lowest hand wins; with the same pairs, the other cards decide from the highest down: { $better_rank } beats { $worse_rank }
hand_category = { $category ->
        [no_pair] no pair
        [two_pair] two pair
        [three] three of a kind
        [straight] a straight
        [flush] a flush
        [full_house] a full house
        [four] four of a kind
        [straight_flush] a straight flush
       *[pair] one pair
    }

## Chips

balance = { $name }: { $wallet } chips in your wallet, { $on_table } on tables.
daily_granted = You receive { $amount ->
        [one] { $amount } chip
       *[other] { $amount } chips
    }. Wallet: { $wallet }.
daily_cooldown = Your next daily chips are ready { $when }.
leaderboard_title = Chip leaders
leaderboard_line = { $rank }. { $name } — { $total } ({ $wallet } wallet, { $on_table } on tables)
leaderboard_empty = Nobody has chips yet. { $cmd-chips-daily } to get some.

## Stats and history

stats_title = Stats for { $name }
stats_line = { $label }: { $value }
stats_empty = { $name } has not played a hand here yet.
stats_hands_played = Hands played
stats_hands_won = Hands won
stats_hands_won_value = { $won } ({ $rate })
stats_net = Net chips
stats_biggest_pot = Biggest pot won
stats_showdowns = Showdowns won
stats_showdowns_value = { $won } of { $total }
stats_vpip = Voluntarily in pot (before the first draw)
history_settled = pot { $pot } → { $winners }
history_void = void ({ $reason })
history_void_default = refunded
history_count = Choose between 1 and { $maximum } hands.
buyin_range = The buy-in must be between { $minimum } and { $maximum ->
        [one] { $maximum } chip
       *[other] { $maximum } chips
    }.
scope_invalid = The scope must be channel or server.
history_title = Recent hands
history_line = #{ $hand_id } · { $when } · { $summary }
history_empty = No hands have been played here yet.
history_files = Each hand is attached as a PHH hand-history file.

## Admin

stakes_set_channel = Stakes for this channel: { $small_bet }/{ $big_bet }, blinds { $small_blind }/{ $small_bet }, cap { $cap }. From the next hand.
stakes_set_server = Server default stakes: { $small_bet }/{ $big_bet }, blinds { $small_blind }/{ $small_bet }, cap { $cap }.
buyin_set = Buy-in is now { $minimum } to { $maximum } (default { $default }).
timer_set = Players now have { $seconds } s to act and to draw.
timer_too_low = The timer must be at least { $minimum } s.
timer_too_high = The timer can be at most { $maximum } s.
economy_set = New wallets start with { $start ->
        [one] { $start } chip
       *[other] { $start } chips
    }; { $cmd-chips-daily } gives { $daily }.
granted = { $name } receives { $amount ->
        [one] { $amount } chip
       *[other] { $amount } chips
    } (wallet { $wallet }).
amount_positive = The amount must be a positive whole number.
bot_member = Bots don't play poker.
timer_set_next_hand = Players will have { $seconds } s to act and to draw from the next hand: the hand being played here keeps its { $current } s.
pause_set = Hands now start { $seconds } s after the previous one ends (a table in the middle of a hand, or about to deal, keeps its old interval once more).
pause_overridden = This deployment sets the time between hands to { $seconds } s (DEUCE_HAND_PAUSE_SECONDS): the server's value applies only without it.
alert_delay_set = A player whose turn has waited { $seconds } s without an action gets a new DM saying it is their turn (each player chooses with { $cmd-poker-alerts }).
idle_set = A table nobody sits at now closes itself after { $duration } (its message then says so, and how to open it again).
idle_too_low = The idle time must be at least { $minimum } s.
tables_set = Each member may now have { $count ->
        [one] one open table
       *[other] { $count } open tables
    } that they opened on this server at once (admins: no limit).
cards_set = Cards at this server's tables are now shown as { $style }.
cards_two_colour = pictures with red and black suits
cards_four_colour = pictures with four suit colours (♣ green, ♦ blue, ♥ red, ♠ black)
cards_text = text only
settings_cards = Cards: { $style } ({ $source })
alert_delay_off = Turn alerts are off on this server: nobody gets a DM for their turn.
settings_title = Poker settings for this channel
settings_intro = What the table in this channel plays with. Each value says where it comes from: this channel, the server (set by an admin) or the default.
settings_stakes = **Stakes** { $small_bet }/{ $big_bet }, blinds { $small_blind }/{ $small_bet } — { $source }
settings_cap = **Cap** { $cap } bets a round — { $source }
settings_server_stakes = **Server default stakes** { $small_bet }/{ $big_bet }, blinds { $small_blind }/{ $small_bet }, cap { $cap } — { $source }
settings_buyin = **Buy-in** { $minimum } to { $maximum }, { $default } when none is given — { $source }
settings_timers = **Time to act** { $action } s, **to draw** { $draw } s — { $source }
settings_pause = **Time between hands** { $seconds } s — { $source }
settings_pause_deployment = **Time between hands** { $seconds } s — this deployment (DEUCE_HAND_PAUSE_SECONDS); without it { $server } s — { $source }
settings_alerts = **Turn alert** a new DM after { $seconds } s without an action — { $source }
settings_alerts_off = **Turn alerts** off — { $source }
settings_economy = **New wallets** { $start } chips, **{ $cmd-chips-daily }** { $daily } every { $cooldown } — { $source }
settings_seats = **Seats** { $seats }, a sat-out seat kept { $keep } — { $source }
settings_idle = **Empty tables** close after { $duration } — { $source }
settings_tables = **Open tables per member** { $value } that they opened (admins: no limit) — { $source }
source_channel = this channel
source_server = server
source_default = default

## Turn alerts (players)

alerts_off = You get no DM when it is your turn; the table and your panel still show it.
alerts_on = When your turn has waited { $seconds } s without an action, you get a new DM saying so.
alerts_now = You get a new DM as soon as it is your turn.
alerts_server_off = Turn alerts are off on this server for now, so none come until an admin turns them on.

## Rules

rules_title = 2-7 Triple Draw — the rules
rules_body =
    {"*"}*Goal:** the lowest five-card hand wins. Aces are high, straights and flushes count against you, so the best hand is 7-5-4-3-2 of mixed suits ("number one").
    {"*"}*Deal:** five cards each, in your DMs (or { $cmd-poker-hand }). The player left of the button posts the small blind, the next the big blind; heads-up, the button posts the small blind and acts first before the draw.
    {"*"}*Play:** bet – draw – bet – draw – bet – draw – bet – showdown. In each draw you discard 0 to 5 cards (0 = stand pat) and get as many new ones; everyone sees how many you drew. You may mark your discards before your turn; one card is burned before a draw's first new card, and when the deck runs out the discards are shuffled into a new one (never the cards you have just thrown).
    {"*"}*Betting:** fixed limit. Bets and raises are the small bet before and after the first draw and the big bet (twice as much) after the second and third; at most { $cap } bets a round, the big blind counting as the first before the draw.
    {"*"}*Time:** { $timer } s to act or draw; a timeout checks or folds, or stands pat. Two timeouts in a row sit you out at a cash table; in a tournament you stay dealt in, and the dealer checks, folds and stands pat for you until you are back.
rules_rankings_title = Hand rankings (best first)
rules_rankings =
    1. No pair, compared from the top card down: 7-5-4-3-2 (number one), 7-6-4-3-2, 7-6-5-3-2 … 8-5-4-3-2 … A-K-Q-J-9 (A-5-4-3-2 is ace-high, not a straight)
    2. One pair (2-2-3-4-5 is the best)
    3. Two pair
    4. Three of a kind
    5. Straight
    6. Flush
    7. Full house
    8. Four of a kind
    9. Straight flush

## House players

house_marker = 🤖
house_sits = 🤖 { $name } (a house player, { $style }) sits down.
house_stands = 🤖 { $name } stands up.
house_room_after_hand = The table is full: house player { $name } stands up when this hand ends, and you sit down in that seat then.
house_room_waiting = You already have a seat coming: you sit down when this hand ends.
house_room_taken = { $name } takes the seat a house player left.
house_room_lost = { $name } could not be seated after the hand: { $cmd-poker-join } to try again.
house_count_invalid = Choose between 1 and 9 house players.
house_seats_invalid = Choose between 0 and 10 seats (0 turns filling off).
house_style_invalid = There is no such style: choose { $styles }.
house_no_member = House players sit only at a table with a member: { $cmd-poker-join } first.
house_table_full = The table is full ({ $seats } seats).
house_none = There is no house player at this table.
house_fill_on = This table is set to fill { $seats } seats with house players; they would sit down again. { $cmd-pokeradmin-house-fill } seats:0 first.
house_added = { $count ->
        [one] One house player sat down
       *[other] { $count } house players sat down
    } ({ $style }).
house_added_fewer = { $count ->
        [one] Only one seat was free: one house player sat down
       *[other] Only { $count } seats were free: { $count } house players sat down
    } ({ $style }).
house_removed = { $now ->
        [one] One house player stood up
       *[other] { $now } house players stood up
    }; { $later } stand up when this hand ends.
house_fill_set_channel = House players ({ $style }) now fill this table up to { $seats } seats whenever a member is seated.
house_fill_set_server = House players ({ $style }) now fill every table of this server up to { $seats } seats whenever a member is seated (a channel's own setting wins).
house_fill_off_channel = House players no longer fill seats at this table; those seated stay until { $cmd-pokeradmin-house-remove }.
house_fill_off_server = House players no longer fill seats by default on this server.
settings_house = **House players** fill up to { $seats } seats ({ $style }) beside a member
settings_no_house = **House players** fill no seats ({ $cmd-pokeradmin-house-fill })
kick_house = { $name } is a house player: { $cmd-pokeradmin-house-remove } stands them up.

## Hand names (the ranks are numbers: 2-10, 11 jack, 12 queen, 13 king, 14 ace)

hand_number_one = number one
hand_number_two = number two
hand_low =
    { $high ->
        [2] deuce
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
        [10] ten
        [11] jack
        [12] queen
        [13] king
       *[14] ace
    }-{ $second ->
        [2] deuce
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
        [10] ten
        [11] jack
        [12] queen
        [13] king
       *[14] ace
    } low
hand_pair =
    pair of { $rank ->
        [2] deuces
        [3] threes
        [4] fours
        [5] fives
        [6] sixes
        [7] sevens
        [8] eights
        [9] nines
        [10] tens
        [11] jacks
        [12] queens
        [13] kings
       *[14] aces
    }
hand_two_pair =
    two pair, { $high ->
        [2] deuces
        [3] threes
        [4] fours
        [5] fives
        [6] sixes
        [7] sevens
        [8] eights
        [9] nines
        [10] tens
        [11] jacks
        [12] queens
        [13] kings
       *[14] aces
    } and { $low ->
        [2] deuces
        [3] threes
        [4] fours
        [5] fives
        [6] sixes
        [7] sevens
        [8] eights
        [9] nines
        [10] tens
        [11] jacks
        [12] queens
        [13] kings
       *[14] aces
    }
hand_three =
    three { $rank ->
        [2] deuces
        [3] threes
        [4] fours
        [5] fives
        [6] sixes
        [7] sevens
        [8] eights
        [9] nines
        [10] tens
        [11] jacks
        [12] queens
        [13] kings
       *[14] aces
    }
hand_straight =
    straight, { $high ->
        [2] deuce
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
        [10] ten
        [11] jack
        [12] queen
        [13] king
       *[14] ace
    } high
hand_flush =
    flush, { $high ->
        [2] deuce
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
        [10] ten
        [11] jack
        [12] queen
        [13] king
       *[14] ace
    } high
hand_full_house =
    full house, { $high ->
        [2] deuces
        [3] threes
        [4] fours
        [5] fives
        [6] sixes
        [7] sevens
        [8] eights
        [9] nines
        [10] tens
        [11] jacks
        [12] queens
        [13] kings
       *[14] aces
    } full of { $low ->
        [2] deuces
        [3] threes
        [4] fours
        [5] fives
        [6] sixes
        [7] sevens
        [8] eights
        [9] nines
        [10] tens
        [11] jacks
        [12] queens
        [13] kings
       *[14] aces
    }
hand_four =
    four { $rank ->
        [2] deuces
        [3] threes
        [4] fours
        [5] fives
        [6] sixes
        [7] sevens
        [8] eights
        [9] nines
        [10] tens
        [11] jacks
        [12] queens
        [13] kings
       *[14] aces
    }
hand_straight_flush =
    straight flush, { $high ->
        [2] deuce
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
        [10] ten
        [11] jack
        [12] queen
        [13] king
       *[14] ace
    } high
hand_royal_flush = royal flush

## The public log of a hand (under the table)

log_small_blind = { $name } posts the small blind { $amount }
log_big_blind = { $name } posts the big blind { $amount }
log_fold = { $name } folds
log_check = { $name } checks
log_call = { $name } calls { $amount }
log_bet = { $name } bets { $amount }
log_raise = { $name } raises to { $amount }
log_all_in = { $action } and is all-in
log_draw = { $count ->
        [0] { $name } stands pat
       *[other] { $name } draws { $count }
    }
log_show = { $name } shows { $cards } ({ $hand_name })
log_win = { $name } wins { $amount } from { $pot }
log_pot_main = the main pot
log_pot_side = { $number ->
        [1] the side pot
       *[other] side pot { $number }
    }
log_pot_whole = the pot
log_return = { $name } takes back { $amount } (uncalled)
log_left = { $name } has left: the hand is folded
log_timed_out = { $action } (time ran out)

## Languages (/pokeradmin language)

language_name = { $language ->
        [hu] magyar (Hungarian)
        [sv] svenska (Swedish)
        [id] Bahasa Indonesia (Indonesian)
        [ru] русский (Russian)
       *[en] English
    }
language_set_channel = This channel's table now speaks { $name }.
language_set_server = This server's tables now speak { $name } (a channel's own language wins).
language_reset_channel = This channel's table now speaks the server's language ({ $name }).
language_reset_server = This server's tables now speak the server's Discord language ({ $name }).
settings_language = **Language** { $name } — { $source }
source_discord = the server's Discord language

## Refusals from the chip ledger

error_amount_whole = The amount must be a whole number of chips.
error_amount_positive = The amount must be more than zero chips.
error_amount_range = The amount must be between { $minimum } and { $maximum }.
error_wallet_short = { $balance ->
        [one] You have only { $balance } chip in your wallet; that needs { $needed }.
       *[other] You have only { $balance } chips in your wallet; that needs { $needed }.
    }
error_daily_off = Daily chips are turned off on this server.
error_wallet_full = Your wallet is full; spend some chips first.
error_wallet_limit = That would put more than { $maximum } chips in one wallet.
error_table_limit = You can have at most { $maximum } chips on the table; you can add up to { $room }.
error_no_table = There is no such table.
error_table_closing = This table is closing and takes no new players.
error_table_closed = This table is closed.
error_table_full = The table is full ({ $seats } seats).
error_seat_taken = Seat { $seat } is taken.
error_hand_running = A hand is still being played; the table closes after it.
error_blind_whole = The small blind must be a whole number.
error_blind_range = The small blind must be between 1 and the small bet ({ $small_bet }).
error_buyin_order = The minimum buy-in ({ $minimum }) cannot be above the maximum ({ $maximum }).
error_action = That action is not possible right now.
## Odds and ends

kick_choice = { $name } (seat { $seat })
shard_back_soon = This table will be back in a moment: try again shortly. Nothing changed.
alt_hand = Your hand: { $cards }
alt_new = new this draw: { $cards }
# The mark under a winning hand inside the showdown picture.
picture_winner = ★ winner
alt_showdown = Showdown.
alt_shown_hand = { $winner ->
        [yes] { $name } (wins): { $cards }, { $hand_name }.
       *[no] { $name }: { $cards }, { $hand_name }.
    }
log_reshuffle = The deck ran out: the muck ({ $count } cards) is shuffled into a new stub
no_hand = —

# Host pause, top-ups and the time bank
table_paused = ⏸ Paused by { $name }: no new hand until an admin uses { $cmd-pokeradmin-resume }.
table_pausing = ⏸ Paused by { $name }: this is the last hand until an admin uses { $cmd-pokeradmin-resume }.
time_bank_running = ⏳ time bank
log_topup = { $name } adds { $amount } chips
topup_leaving = You are leaving this table: your chips go back to your wallet, so there is nothing to top up.
topup_over = You can have at most { $maximum } chips at this table: you can add up to { $room } now.
topup_wallet = Your wallet has only { $wallet } chips.
topup_done = Added { $amount } chips: you have { $stack } at the table.
topup_queued = { $amount } chips will be added to your stack before the next hand.
topup_held_wallet = Your queued { $amount } chips were not added: your wallet has only { $wallet } now.
topup_held_frozen = Your queued { $amount } chips were not added: an admin froze your wallet.
topup_held_room = { $added } of your queued { $amount } chips were added: this table allows at most { $maximum } in front of you.
pause_already = This table is already paused: { $cmd-pokeradmin-resume } deals again.
paused_now = The table is paused: no hand is dealt until { $cmd-pokeradmin-resume }.
paused_after_hand = The table pauses after the running hand: { $cmd-pokeradmin-resume } deals again.
resume_not_paused = This table is not paused.
table_resumed = The table deals again.
dashboard_off = The web dashboard is off on this bot: its host turns it on with DEUCE_WEB_PORT.
dashboard_link = Your login link to the web dashboard (it works once, for { $minutes } min; keep it to yourself): <{ $link }>
settings_time_bank = **Time bank** { $start } s to start, +{ $add } s every { $every } hands, at most { $maximum } s
settings_time_bank_off = **Time bank** off
settings_seat_banks = **Time banks here** { $banks }
settings_seat_bank = { $name } { $seconds } s

## Sit-and-go tournaments: what the store refuses

sng_not_found = There is no such tournament.
sng_exists = This channel already has a tournament registering or under way.
sng_table_busy = A cash game is open in this channel; a tournament can be played here once its table is closed.
sng_levels = A tournament's levels go up either every so many minutes or every so many hands.
sng_structure_unknown = The structure must be turbo, regular or slow.
sng_pool_too_big = The prize pool (the buy-in times the seats) can be at most { $pool } chips, the largest prize that can be paid: with { $seats } seats the buy-in can be at most { $buy_in }.
sng_started = This tournament has already started.
sng_not_started = This tournament has not started yet.
sng_closed = This tournament is over.
sng_already_registered = You are already registered for this tournament.
sng_not_registered = You are not registered for this tournament.
sng_full = The tournament is full ({ $seats } players).
sng_too_few = A tournament needs at least two players to start.
sng_not_full = The tournament's seats are no longer all taken: it starts when they are.
sng_hand_running = A hand is still being played at the tournament's table.
sng_prizes_wrong = The prizes add up to { $prizes } but the prize pool is { $pool }; nothing was paid.
sng_table_refused = A tournament is being played at this table: no chips can be bought, added or cashed out here until it ends.
mtt_late_closed = Late registration for this tournament is closed (it was open through level { $levels }).
mtt_payouts_unknown = The payouts must be standard or flat.
mtt_field_changed = The field changed while the tables were drawn; they are drawn again.
mtt_in_the_money = This tournament is in the money: it can no longer be cancelled.

## /poker rules: the time bank and the commands, grouped (built from the command tree)

rules_time_bank = {"*"}*Time bank:** when your time runs out, your time bank gives you more before the timeout: { $start } s to start with, { $add } s more every { $every ->
        [one] hand
       *[other] { $every } hands
    } you are dealt, at most { $maximum } s.
rules_time_bank_off = {"*"}*Time bank:** none at this table: the timeout comes as soon as your time runs out.
rules_group_table = At the table
rules_group_tournaments = Tournaments
rules_group_records = Your hands and figures
rules_group_chips = Chips
rules_group_admin = Admins
rules_admin_line = For members who may manage the server, under { $admin }:

## A tournament hand's result on the player's panel: tournament chips, not the wallet's

panel_won_tournament = You won { $amount ->
        [one] { $amount } tournament chip
       *[other] { $amount } tournament chips
    } in this hand (net { $net }).
panel_lost_tournament = This hand cost you { $amount ->
        [one] { $amount } tournament chip
       *[other] { $amount } tournament chips
    }.

## /poker history: text hand histories in PokerStars' form
history_files_text = Each hand is attached as a text hand history in PokerStars' form, which trackers import.
