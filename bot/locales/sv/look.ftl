# Issue 27: repris av händer, statistik per period, sessionsliggare och lobby.

button_replay = Repris
replay_title = Repris — hand #{ $hand_id } · steg { $step }/{ $steps }
replay_deal = Given: mörkar lagda, fem kort till varje spelare
replay_pot = Pott: { $pot }
replay_seats = Platser
replay_seat = { $name }: { $stack } framför sig, { $bet } satsat
replay_folded = har lagt sig
replay_shown = visar { $cards } ({ $hand_name })
replay_your_cards = Dina kort: { $cards }
replay_you_drew = Du slängde { $thrown } och fick { $got }
replay_not_played = Du var inte med i given: du ser det bordet såg.
replay_voided = Handen avbröts här: alla insatser gick tillbaka.
replay_not_found = Det finns ingen hand #{ $hand_id } på den här servern.
replay_running = Hand #{ $hand_id } spelas fortfarande: se reprisen när den är klar.
replay_unavailable = Hand #{ $hand_id } kan inte visas i repris: för lite av den sparades.
replay_none = Du har inte spelat någon hand på den här servern än.
replay_no_step = Det steget finns inte i den här handen.
