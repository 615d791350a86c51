# Deuce: слэш-команды на русском (перевод с английского).
# Имена: строчные, без пробелов, не длиннее 32 символов (правило Discord); описания не длиннее 100.
# Идентификаторы: cmd-<путь команды>[-<параметр>][-desc]; choice-<значение> для фиксированного выбора.

cmd-poker = покер
cmd-poker-desc = Игра в 2-7 трипл дро за столом этого канала

cmd-poker-join = сесть
cmd-poker-join-desc = Сесть за стол этого канала (бай-ин из вашего кошелька)
cmd-poker-join-buy_in = бай-ин
cmd-poker-join-buy_in-desc = Сколько фишек взять за стол (по умолчанию — бай-ин стола)

cmd-poker-leave = уйти
cmd-poker-leave-desc = Встать из-за стола (во время раздачи: фолд и фишки в кошелёк, когда она закончится)

cmd-poker-sitout = отойти
cmd-poker-sitout-desc = Пропускать раздачи со следующей, сохранив место

cmd-poker-sitin = вернуться
cmd-poker-sitin-desc = Снова играть со следующей раздачи

cmd-poker-table = стол
cmd-poker-table-desc = Показать стол заново внизу канала

cmd-poker-hand = карты
cmd-poker-hand-desc = Показать ваши карты только вам, с кнопками для сброса

cmd-poker-rules = правила
cmd-poker-rules-desc = Правила 2-7 трипл дро, старшинство рук и команды

cmd-poker-stats = статистика
cmd-poker-stats-desc = Ваша статистика здесь или статистика другого участника
cmd-poker-stats-member = участник
cmd-poker-stats-member-desc = Чья статистика (по умолчанию — ваша)
cmd-poker-stats-period = период
cmd-poker-stats-period-desc = Какие раздачи (по умолчанию: все)

cmd-poker-history = история
cmd-poker-history-desc = Последние раздачи здесь файлами истории рук (PHH или текст PokerStars)
cmd-poker-history-count = количество
cmd-poker-history-count-desc = Сколько раздач (от 1 до 10, по умолчанию 5)

cmd-poker-replay = повтор
cmd-poker-replay-desc = Пошагово пересмотреть раздачу, только для вас
cmd-poker-replay-hand = раздача
cmd-poker-replay-hand-desc = Номер раздачи (по умолчанию: ваша последняя)

cmd-poker-session = сессия
cmd-poker-session-desc = Итоги текущей игры за столом этого канала

cmd-poker-tables = столы
cmd-poker-tables-desc = Открытые столы сервера и вход за любой из них

cmd-poker-alerts = уведомления
cmd-poker-alerts-desc = Сообщать ли вам в личные сообщения, что настал ваш ход
cmd-poker-alerts-mode = режим
cmd-poker-alerts-mode-desc = выкл — никогда; вкл — когда ход ждёт несколько секунд; сразу — как только он настал

cmd-chips = фишки
cmd-chips-desc = Ваши покерные фишки

cmd-chips-balance = баланс
cmd-chips-balance-desc = Фишки в кошельке и на столах

cmd-chips-daily = бонус
cmd-chips-daily-desc = Получить ежедневные фишки

cmd-chips-leaderboard = лидеры
cmd-chips-leaderboard-desc = Самые богатые игроки этого сервера
cmd-chips-leaderboard-period = период
cmd-chips-leaderboard-period-desc = Рейтинг по выигрышу за неделю, месяц или за все раздачи

cmd-pokeradmin = покерадмин
cmd-pokeradmin-desc = Настройки покера на этом сервере (право «Управлять сервером»)

cmd-pokeradmin-house = боты
cmd-pokeradmin-house-desc = Боты за столом этого канала

cmd-pokeradmin-house-add = добавить
cmd-pokeradmin-house-add-desc = Посадить ботов за стол этого канала
cmd-pokeradmin-house-add-count = количество
cmd-pokeradmin-house-add-count-desc = Сколько ботов (по умолчанию 1)
cmd-pokeradmin-house-add-level = уровень
cmd-pokeradmin-house-add-level-desc = Насколько хорошо они играют (по умолчанию сильно)

cmd-pokeradmin-house-remove = убрать
cmd-pokeradmin-house-remove-desc = Поднять ботов из-за стола этого канала
cmd-pokeradmin-house-remove-count = количество
cmd-pokeradmin-house-remove-count-desc = Сколько ботов (по умолчанию — всех)

cmd-pokeradmin-house-fill = заполнить
cmd-pokeradmin-house-fill-desc = Когда садится участник, дополнять стол ботами до N мест
cmd-pokeradmin-house-fill-seats = места
cmd-pokeradmin-house-fill-seats-desc = До скольких мест дополнять (0 — выключить)
cmd-pokeradmin-house-fill-level = уровень
cmd-pokeradmin-house-fill-level-desc = Насколько хорошо они играют (по умолчанию сильно)
cmd-pokeradmin-house-fill-scope = область
cmd-pokeradmin-house-fill-scope-desc = Стол этого канала или значение сервера по умолчанию (по умолчанию — канал)

cmd-pokeradmin-stakes = ставки
cmd-pokeradmin-stakes-desc = Задать ставки этого канала или сервера
cmd-pokeradmin-stakes-small_bet = малая_ставка
cmd-pokeradmin-stakes-small_bet-desc = Малая ставка (большая — вдвое больше; большой блайнд = малой ставке)
cmd-pokeradmin-stakes-small_blind = малый_блайнд
cmd-pokeradmin-stakes-small_blind-desc = Малый блайнд (по умолчанию — половина малой ставки)
cmd-pokeradmin-stakes-cap = лимит
cmd-pokeradmin-stakes-cap-desc = Сколько ставок разрешено за круг (по умолчанию — без изменений)
cmd-pokeradmin-stakes-scope = область
cmd-pokeradmin-stakes-scope-desc = Стол этого канала или значение сервера по умолчанию (по умолчанию — канал)

cmd-pokeradmin-buyin = бай-ин
cmd-pokeradmin-buyin-desc = Задать диапазон бай-ина для столов этого сервера
cmd-pokeradmin-buyin-min = минимум
cmd-pokeradmin-buyin-min-desc = Наименьший бай-ин
cmd-pokeradmin-buyin-max = максимум
cmd-pokeradmin-buyin-max-desc = Наибольший бай-ин

cmd-pokeradmin-timer = таймер
cmd-pokeradmin-timer-desc = Сколько секунд у игроков на ход и на обмен
cmd-pokeradmin-timer-seconds = секунды
cmd-pokeradmin-timer-seconds-desc = Секунд на одно решение


cmd-pokeradmin-alerts = уведомления
cmd-pokeradmin-alerts-desc = Сколько секунд ход ждёт, прежде чем игрок получит личное сообщение
cmd-pokeradmin-alerts-seconds = секунды
cmd-pokeradmin-alerts-seconds-desc = Секунд без действия до личного сообщения (0 — без уведомлений о ходе)

cmd-pokeradmin-idle = простой
cmd-pokeradmin-idle-desc = Сколько секунд стол, за которым никто не сидит, остаётся открытым
cmd-pokeradmin-idle-seconds = секунды
cmd-pokeradmin-idle-seconds-desc = Секунд без сидящих участников, прежде чем стол сам закроется

cmd-pokeradmin-tables = столы
cmd-pokeradmin-tables-desc = Сколько открытых столов может открыть каждый участник здесь
cmd-pokeradmin-tables-per_member = на-участника
cmd-pokeradmin-tables-per_member-desc = Столы, открытые одним участником, которые могут быть открыты одновременно

cmd-pokeradmin-cards = карты
cmd-pokeradmin-cards-desc = Как столы этого сервера показывают карты
cmd-pokeradmin-cards-style = стиль
cmd-pokeradmin-cards-style-desc = Картинки с красными и чёрными мастями, четыре цвета мастей или текст

cmd-pokeradmin-language = язык
cmd-pokeradmin-language-desc = Язык стола этого канала или столов сервера
cmd-pokeradmin-language-language = язык
cmd-pokeradmin-language-language-desc = Язык или собственный язык сервера в Discord
cmd-pokeradmin-language-scope = область
cmd-pokeradmin-language-scope-desc = Стол этого канала или все столы сервера

cmd-pokeradmin-settings = настройки
cmd-pokeradmin-settings-desc = Все текущие настройки здесь и откуда они взяты

cmd-pokeradmin-economy = экономика
cmd-pokeradmin-economy-desc = Стартовый кошелёк и ежедневный бонус
cmd-pokeradmin-economy-start = старт
cmd-pokeradmin-economy-start-desc = Сколько фишек у нового участника на старте
cmd-pokeradmin-economy-daily = бонус
cmd-pokeradmin-economy-daily-desc = Фишек за одну команду /фишки бонус

cmd-pokeradmin-grant = выдать
cmd-pokeradmin-grant-desc = Положить фишки в кошелёк участника
cmd-pokeradmin-grant-member = участник
cmd-pokeradmin-grant-member-desc = Кто получит фишки
cmd-pokeradmin-grant-amount = сумма
cmd-pokeradmin-grant-amount-desc = Сколько фишек

cmd-pokeradmin-kick = выгнать
cmd-pokeradmin-kick-desc = Убрать игрока из-за стола этого канала
cmd-pokeradmin-kick-player = игрок
cmd-pokeradmin-kick-player-desc = Кого убрать (одного из сидящих за столом)

cmd-pokeradmin-close = закрыть
cmd-pokeradmin-close-desc = Закрыть стол этого канала после текущей раздачи

cmd-pokeradmin-dashboard = панель
cmd-pokeradmin-dashboard-desc = Личная одноразовая ссылка на веб-панель этого сервера

## Фиксированные варианты

choice-off = выкл
choice-on = вкл
choice-now = сразу
choice-solid = сдержанно
choice-loose = азартно
choice-beginner = как новичок
choice-strong = сильно
choice-channel = канал
choice-server = сервер
choice-two-colour = два цвета
choice-four-colour = четыре цвета
choice-text = текст
choice-en = English (английский)
choice-hu = magyar (венгерский)
choice-sv = svenska (шведский)
choice-id = Bahasa Indonesia (индонезийский)
choice-ru = русский
choice-discord = язык сервера в Discord
choice-week = неделя
choice-month = месяц
choice-all = всё

cmd-pokeradmin-pause = пауза
cmd-pokeradmin-pause-desc = Остановить раздачи за столом канала после этой раздачи

cmd-pokeradmin-resume = продолжить
cmd-pokeradmin-resume-desc = Снова раздавать за приостановленным столом канала

cmd-pokeradmin-interval = интервал
cmd-pokeradmin-interval-desc = Секунды между двумя раздачами
cmd-pokeradmin-interval-seconds = секунды
cmd-pokeradmin-interval-seconds-desc = Секунд от конца одной раздачи до следующей сдачи карт

cmd-pokeradmin-timebank = запасвремени
cmd-pokeradmin-timebank-desc = Дополнительные секунды игрока, когда время хода вышло
cmd-pokeradmin-timebank-start = начало
cmd-pokeradmin-timebank-start-desc = Сколько секунд у игрока в начале (0 = без запаса)
cmd-pokeradmin-timebank-add = прибавка
cmd-pokeradmin-timebank-add-desc = Сколько секунд прибавляется раз в несколько раздач
cmd-pokeradmin-timebank-every = каждые
cmd-pokeradmin-timebank-every-desc = Раздач между двумя прибавками
cmd-pokeradmin-timebank-maximum = максимум
cmd-pokeradmin-timebank-maximum-desc = Наибольший запас в секундах

cmd-poker-topup = докупить
cmd-poker-topup-desc = Добавить фишки из кошелька к стеку за этим столом
cmd-poker-topup-amount = сумма
cmd-poker-topup-amount-desc = Сколько фишек добавить (до наибольшего бай-ина стола)

cmd-poker-sng = sng
cmd-poker-sng-desc = Турниры sit-and-go
cmd-poker-sng-create = создать
cmd-poker-sng-create-desc = Создать турнир sit-and-go в этом канале (для админов)
cmd-poker-sng-create-buy_in = бай-ин
cmd-poker-sng-create-buy_in-desc = Сколько фишек каждый игрок платит из кошелька (призовой фонд — сумма бай-инов)
cmd-poker-sng-create-seats = места
cmd-poker-sng-create-seats-desc = Игроков (от 2 до 6); турнир начнётся, когда все места будут заняты
cmd-poker-sng-create-stack = стек
cmd-poker-sng-create-stack-desc = Сколько турнирных фишек у каждого игрока на старте (по умолчанию 1500)
cmd-poker-sng-create-level_minutes = минут_на_уровень
cmd-poker-sng-create-level_minutes-desc = Минут игры на одном уровне (по умолчанию 6)
cmd-poker-sng-create-level_hands = раздач_на_уровень
cmd-poker-sng-create-level_hands-desc = Раздач на одном уровне (вместо минут)
cmd-poker-sng-create-structure = структура
cmd-poker-sng-create-structure-desc = Как быстро растут лимиты
cmd-poker-sng-create-starts_in = старт_через
cmd-poker-sng-create-starts_in-desc = Начать через столько минут (если есть хотя бы два игрока)
cmd-poker-sng-register = зарегистрироваться
cmd-poker-sng-register-desc = Зарегистрироваться в турнире sit-and-go этого канала
cmd-poker-sng-unregister = сняться
cmd-poker-sng-unregister-desc = Сняться с турнира и забрать бай-ин до его начала
cmd-poker-sng-house = боты
cmd-poker-sng-house-desc = Зарегистрировать ботов в турнире (для админов)
cmd-poker-sng-house-count = количество
cmd-poker-sng-house-count-desc = Сколько ботов (от 1 до 5)
cmd-poker-sng-house-level = уровень
cmd-poker-sng-house-level-desc = Насколько хорошо они играют
cmd-poker-sng-start = запустить
cmd-poker-sng-start-desc = Запустить турнир sit-and-go этого канала прямо сейчас (для админов)
cmd-poker-sng-cancel = отменить
cmd-poker-sng-cancel-desc = Отменить турнир sit-and-go этого канала и вернуть всем бай-ины
cmd-poker-sng-show = показать
cmd-poker-sng-show-desc = Турнир sit-and-go здесь: участники, положение игроков или итоги

cmd-poker-mtt = mtt
cmd-poker-mtt-desc = Многостоловые турниры
cmd-poker-mtt-create = создать
cmd-poker-mtt-create-desc = Назначить многостоловый турнир в этом канале (для админов)
cmd-poker-mtt-create-starts_in = старт_через
cmd-poker-mtt-create-starts_in-desc = Начать через столько минут
cmd-poker-mtt-create-buy_in = бай-ин
cmd-poker-mtt-create-buy_in-desc = Сколько фишек каждый игрок платит из кошелька (призовой фонд — сумма бай-инов)
cmd-poker-mtt-create-stack = стек
cmd-poker-mtt-create-stack-desc = Сколько турнирных фишек у каждого игрока на старте (по умолчанию 1500)
cmd-poker-mtt-create-structure = структура
cmd-poker-mtt-create-structure-desc = Как быстро растут лимиты
cmd-poker-mtt-create-level_minutes = минут_на_уровень
cmd-poker-mtt-create-level_minutes-desc = Минут игры на одном уровне (по умолчанию 10)
cmd-poker-mtt-create-level_hands = раздач_на_уровень
cmd-poker-mtt-create-level_hands-desc = Раздач на одном уровне (вместо минут)
cmd-poker-mtt-create-field = игроков
cmd-poker-mtt-create-field-desc = Наибольшее число игроков (от 2 до 60, по шесть за столом)
cmd-poker-mtt-create-late_levels = поздняя_регистрация
cmd-poker-mtt-create-late_levels-desc = Поздняя регистрация до этого уровня включительно (0: без неё)
cmd-poker-mtt-create-payouts = выплаты
cmd-poker-mtt-create-payouts-desc = Как делится призовой фонд
cmd-poker-mtt-register = зарегистрироваться
cmd-poker-mtt-register-desc = Зарегистрироваться в турнире этого канала
cmd-poker-mtt-unregister = сняться
cmd-poker-mtt-unregister-desc = Сняться с турнира и забрать бай-ин до его начала
cmd-poker-mtt-house = боты
cmd-poker-mtt-house-desc = Зарегистрировать ботов в турнире (для админов)
cmd-poker-mtt-house-count = количество
cmd-poker-mtt-house-count-desc = Сколько ботов (от 1 до 20)
cmd-poker-mtt-house-level = уровень
cmd-poker-mtt-house-level-desc = Насколько хорошо они играют
cmd-poker-mtt-cancel = отменить
cmd-poker-mtt-cancel-desc = Отменить турнир этого канала и вернуть всем бай-ины
cmd-chips-leaderboard-by = по
cmd-chips-leaderboard-by-desc = Рейтинг по фишкам (по умолчанию) или по результатам турниров (sit-and-go и многостоловых)
cmd-pokeradmin-sng = sng
cmd-pokeradmin-sng-desc = Кто может создавать, запускать и отменять турниры
cmd-pokeradmin-sng-members = участники
cmd-pokeradmin-sng-members-desc = True (да): любой участник; False (нет): только админы (по умолчанию)
choice-turbo = турбо
choice-regular = обычная
choice-slow = медленная
choice-standard = стандартные
choice-flat = ровные
choice-chips = фишки
choice-tournaments = турниры

## /poker история: текстовые истории рук в формате PokerStars
cmd-poker-history-format = формат
cmd-poker-history-format-desc = PHH — файлы для PokerKit; текст — история в формате PokerStars, её читают трекеры
choice-phh = PHH

# Issue 39: /pokeradmin fairplay.
cmd-pokeradmin-fairplay = честнаяигра
cmd-pokeradmin-fairplay-desc = Ограничения, исключения и замороженные кошельки
cmd-pokeradmin-fairplay-gates = ограничения
cmd-pokeradmin-fairplay-gates-desc = Возраст аккаунта и стаж на сервере для ежедневных фишек и игры
cmd-pokeradmin-fairplay-gates-account_days = дни_аккаунта
cmd-pokeradmin-fairplay-gates-account_days-desc = Сколько дней должно быть аккаунту Discord (0 = без минимума)
cmd-pokeradmin-fairplay-gates-member_days = дни_на_сервере
cmd-pokeradmin-fairplay-gates-member_days-desc = Сколько дней участник должен состоять на сервере (0 = без минимума)
cmd-pokeradmin-fairplay-exempt = освободить
cmd-pokeradmin-fairplay-exempt-desc = Освободить участника от ограничений
cmd-pokeradmin-fairplay-exempt-member = участник
cmd-pokeradmin-fairplay-exempt-member-desc = Участник, которого ограничения больше не касаются
cmd-pokeradmin-fairplay-unexempt = вернуть_ограничения
cmd-pokeradmin-fairplay-unexempt-desc = Снова применить ограничения к участнику
cmd-pokeradmin-fairplay-unexempt-member = участник
cmd-pokeradmin-fairplay-unexempt-member-desc = Участник, которого ограничения снова касаются
cmd-pokeradmin-fairplay-freeze = заморозить
cmd-pokeradmin-fairplay-freeze-desc = Заморозить кошелёк: без ежедневных фишек, бай-инов и регистраций
cmd-pokeradmin-fairplay-freeze-member = участник
cmd-pokeradmin-fairplay-freeze-member-desc = Участник, чей кошелёк замораживается
cmd-pokeradmin-fairplay-unfreeze = разморозить
cmd-pokeradmin-fairplay-unfreeze-desc = Разморозить кошелёк участника
cmd-pokeradmin-fairplay-unfreeze-member = участник
cmd-pokeradmin-fairplay-unfreeze-member-desc = Участник, чей кошелёк размораживается
cmd-pokeradmin-fairplay-leaderboard = лидеры
cmd-pokeradmin-fairplay-leaderboard-desc = Скрывать ли замороженных участников в /фишки лидеры
cmd-pokeradmin-fairplay-leaderboard-hide = скрыть
cmd-pokeradmin-fairplay-leaderboard-hide-desc = Да: замороженные участники скрыты; Нет: показаны все
cmd-pokeradmin-fairplay-leaderboard-flagged = отмеченные
cmd-pokeradmin-fairplay-leaderboard-flagged-desc = Да (со скрыть): участники, отмеченные последним отчётом, тоже скрыты
cmd-pokeradmin-fairplay-report = отчёт
cmd-pokeradmin-fairplay-report-desc = Пары участников, между которыми фишки двигались подозрительно
cmd-pokeradmin-fairplay-report-period = период
cmd-pokeradmin-fairplay-report-period-desc = Раздачи за последнюю неделю, месяц (по умолчанию) или все
