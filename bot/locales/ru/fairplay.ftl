# Issue 39: fair play (gates, exemptions, frozen wallets).

error_wallet_frozen = Администратор этого сервера заморозил ваш кошелёк: ни ежедневных фишек, ни бай-инов, ни регистраций на турниры, пока он его не разморозит.
fairplay_gate_account = На этом сервере для ежедневных фишек и игры аккаунту Discord должно быть не меньше { $days ->
        [one] { $days } дня
       *[other] { $days } дней
    }. Попробуйте снова { $when }.
fairplay_gate_member = На этом сервере для ежедневных фишек и игры нужно состоять здесь не меньше { $days ->
        [one] { $days } дня
       *[other] { $days } дней
    }. Попробуйте снова { $when }.
fairplay_house = Казино — не участник: его кошелёк нельзя заморозить или освободить от ограничений.
fairplay_self = Нельзя заморозить собственный кошелёк.
fairplay_already_frozen = Этот кошелёк уже заморожен.
fairplay_not_frozen = Этот кошелёк не заморожен.
fairplay_gates_off = Ограничений нет: любой участник может получать ежедневные фишки и играть.
fairplay_gates = Для ежедневных фишек, столов и турниров нужен аккаунт Discord возрастом { $account ->
        [one] { $account } день
        [few] { $account } дня
        [many] { $account } дней
       *[other] { $account } дня
    } и { $member ->
        [one] { $member } день
        [few] { $member } дня
        [many] { $member } дней
       *[other] { $member } дня
    } на этом сервере.
fairplay_gates_account = Для ежедневных фишек, столов и турниров нужен аккаунт Discord возрастом { $account ->
        [one] { $account } день
        [few] { $account } дня
        [many] { $account } дней
       *[other] { $account } дня
    }.
fairplay_gates_member = Для ежедневных фишек, столов и турниров нужно состоять на этом сервере { $member ->
        [one] { $member } день
        [few] { $member } дня
        [many] { $member } дней
       *[other] { $member } дня
    }.
settings_gates = **Ограничения** { $gates } — { $source }
settings_leaderboard_hide = **Таблица лидеров** { $choice } — { $source }
fairplay_exempted = Ограничения больше не касаются { $name }.
fairplay_already_exempt = { $name } уже освобождён от ограничений.
fairplay_unexempted = Ограничения снова касаются { $name }.
fairplay_not_exempt = { $name } не был освобождён от ограничений.
fairplay_frozen = Кошелёк { $name } заморожен: ни ежедневных фишек, ни бай-инов, ни регистраций. Ни одна фишка не сдвинулась; журнал это записал.
fairplay_unfrozen = Кошелёк { $name } разморожен. Ни одна фишка не сдвинулась; журнал это записал.
fairplay_leaderboard_hide = Таблица лидеров не показывает участников с замороженным кошельком.
fairplay_leaderboard_all = Таблица лидеров показывает всех участников.
leaderboard_frozen_left_out = Участники, чей кошелёк заморожен администратором, не показаны.
leaderboard_admin_frozen = ❄️ Это видят только администраторы: замороженные кошельки в этой таблице лидеров: { $names }.
leaderboard_admin_flagged = ⚑ Это видят только администраторы: участники, отмеченные последним отчётом о честной игре: { $names }.
leaderboard_flagged_left_out = Участники, чей кошелёк заморожен администратором, и участники, отмеченные последним отчётом о честной игре, не показаны.
fairplay_leaderboard_hide_flagged = Таблица лидеров не показывает участников с замороженным кошельком и участников, отмеченных последним отчётом о честной игре.
fairplay_period_invalid = Период — последняя неделя, последний месяц или все раздачи.
fairplay_report_title = Честная игра — { $period }
fairplay_report_pair = **{ $rank }.** { $giver } → { $taker } · балл { $score } · { $chips ->
        [one] перешла { $chips } фишка
        [few] перешли { $chips } фишки
        [many] перешло { $chips } фишек
       *[other] перешло { $chips } фишек
    } за { $hands ->
        [one] { $hands } общую раздачу
        [few] { $hands } общие раздачи
        [many] { $hands } общих раздач
       *[other] { $hands } общих раздач
    }
fairplay_report_acts = сбросов с лучшей рукой: { $folds } · безнадёжных коллов: { $calls } · банков только между ними: { $alone } (без ставок до конца: { $quiet }) · раздачи { $ids }
fairplay_report_none = Ни одна пара участников не отмечена.
fairplay_report_footer = Просмотрено раздач: { $hands }. Это видят только администраторы; обнаружение само ничего не меняет.
fairplay_report_footer_capped = Просмотрено последних раздач: { $hands }. Это видят только администраторы; обнаружение само ничего не меняет.
