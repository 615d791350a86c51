# Deuce: все фразы, которые видят игроки, на русском (перевод с английского).
# Синтаксис Project Fluent: https://projectfluent.org/fluent/guide/

## Общее

error_generic = Что-то пошло не так у бота. Ничего не изменилось — попробуйте ещё раз.
guild_only = В покер играют в канале сервера, а не в личных сообщениях.
no_permission = Для этой команды нужно право «Управлять сервером».
cooldown = Не так быстро: попробуйте снова через { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    }.

## Стол и места

no_table = В этом канале нет стола. Откройте его командой { $cmd-poker-join }.
joined_private = Вы садитесь на место { $seat }, в стеке { $stack ->
        [one] { $stack } фишка
        [few] { $stack } фишки
        [many] { $stack } фишек
       *[other] { $stack } фишек
    } (в кошельке теперь { $wallet }).
joined_wait = Вы получите карты со следующей раздачи.
already_seated = Вы уже сидите за этим столом (место { $seat }, { $stack ->
        [one] { $stack } фишка
        [few] { $stack } фишки
        [many] { $stack } фишек
       *[other] { $stack } фишек
    }).
already_seated_sitin = Вы уже сидите за этим столом (место { $seat }, { $stack ->
        [one] { $stack } фишка
        [few] { $stack } фишки
        [many] { $stack } фишек
       *[other] { $stack } фишек
    }) и пропускаете раздачи: { $cmd-poker-sitin }, чтобы снова играть.
dm_closed = Я не могу писать вам в личные сообщения, поэтому карты будут приходить скрытыми ответами: нажмите кнопку «Мои карты» на столе или используйте { $cmd-poker-hand }.
welcome_dm = Добро пожаловать за стол Deuce в #{ $channel }. В каждой раздаче ваши карты будут приходить сюда — с кнопками, чтобы отметить карты для сброса.
table_closing = Этот стол закрывается после текущей раздачи; новых игроков не принимаем.
left_now = Вы встаёте из-за стола и забираете в кошелёк { $amount ->
        [one] { $amount } фишку
        [few] { $amount } фишки
        [many] { $amount } фишек
       *[other] { $amount } фишек
    } (в кошельке { $wallet }).
left_after_hand = Вы делаете фолд и встанете из-за стола со своими фишками, когда раздача закончится.
already_leaving = Вы и так уходите после этой раздачи.
join_while_leaving = Вы встаёте из-за стола, когда закончится эта раздача (место { $seat }); после неё снова введите { $cmd-poker-join }.
sat_out = Со следующей раздачи вы пропускаете игру. Чтобы снова играть, введите { $cmd-poker-sitin }.
already_sitting_out = Вы и так пропускаете раздачи.
sat_in = Вы снова в игре со следующей раздачи.
not_sitting_out = Вы не пропускаете раздачи.
sit_in_busted = У вас нет фишек на столе: { $cmd-poker-join }, чтобы сделать бай-ин заново.
not_seated = Вы не сидите за этим столом. Садитесь командой { $cmd-poker-join }.
left_waiting = Вы больше не ждёте места за этим столом: из вашего кошелька ничего не списано. { $cmd-poker-join } — чтобы снова ждать места.
table_limit = На этом сервере у вас может быть открыто не больше { $count ->
        [one] { $count } открытого вами стола
       *[other] { $count } открытых вами столов
    } одновременно, и ваши столы здесь: { $channels }. Играйте там или садитесь за стол, открытый кем-то другим; стол, за которым никто не сидит, через некоторое время закрывается сам.
busted = { $name } остаётся без фишек и пропускает раздачи: { $cmd-poker-join }, чтобы сделать бай-ин заново.
timed_out_twice = { $name } дважды подряд не успевает сделать ход и со следующей раздачи пропускает игру.
seat_freed = { $name } слишком долго отсутствует — место снова свободно.
dm_failed_public = { $name }: не могу отправить вам карты в личные сообщения; используйте { $cmd-poker-hand }.
waiting_players = Ждём игроков: нужно хотя бы двое за столом с фишками. { $cmd-poker-join }
next_hand_in = Следующая раздача { $when }.
table_closed = Стол закрыт. Фишки всех игроков вернулись в их кошельки.
table_closed_now = Стол закрыт; фишки возвращены: { $summary }.
table_closed_idle = За этим столом никто не сидел, поэтому он закрылся. { $cmd-poker-join } откроет его снова.
close_after_hand = Стол закроется, когда закончится эта раздача.
kicked = { $name } больше не сидит за столом.
kick_after_hand = { $name } покинет стол, когда закончится эта раздача.
kick_not_seated = { $name } не сидит за этим столом.
session_failed = У дилера за этим столом возникла проблема, и игра остановлена; фишки в сохранности.
resumed = Дилер перезапустился; раздача продолжается.
voided = После перезапуска раздачу не удалось продолжить: все ставки возвращены.
voided_settle = Раздачу не удалось рассчитать, поэтому она отменена: все ставки возвращены.

## Ходы и кнопки

not_your_turn = Сейчас не ваш ход: ходит { $name }.
not_your_turn_nobody = Сейчас никто не может делать ставки.
not_in_hand = Вы не участвуете в этой раздаче.
hand_over = Эта раздача окончена.
button_unknown = Эта кнопка больше не действует. Ничего не изменилось.
table_moved = С тех пор как появилась эта кнопка, игра ушла вперёд; посмотрите на обновлённый стол.
already_done = Уже сделано.
click_elsewhere = Эта кнопка не относится к этому сообщению, поэтому ничего не сделано.
store_outcome_unknown = База данных перестала отвечать во время сохранения, поэтому это сделано один раз или не сделано вовсе. Проверьте, прежде чем пробовать снова (ваши фишки: { $cmd-chips-balance }).
action_not_saved = Это не сохранено: база данных стола не ответила, поэтому ничего не изменилось. Попробуйте ещё раз чуть позже.
store_waiting = ⏸ Стол ждёт свою базу данных. Игра продолжится отсюда, как только она снова ответит.
draw_finished = Этот обмен уже закончился.
no_more_draws = В этой раздаче обменов больше не осталось.
draw_queued = Ваш обмен выбран: он произойдёт, когда придёт ваша очередь.
prefold_on = Когда придёт ваш ход, вы сделаете чек или фолд.
no_hand_running = За этим столом сейчас не идёт раздача.

## Личная панель

panel_title = Ваша рука — раздача №{ $hand_id }
panel_marked = Отмечены для сброса: { $cards }
panel_none_marked = Нажимайте на карты, чтобы отметить их для сброса.
panel_new_cards = Новые карты: { $cards }
panel_drew_none = Вы не стали менять карты.
panel_folded = Вы сделали фолд в этой раздаче.
panel_after_draws = Итоговая рука.
panel_draw_next = Дальше: обмен { $number } из 3.
panel_your_draw = Ваша очередь менять карты
panel_your_draw_turn = **{ panel_your_draw }** ({ $number } из 3) · время истекает { $countdown }
panel_footer = Эти карты видите только вы.
button_draw = Поменять { $count ->
        [one] { $count } карту
        [few] { $count } карты
        [many] { $count } карт
       *[other] { $count } карт
    }
button_stand_pat = Без обмена
button_prefold = Чек/фолд
button_show = Показать руку
panel_won = Вы выиграли { $amount ->
        [one] { $amount } фишку
        [few] { $amount } фишки
        [many] { $amount } фишек
       *[other] { $amount } фишек
    } в этой раздаче (итог { $net }).
panel_lost = Эта раздача стоила вам { $amount ->
        [one] { $amount } фишку
        [few] { $amount } фишки
        [many] { $amount } фишек
       *[other] { $amount } фишек
    }.
panel_even = Эту раздачу вы закончили в ноль.
panel_can_show = На вскрытии ваша рука сброшена без показа; её всё ещё можно показать.
nothing_to_show = Показать потом можно только руку, сброшенную без показа на вскрытии.
shows_after = { $name } показывает { $cards } — { $hand_name }
button_prefold_cancel = Отменить чек/фолд
panel_to_call = {" "}· для колла { $amount }
panel_round_pot = { $round } · Банк { $pot }
panel_stack = Ваш стек { $stack }
panel_time_bank = {" "}· запас времени { $seconds } с
panel_your_turn = **Ваш ход** · время истекает { $countdown }
panel_moved = Эта панель переехала вниз: ваши последние карты — в самом новом сообщении.
timed_out_private = В раздаче №{ $hand_id } вышло время: { $what }.
timed_out_fold = засчитан фолд
timed_out_check = засчитан чек
timed_out_pat = вы остались без обмена
checked = Вы сделали чек.

## Кнопки стола

button_fold = Фолд
button_fold_anyway = Всё равно фолд
fold_free_check = Здесь можно сделать чек бесплатно. Всё равно фолд?
folded_anyway = Вы сделали фолд.
button_check = Чек
button_call = Колл { $amount }
button_bet = Ставка { $amount }
button_raise = Рейз до { $amount }
button_my_cards = Мои карты

## Стол (embed)

table_title = 2-7 трипл дро · { $small_bet }/{ $big_bet }
table_title_hand = 2-7 трипл дро · { $small_bet }/{ $big_bet } · раздача №{ $hand_id }
table_blinds = Блайнды { $small_blind }/{ $small_bet } · лимит { $cap ->
        [one] { $cap } ставка
        [few] { $cap } ставки
        [many] { $cap } ставок
       *[other] { $cap } ставок
    }
seat_line = { $markers }**{ $name }** · { $stack }{ $draws }{ $bet }{ $state }
seat_bet = {" "}· ставка { $amount }
state_folded = {" "}· фолд
state_all_in = {" "}· олл-ин
state_sitting_out = {" "}· пропускает
state_to_act = {" "}· **ходит**
state_to_draw = {" "}· **меняет карты**
state_leaving = {" "}· уходит
draws_label = {" "}· { $counts }
pat = без обмена
drew = обмен { $count }
field_seats = Места
field_pot = Банк
field_round = Этап
field_turn = Ход
field_log = Ход раздачи
log_round_predraw = До обмена
log_round_drawing = Обмен { $number }
log_round_betting = После { $number }-го обмена
log_round_showdown = Вскрытие
pot_main = { $amount }
pot_with_sides = { $amount } (основной { $main }; побочные { $sides })
turn_line = { $name } { $verb } · время истекает { $countdown }
verb_act = делает ход
verb_draw = меняет карты
round_predraw = Ставки до обмена
round_betting = Ставки после { $number }-го обмена
round_drawing = Обмен { $number } из 3
round_complete = Раздача окончена
round_waiting = Между раздачами
no_actions = —

## Вскрытие

result_title = Итоги раздачи №{ $hand_id }
result_shows = { $name } показывает { $cards } — { $hand_name }
result_mucks = { $name } не показывает карты
result_wins = { $name } выигрывает { $amount }
result_wins_with = { $name } выигрывает { $amount } ({ $hand_name })
field_nets = Итог за раздачу
result_pot = { $pot }: { $amount } — { $winners }
result_main_pot = Основной банк
result_side_pot = { $number ->
        [1] Побочный банк
       *[other] Побочный банк { $number }
    }
result_no_showdown = { $name } выигрывает { $amount } без вскрытия.
field_shown = Показанные руки
field_winners = Победители

## Почему рука выиграла (строка под победителями, для новичков в 2-7)

why_line = { $beats }: { $because }.
why_beats = Рука { $winner } ({ $winner_hand }) бьёт руку { $other } ({ $other_hand })
why_tie = Руки { $winner } ({ $winner_hand }) и { $other } ({ $other_hand }) равны (масти не учитываются), поэтому банк делится.
why_pair_loses = в 2-7 выигрывает самая низкая рука, а { $category ->
        [two_pair] две пары играют
        [three] тройка играет
        [full_house] фулл-хаус играет
        [four] каре играет
       *[pair] пара играет
    } против вас
why_straight_flush_loses = в 2-7 выигрывает самая низкая рука, а стриты и флеши играют против вас
why_lower_category = в 2-7 выигрывает самая низкая рука, а { $better_category } ниже, чем { $worse_category }
why_higher_card = в 2-7 выигрывает самая низкая рука, карты сравниваются от старшей вниз: { $better_rank } младше, чем { $worse_rank }
why_lower_group = в 2-7 выигрывает самая низкая рука, и сначала сравниваются одинаковые карты: { $better_rank } младше, чем { $worse_rank }
why_side_card = в 2-7 выигрывает самая низкая рука; при одинаковых парах решают остальные карты, от старшей вниз: { $better_rank } младше, чем { $worse_rank }
hand_category = { $category ->
        [no_pair] рука без пары
        [two_pair] две пары
        [three] тройка
        [straight] стрит
        [flush] флеш
        [full_house] фулл-хаус
        [four] каре
        [straight_flush] стрит-флеш
       *[pair] одна пара
    }

## Фишки

balance = { $name }: в кошельке { $wallet ->
        [one] { $wallet } фишка
        [few] { $wallet } фишки
        [many] { $wallet } фишек
       *[other] { $wallet } фишек
    }, на столах { $on_table }.
daily_granted = Вы получаете { $amount ->
        [one] { $amount } фишку
        [few] { $amount } фишки
        [many] { $amount } фишек
       *[other] { $amount } фишек
    }. В кошельке: { $wallet }.
daily_cooldown = Следующие ежедневные фишки будут доступны { $when }.
leaderboard_title = Лидеры по фишкам
leaderboard_line = { $rank }. { $name } — { $total } (в кошельке { $wallet }, на столах { $on_table })
leaderboard_empty = Фишек пока нет ни у кого. Введите { $cmd-chips-daily }, чтобы их получить.

## Статистика и история

stats_title = Статистика: { $name }
stats_line = { $label }: { $value }
stats_empty = { $name }: здесь ещё не сыграно ни одной раздачи.
stats_hands_played = Сыграно раздач
stats_hands_won = Выиграно раздач
stats_hands_won_value = { $won } ({ $rate })
stats_net = Итог в фишках
stats_biggest_pot = Самый крупный выигранный банк
stats_showdowns = Выиграно вскрытий
stats_showdowns_value = { $won } из { $total }
stats_vpip = Добровольно в банке (до первого обмена)
history_settled = банк { $pot } → { $winners }
history_void = отменена ({ $reason })
history_void_default = ставки возвращены
history_count = Выберите от 1 до { $maximum ->
        [one] { $maximum } раздачи
       *[other] { $maximum } раздач
    }.
buyin_range = Бай-ин должен быть от { $minimum } до { $maximum ->
        [one] { $maximum } фишки
       *[other] { $maximum } фишек
    }.
scope_invalid = Область должна быть «канал» или «сервер».
history_title = Последние раздачи
history_line = №{ $hand_id } · { $when } · { $summary }
history_empty = Здесь ещё не сыграно ни одной раздачи.
history_files = Каждая раздача приложена файлом истории рук в формате PHH.

## Администрирование

stakes_set_channel = Ставки этого канала: { $small_bet }/{ $big_bet }, блайнды { $small_blind }/{ $small_bet }, лимит { $cap ->
        [one] { $cap } ставка
        [few] { $cap } ставки
        [many] { $cap } ставок
       *[other] { $cap } ставок
    } за круг. Со следующей раздачи.
stakes_set_server = Ставки сервера по умолчанию: { $small_bet }/{ $big_bet }, блайнды { $small_blind }/{ $small_bet }, лимит { $cap ->
        [one] { $cap } ставка
        [few] { $cap } ставки
        [many] { $cap } ставок
       *[other] { $cap } ставок
    } за круг.
buyin_set = Бай-ин теперь от { $minimum } до { $maximum } (по умолчанию { $default }).
timer_set = Теперь у игроков { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } на ход и на обмен.
timer_too_low = Таймер должен быть не меньше { $minimum ->
        [one] { $minimum } секунды
       *[other] { $minimum } секунд
    }.
timer_too_high = Таймер может быть не больше { $maximum ->
        [one] { $maximum } секунды
       *[other] { $maximum } секунд
    }.
economy_set = Новый кошелёк получает на старте { $start ->
        [one] { $start } фишку
        [few] { $start } фишки
        [many] { $start } фишек
       *[other] { $start } фишек
    }; { $cmd-chips-daily } даёт { $daily ->
        [one] { $daily } фишку
        [few] { $daily } фишки
        [many] { $daily } фишек
       *[other] { $daily } фишек
    }.
granted = { $name } получает { $amount ->
        [one] { $amount } фишку
        [few] { $amount } фишки
        [many] { $amount } фишек
       *[other] { $amount } фишек
    } (в кошельке { $wallet }).
amount_positive = Сумма должна быть целым положительным числом.
bot_member = Другие боты в покер не играют.
timer_set_next_hand = Со следующей раздачи у игроков будет { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } на ход и на обмен; в раздаче, которая идёт сейчас, остаётся прежнее время — { $current ->
        [one] { $current } секунда
        [few] { $current } секунды
        [many] { $current } секунд
       *[other] { $current } секунд
    }.
pause_set = Теперь раздачи начинаются через { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } после окончания предыдущей (стол посреди раздачи или перед самой сдачей ещё раз выдержит старый интервал).
pause_overridden = В этой установке интервал между раздачами равен { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } (DEUCE_HAND_PAUSE_SECONDS): значение сервера действует, только если он не задан.
alert_delay_set = Если ход игрока ждёт { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } без действия, игрок получает новое личное сообщение о том, что настал его ход (каждый выбирает сам через { $cmd-poker-alerts }).
idle_set = Стол, за которым никто не сидит, теперь сам закрывается через { $duration } (его сообщение тогда скажет об этом и о том, как открыть его снова).
idle_too_low = Время простоя должно быть не меньше { $minimum ->
        [one] { $minimum } секунды
       *[other] { $minimum } секунд
    }.
tables_set = Теперь у каждого участника может быть открыто одновременно не больше { $count ->
        [one] { $count } открытого им стола
       *[other] { $count } открытых им столов
    } на этом сервере (у админов ограничения нет).
cards_set = Карты за столами этого сервера теперь показываются так: { $style }.
cards_two_colour = картинки с красными и чёрными мастями
cards_four_colour = картинки с четырьмя цветами мастей (♣ зелёный, ♦ синий, ♥ красный, ♠ чёрный)
cards_text = только текст
settings_cards = Карты: { $style } ({ $source })
alert_delay_off = Уведомления о ходе на этом сервере выключены: никто не получает личных сообщений о своём ходе.
settings_title = Настройки покера в этом канале
settings_intro = С какими настройками играет стол этого канала. У каждого значения указано, откуда оно: этот канал, сервер (задано админом) или значение по умолчанию.
settings_stakes = **Ставки** { $small_bet }/{ $big_bet }, блайнды { $small_blind }/{ $small_bet } — { $source }
settings_cap = **Лимит** { $cap ->
        [one] { $cap } ставка
        [few] { $cap } ставки
        [many] { $cap } ставок
       *[other] { $cap } ставок
    } за круг — { $source }
settings_server_stakes = **Ставки сервера по умолчанию** { $small_bet }/{ $big_bet }, блайнды { $small_blind }/{ $small_bet }, лимит { $cap ->
        [one] { $cap } ставка
        [few] { $cap } ставки
        [many] { $cap } ставок
       *[other] { $cap } ставок
    } — { $source }
settings_buyin = **Бай-ин** от { $minimum } до { $maximum }, { $default }, если не указан — { $source }
settings_timers = **Время на ход** { $action ->
        [one] { $action } секунда
        [few] { $action } секунды
        [many] { $action } секунд
       *[other] { $action } секунд
    }, **на обмен** { $draw ->
        [one] { $draw } секунда
        [few] { $draw } секунды
        [many] { $draw } секунд
       *[other] { $draw } секунд
    } — { $source }
settings_pause = **Интервал между раздачами** { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } — { $source }
settings_pause_deployment = **Интервал между раздачами** { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } — эта установка (DEUCE_HAND_PAUSE_SECONDS); без неё { $server ->
        [one] { $server } секунда
        [few] { $server } секунды
        [many] { $server } секунд
       *[other] { $server } секунд
    } — { $source }
settings_alerts = **Уведомление о ходе** новое личное сообщение через { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } без действия — { $source }
settings_alerts_off = **Уведомления о ходе** выключены — { $source }
settings_economy = **Новый кошелёк** { $start ->
        [one] { $start } фишка
        [few] { $start } фишки
        [many] { $start } фишек
       *[other] { $start } фишек
    }, **{ $cmd-chips-daily }** { $daily ->
        [one] { $daily } фишка
        [few] { $daily } фишки
        [many] { $daily } фишек
       *[other] { $daily } фишек
    } раз в { $cooldown } — { $source }
settings_seats = **Места** { $seats }, место пропускающего игрока хранится { $keep } — { $source }
settings_idle = **Пустые столы** закрываются через { $duration } — { $source }
settings_tables = **Открытых столов на участника** { $value }, открытых им самим (у админов без ограничения) — { $source }
source_channel = этот канал
source_server = сервер
source_default = по умолчанию

## Уведомления о ходе (игроки)

alerts_off = Вы не получаете личных сообщений о своём ходе; стол и ваша панель всё равно его показывают.
alerts_on = Если ваш ход ждёт { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунд
    } без действия, вы получаете об этом новое личное сообщение.
alerts_now = Вы получаете новое личное сообщение, как только настаёт ваш ход.
alerts_server_off = Уведомления о ходе на этом сервере сейчас выключены, поэтому их не будет, пока админ их не включит.

## Правила

rules_title = 2-7 трипл дро — правила
rules_body =
    {"*"}*Цель:** выигрывает самая слабая рука из пяти карт. Тузы — старшие, стриты и флеши играют против вас, поэтому лучшая рука — 7-5-4-3-2 разных мастей («номер один»).
    {"*"}*Раздача:** каждому по пять карт — в личные сообщения (или { $cmd-poker-hand }). Игрок слева от дилера ставит малый блайнд, следующий — большой блайнд; один на один (хедз-ап) малый блайнд ставит дилер, и он же ходит первым до обмена.
    {"*"}*Ход игры:** ставки – обмен – ставки – обмен – ставки – обмен – ставки – вскрытие. При каждом обмене вы сбрасываете от 0 до 5 карт (0 — без обмена) и получаете столько же новых; все видят, сколько карт вы поменяли. Сбрасываемые карты можно отметить заранее, до своей очереди; перед первой новой картой обмена одна карта сжигается, а когда колода кончается, сброшенные карты тасуются в новую колоду (кроме тех, что вы только что сбросили).
    {"*"}*Ставки:** фиксированный лимит. Ставки и рейзы равны малой ставке до и после первого обмена и большой ставке (вдвое больше) после второго и третьего; не больше { $cap ->
        [one] { $cap } ставки
       *[other] { $cap } ставок
    } за круг, причём до обмена большой блайнд считается первой ставкой.
    {"*"}*Время:** { $timer ->
        [one] { $timer } секунда
        [few] { $timer } секунды
        [many] { $timer } секунд
       *[other] { $timer } секунд
    } на ход или обмен; когда время выходит, засчитывается чек или фолд, а в обмене вы остаётесь при своих картах. За кеш-столом после двух тайм-аутов подряд вы пропускаете раздачи; в турнире вы остаётесь в игре, и до вашего возвращения дилер делает за вас чек или фолд и оставляет карты без обмена.
rules_rankings_title = Старшинство рук (от лучшей)
rules_rankings =
    1. Без пары, сравнение от старшей карты вниз: 7-5-4-3-2 (номер один), 7-6-4-3-2, 7-6-5-3-2 … 8-5-4-3-2 … A-K-Q-J-9 (A-5-4-3-2 — это старший туз, а не стрит)
    2. Одна пара (лучшая — 2-2-3-4-5)
    3. Две пары
    4. Тройка
    5. Стрит
    6. Флеш
    7. Фулл-хаус
    8. Каре
    9. Стрит-флеш

## Боты

house_marker = 🤖
house_sits = 🤖 { $name } (бот, играет { $style }) садится за стол.
house_stands = 🤖 { $name } встаёт из-за стола.
house_room_after_hand = Стол заполнен: бот { $name } встанет, когда закончится эта раздача, и тогда вы сядете на его место.
house_room_waiting = Место для вас уже готовится: вы сядете, когда закончится эта раздача.
house_room_taken = { $name } занимает место, которое освободил бот.
house_room_lost = Не удалось посадить за стол игрока { $name } после раздачи: { $cmd-poker-join }, чтобы попробовать ещё раз.
house_count_invalid = Выберите от 1 до 9 ботов.
house_seats_invalid = Выберите от 0 до 10 мест (0 выключает заполнение).
house_style_invalid = Такого уровня нет: выберите { $styles }.
house_no_member = Боты садятся только за стол, где есть участник: сначала { $cmd-poker-join }.
house_table_full = Стол заполнен ({ $seats ->
        [one] { $seats } место
        [few] { $seats } места
        [many] { $seats } мест
       *[other] { $seats } мест
    }).
house_none = За этим столом нет ботов.
house_fill_on = Этот стол настроен дополнять ботами до { $seats ->
        [one] { $seats } места
       *[other] { $seats } мест
    }; они бы снова сели. Сначала { $cmd-pokeradmin-house-fill } места:0.
house_added = { $count ->
        [one] За стол сел { $count } бот (играет { $style }).
        [few] За стол сели { $count } бота (играют { $style }).
        [many] За стол сели { $count } ботов (играют { $style }).
       *[other] За стол сели { $count } ботов (играют { $style }).
    }
house_added_fewer = { $count ->
        [one] Свободно было только { $count } место: за стол сел { $count } бот (играет { $style }).
        [few] Свободно было только { $count } места: за стол сели { $count } бота (играют { $style }).
        [many] Свободно было только { $count } мест: за стол сели { $count } ботов (играют { $style }).
       *[other] Свободно было только { $count } мест: за стол сели { $count } ботов (играют { $style }).
    }
house_removed = { $now ->
        [one] Из-за стола встал { $now } бот
        [few] Из-за стола встали { $now } бота
        [many] Из-за стола встали { $now } ботов
       *[other] Из-за стола встали { $now } ботов
    }; ещё { $later ->
        [one] { $later } встанет
       *[other] { $later } встанут
    }, когда закончится эта раздача.
house_fill_set_channel = Боты (играют { $style }) теперь дополняют этот стол до { $seats ->
        [one] { $seats } места
       *[other] { $seats } мест
    }, как только за ним сидит участник.
house_fill_set_server = Боты (играют { $style }) теперь дополняют каждый стол этого сервера до { $seats ->
        [one] { $seats } места
       *[other] { $seats } мест
    }, как только за ним сидит участник (собственная настройка канала важнее).
house_fill_off_channel = Боты больше не занимают места за этим столом; уже сидящие остаются до { $cmd-pokeradmin-house-remove }.
house_fill_off_server = На этом сервере боты больше не занимают места по умолчанию.
settings_house = **Боты** дополняют стол до { $seats ->
        [one] { $seats } места
       *[other] { $seats } мест
    } (играют { $style }), если за ним сидит участник
settings_no_house = **Боты** не занимают мест ({ $cmd-pokeradmin-house-fill })
kick_house = { $name } — бот: его поднимает из-за стола команда { $cmd-pokeradmin-house-remove }.

## Названия рук (достоинства — числа: 2-10, 11 валет, 12 дама, 13 король, 14 туз)

hand_number_one = номер один
hand_number_two = номер два
hand_low =
    { $high ->
        [2] двойка
        [3] тройка
        [4] четвёрка
        [5] пятёрка
        [6] шестёрка
        [7] семёрка
        [8] восьмёрка
        [9] девятка
        [10] десятка
        [11] валет
        [12] дама
        [13] король
       *[14] туз
    }-{ $second ->
        [2] двойка
        [3] тройка
        [4] четвёрка
        [5] пятёрка
        [6] шестёрка
        [7] семёрка
        [8] восьмёрка
        [9] девятка
        [10] десятка
        [11] валет
        [12] дама
        [13] король
       *[14] туз
    } лоу
hand_pair =
    пара { $rank ->
        [2] двоек
        [3] троек
        [4] четвёрок
        [5] пятёрок
        [6] шестёрок
        [7] семёрок
        [8] восьмёрок
        [9] девяток
        [10] десяток
        [11] вальтов
        [12] дам
        [13] королей
       *[14] тузов
    }
hand_two_pair =
    две пары, { $high ->
        [2] двойки
        [3] тройки
        [4] четвёрки
        [5] пятёрки
        [6] шестёрки
        [7] семёрки
        [8] восьмёрки
        [9] девятки
        [10] десятки
        [11] вальты
        [12] дамы
        [13] короли
       *[14] тузы
    } и { $low ->
        [2] двойки
        [3] тройки
        [4] четвёрки
        [5] пятёрки
        [6] шестёрки
        [7] семёрки
        [8] восьмёрки
        [9] девятки
        [10] десятки
        [11] вальты
        [12] дамы
        [13] короли
       *[14] тузы
    }
hand_three =
    { $rank ->
        [2] три двойки
        [3] три тройки
        [4] три четвёрки
        [5] три пятёрки
        [6] три шестёрки
        [7] три семёрки
        [8] три восьмёрки
        [9] три девятки
        [10] три десятки
        [11] три валета
        [12] три дамы
        [13] три короля
       *[14] три туза
    }
hand_straight =
    стрит до { $high ->
        [2] двойки
        [3] тройки
        [4] четвёрки
        [5] пятёрки
        [6] шестёрки
        [7] семёрки
        [8] восьмёрки
        [9] девятки
        [10] десятки
        [11] валета
        [12] дамы
        [13] короля
       *[14] туза
    }
hand_flush =
    флеш до { $high ->
        [2] двойки
        [3] тройки
        [4] четвёрки
        [5] пятёрки
        [6] шестёрки
        [7] семёрки
        [8] восьмёрки
        [9] девятки
        [10] десятки
        [11] валета
        [12] дамы
        [13] короля
       *[14] туза
    }
hand_full_house =
    фулл-хаус: { $high ->
        [2] три двойки
        [3] три тройки
        [4] три четвёрки
        [5] три пятёрки
        [6] три шестёрки
        [7] три семёрки
        [8] три восьмёрки
        [9] три девятки
        [10] три десятки
        [11] три валета
        [12] три дамы
        [13] три короля
       *[14] три туза
    } и { $low ->
        [2] две двойки
        [3] две тройки
        [4] две четвёрки
        [5] две пятёрки
        [6] две шестёрки
        [7] две семёрки
        [8] две восьмёрки
        [9] две девятки
        [10] две десятки
        [11] два валета
        [12] две дамы
        [13] два короля
       *[14] два туза
    }
hand_four =
    каре { $rank ->
        [2] двоек
        [3] троек
        [4] четвёрок
        [5] пятёрок
        [6] шестёрок
        [7] семёрок
        [8] восьмёрок
        [9] девяток
        [10] десяток
        [11] вальтов
        [12] дам
        [13] королей
       *[14] тузов
    }
hand_straight_flush =
    стрит-флеш до { $high ->
        [2] двойки
        [3] тройки
        [4] четвёрки
        [5] пятёрки
        [6] шестёрки
        [7] семёрки
        [8] восьмёрки
        [9] девятки
        [10] десятки
        [11] валета
        [12] дамы
        [13] короля
       *[14] туза
    }
hand_royal_flush = роял-флеш

## Открытый журнал раздачи (под столом)

log_small_blind = { $name } ставит малый блайнд { $amount }
log_big_blind = { $name } ставит большой блайнд { $amount }
log_fold = { $name } делает фолд
log_check = { $name } делает чек
log_call = { $name } делает колл { $amount }
log_bet = { $name } ставит { $amount }
log_raise = { $name } делает рейз до { $amount }
log_all_in = { $action } — олл-ин
log_draw = { $count ->
        [0] { $name } не меняет карты
        [one] { $name } меняет { $count } карту
        [few] { $name } меняет { $count } карты
        [many] { $name } меняет { $count } карт
       *[other] { $name } меняет { $count } карт
    }
log_show = { $name } показывает { $cards } ({ $hand_name })
log_win = { $name } забирает { $pot }: { $amount }
log_pot_main = основной банк
log_pot_side = { $number ->
        [1] побочный банк
       *[other] побочный банк { $number }
    }
log_pot_whole = банк
log_return = { $name } забирает назад { $amount } (ставку не уравняли)
log_left = { $name } покидает стол: рука сброшена
log_timed_out = { $action } (время вышло)

## Языки (/покерадмин язык)

language_name = { $language ->
        [hu] magyar (венгерский)
        [sv] svenska (шведский)
        [id] Bahasa Indonesia (индонезийский)
        [ru] русский
       *[en] English (английский)
    }
language_set_channel = Язык стола этого канала теперь — { $name }.
language_set_server = Язык столов этого сервера теперь — { $name } (собственный язык канала важнее).
language_reset_channel = Стол этого канала теперь говорит на языке сервера ({ $name }).
language_reset_server = Столы этого сервера теперь говорят на языке сервера в Discord ({ $name }).
settings_language = **Язык** { $name } — { $source }
source_discord = язык сервера в Discord

## Отказы кассы

error_amount_whole = Сумма должна быть целым числом фишек.
error_amount_positive = Сумма должна быть больше нуля.
error_amount_range = Сумма должна быть от { $minimum } до { $maximum }.
error_wallet_short = { $balance ->
        [one] В вашем кошельке только { $balance } фишка, а нужно { $needed }.
        [few] В вашем кошельке только { $balance } фишки, а нужно { $needed }.
        [many] В вашем кошельке только { $balance } фишек, а нужно { $needed }.
       *[other] В вашем кошельке только { $balance } фишек, а нужно { $needed }.
    }
error_daily_off = Ежедневные фишки на этом сервере отключены.
error_wallet_full = Ваш кошелёк полон; сначала потратьте часть фишек.
error_wallet_limit = Тогда в одном кошельке окажется больше { $maximum ->
        [one] { $maximum } фишки
       *[other] { $maximum } фишек
    }.
error_table_limit = На столе у вас может быть не больше { $maximum ->
        [one] { $maximum } фишки
       *[other] { $maximum } фишек
    }; добавить можно ещё { $room }.
error_no_table = Такого стола нет.
error_table_closing = Этот стол закрывается и не принимает новых игроков.
error_table_closed = Этот стол закрыт.
error_table_full = Стол заполнен ({ $seats ->
        [one] { $seats } место
        [few] { $seats } места
        [many] { $seats } мест
       *[other] { $seats } мест
    }).
error_seat_taken = Место { $seat } занято.
error_hand_running = Раздача ещё идёт; стол закроется после неё.
error_blind_whole = Малый блайнд должен быть целым числом.
error_blind_range = Малый блайнд должен быть от 1 до малой ставки ({ $small_bet }).
error_buyin_order = Минимальный бай-ин ({ $minimum }) не может быть больше максимального ({ $maximum }).
error_action = Сейчас это действие невозможно.
## Разное

kick_choice = { $name } (место { $seat })
shard_back_soon = Стол вернётся через мгновение: попробуйте чуть позже. Ничего не изменилось.
alt_hand = Ваша рука: { $cards }
alt_new = новые в этом обмене: { $cards }
# The mark under a winning hand inside the showdown picture.
picture_winner = ★ победитель
alt_showdown = Вскрытие.
alt_shown_hand = { $winner ->
        [yes] { $name } (выигрывает): { $cards }, { $hand_name }.
       *[no] { $name }: { $cards }, { $hand_name }.
    }
log_reshuffle = Колода закончилась: сброс ({ $count ->
        [one] { $count } карта
        [few] { $count } карты
        [many] { $count } карт
       *[other] { $count } карт
    }) перемешан в новую колоду
no_hand = —

# Host pause, top-ups and the time bank
table_paused = ⏸ Стол приостановил { $name }: новых раздач не будет, пока админ не вызовет { $cmd-pokeradmin-resume }.
table_pausing = ⏸ Стол приостановил { $name }: это последняя раздача до { $cmd-pokeradmin-resume }.
time_bank_running = ⏳ запас времени
log_topup = { $name } докупает фишки: { $amount }
topup_leaving = Вы уходите из-за стола: фишки вернутся в кошелёк, докупать нечего.
topup_over = За этим столом можно иметь не больше { $maximum } фишек; сейчас можно добавить не больше { $room }.
topup_wallet = В кошельке только { $wallet } фишек.
topup_done = Добавлено фишек: { $amount }. У вас за столом: { $stack }.
topup_queued = Фишки ({ $amount }) добавятся к стеку перед следующей раздачей.
topup_held_wallet = Фишки в очереди ({ $amount }) не добавлены: в кошельке сейчас только { $wallet }.
topup_held_frozen = Фишки в очереди ({ $amount }) не добавлены: администратор заморозил ваш кошелёк.
topup_held_room = Из фишек в очереди ({ $amount }) добавлено { $added }: за этим столом у вас может быть не больше { $maximum }.
pause_already = Стол уже приостановлен: { $cmd-pokeradmin-resume } снова начнёт раздачи.
paused_now = Стол приостановлен: раздач не будет до { $cmd-pokeradmin-resume }.
paused_after_hand = Стол остановится после текущей раздачи: { $cmd-pokeradmin-resume } снова начнёт раздачи.
resume_not_paused = Этот стол не приостановлен.
table_resumed = Раздачи за столом продолжаются.
dashboard_off = Веб-панель этого бота выключена: владелец включает её через DEUCE_WEB_PORT.
dashboard_link = Ваша ссылка для входа в веб-панель (работает один раз, { $minutes } мин; никому её не передавайте): <{ $link }>
settings_time_bank = **Запас времени** { $start } с в начале, +{ $add } с каждые { $every } раздач, не больше { $maximum } с
settings_time_bank_off = **Запас времени** выключен
settings_seat_banks = **Запас времени за этим столом** { $banks }
settings_seat_bank = { $name } { $seconds } с

## Sit-and-go tournaments: what the store refuses

sng_not_found = Такого турнира нет.
sng_exists = В этом канале уже идёт регистрация или игра турнира.
sng_table_busy = В этом канале открыт кэш-стол; турнир можно провести здесь, когда стол закроется.
sng_levels = Уровни турнира растут либо через заданное число минут, либо через заданное число раздач.
sng_structure_unknown = Структура должна быть турбо, обычной или медленной.
sng_pool_too_big = Призовой фонд (бай-ин, умноженный на число мест) может быть не больше { $pool } фишек — это самый большой приз, который можно выплатить: при { $seats } местах бай-ин может быть не больше { $buy_in }.
sng_started = Этот турнир уже начался.
sng_not_started = Этот турнир ещё не начался.
sng_closed = Этот турнир окончен.
sng_already_registered = Вы уже зарегистрированы на этот турнир.
sng_not_registered = Вы не зарегистрированы на этот турнир.
sng_full = Турнир заполнен (мест: { $seats }).
sng_too_few = Для начала турнира нужны хотя бы два игрока.
sng_not_full = Места в турнире заняты уже не все: он начнётся, когда все места будут заняты.
sng_hand_running = За столом турнира ещё идёт раздача.
sng_prizes_wrong = Призы в сумме составляют { $prizes }, а призовой фонд — { $pool }; ничего не выплачено.
sng_table_refused = За этим столом идёт турнир: до его конца здесь нельзя купить, добавить или вывести фишки.
mtt_late_closed = Поздняя регистрация на этот турнир закрыта (она была открыта до уровня { $levels }).
mtt_payouts_unknown = Выплаты: standard или flat.
mtt_field_changed = Состав изменился, пока разыгрывались столы; они разыгрываются заново.
mtt_in_the_money = Турнир уже в призах: отменить его больше нельзя.

## /poker rules: the time bank and the commands, grouped (built from the command tree)

rules_time_bank = {"*"}*Запас времени:** когда ваше время кончается, до тайм-аута расходуется запас времени: { $start } с в начале, ещё { $add } с { $every ->
        [one] каждую { $every } раздачу
        [few] каждые { $every } раздачи
       *[other] каждые { $every } раздач
    }, не больше { $maximum } с.
rules_time_bank_off = {"*"}*Запас времени:** за этим столом его нет: тайм-аут наступает, как только кончается ваше время.
rules_group_table = За столом
rules_group_tournaments = Турниры
rules_group_records = Ваши раздачи и статистика
rules_group_chips = Фишки
rules_group_admin = Администраторам
rules_admin_line = Для участников, которые могут управлять сервером, — команды { $admin }:

## A tournament hand's result on the player's panel: tournament chips, not the wallet's

panel_won_tournament = Вы выиграли { $amount ->
        [one] { $amount } турнирную фишку
        [few] { $amount } турнирные фишки
        [many] { $amount } турнирных фишек
       *[other] { $amount } турнирных фишек
    } в этой раздаче (итог { $net }).
panel_lost_tournament = Эта раздача стоила вам { $amount ->
        [one] { $amount } турнирную фишку
        [few] { $amount } турнирные фишки
        [many] { $amount } турнирных фишек
       *[other] { $amount } турнирных фишек
    }.

## /poker история: текстовые истории рук в формате PokerStars
history_files_text = Каждая раздача приложена текстовой историей рук в формате PokerStars — её импортируют трекеры.
