# Issue 27: tayangan ulang, statistik per periode, catatan sesi, dan lobi.

button_replay = Tayang ulang
replay_title = Tayang ulang — tangan #{ $hand_id } · langkah { $step }/{ $steps }
replay_deal = Pembagian: blind dipasang, lima kartu untuk tiap pemain
replay_your_cards = Kartumu: { $cards }
replay_you_drew = Kamu membuang { $thrown } dan mendapat { $got }
replay_not_played = Kamu tidak ikut tangan ini: kamu melihat apa yang dilihat meja.
replay_voided = Tangan ini dibatalkan di sini: semua taruhan dikembalikan.
replay_not_found = Tidak ada tangan #{ $hand_id } di server ini.
replay_running = Tangan #{ $hand_id } masih dimainkan: tayangkan ulang setelah selesai.
replay_unavailable = Tangan #{ $hand_id } tidak bisa ditayangkan ulang: terlalu sedikit yang tersimpan.
replay_none = Kamu belum memainkan tangan apa pun di server ini.
replay_no_step = Langkah itu bukan bagian dari tangan ini.

period_week = 7 hari terakhir
period_month = 30 hari terakhir
period_all = semua tangan
stats_title_period = { $name } — { $period }
stats_empty_period = { $name } belum memainkan tangan di sini dalam { $period }.
stats_pat_after = Tidak tukar pada tukar ke-1 · 2 · 3
stats_drawn_average = Kartu ditukar pada tukar ke-1 · 2 · 3
stats_snows = Tidak tukar sampai akhir dan ketahuan dengan pair atau lebih buruk
stats_snows_value = { $caught } dari { $pat } showdown tanpa tukar
stats_best_hand = Tangan terbaik yang ditunjukkan
chart_net = Hasil bersih { $count } tangan terakhir
chart_drawn = Kartu ditukar per putaran tukar
leaderboard_period_title = Chip dimenangkan dalam { $period }
leaderboard_net_line = { $rank }. { $name } — { $net } ({ $hands } tangan)
leaderboard_period_empty = Belum ada yang menyelesaikan tangan di sini dalam periode itu.

duration = { $hours ->
        [0] { $minutes } mnt
       *[other] { $minutes ->
            [0] { $hours } j
           *[other] { $hours } j { $minutes } mnt
        }
    }
session_title = Sesi meja ini sejauh ini
session_closed_title = Sesi di meja ini
session_line = { $rank }. { $name } — { $net } ({ $hands } tangan)
session_empty = Belum ada tangan yang selesai di meja ini sejak dibuka.
session_footer = { $hands } tangan dibagikan · dibuka selama { $duration }
leave_title = Sesimu
leave_where = Di { $channel }
leave_seated = Lama duduk

lobby_title = Meja yang buka
lobby_empty = Tidak ada meja terbuka yang bisa kamu lihat di server ini. Buka meja dengan { $cmd-poker-join }.
lobby_kind_cash = Tunai
lobby_line = { $channel } — { $kind } { $small }/{ $big } · { $seated } duduk, { $free } kosong: { $names } · satu jam terakhir: { $hands } tangan, rata-rata pot { $pot }
lobby_nobody = belum ada
lobby_page = Halaman { $page } dari { $pages } · ◀ ▶ untuk berpindah halaman
lobby_choose = Pilih meja
lobby_option = #{ $channel } · { $small }/{ $big } · { $seated }/{ $seats } duduk
lobby_chosen = { $channel }: taruhan { $small }/{ $big }. Duduk dengan buy-in bawaan { $buy_in }?
lobby_join = Duduk ({ $buy_in })
lobby_gone = Meja itu sudah tidak buka (atau tidak bisa kamu lihat). Jalankan { $cmd-poker-tables } lagi.

# The stats chart (bot/art/chart.py): its axes, a tournament player's picture, its alt text.
chart_hand_axis = Tangan
chart_draw_axis = Tukar
chart_sng_net = Hasil bersih { $count } turnamen terakhir
chart_sng_axis = Turnamen
chart_places = Peringkat akhir
chart_place_axis = Peringkat
chart_alt_net = { $title }: { $end } di akhir (terendah { $low }, tertinggi { $high }).
chart_alt_bars = { $title }: { $values }.

## A wait under a minute (bot.messages.duration)

duration_seconds = { $seconds } detik
