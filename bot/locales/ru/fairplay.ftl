# Issue 39: fair play (gates, exemptions, frozen wallets).

error_wallet_frozen = Администратор этого сервера заморозил ваш кошелёк: ни ежедневных фишек, ни бай-инов, ни регистраций на сит-энд-гоу, пока он его не разморозит.
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
fairplay_gates = Для ежедневных фишек, столов и сит-энд-гоу нужен аккаунт Discord возрастом { $account ->
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
