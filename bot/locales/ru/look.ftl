# Issue 27: повтор раздач, статистика по периодам, итоги сессий и лобби.

button_replay = Повтор
replay_title = Повтор — раздача №{ $hand_id } · шаг { $step }/{ $steps }
replay_deal = Раздача: блайнды поставлены, каждому по пять карт
replay_your_cards = Ваши карты: { $cards }
replay_you_drew = Вы сбросили { $thrown } и получили { $got }
replay_not_played = Вы не участвовали в этой раздаче: вы видите то, что видел стол.
replay_voided = Раздача была отменена здесь: все ставки вернулись.
replay_not_found = На этом сервере нет раздачи №{ $hand_id }.
replay_running = Раздача №{ $hand_id } ещё идёт: посмотрите повтор, когда она закончится.
replay_unavailable = Раздачу №{ $hand_id } нельзя повторить: от неё сохранилось слишком мало.
replay_none = Вы ещё не сыграли ни одной раздачи на этом сервере.
replay_no_step = Такого шага в этой раздаче нет.

period_week = последние 7 дней
period_month = последние 30 дней
period_all = все раздачи
stats_title_period = { $name } — { $period }
stats_empty_period = { $name } не играл здесь ни одной раздачи за период: { $period }.
stats_pat_after = Без обмена на 1 · 2 · 3-м обмене
stats_drawn_average = Карт обменено на 1 · 2 · 3-м обмене
stats_snows = Без обмена до конца, а на вскрытии пара или хуже
stats_snows_value = { $caught } из { $pat } вскрытий без обмена
stats_best_hand = Лучшая показанная рука
chart_net = Итог за последние { $count ->
    [one] { $count } раздачу
    [few] { $count } раздачи
   *[other] { $count } раздач
}
chart_drawn = Карт обменено за обмен
leaderboard_period_title = Выигрыш за период: { $period }
leaderboard_net_line = { $rank }. { $name } — { $net } ({ $hands ->
    [one] { $hands } раздача
    [few] { $hands } раздачи
   *[other] { $hands } раздач
})
leaderboard_period_empty = За этот период здесь никто не доиграл ни одной раздачи.

duration = { $hours ->
        [0] { $minutes } мин
       *[other] { $minutes ->
            [0] { $hours } ч
           *[other] { $hours } ч { $minutes } мин
        }
    }
session_title = Игра за этим столом на сейчас
session_closed_title = Итоги игры за этим столом
session_line = { $rank }. { $name } — { $net } ({ $hands ->
    [one] { $hands } раздача
    [few] { $hands } раздачи
   *[other] { $hands } раздач
})
session_empty = С открытия стола ни одна раздача не завершилась.
session_footer = { $hands ->
    [one] { $hands } раздача сыграна
    [few] { $hands } раздачи сыграно
   *[other] { $hands } раздач сыграно
} · стол открыт { $duration }
leave_title = Ваша игра
leave_where = За столом { $channel }
leave_seated = Время за столом

lobby_title = Открытые столы
lobby_empty = На этом сервере нет открытых столов, которые вы видите. Откройте стол командой { $cmd-poker-join }.
lobby_kind_cash = Кэш
lobby_line = { $channel } — { $kind } { $small }/{ $big } · занято { $seated }, свободно { $free }: { $names } · за последний час: { $hands ->
    [one] { $hands } раздача
    [few] { $hands } раздачи
   *[other] { $hands } раздач
}, средний банк { $pot }
lobby_nobody = пока никого
lobby_page = Страница { $page } из { $pages } · ◀ ▶ листают страницы
lobby_choose = Выберите стол
lobby_option = #{ $channel } · { $small }/{ $big } · занято { $seated }/{ $seats }
lobby_chosen = { $channel }: ставки { $small }/{ $big }. Сесть со стандартным бай-ином { $buy_in }?
lobby_join = Сесть ({ $buy_in })
lobby_gone = Этот стол уже закрыт (или вы его не видите). Выполните { $cmd-poker-tables } ещё раз.

# The stats chart (bot/art/chart.py): its axes, a tournament player's picture, its alt text.
chart_hand_axis = Раздача
chart_draw_axis = Обмен
chart_sng_net = Итог за { $count ->
    [one] последний { $count } турнир
    [few] последние { $count } турнира
   *[other] последние { $count } турниров
}
chart_sng_axis = Турнир
chart_places = Занятые места
chart_place_axis = Место
chart_alt_net = { $title }: в конце { $end } (минимум { $low }, максимум { $high }).
chart_alt_bars = { $title }: { $values }.

## A wait under a minute (bot.messages.duration)

duration_seconds = { $seconds } с
