# Веб-панель (bot/web).

web_title = Панель Deuce
web_home = Главная
web_signed_in_as = Вы вошли как { $name }
web_logout = Выйти
web_intro = Ваши покерные столы, раздачи и настройки в вебе.
web_login_discord = Войти через Discord
web_login_link_hint = Без входа через Discord: администратор выполняет /pokeradmin панель и открывает полученную личную ссылку.
web_servers_title = Серверы, которыми вы управляете
web_no_servers = Нет: страницы серверов — для участников с правом «Управлять сервером».
web_hands_title = Ваши раздачи
web_hands_link = Ваши последние раздачи и их истории
web_no_hands = Вы ещё не сыграли ни одной раздачи на этих серверах.
web_refused_title = Невозможно
web_sign_in_first = Сначала войдите (на главной странице).
web_oauth_off = Вход через Discord здесь не настроен: администратор может открыть панель командой /pokeradmin панель.
web_oauth_failed = Вход вернулся из Discord не так, как начинался (старый или скопированный адрес): начните снова с главной страницы.
web_discord_down = Discord не ответил; попробуйте чуть позже.
web_link_title = Вход в панель Deuce
web_link_text = Эта ссылка выполняет вход один раз, в этом браузере.
web_link_button = Войти
web_link_used = Эта ссылка для входа уже использована, истекла или не существует: /pokeradmin панель выдаст новую.
web_bad_form = Эта форма устарела или пришла не из этой панели: обновите страницу и попробуйте снова.
web_no_server = Такой страницы сервера нет.
web_not_admin = Нужно право «Управлять сервером» на этом сервере.
web_tables_title = Столы сейчас
web_tables_elsewhere = Столы в игре показывает панель, которую обслуживает сам бот (DEUCE_WEB_PORT).
web_no_tables = На этом сервере нет открытых столов.
web_no_table = Этот стол уже закрыт.
web_pause = Пауза
web_resume = Продолжить
web_settings_title = Настройки этого канала
web_table_hand = #{ $channel } · раздача #{ $hand }
web_table_idle = #{ $channel } · раздачи нет
web_turn = Ходит { $name }
web_no_seats = За столом никого нет.
web_col_hand = Раздача
web_col_server = Сервер
web_col_when = Начало
web_col_result = Ваш результат
web_col_file = Файл
web_hand_net = Фишки: { $net }
web_hand_void = Отменена
web_no_hand = У вас нет такой раздачи.
web_error = Что-то пошло не так (записано в журнал): попробуйте снова.
web_nav_tables = Столы сейчас
web_nav_settings = Настройки
web_settings_page = Настройки: { $server }
web_settings_intro = Настройки сервера, те же, что задаёт /pokeradmin: каждый стол применяет их со следующей раздачи. Собственные ставки или язык канала (/pokeradmin stakes или language в этом канале) важнее серверных.
web_settings_save = Сохранить
web_settings_saved = { $count ->
        [one] Изменена { $count } настройка.
        [few] Изменены { $count } настройки.
       *[other] Изменено { $count } настроек.
    }
web_settings_unchanged = Ничего не изменилось: все значения уже были такими.
web_setting_range = от { $minimum } до { $maximum }; по умолчанию { $default }
web_setting_range_empty = от { $minimum } до { $maximum } или пусто — по умолчанию
web_setting_default = По умолчанию: { $default }
web_setting_choice = У этой настройки нет такого значения.
web_yes = Да
web_no = Нет
web_set_small_bet = Малая ставка (большой блайнд; большая ставка вдвое больше)
web_set_small_blind = Малый блайнд (пусто: половина малой ставки)
web_set_cap = Ставок за круг (кэп)
web_set_buyin_min = Наименьший бай-ин
web_set_buyin_max = Наибольший бай-ин
web_set_buyin_default = Бай-ин, если он не указан
web_set_action_timer = Секунд на ход
web_set_draw_timer = Секунд на обмен
web_set_hand_pause = Секунд между раздачами
web_set_alert_delay = Секунд до напоминания о ходе (0: без напоминаний)
web_set_card_style = Карты
web_set_language = Язык столов
web_set_start_wallet = Фишек в новом кошельке
web_set_daily_amount = Ежедневные фишки (0: выключено)
web_set_daily_cooldown = Секунд между двумя ежедневными получениями
web_set_seats = Мест за столом
web_set_sitout_keep = Секунд, пока место пропускающего хранится
web_set_time_bank = Запас времени в начале (секунды, 0: нет)
web_set_time_bank_add = Секунд добавляется к запасу времени
web_set_time_bank_every = Раздач между двумя добавлениями
web_set_time_bank_max = Наибольший запас времени (секунды)
web_set_idle_close = Секунд, пока пустой стол открыт
web_set_tables_per_member = Открытых столов на участника
web_set_sng_members = Любой участник может проводить сит-энд-гоу
web_set_gate_account_days = Наименьший возраст аккаунта (дни, 0: нет)
web_set_gate_member_days = Наименьший срок на сервере (дни, 0: нет)
web_set_leaderboard_hide = Рейтинг не показывает замороженных участников
web_nav_ledger = Журнал фишек
web_ledger_page = Журнал фишек: { $server }
web_ledger_about = Все фишки, пришедшие в кошельки этого сервера или ушедшие из них, новые сверху (на этой странице { $shown } последних).
web_ledger_csv = Скачать CSV
web_ledger_member = Участник (ID Discord)
web_ledger_kind = Вид
web_ledger_any_kind = любой
web_ledger_period = Период
web_ledger_show = Показать
web_ledger_when = Время (UTC)
web_ledger_amount = Фишки
web_ledger_by = Кем (админ)
web_ledger_none = В журнале нет ничего под эти фильтры.
web_ledger_bad_filter = Такого фильтра форма не предлагает (участник — это ID Discord, число).
web_period_day = последние сутки
web_period_week = последняя неделя
web_period_month = последние 30 дней
web_period_all = за всё время
web_nav_audit = Аудит
web_audit_page = Аудит: { $server }
web_audit_ok = ОК: все фишки кошельков и столов этого сервера там, где говорит журнал.
web_audit_failed = { $count ->
        [one] ОШИБКА: { $count } кошелёк или место не совпадает с журналом.
        [few] ОШИБКА: { $count } кошелька или места не совпадают с журналом.
       *[other] ОШИБКА: { $count } кошельков или мест не совпадают с журналом.
    }
web_audit_wallet_off = В кошельке участника { $member } { $held } фишек; по журналу { $ledger }.
web_audit_seat_off = На месте участника { $member } за столом { $table } { $held } фишек; по журналу { $ledger }.
web_audit_wallets = { $count ->
        [one] В { $count } кошельке { $chips } фишек.
       *[other] В { $count } кошельках { $chips } фишек.
    }
web_audit_seats = За столами этого сервера { $chips } фишек.
web_audit_whole_ok = Вся база данных (все серверы этого бота): ОК.
web_audit_whole_failed = Вся база данных (все серверы этого бота): ОШИБКА. Хозяин бота видит подробности в python -m bot.store audit.
web_close = Закрыть…
web_close_title = Закрыть #{ $channel }?
web_close_after_hand = Идёт раздача: её доиграют, затем стол закроется, и фишки каждого места вернутся в кошелёк игрока. Канал это увидит, как после /pokeradmin close.
web_close_now = Стол закроется сейчас, и фишки каждого места вернутся в кошелёк игрока.
web_close_confirm = Закрыть стол
web_close_cancel = Оставить открытым
web_stats_title = Ваша статистика
web_stats_page = Ваша статистика: { $server }
web_stats_chart = Ваш итог за последние раздачи и сколько карт вы меняете на каждом обмене.
