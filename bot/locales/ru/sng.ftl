# Issue 26: турниры sit-and-go.

field_tournament = Турнир sit-and-go №{ $tournament }
sng_level_line = Уровень { $level }: { $limits } · следующий { $next }
sng_next_at = { $when }
sng_next_hands = { $hands ->
    [0] со следующей раздачи
    [one] через { $hands } раздачу
    [few] через { $hands } раздачи
    [many] через { $hands } раздач
   *[other] через { $hands } раздач
}
sng_players_line = Осталось игроков: { $left } из { $entrants } · средний стек { $average }
sng_level_up = Уровень { $level }: теперь ставки { $limits }.
sng_away = { $name } отсутствует: получает карты и платит блайнды, пока не вернётся ({ $cmd-poker-sitin }).
sng_away_now = Вы отсутствуете: вы по-прежнему получаете карты, ваши блайнды ставятся автоматически, а когда время на ход выходит, засчитывается чек или фолд. { $cmd-poker-sitin } вернёт вас в игру.
sng_out = { $name } выбывает на { $place }-м месте.
sng_out_prize = { $name } выбывает на { $place }-м месте и выигрывает { $prize }.
sng_place_private = Вы заняли { $place }-е место из { $entrants } в турнире sit-and-go №{ $tournament }.
sng_place_private_prize = Вы заняли { $place }-е место из { $entrants } в турнире sit-and-go №{ $tournament }. Ваш приз в фишках: { $prize }; он поступит в кошелёк, когда турнир закончится.
sng_won = { $name } выигрывает турнир sit-and-go №{ $tournament }!
sng_next_level = Со следующей раздачи уровень { $level }: { $limits }.
sng_table_won = Турнир sit-and-go №{ $tournament } окончен: побеждает { $name }, первый приз — { $prize }.
sng_table_cancelled = Турнир sit-and-go №{ $tournament } отменён: все бай-ины возвращены.
sng_final_level = Завершён на уровне { $level } ({ $limits })
sng_result_title = Турнир sit-and-go №{ $tournament }: итоговые места
sng_result_line = { $place }. { $name }: { $prize }
sng_prize_label = Приз
sng_house_label = бот
sng_pool_line = Призовой фонд { $pool } · игроков: { $entrants }
sng_cancelled = Турнир sit-and-go №{ $tournament } отменён: все бай-ины вернулись в кошельки.
sng_cancelled_unresumable = Турнир sit-and-go №{ $tournament } не удалось продолжить после перезапуска, и он отменён: все бай-ины вернулись в кошельки.
sng_join_refused = За этим столом идёт турнир sit-and-go: бай-ин здесь не принимается. { $cmd-poker-sng-show } покажет положение игроков.
sng_topup_refused = Турнирные фишки докупать нельзя.
sng_pause_refused = Турнирный стол нельзя приостановить: уровни идут дальше.
sng_close_refused = Это стол турнира sit-and-go: { $cmd-poker-sng-cancel } отменит турнир и вернёт все бай-ины.

sng_status_registering = регистрация
sng_status_running = идёт
sng_status_finished = завершён
sng_status_cancelled = отменён
sng_reg_title = Турнир sit-and-go №{ $tournament } ({ $status })
sng_reg_buy_in = Бай-ин { $buy_in } · призовой фонд { $pool }
sng_reg_buy_in_refunded = Бай-ин { $buy_in } · все бай-ины возвращены
sng_reg_stack = Стартовый стек в турнирных фишках: { $stack }
sng_reg_structure = Структура: { $structure } ({ $levels } …), длина уровня: { $length }
sng_level_minutes = { $minutes ->
    [one] { $minutes } минута
    [few] { $minutes } минуты
    [many] { $minutes } минут
   *[other] { $minutes } минут
}
sng_level_hands = { $hands ->
    [one] { $hands } раздача
    [few] { $hands } раздачи
    [many] { $hands } раздач
   *[other] { $hands } раздач
}
sng_reg_payouts = Выплаты: { $payouts } (участников: { $field })
sng_reg_starts = Старт: { $when } или когда все места будут заняты
sng_reg_starts_full = Старт, когда все места ({ $seats }) будут заняты или когда турнир запустит админ
sng_reg_field = Игроки ({ $count }/{ $seats })
sng_button_register = Зарегистрироваться
sng_button_unregister = Отменить регистрацию
sng_registered = Вы зарегистрированы в турнире sit-and-go №{ $tournament }: бай-ин { $buy_in } перешёл из вашего кошелька в призовой фонд.
sng_unregistered = Ваша регистрация в турнире sit-and-go №{ $tournament } отменена: бай-ин { $buy_in } вернулся в кошелёк.
sng_none_here = В этом канале нет турнира sit-and-go. Админ может создать его командой { $cmd-poker-sng-create }.
sng_admins_only = Это могут делать только участники с правом «Управлять сервером».
sng_level_both = Укажите длину уровня в минутах или в раздачах, но не то и другое сразу.
sng_house_added = { $count ->
    [0] Ни один бот не зарегистрирован: все места заняты.
    [one] Зарегистрирован { $count } бот.
    [few] Зарегистрировано { $count } бота.
    [many] Зарегистрировано { $count } ботов.
   *[other] Зарегистрировано { $count } ботов.
}
sng_cancelled_answer = Турнир sit-and-go №{ $tournament } отменён; { $count ->
    [one] возвращён { $count } бай-ин.
    [few] возвращено { $count } бай-ина.
    [many] возвращено { $count } бай-инов.
   *[other] возвращено { $count } бай-инов.
}
sng_show_alive = { $name }: стек { $stack }
sng_show_prizes = Призы: { $prizes }
stats_tournaments = Турниры
stats_tournaments_value = сыграно { $played } · выиграно { $wins } · в призах { $paid } · итог { $net }
leaderboard_sng_title = Результаты турниров за период: { $period }
leaderboard_sng_line = { $rank }. { $name }: { $net } ({ $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
    [many] { $wins } побед
   *[other] { $wins } побед
} из { $played })
leaderboard_sng_empty = За этот период здесь никто не доиграл ни одного турнира.
sng_starting = Турнир sit-and-go №{ $tournament } начинается.
sng_members_on = Теперь любой участник может создавать, запускать и отменять турниры на этом сервере.
sng_members_off = Теперь только администраторы (право «Управлять сервером») могут создавать, запускать и отменять турниры.
lobby_sng_field = Турниры
lobby_sng_line = { $channel } · турнир sit-and-go №{ $tournament } ({ $status }): игроков { $count }/{ $seats }, бай-ин { $buy_in }
lobby_mtt_line = { $channel } · многостоловый турнир №{ $tournament } ({ $status }): игроков { $count }/{ $seats }, бай-ин { $buy_in }
lobby_sng_register = Записаться на №{ $tournament }
lobby_no_tables = Открытых кэш-столов нет.

## Multi-table tournaments (/poker mtt)

mtt_lobby_title = Многостоловый турнир №{ $tournament } ({ $status })
mtt_lobby_options = Бай-ин { $buy_in } · стартовый стек { $stack } · { $structure }, уровни по { $length }
mtt_lobby_field = Игроков { $count }/{ $field } · призовой фонд { $pool } · призовых мест: { $paid } ({ $payouts })
mtt_lobby_late = Поздняя регистрация до уровня { $levels } включительно
mtt_lobby_starts = Старт { $when }
mtt_lobby_registered = Зарегистрированы: { $names }
mtt_lobby_hand_for_hand = Рука в руку: каждый стол ждёт, пока закончатся раздачи за остальными.
mtt_lobby_tables = Столы
mtt_lobby_table = Стол { $table }: { $thread } · игроков: { $count }
mtt_lobby_top = Крупнейшие стеки ({ $count })
mtt_thread_table = стол { $table }
mtt_event_name = Многостоловый турнир №{ $tournament }
mtt_hand_for_hand = Пузырь: с этого момента столы играют рука в руку, каждый ждёт остальных.
mtt_final_table = Финальный стол турнира №{ $tournament } собран: { $link }
mtt_table_broken = Стол { $table } расформирован: его игроки пересаживаются за другие столы (каждому сообщено в личных сообщениях, куда).
mtt_table_over = Турнир №{ $tournament } окончен: итоги — в канале турнира.
mtt_moved_dm = Турнир №{ $tournament }: вы пересаживаетесь со стола { $table_from } за стол { $table_to } вместе с фишками. Ваше место: { $link }
mtt_out = { $name } выбывает на { $place }-м месте (рука в руку).
mtt_out_prize = { $name } выбывает на { $place }-м месте (рука в руку) и выигрывает { $prize }.
mtt_result_title = Многостоловый турнир №{ $tournament }: итоговые места
mtt_field_tournament = Турнир №{ $tournament }
mtt_table_broken_closed = Этот стол турнира №{ $tournament } расформирован: его игроки пересели за другие столы.
mtt_table_cancelled = Турнир №{ $tournament } отменён: все бай-ины возвращены.
mtt_place_private = Вы заняли { $place }-е место из { $entrants } в турнире №{ $tournament }.
mtt_place_private_prize = Вы заняли { $place }-е место из { $entrants } в турнире №{ $tournament } и выигрываете { $prize } фишек; они поступят в ваш кошелёк по окончании турнира.
mtt_won = { $name } выигрывает многостоловый турнир №{ $tournament }!
mtt_text_channel_only = Многостоловый турнир создаётся в текстовом канале сервера: его столы — ветки под ним.
mtt_missing_permissions = Я не могу провести многостоловый турнир в этом канале: мне здесь нужно: { $permissions }. Админ может выдать это в правах канала.
mtt_none_here = В этом канале нет многостолового турнира. Админ создаёт его командой { $cmd-poker-mtt-create }.
mtt_registered = Вы зарегистрированы в турнире №{ $tournament }: { $buy_in } ушло из вашего кошелька в призовой фонд.
mtt_registered_late = Вы зарегистрированы в турнире №{ $tournament } с опозданием: { $buy_in } ушло из вашего кошелька в призовой фонд, вы посажены с полным стеком.
mtt_unregistered = Вы больше не зарегистрированы в турнире №{ $tournament }: { $buy_in } вернулось в ваш кошелёк.
mtt_cancelled_answer = Турнир №{ $tournament } отменён; бай-инов возвращено в кошельки: { $count }.
