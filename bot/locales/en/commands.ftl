# Deuce: the slash commands in English (the source language).
# Names: lowercase, no spaces, at most 32 characters (Discord's rule); descriptions at most 100.
# Ids: cmd-<command path>[-<option>][-desc]; choice-<value> for a fixed choice.

cmd-poker = poker
cmd-poker-desc = Play 2-7 Triple Draw at this channel's table

cmd-poker-join = join
cmd-poker-join-desc = Sit at this channel's table (buy in from your wallet)
cmd-poker-join-buy_in = buy_in
cmd-poker-join-buy_in-desc = Chips to bring to the table (default: the table's default)

cmd-poker-leave = leave
cmd-poker-leave-desc = Stand up (mid-hand: fold and cash out when it ends)

cmd-poker-sitout = sitout
cmd-poker-sitout-desc = Skip hands from the next one, keeping your seat

cmd-poker-sitin = sitin
cmd-poker-sitin-desc = Play again from the next hand

cmd-poker-table = table
cmd-poker-table-desc = Post the table again at the bottom of the channel

cmd-poker-hand = hand
cmd-poker-hand-desc = Show your cards privately, with the discard buttons

cmd-poker-rules = rules
cmd-poker-rules-desc = Rules of 2-7 Triple Draw, the hand rankings and the commands

cmd-poker-stats = stats
cmd-poker-stats-desc = Your record here, or another member's
cmd-poker-stats-member = member
cmd-poker-stats-member-desc = Whose stats (default: yours)
cmd-poker-stats-period = period
cmd-poker-stats-period-desc = Which hands (default: all of them)

cmd-poker-history = history
cmd-poker-history-desc = Recent hands here as hand-history files (PHH or PokerStars text)
cmd-poker-history-count = count
cmd-poker-history-count-desc = How many hands (1-10, default 5)

cmd-poker-replay = replay
cmd-poker-replay-desc = Step through a hand again, privately
cmd-poker-replay-hand = hand
cmd-poker-replay-hand-desc = The hand's number (default: your last hand)

cmd-poker-session = session
cmd-poker-session-desc = Each player's net at this channel's table, this session

cmd-poker-tables = tables
cmd-poker-tables-desc = The server's open tables, and a way to join one

cmd-poker-alerts = alerts
cmd-poker-alerts-desc = Whether a new DM tells you it is your turn
cmd-poker-alerts-mode = mode
cmd-poker-alerts-mode-desc = off: never; on: when your turn has waited a few seconds; now: as soon as it comes

cmd-chips = chips
cmd-chips-desc = Your poker chips

cmd-chips-balance = balance
cmd-chips-balance-desc = Chips in your wallet and on tables

cmd-chips-daily = daily
cmd-chips-daily-desc = Claim your daily chips

cmd-chips-leaderboard = leaderboard
cmd-chips-leaderboard-desc = The richest players in this server
cmd-chips-leaderboard-period = period
cmd-chips-leaderboard-period-desc = Rank by chips won over the week, the month or all hands

cmd-pokeradmin = pokeradmin
cmd-pokeradmin-desc = Poker settings for this server (Manage Server)

cmd-pokeradmin-house = house
cmd-pokeradmin-house-desc = House players at this channel's table

cmd-pokeradmin-house-add = add
cmd-pokeradmin-house-add-desc = Seat house players at this channel's table
cmd-pokeradmin-house-add-count = count
cmd-pokeradmin-house-add-count-desc = How many house players (default 1)
cmd-pokeradmin-house-add-level = level
cmd-pokeradmin-house-add-level-desc = How well they play (default strong)

cmd-pokeradmin-house-remove = remove
cmd-pokeradmin-house-remove-desc = Stand up house players at this channel's table
cmd-pokeradmin-house-remove-count = count
cmd-pokeradmin-house-remove-count-desc = How many house players (default: all)

cmd-pokeradmin-house-fill = fill
cmd-pokeradmin-house-fill-desc = Fill empty seats up to N with house players when a member sits
cmd-pokeradmin-house-fill-seats = seats
cmd-pokeradmin-house-fill-seats-desc = Seats to fill up to (0 = off)
cmd-pokeradmin-house-fill-level = level
cmd-pokeradmin-house-fill-level-desc = How well they play (default strong)
cmd-pokeradmin-house-fill-scope = scope
cmd-pokeradmin-house-fill-scope-desc = This channel's table or the server default (default: channel)

cmd-pokeradmin-stakes = stakes
cmd-pokeradmin-stakes-desc = Set the stakes of this channel or the server
cmd-pokeradmin-stakes-small_bet = small_bet
cmd-pokeradmin-stakes-small_bet-desc = The small bet (big bet is twice it; big blind = small bet)
cmd-pokeradmin-stakes-small_blind = small_blind
cmd-pokeradmin-stakes-small_blind-desc = Small blind (default: half the small bet)
cmd-pokeradmin-stakes-cap = cap
cmd-pokeradmin-stakes-cap-desc = Bets allowed per round (default: unchanged)
cmd-pokeradmin-stakes-scope = scope
cmd-pokeradmin-stakes-scope-desc = This channel's table or the server default (default: channel)

cmd-pokeradmin-buyin = buyin
cmd-pokeradmin-buyin-desc = Set the buy-in range of this server's tables
cmd-pokeradmin-buyin-min = min
cmd-pokeradmin-buyin-min-desc = Smallest buy-in
cmd-pokeradmin-buyin-max = max
cmd-pokeradmin-buyin-max-desc = Largest buy-in

cmd-pokeradmin-timer = timer
cmd-pokeradmin-timer-desc = Seconds players get to act and to draw
cmd-pokeradmin-timer-seconds = seconds
cmd-pokeradmin-timer-seconds-desc = Seconds per decision


cmd-pokeradmin-alerts = alerts
cmd-pokeradmin-alerts-desc = Seconds a turn waits before its player gets a DM
cmd-pokeradmin-alerts-seconds = seconds
cmd-pokeradmin-alerts-seconds-desc = Seconds without an action before the DM (0 = no turn alerts)

cmd-pokeradmin-idle = idle
cmd-pokeradmin-idle-desc = Seconds a table nobody sits at stays open
cmd-pokeradmin-idle-seconds = seconds
cmd-pokeradmin-idle-seconds-desc = Seconds with no member seated before the table closes itself

cmd-pokeradmin-tables = tables
cmd-pokeradmin-tables-desc = How many open tables each member may open here
cmd-pokeradmin-tables-per_member = per_member
cmd-pokeradmin-tables-per_member-desc = Open tables one member may have opened at once

cmd-pokeradmin-cards = cards
cmd-pokeradmin-cards-desc = How this server's tables show the cards
cmd-pokeradmin-cards-style = style
cmd-pokeradmin-cards-style-desc = Pictures with red and black suits, four suit colours, or text

cmd-pokeradmin-language = language
cmd-pokeradmin-language-desc = The language of this channel's table or of the server's tables
cmd-pokeradmin-language-language = language
cmd-pokeradmin-language-language-desc = The language, or the server's own Discord language
cmd-pokeradmin-language-scope = scope
cmd-pokeradmin-language-scope-desc = This channel's table, or every table of the server

cmd-pokeradmin-settings = settings
cmd-pokeradmin-settings-desc = Every current setting here and where it comes from

cmd-pokeradmin-economy = economy
cmd-pokeradmin-economy-desc = Starting wallet and daily grant
cmd-pokeradmin-economy-start = start
cmd-pokeradmin-economy-start-desc = Chips a new member starts with
cmd-pokeradmin-economy-daily = daily
cmd-pokeradmin-economy-daily-desc = Chips per /chips daily

cmd-pokeradmin-grant = grant
cmd-pokeradmin-grant-desc = Give chips to a member's wallet
cmd-pokeradmin-grant-member = member
cmd-pokeradmin-grant-member-desc = Who receives the chips
cmd-pokeradmin-grant-amount = amount
cmd-pokeradmin-grant-amount-desc = How many chips

cmd-pokeradmin-kick = kick
cmd-pokeradmin-kick-desc = Remove a player from this channel's table
cmd-pokeradmin-kick-player = player
cmd-pokeradmin-kick-player-desc = Who to remove (one of the seated players)

cmd-pokeradmin-close = close
cmd-pokeradmin-close-desc = Close this channel's table after the current hand

cmd-pokeradmin-dashboard = dashboard
cmd-pokeradmin-dashboard-desc = A private one-time link to this server's web dashboard

## Fixed choices

choice-off = off
choice-on = on
choice-now = now
choice-solid = solid
choice-loose = loose
choice-beginner = beginner
choice-strong = strong
choice-channel = channel
choice-server = server
choice-two-colour = two-colour
choice-four-colour = four-colour
choice-text = text
choice-en = English
choice-hu = magyar (Hungarian)
choice-sv = svenska (Swedish)
choice-id = Bahasa Indonesia (Indonesian)
choice-ru = русский (Russian)
choice-discord = the server's Discord language
choice-week = week
choice-month = month
choice-all = all

cmd-pokeradmin-pause = pause
cmd-pokeradmin-pause-desc = Stop dealing at this channel's table after this hand

cmd-pokeradmin-resume = resume
cmd-pokeradmin-resume-desc = Deal again at this channel's paused table

cmd-pokeradmin-interval = interval
cmd-pokeradmin-interval-desc = Seconds between two hands
cmd-pokeradmin-interval-seconds = seconds
cmd-pokeradmin-interval-seconds-desc = Seconds from the end of one hand to the next deal

cmd-pokeradmin-timebank = timebank
cmd-pokeradmin-timebank-desc = Extra seconds each player has when a turn ends
cmd-pokeradmin-timebank-start = start
cmd-pokeradmin-timebank-start-desc = Seconds a player starts with (0 = no time bank)
cmd-pokeradmin-timebank-add = add
cmd-pokeradmin-timebank-add-desc = Seconds added every so many hands
cmd-pokeradmin-timebank-every = every
cmd-pokeradmin-timebank-every-desc = Hands between two additions
cmd-pokeradmin-timebank-maximum = maximum
cmd-pokeradmin-timebank-maximum-desc = The most seconds a time bank holds

cmd-poker-topup = topup
cmd-poker-topup-desc = Add chips from your wallet to your stack here
cmd-poker-topup-amount = amount
cmd-poker-topup-amount-desc = Chips to add (up to the table's largest buy-in)

cmd-poker-sng = sng
cmd-poker-sng-desc = Sit-and-go tournaments
cmd-poker-sng-create = create
cmd-poker-sng-create-desc = Create a sit-and-go in this channel (admins)
cmd-poker-sng-create-buy_in = buy_in
cmd-poker-sng-create-buy_in-desc = Chips each player pays from their wallet (the prize pool is the buy-ins)
cmd-poker-sng-create-seats = seats
cmd-poker-sng-create-seats-desc = Players (2-6); it starts when full
cmd-poker-sng-create-stack = stack
cmd-poker-sng-create-stack-desc = Tournament chips each player starts with (default 1,500)
cmd-poker-sng-create-level_minutes = level_minutes
cmd-poker-sng-create-level_minutes-desc = Minutes of play per level (default 6)
cmd-poker-sng-create-level_hands = level_hands
cmd-poker-sng-create-level_hands-desc = Hands per level (instead of minutes)
cmd-poker-sng-create-structure = structure
cmd-poker-sng-create-structure-desc = How fast the limits rise
cmd-poker-sng-create-starts_in = starts_in
cmd-poker-sng-create-starts_in-desc = Start in this many minutes (with at least two players)
cmd-poker-sng-register = register
cmd-poker-sng-register-desc = Register for this channel's sit-and-go
cmd-poker-sng-unregister = unregister
cmd-poker-sng-unregister-desc = Take your buy-in back before the start
cmd-poker-sng-house = house
cmd-poker-sng-house-desc = Register house players (admins)
cmd-poker-sng-house-count = count
cmd-poker-sng-house-count-desc = How many (1-5)
cmd-poker-sng-house-level = level
cmd-poker-sng-house-level-desc = How well they play
cmd-poker-sng-start = start
cmd-poker-sng-start-desc = Start this channel's sit-and-go now (admins)
cmd-poker-sng-cancel = cancel
cmd-poker-sng-cancel-desc = Cancel this channel's sit-and-go, refunding everyone
cmd-poker-sng-show = show
cmd-poker-sng-show-desc = The sit-and-go here: its field, standings or result

cmd-poker-mtt = mtt
cmd-poker-mtt-desc = Multi-table tournaments
cmd-poker-mtt-create = create
cmd-poker-mtt-create-desc = Schedule a multi-table tournament here (admins)
cmd-poker-mtt-create-starts_in = starts_in
cmd-poker-mtt-create-starts_in-desc = Start in this many minutes
cmd-poker-mtt-create-buy_in = buy_in
cmd-poker-mtt-create-buy_in-desc = Chips each player pays from their wallet (the prize pool is the buy-ins)
cmd-poker-mtt-create-stack = stack
cmd-poker-mtt-create-stack-desc = Tournament chips each player starts with (default 1,500)
cmd-poker-mtt-create-structure = structure
cmd-poker-mtt-create-structure-desc = How fast the limits rise
cmd-poker-mtt-create-level_minutes = level_minutes
cmd-poker-mtt-create-level_minutes-desc = Minutes of play per level (default 10)
cmd-poker-mtt-create-level_hands = level_hands
cmd-poker-mtt-create-level_hands-desc = Hands per level (instead of minutes)
cmd-poker-mtt-create-field = field
cmd-poker-mtt-create-field-desc = Most players (2-60, six a table)
cmd-poker-mtt-create-late_levels = late_levels
cmd-poker-mtt-create-late_levels-desc = Late registration through this level (0: none)
cmd-poker-mtt-create-payouts = payouts
cmd-poker-mtt-create-payouts-desc = How the prize pool is shared
cmd-poker-mtt-register = register
cmd-poker-mtt-register-desc = Register for this channel's tournament
cmd-poker-mtt-unregister = unregister
cmd-poker-mtt-unregister-desc = Take your buy-in back before the start
cmd-poker-mtt-house = house
cmd-poker-mtt-house-desc = Register house players (admins)
cmd-poker-mtt-house-count = count
cmd-poker-mtt-house-count-desc = How many (1-20)
cmd-poker-mtt-house-level = level
cmd-poker-mtt-house-level-desc = How well they play
cmd-poker-mtt-cancel = cancel
cmd-poker-mtt-cancel-desc = Cancel this channel's tournament, refunding everyone
cmd-chips-leaderboard-by = by
cmd-chips-leaderboard-by-desc = Rank by chips (the default) or by tournament results (sit-and-goes and multi-table)
cmd-pokeradmin-sng = sng
cmd-pokeradmin-sng-desc = Who may create, start and cancel tournaments
cmd-pokeradmin-sng-members = members
cmd-pokeradmin-sng-members-desc = True: any member; False: admins only (the default)
choice-turbo = turbo
choice-regular = regular
choice-slow = slow
choice-standard = standard
choice-flat = flat
choice-chips = chips
choice-tournaments = tournaments

## /poker history: text hand histories in PokerStars' form
cmd-poker-history-format = format
cmd-poker-history-format-desc = phh: PHH files (PokerKit); text: PokerStars text that trackers import
choice-phh = PHH

# Issue 39: /pokeradmin fairplay.
cmd-pokeradmin-fairplay = fairplay
cmd-pokeradmin-fairplay-desc = Gates, exemptions and frozen wallets
cmd-pokeradmin-fairplay-gates = gates
cmd-pokeradmin-fairplay-gates-desc = Account age and membership needed for daily chips and play
cmd-pokeradmin-fairplay-gates-account_days = account_days
cmd-pokeradmin-fairplay-gates-account_days-desc = Days a member's Discord account must exist (0 = no minimum)
cmd-pokeradmin-fairplay-gates-member_days = member_days
cmd-pokeradmin-fairplay-gates-member_days-desc = Days a member must have been in this server (0 = no minimum)
cmd-pokeradmin-fairplay-exempt = exempt
cmd-pokeradmin-fairplay-exempt-desc = Let a member past the gates
cmd-pokeradmin-fairplay-exempt-member = member
cmd-pokeradmin-fairplay-exempt-member-desc = The member the gates no longer hold back
cmd-pokeradmin-fairplay-unexempt = unexempt
cmd-pokeradmin-fairplay-unexempt-desc = Hold a member to the gates again
cmd-pokeradmin-fairplay-unexempt-member = member
cmd-pokeradmin-fairplay-unexempt-member-desc = The member the gates hold to again
cmd-pokeradmin-fairplay-freeze = freeze
cmd-pokeradmin-fairplay-freeze-desc = Freeze a member's wallet: no daily, buy-in or registration
cmd-pokeradmin-fairplay-freeze-member = member
cmd-pokeradmin-fairplay-freeze-member-desc = The member whose wallet is frozen
cmd-pokeradmin-fairplay-unfreeze = unfreeze
cmd-pokeradmin-fairplay-unfreeze-desc = Unfreeze a member's wallet
cmd-pokeradmin-fairplay-unfreeze-member = member
cmd-pokeradmin-fairplay-unfreeze-member-desc = The member whose wallet is unfrozen
cmd-pokeradmin-fairplay-leaderboard = leaderboard
cmd-pokeradmin-fairplay-leaderboard-desc = Whether /chips leaderboard leaves out frozen members
cmd-pokeradmin-fairplay-leaderboard-hide = hide
cmd-pokeradmin-fairplay-leaderboard-hide-desc = True: frozen members are left out; False: everyone is ranked
cmd-pokeradmin-fairplay-leaderboard-flagged = flagged
cmd-pokeradmin-fairplay-leaderboard-flagged-desc = True (with hide): the members the newest report flagged are left out too
cmd-pokeradmin-fairplay-report = report
cmd-pokeradmin-fairplay-report-desc = Pairs of members whose chips moved between them suspiciously
cmd-pokeradmin-fairplay-report-period = period
cmd-pokeradmin-fairplay-report-period-desc = The hands of the last week, the last month (default) or all
