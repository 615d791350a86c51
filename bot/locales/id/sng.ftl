# Issue 26: turnamen Sit-and-go.

field_tournament = Sit-and-go #{ $tournament }
sng_level_line = Level { $level }: { $limits } · berikutnya { $next }
sng_next_at = { $when }
sng_next_hands = { $hands ->
    [0] pada pembagian berikutnya
   *[other] setelah { $hands } tangan lagi
}
sng_players_line = Tersisa { $left } dari { $entrants } pemain · rata-rata chip { $average }
sng_level_up = Level { $level }: taruhan sekarang { $limits }.
sng_away = { $name } sedang pergi: tetap dibagikan kartu dan membayar blind sampai kembali ({ $cmd-poker-sitin }).
sng_away_now = Anda sedang pergi: Anda tetap dibagikan kartu, blind Anda dipasang, dan saat waktu giliran habis Anda otomatis check atau fold. { $cmd-poker-sitin } membawa Anda kembali.
sng_out = { $name } tersingkir di peringkat ke-{ $place }.
sng_out_prize = { $name } tersingkir di peringkat ke-{ $place } dan memenangkan { $prize }.
sng_place_private = Anda menyelesaikan Sit-and-go #{ $tournament } di peringkat ke-{ $place } dari { $entrants }.
sng_place_private_prize = Anda menyelesaikan Sit-and-go #{ $tournament } di peringkat ke-{ $place } dari { $entrants } dan memenangkan { $prize } chip, yang dibayarkan ke dompet Anda saat turnamen selesai.
sng_won = { $name } memenangkan Sit-and-go #{ $tournament }!
sng_next_level = Mulai tangan berikutnya level { $level }: { $limits }.
sng_table_won = Sit-and-go #{ $tournament } selesai: { $name } menang dan meraih hadiah pertama, { $prize }.
sng_table_cancelled = Sit-and-go #{ $tournament } dibatalkan: semua buy-in dikembalikan.
sng_final_level = Selesai di level { $level } ({ $limits })
sng_result_title = Sit-and-go #{ $tournament }: klasemen akhir
sng_result_line = { $place }. { $name }: { $prize }
sng_prize_label = Hadiah
sng_house_label = bandar
sng_pool_line = Total hadiah { $pool } · { $entrants } pemain
sng_cancelled = Sit-and-go #{ $tournament } dibatalkan: semua buy-in sudah kembali ke dompet masing-masing.
sng_cancelled_unresumable = Sit-and-go #{ $tournament } tidak bisa dilanjutkan setelah dimulai ulang dan dibatalkan: semua buy-in sudah kembali ke dompet masing-masing.
sng_join_refused = Sit-and-go sedang dimainkan di meja ini: tidak ada yang bisa buy-in. { $cmd-poker-sng-show } menampilkan klasemennya.
sng_topup_refused = Chip turnamen tidak bisa ditambah.
sng_pause_refused = Meja turnamen tidak bisa dijeda: level-levelnya terus berjalan.
sng_close_refused = Ini meja Sit-and-go: { $cmd-poker-sng-cancel } membatalkannya dan mengembalikan semua buy-in.

sng_status_registering = pendaftaran
sng_status_running = berjalan
sng_status_finished = selesai
sng_status_cancelled = dibatalkan
sng_reg_title = Sit-and-go #{ $tournament } ({ $status })
sng_reg_buy_in = Buy-in { $buy_in } · total hadiah { $pool }
sng_reg_buy_in_refunded = Buy-in { $buy_in } · setiap buy-in dikembalikan
sng_reg_stack = Chip awal { $stack } chip turnamen
sng_reg_structure = Struktur: { $structure } ({ $levels } …), tiap level { $length }
sng_level_minutes = { $minutes } menit
sng_level_hands = { $hands } tangan
sng_reg_payouts = Pembayaran: { $payouts } (untuk { $field } pemain)
sng_reg_starts = Mulai { $when }, atau saat semua kursi terisi
sng_reg_starts_full = Mulai saat { $seats } pemain sudah terdaftar, atau saat admin memulainya
sng_reg_field = Pemain ({ $count }/{ $seats })
sng_button_register = Daftar
sng_button_unregister = Batal daftar
sng_registered = Anda terdaftar di Sit-and-go #{ $tournament }: { $buy_in } dipindahkan dari dompet Anda ke total hadiahnya.
sng_unregistered = Anda tidak lagi terdaftar di Sit-and-go #{ $tournament }: { $buy_in } kembali ke dompet Anda.
sng_none_here = Tidak ada Sit-and-go di saluran ini. Admin bisa membuatnya dengan { $cmd-poker-sng-create }.
sng_admins_only = Hanya anggota dengan izin Kelola Server yang boleh melakukan itu.
sng_level_both = Pilih menit atau tangan per level, jangan keduanya.
sng_house_added = { $count ->
    [0] Tidak ada pemain bandar yang didaftarkan: kursi sudah penuh.
   *[other] { $count } pemain bandar didaftarkan.
}
sng_cancelled_answer = Sit-and-go #{ $tournament } dibatalkan; { $count } buy-in dikembalikan.
sng_show_alive = { $name }: { $stack } chip
sng_show_prizes = Hadiah: { $prizes }
stats_tournaments = Turnamen
stats_tournaments_value = { $played } dimainkan · { $wins } menang · { $paid } dapat hadiah · bersih { $net }
leaderboard_sng_title = Hasil turnamen dalam { $period }
leaderboard_sng_line = { $rank }. { $name }: { $net } ({ $wins } menang dari { $played })
leaderboard_sng_empty = Belum ada yang menyelesaikan turnamen di sini dalam periode itu.
sng_starting = Sit-and-go #{ $tournament } dimulai sekarang.
sng_members_on = Sekarang setiap anggota boleh membuat, memulai, dan membatalkan turnamen di sini.
sng_members_off = Sekarang hanya admin (Kelola Server) yang boleh membuat, memulai, dan membatalkan turnamen di sini.
lobby_sng_field = Turnamen
lobby_sng_line = { $channel } · sit-and-go #{ $tournament } ({ $status }): { $count }/{ $seats } pemain, buy-in { $buy_in }
lobby_mtt_line = { $channel } · turnamen multi-meja #{ $tournament } ({ $status }): { $count }/{ $seats } pemain, buy-in { $buy_in }
lobby_sng_register = Daftar ke #{ $tournament }
lobby_no_tables = Tidak ada meja uang yang terbuka.

## Multi-table tournaments (/poker mtt)

mtt_lobby_title = Turnamen multi-meja #{ $tournament } ({ $status })
mtt_lobby_options = Buy-in { $buy_in } · stack awal { $stack } · { $structure }, level { $length }
mtt_lobby_field = Pemain { $count }/{ $field } · total hadiah { $pool } · { $paid } dibayar ({ $payouts })
mtt_lobby_late = Pendaftaran terlambat sampai level { $levels }
mtt_lobby_starts = Mulai { $when }
mtt_lobby_registered = Terdaftar: { $names }
mtt_lobby_hand_for_hand = Tangan demi tangan: setiap meja menunggu tangan di meja lain selesai.
mtt_lobby_tables = Meja
mtt_lobby_table = Meja { $table }: { $thread } · { $count } pemain
mtt_lobby_top = { $count } stack terbesar
mtt_thread_table = meja { $table }
mtt_event_name = Turnamen multi-meja #{ $tournament }
mtt_hand_for_hand = Bubble: mulai sekarang meja-meja membagikan tangan demi tangan, masing-masing menunggu meja lain.
mtt_final_table = Meja final turnamen #{ $tournament } sudah terbentuk: { $link }
mtt_table_broken = Meja { $table } dibubarkan: pemainnya pindah ke meja lain (masing-masing diberi tahu lewat DM).
mtt_table_over = Turnamen #{ $tournament } selesai: klasemen akhir ada di kanal turnamen.
mtt_moved_dm = Turnamen #{ $tournament }: Anda pindah dari meja { $table_from } ke meja { $table_to }, bersama chip Anda. Kursi Anda: { $link }
mtt_out = { $name } tersingkir di peringkat { $place } (tangan demi tangan).
mtt_out_prize = { $name } tersingkir di peringkat { $place } (tangan demi tangan) dan memenangkan { $prize }.
mtt_result_title = Turnamen multi-meja #{ $tournament }: klasemen akhir
mtt_field_tournament = Turnamen #{ $tournament }
mtt_table_broken_closed = Meja turnamen #{ $tournament } ini dibubarkan: pemainnya pindah ke meja lain.
mtt_table_cancelled = Turnamen #{ $tournament } dibatalkan: semua buy-in dikembalikan.
mtt_place_private = Anda menyelesaikan turnamen #{ $tournament } di peringkat ke-{ $place } dari { $entrants }.
mtt_place_private_prize = Anda menyelesaikan turnamen #{ $tournament } di peringkat ke-{ $place } dari { $entrants } dan memenangkan { $prize } chip, dibayar ke dompet Anda saat turnamen selesai.
mtt_won = { $name } memenangkan turnamen multi-meja #{ $tournament }!
mtt_text_channel_only = Turnamen multi-meja dibuat di kanal teks server: mejanya adalah thread di bawahnya.
mtt_missing_permissions = Saya tidak bisa menjalankan turnamen multi-meja di kanal ini: saya butuh { $permissions } di sini. Admin dapat memberikannya di izin kanal.
mtt_none_here = Tidak ada turnamen multi-meja di kanal ini. Admin membuatnya dengan { $cmd-poker-mtt-create }.
mtt_registered = Anda terdaftar di turnamen #{ $tournament }: { $buy_in } dipindah dari dompet Anda ke total hadiah.
mtt_registered_late = Anda terdaftar terlambat di turnamen #{ $tournament }: { $buy_in } dipindah dari dompet Anda ke total hadiah, dan Anda duduk dengan stack penuh.
mtt_unregistered = Anda tidak lagi terdaftar di turnamen #{ $tournament }: { $buy_in } kembali ke dompet Anda.
mtt_cancelled_answer = Turnamen #{ $tournament } dibatalkan; { $count } buy-in kembali ke dompet.
