# Issue 27: the replayer, stats by period, session ledgers and the lobby.

button_replay = Replay
replay_title = Replay — hand #{ $hand_id } · step { $step }/{ $steps }
replay_deal = The deal: blinds posted, five cards to each player
replay_pot = Pot: { $pot }
replay_seats = Seats
replay_seat = { $name }: { $stack } in front, { $bet } bet
replay_folded = folded
replay_shown = shows { $cards } ({ $hand_name })
replay_your_cards = Your cards: { $cards }
replay_you_drew = You threw { $thrown } and got { $got }
replay_not_played = You were not dealt in: you see what the table saw.
replay_voided = The hand was called off here: every bet went back.
replay_not_found = There is no hand #{ $hand_id } in this server.
replay_running = Hand #{ $hand_id } is still being played: replay it once it is over.
replay_unavailable = Hand #{ $hand_id } cannot be replayed: too little of it was kept.
replay_none = You have not played a hand in this server yet.
replay_no_step = That step is not part of this hand.
