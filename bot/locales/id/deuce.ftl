# Deuce: setiap kalimat yang dilihat pemain, dalam Bahasa Indonesia.
# Sintaks Project Fluent: https://projectfluent.org/fluent/guide/

## Umum

error_generic = Ada yang salah di pihak saya. Tidak ada yang berubah; silakan coba lagi.
guild_only = Poker dimainkan di saluran server, bukan di pesan langsung.
no_permission = Anda perlu izin Kelola Server untuk memakai perintah ini.
cooldown = Pelan-pelan sedikit: coba lagi dalam { $seconds } detik.

## Status meja / tempat duduk

no_table = Belum ada meja di saluran ini. Buka meja dengan { $cmd-poker-join }.
joined_private = Anda duduk di kursi { $seat } dengan { $stack } chip (dompet sekarang { $wallet }).
joined_wait = Anda mendapat kartu mulai tangan berikutnya.
already_seated = Anda sudah duduk di sini (kursi { $seat }, { $stack } chip).
already_seated_sitin = Anda sudah duduk di sini (kursi { $seat }, { $stack } chip) dan sedang rehat: { $cmd-poker-sitin } untuk main lagi.
dm_closed = Saya tidak bisa mengirimi Anda pesan langsung, jadi kartu Anda datang sebagai balasan pribadi: pakai tombol Kartuku di meja atau { $cmd-poker-hand }.
welcome_dm = Selamat datang di meja Deuce di #{ $channel }. Kartu Anda akan datang ke sini setiap tangan, dengan tombol untuk menandai kartu yang dibuang.
table_closing = Meja ini ditutup setelah tangan yang sedang berjalan; tidak menerima pemain baru.
left_now = Anda berdiri dan membawa { $amount } chip kembali ke dompet (dompet { $wallet }).
left_after_hand = Anda fold dan akan berdiri dengan chip Anda saat tangan ini selesai.
already_leaving = Anda memang sudah akan pergi setelah tangan ini.
join_while_leaving = Anda berdiri saat tangan ini selesai (kursi { $seat }); setelah itu { $cmd-poker-join } lagi.
sat_out = Anda rehat mulai tangan berikutnya. Pakai { $cmd-poker-sitin } untuk main lagi.
already_sitting_out = Anda sudah sedang rehat.
sat_in = Anda ikut main lagi mulai tangan berikutnya.
not_sitting_out = Anda tidak sedang rehat.
sit_in_busted = Anda tidak punya chip di meja: { $cmd-poker-join } untuk membeli modal lagi.
not_seated = Anda tidak duduk di meja ini. Duduklah dengan { $cmd-poker-join }.
left_waiting = Anda tidak lagi menunggu kursi di meja ini: tidak ada chip yang diambil dari dompet Anda. { $cmd-poker-join } untuk menunggu lagi.
table_limit = Anda boleh memiliki paling banyak { $count } meja terbuka yang Anda buka di server ini, dan meja Anda ada di { $channels }. Bermainlah di sana, atau duduk di meja yang dibuka orang lain; meja yang tidak ditempati siapa pun tertutup sendiri setelah beberapa waktu.
busted = Chip { $name } habis dan ia rehat: { $cmd-poker-join } untuk membeli modal lagi.
timed_out_twice = { $name } kehabisan waktu dua kali berturut-turut dan rehat mulai tangan berikutnya.
seat_freed = { $name } terlalu lama pergi dan kursinya kosong lagi.
dm_failed_public = { $name }: saya tidak bisa mengirim kartu Anda lewat DM; pakai { $cmd-poker-hand }.
waiting_players = Menunggu pemain: minimal dua pemain duduk yang punya chip. { $cmd-poker-join }
next_hand_in = Tangan berikutnya { $when }.
table_closed = Meja sudah ditutup. Chip semua pemain sudah kembali ke dompet masing-masing.
table_closed_now = Meja ditutup; chip dikembalikan: { $summary }.
table_closed_idle = Tidak ada yang duduk di meja ini, jadi meja ditutup. { $cmd-poker-join } membukanya lagi.
close_after_hand = Meja akan ditutup saat tangan ini selesai.
kicked = { $name } dikeluarkan dari meja.
kick_after_hand = { $name } akan dikeluarkan dari meja saat tangan ini selesai.
kick_not_seated = { $name } tidak duduk di meja ini.
session_failed = Dealer mengalami masalah di meja ini dan menghentikannya; chip tetap aman.
resumed = Dealer dimulai ulang; tangan ini berlanjut.
voided = Tangan ini tidak bisa dilanjutkan setelah dimulai ulang: semua taruhan dikembalikan.
voided_settle = Tangan ini tidak bisa diselesaikan, jadi dibatalkan: semua taruhan dikembalikan.

## Giliran dan tombol

not_your_turn = Bukan giliran Anda: sekarang giliran { $name }.
not_your_turn_nobody = Tidak ada yang bisa bertaruh saat ini.
not_in_hand = Anda tidak ikut di tangan ini.
hand_over = Tangan ini sudah selesai.
button_unknown = Tombol ini sudah tidak digunakan. Tidak ada yang berubah.
table_moved = Meja sudah berlanjut sejak tombol itu; lihat meja yang terbaru.
already_done = Sudah dilakukan.
click_elsewhere = Tombol itu bukan milik pesan ini, jadi tidak ada yang dilakukan.
store_outcome_unknown = Basis data berhenti menjawab saat ini sedang disimpan, jadi ini terjadi sekali atau tidak sama sekali. Periksa sebelum mencoba lagi (chip kamu: { $cmd-chips-balance }).
action_not_saved = Itu tidak tersimpan: basis data meja tidak menjawab, jadi tidak ada yang berubah. Silakan coba lagi sebentar lagi.
store_waiting = ⏸ Meja sedang menunggu basis datanya. Permainan berlanjut dari sini begitu basis data menjawab lagi.
draw_finished = Putaran tukar itu sudah selesai.
no_more_draws = Tidak ada putaran tukar tersisa di tangan ini.
draw_queued = Penukaran kartu Anda sudah diatur: dilakukan saat giliran Anda tiba.
prefold_on = Anda akan check atau fold saat giliran Anda tiba.
no_hand_running = Tidak ada tangan yang sedang berjalan di meja ini.

## Panel pribadi

panel_title = Kartu Anda — tangan #{ $hand_id }
panel_marked = Ditandai untuk dibuang: { $cards }
panel_none_marked = Klik kartu untuk menandainya agar dibuang.
panel_new_cards = Kartu baru: { $cards }
panel_drew_none = Anda tidak menukar kartu.
panel_folded = Anda fold di tangan ini.
panel_after_draws = Tangan akhir.
panel_draw_next = Berikutnya: tukar ke-{ $number } dari 3.
panel_your_draw = Giliran Anda menukar kartu
panel_your_draw_turn = **{ panel_your_draw }** (ke-{ $number } dari 3) · waktu habis { $countdown }
panel_footer = Hanya Anda yang bisa melihat kartu ini.
button_draw = Tukar { $count }
button_stand_pat = Tidak tukar
button_prefold = Check/Fold
button_show = Tunjukkan tanganku
panel_won = Anda memenangkan { $amount } chip di tangan ini (bersih { $net }).
panel_lost = Tangan ini membuat Anda kehilangan { $amount } chip.
panel_even = Anda impas di tangan ini.
panel_can_show = Tangan Anda ditutup saat showdown; Anda masih boleh menunjukkannya.
nothing_to_show = Hanya tangan yang ditutup saat showdown yang bisa ditunjukkan sesudahnya.
shows_after = { $name } menunjukkan { $cards } — { $hand_name }
button_prefold_cancel = Batalkan check/fold
panel_to_call = {" "}· untuk call { $amount }
panel_round_pot = { $round } · Pot { $pot }
panel_stack = Chip Anda { $stack }
panel_time_bank = {" "}· bank waktu { $seconds } dtk
panel_your_turn = **Giliran Anda** · waktu habis { $countdown }
panel_moved = Panel ini pindah ke bawah: kartu terbaru Anda ada di pesan paling baru.
timed_out_private = Waktu habis di tangan #{ $hand_id }: { $what }.
timed_out_fold = Anda fold
timed_out_check = Anda check
timed_out_pat = Anda tidak menukar kartu
checked = Anda check.

## Tombol meja

button_fold = Fold
button_fold_anyway = Tetap fold
fold_free_check = Check di sini gratis. Tetap fold?
folded_anyway = Anda fold.
button_check = Check
button_call = Call { $amount }
button_bet = Bertaruh { $amount }
button_raise = Raise ke { $amount }
button_my_cards = Kartuku

## Tampilan meja

table_title = 2-7 Triple Draw · { $small_bet }/{ $big_bet }
table_title_hand = 2-7 Triple Draw · { $small_bet }/{ $big_bet } · tangan #{ $hand_id }
table_blinds = Blind { $small_blind }/{ $small_bet } · batas { $cap } taruhan
seat_line = { $markers }**{ $name }** · { $stack }{ $draws }{ $bet }{ $state }
seat_bet = {" "}· taruhan { $amount }
state_folded = {" "}· fold
state_all_in = {" "}· all-in
state_sitting_out = {" "}· rehat
state_to_act = {" "}· **giliran**
state_to_draw = {" "}· **giliran tukar**
state_leaving = {" "}· akan pergi
draws_label = {" "}· { $counts }
pat = tidak tukar
drew = tukar { $count }
field_seats = Kursi
field_pot = Pot
field_round = Ronde
field_turn = Giliran
field_log = Jalannya tangan
log_round_predraw = Sebelum tukar
log_round_drawing = Tukar ke-{ $number }
log_round_betting = Setelah tukar ke-{ $number }
log_round_showdown = Buka kartu
pot_main = { $amount }
pot_with_sides = { $amount } (utama { $main }; samping { $sides })
turn_line = Giliran { $name } untuk { $verb } · waktu habis { $countdown }
verb_act = bertindak
verb_draw = menukar kartu
round_predraw = Taruhan sebelum tukar pertama
round_betting = Taruhan setelah tukar ke-{ $number }
round_drawing = Tukar ke-{ $number } dari 3
round_complete = Tangan selesai
round_waiting = Waktu antartangan
no_actions = —

## Showdown

result_title = Hasil tangan #{ $hand_id }
result_shows = { $name } menunjukkan { $cards } — { $hand_name }
result_mucks = { $name } menutup kartunya
result_wins = { $name } memenangkan { $amount }
result_wins_with = { $name } memenangkan { $amount } dengan { $hand_name }
field_nets = Bersih di tangan ini
result_pot = { $pot }: { $amount } — { $winners }
result_main_pot = Pot utama
result_side_pot = { $number ->
        [1] Pot samping
       *[other] Pot samping { $number }
    }
result_no_showdown = { $name } memenangkan { $amount } tanpa lawan.
field_shown = Tangan yang ditunjukkan
field_winners = Pemenang

## Mengapa sebuah tangan menang (satu baris di bawah pemenang, untuk pemain baru 2-7)

why_line = { $beats }: { $because }.
why_beats = { $winner } ({ $winner_hand }) mengalahkan { $other } ({ $other_hand })
why_tie = Tangan { $winner } ({ $winner_hand }) dan { $other } ({ $other_hand }) sama nilainya (suit tidak dihitung), jadi pot dibagi.
why_pair_loses = di 2-7 tangan terendah menang, dan { $category ->
        [two_pair] dua pasang
        [three] tiga kartu sejenis
        [full_house] full house
        [four] empat kartu sejenis
       *[pair] sepasang kartu
    } dihitung merugikan Anda
why_straight_flush_loses = di 2-7 tangan terendah menang, dan straight serta flush dihitung merugikan Anda
why_lower_category = di 2-7 tangan terendah menang, dan { $better_category } lebih rendah daripada { $worse_category }
why_higher_card = di 2-7 tangan terendah menang, dibandingkan dari kartu tertinggi ke bawah: { $better_rank } mengalahkan { $worse_rank }
why_lower_group = di 2-7 tangan terendah menang, dan kartu yang sama nilainya dibandingkan lebih dulu: { $better_rank } mengalahkan { $worse_rank }
why_side_card = di 2-7 tangan terendah menang; jika pasangannya sama, kartu lainnya yang menentukan, dari yang tertinggi ke bawah: { $better_rank } mengalahkan { $worse_rank }
hand_category = { $category ->
        [no_pair] tanpa pasangan
        [two_pair] dua pasang
        [three] tiga kartu sejenis
        [straight] straight
        [flush] flush
        [full_house] full house
        [four] empat kartu sejenis
        [straight_flush] straight flush
       *[pair] sepasang
    }

## Chip

balance = { $name }: { $wallet } chip di dompet Anda, { $on_table } di meja.
daily_granted = Anda menerima { $amount } chip. Dompet: { $wallet }.
daily_cooldown = Chip harian Anda berikutnya siap { $when }.
leaderboard_title = Pemilik chip terbanyak
leaderboard_line = { $rank }. { $name } — { $total } ({ $wallet } di dompet, { $on_table } di meja)
leaderboard_empty = Belum ada yang punya chip. { $cmd-chips-daily } untuk mendapatkannya.

## Statistik dan riwayat

stats_title = Statistik { $name }
stats_line = { $label }: { $value }
stats_empty = { $name } belum pernah memainkan satu tangan pun di sini.
stats_hands_played = Tangan dimainkan
stats_hands_won = Tangan dimenangkan
stats_hands_won_value = { $won } ({ $rate })
stats_net = Chip bersih
stats_biggest_pot = Pot terbesar yang dimenangkan
stats_showdowns = Showdown dimenangkan
stats_showdowns_value = { $won } dari { $total }
stats_vpip = Masuk pot secara sukarela (sebelum tukar pertama)
history_settled = pot { $pot } → { $winners }
history_void = batal ({ $reason })
history_void_default = dikembalikan
history_count = Pilih antara 1 dan { $maximum } tangan.
buyin_range = Modal harus antara { $minimum } dan { $maximum } chip.
scope_invalid = Cakupan harus saluran atau server.
history_title = Tangan terakhir
history_line = #{ $hand_id } · { $when } · { $summary }
history_empty = Belum ada tangan yang dimainkan di sini.
history_files = Setiap tangan dilampirkan sebagai berkas riwayat tangan PHH.

## Admin

stakes_set_channel = Taruhan saluran ini: { $small_bet }/{ $big_bet }, blind { $small_blind }/{ $small_bet }, batas { $cap }. Mulai tangan berikutnya.
stakes_set_server = Taruhan bawaan server: { $small_bet }/{ $big_bet }, blind { $small_blind }/{ $small_bet }, batas { $cap }.
buyin_set = Modal sekarang { $minimum } sampai { $maximum } (bawaan { $default }).
timer_set = Pemain sekarang punya { $seconds } detik untuk bertindak dan menukar kartu.
timer_too_low = Waktu minimal { $minimum } detik.
timer_too_high = Waktu paling lama { $maximum } detik.
economy_set = Dompet baru dimulai dengan { $start } chip; { $cmd-chips-daily } memberi { $daily }.
granted = { $name } menerima { $amount } chip (dompet { $wallet }).
amount_positive = Jumlahnya harus bilangan bulat positif.
bot_member = Bot tidak main poker.
timer_set_next_hand = Pemain akan punya { $seconds } detik untuk bertindak dan menukar kartu mulai tangan berikutnya: tangan yang sedang dimainkan di sini tetap memakai { $current } detik.
pause_set = Tangan sekarang dimulai { $seconds } detik setelah tangan sebelumnya selesai (meja yang sedang di tengah tangan, atau hampir membagi kartu, memakai selang lamanya sekali lagi).
pause_overridden = Deployment ini mengatur waktu antartangan menjadi { $seconds } detik (DEUCE_HAND_PAUSE_SECONDS): nilai server hanya berlaku tanpa itu.
alert_delay_set = Pemain yang gilirannya sudah menunggu { $seconds } detik tanpa tindakan mendapat DM baru bahwa sekarang gilirannya (tiap pemain memilih dengan { $cmd-poker-alerts }).
idle_set = Meja yang tidak ditempati siapa pun sekarang tertutup sendiri setelah { $duration } (pesannya lalu memberi tahu hal itu, dan cara membukanya lagi).
idle_too_low = Waktu menganggur minimal { $minimum } detik.
tables_set = Setiap anggota sekarang boleh memiliki paling banyak { $count } meja terbuka yang dibukanya di server ini sekaligus (admin: tanpa batas).
cards_set = Kartu di meja-meja server ini sekarang ditampilkan sebagai { $style }.
cards_two_colour = gambar dengan suit merah dan hitam
cards_four_colour = gambar dengan empat warna suit (♣ hijau, ♦ biru, ♥ merah, ♠ hitam)
cards_text = teks saja
settings_cards = Kartu: { $style } ({ $source })
alert_delay_off = Notifikasi giliran dimatikan di server ini: tidak ada yang mendapat DM untuk gilirannya.
settings_title = Pengaturan poker untuk saluran ini
settings_intro = Pengaturan yang dipakai meja saluran ini. Setiap nilai menyebutkan asalnya: saluran ini, server (diatur oleh admin) atau bawaan.
settings_stakes = **Taruhan** { $small_bet }/{ $big_bet }, blind { $small_blind }/{ $small_bet } — { $source }
settings_cap = **Batas** { $cap } taruhan per ronde — { $source }
settings_server_stakes = **Taruhan bawaan server** { $small_bet }/{ $big_bet }, blind { $small_blind }/{ $small_bet }, batas { $cap } — { $source }
settings_buyin = **Modal** { $minimum } sampai { $maximum }, { $default } jika tidak disebutkan — { $source }
settings_timers = **Waktu bertindak** { $action } detik, **menukar kartu** { $draw } detik — { $source }
settings_pause = **Waktu antartangan** { $seconds } detik — { $source }
settings_pause_deployment = **Waktu antartangan** { $seconds } detik — deployment ini (DEUCE_HAND_PAUSE_SECONDS); tanpa itu { $server } detik — { $source }
settings_alerts = **Notifikasi giliran** DM baru setelah { $seconds } detik tanpa tindakan — { $source }
settings_alerts_off = **Notifikasi giliran** mati — { $source }
settings_economy = **Dompet baru** { $start } chip, **{ $cmd-chips-daily }** { $daily } setiap { $cooldown } — { $source }
settings_seats = **Kursi** { $seats }, kursi pemain yang rehat disimpan { $keep } — { $source }
settings_idle = **Meja kosong** ditutup setelah { $duration } — { $source }
settings_tables = **Meja terbuka per anggota** { $value } yang dibukanya (admin: tanpa batas) — { $source }
source_channel = saluran ini
source_server = server
source_default = bawaan

## Notifikasi giliran (pemain)

alerts_off = Anda tidak mendapat DM saat giliran Anda; meja dan panel Anda tetap menampilkannya.
alerts_on = Jika giliran Anda sudah menunggu { $seconds } detik tanpa tindakan, Anda mendapat DM baru tentang itu.
alerts_now = Anda mendapat DM baru begitu tiba giliran Anda.
alerts_server_off = Notifikasi giliran sedang dimatikan di server ini, jadi tidak ada yang dikirim sampai admin menyalakannya.

## Aturan

rules_title = 2-7 Triple Draw — aturan
rules_body =
    {"*"}*Tujuan:** tangan lima kartu terendah menang. As adalah kartu tinggi, straight dan flush dihitung merugikan Anda, jadi tangan terbaik adalah 7-5-4-3-2 dengan suit campuran ("nomor satu").
    {"*"}*Pembagian:** masing-masing lima kartu tertutup, di DM Anda (atau { $cmd-poker-hand }). Pemain di sebelah kiri tombol dealer memasang small blind, pemain berikutnya memasang big blind; jika hanya berdua, tombol dealer memasang small blind dan bertindak pertama sebelum tukar.
    {"*"}*Alur:** taruhan – tukar – taruhan – tukar – taruhan – tukar – taruhan – showdown. Di setiap putaran tukar Anda membuang 0 sampai 5 kartu (0 = tidak tukar) dan menerima kartu baru sebanyak itu; semua pemain melihat berapa kartu yang Anda tukar. Anda boleh menandai kartu buangan sebelum giliran Anda; satu kartu dibakar sebelum kartu pengganti pertama, dan bila dek habis, kartu buangan dikocok menjadi dek baru (kecuali kartu yang baru saja Anda buang).
    {"*"}*Taruhan:** batas tetap. Taruhan dan raise sama dengan taruhan kecil sebelum dan setelah tukar pertama, dan sama dengan taruhan besar (dua kali lipatnya) setelah tukar kedua dan ketiga; paling banyak { $cap } taruhan per ronde, dan sebelum tukar pertama big blind dihitung sebagai taruhan pertama.
    {"*"}*Waktu:** { $timer } detik untuk bertindak atau menukar kartu; jika waktu habis, Anda otomatis check atau fold, atau tidak tukar. Di meja uang tunai, dua kali berturut-turut kehabisan waktu membuat Anda rehat; di turnamen Anda tetap dibagi kartu, dan bandar melakukan check, fold, atau tidak tukar untuk Anda sampai Anda kembali.
rules_rankings_title = Urutan tangan (terbaik lebih dulu)
rules_rankings =
    1. Tanpa pasangan, dibandingkan dari kartu tertinggi ke bawah: 7-5-4-3-2 (nomor satu), 7-6-4-3-2, 7-6-5-3-2 … 8-5-4-3-2 … A-K-Q-J-9 (A-5-4-3-2 adalah as tinggi, bukan straight)
    2. Sepasang (2-2-3-4-5 yang terbaik)
    3. Dua pasang
    4. Tiga kartu sejenis
    5. Straight
    6. Flush
    7. Full house
    8. Empat kartu sejenis
    9. Straight flush

## Pemain bandar

house_marker = 🤖
house_sits = 🤖 { $name } (pemain bandar, { $style }) duduk.
house_stands = 🤖 { $name } berdiri.
house_room_after_hand = Meja penuh: pemain bandar { $name } berdiri saat tangan ini selesai, lalu Anda duduk di kursi itu.
house_room_waiting = Kursi Anda sudah disiapkan: Anda duduk saat tangan ini selesai.
house_room_taken = { $name } mengambil kursi yang ditinggalkan pemain bandar.
house_room_lost = { $name } tidak bisa didudukkan setelah tangan: { $cmd-poker-join } untuk mencoba lagi.
house_count_invalid = Pilih antara 1 dan 9 pemain bandar.
house_seats_invalid = Pilih antara 0 dan 10 kursi (0 mematikan pengisian).
house_style_invalid = Gaya itu tidak ada: pilih { $styles }.
house_no_member = Pemain bandar hanya duduk di meja yang ada anggotanya: { $cmd-poker-join } dulu.
house_table_full = Meja penuh ({ $seats } kursi).
house_none = Tidak ada pemain bandar di meja ini.
house_fill_on = Meja ini diatur untuk mengisi { $seats } kursi dengan pemain bandar; mereka akan duduk lagi. { $cmd-pokeradmin-house-fill } kursi:0 dulu.
house_added = { $count ->
       *[other] { $count } pemain bandar duduk
    } ({ $style }).
house_added_fewer = { $count ->
       *[other] Hanya { $count } kursi yang kosong: { $count } pemain bandar duduk
    } ({ $style }).
house_removed = { $now ->
       *[other] { $now } pemain bandar berdiri
    }; { $later } berdiri saat tangan ini selesai.
house_fill_set_channel = Pemain bandar ({ $style }) sekarang mengisi meja ini hingga { $seats } kursi setiap kali ada anggota yang duduk.
house_fill_set_server = Pemain bandar ({ $style }) sekarang mengisi setiap meja di server ini hingga { $seats } kursi setiap kali ada anggota yang duduk (pengaturan saluran sendiri yang berlaku).
house_fill_off_channel = Pemain bandar tidak lagi mengisi kursi di meja ini; yang sudah duduk tetap di sana sampai { $cmd-pokeradmin-house-remove }.
house_fill_off_server = Pemain bandar tidak lagi mengisi kursi secara bawaan di server ini.
settings_house = **Pemain bandar** mengisi hingga { $seats } kursi ({ $style }) di samping anggota
settings_no_house = **Pemain bandar** tidak mengisi kursi ({ $cmd-pokeradmin-house-fill })
kick_house = { $name } adalah pemain bandar: { $cmd-pokeradmin-house-remove } untuk membuatnya berdiri.

## Nama tangan (peringkat berupa angka: 2-10, 11 jek, 12 ratu, 13 raja, 14 as)

hand_number_one = nomor satu
hand_number_two = nomor dua
hand_low =
    { $high ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    }-{ $second ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    } rendah
hand_pair =
    sepasang { $rank ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    }
hand_two_pair =
    dua pasang, { $high ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    } dan { $low ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    }
hand_three =
    tiga kartu { $rank ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    }
hand_straight =
    straight, { $high ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    } tinggi
hand_flush =
    flush, { $high ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    } tinggi
hand_full_house =
    full house, tiga { $high ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    } dan sepasang { $low ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    }
hand_four =
    empat kartu { $rank ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    }
hand_straight_flush =
    straight flush, { $high ->
        [2] dua
        [3] tiga
        [4] empat
        [5] lima
        [6] enam
        [7] tujuh
        [8] delapan
        [9] sembilan
        [10] sepuluh
        [11] jek
        [12] ratu
        [13] raja
       *[14] as
    } tinggi
hand_royal_flush = royal flush

## Catatan umum sebuah tangan (di bawah meja)

log_small_blind = { $name } memasang small blind { $amount }
log_big_blind = { $name } memasang big blind { $amount }
log_fold = { $name } fold
log_check = { $name } check
log_call = { $name } call { $amount }
log_bet = { $name } bertaruh { $amount }
log_raise = { $name } raise ke { $amount }
log_all_in = { $action } dan all-in
log_draw = { $count ->
        [0] { $name } tidak tukar kartu
       *[other] { $name } menukar { $count } kartu
    }
log_show = { $name } menunjukkan { $cards } ({ $hand_name })
log_win = { $name } memenangkan { $amount } dari { $pot }
log_pot_main = pot utama
log_pot_side = { $number ->
        [1] pot samping
       *[other] pot samping { $number }
    }
log_pot_whole = pot
log_return = { $name } mengambil kembali { $amount } (tidak di-call)
log_left = { $name } telah pergi: tangannya fold
log_timed_out = { $action } (waktu habis)

## Bahasa (/pokeradmin bahasa)

language_name = { $language ->
        [hu] magyar (Hongaria)
        [sv] svenska (Swedia)
        [id] Bahasa Indonesia
        [ru] русский (Rusia)
       *[en] English (Inggris)
    }
language_set_channel = Meja saluran ini sekarang berbahasa { $name }.
language_set_server = Meja-meja server ini sekarang berbahasa { $name } (bahasa saluran sendiri yang berlaku).
language_reset_channel = Meja saluran ini sekarang memakai bahasa server ({ $name }).
language_reset_server = Meja-meja server ini sekarang memakai bahasa Discord server ({ $name }).
settings_language = **Bahasa** { $name } — { $source }
source_discord = bahasa Discord server ini

## Penolakan dari buku kas chip

error_amount_whole = Jumlahnya harus bilangan bulat chip.
error_amount_positive = Jumlahnya harus lebih dari nol chip.
error_amount_range = Jumlahnya harus antara { $minimum } dan { $maximum }.
error_wallet_short = Anda hanya punya { $balance } chip di dompet; yang dibutuhkan { $needed }.
error_daily_off = Chip harian dimatikan di server ini.
error_wallet_full = Dompet Anda penuh; pakai dulu sebagian chip.
error_wallet_limit = Itu akan membuat satu dompet berisi lebih dari { $maximum } chip.
error_table_limit = Anda boleh punya paling banyak { $maximum } chip di meja; Anda bisa menambah hingga { $room }.
error_no_table = Meja itu tidak ada.
error_table_closing = Meja ini akan ditutup dan tidak menerima pemain baru.
error_table_closed = Meja ini sudah ditutup.
error_table_full = Meja penuh ({ $seats } kursi).
error_seat_taken = Kursi { $seat } sudah terisi.
error_hand_running = Sebuah tangan masih dimainkan; meja ditutup setelahnya.
error_blind_whole = Small blind harus bilangan bulat.
error_blind_range = Small blind harus antara 1 dan taruhan kecil ({ $small_bet }).
error_buyin_order = Modal minimum ({ $minimum }) tidak boleh lebih besar dari maksimum ({ $maximum }).
error_action = Tindakan itu tidak bisa dilakukan sekarang.
## Lain-lain

kick_choice = { $name } (kursi { $seat })
shard_back_soon = Meja ini akan kembali sebentar lagi: coba lagi nanti. Tidak ada yang berubah.
alt_hand = Tangan Anda: { $cards }
alt_new = baru di tukar kali ini: { $cards }
# The mark under a winning hand inside the showdown picture.
picture_winner = ★ pemenang
alt_showdown = Showdown.
alt_shown_hand = { $winner ->
        [yes] { $name } (menang): { $cards }, { $hand_name }.
       *[no] { $name }: { $cards }, { $hand_name }.
    }
log_reshuffle = Kartu di dek habis: kartu buangan ({ $count } kartu) dikocok ulang menjadi dek baru
no_hand = —

# Host pause, top-ups and the time bank
table_paused = ⏸ Dijeda oleh { $name }: tidak ada tangan baru sampai admin memakai { $cmd-pokeradmin-resume }.
table_pausing = ⏸ Dijeda oleh { $name }: ini tangan terakhir sampai admin memakai { $cmd-pokeradmin-resume }.
time_bank_running = ⏳ bank waktu
log_topup = { $name } menambah { $amount } chip
topup_leaving = Anda sedang meninggalkan meja: chip Anda kembali ke dompet, jadi tidak ada yang perlu ditambah.
topup_over = Anda boleh punya paling banyak { $maximum } chip di meja ini: sekarang Anda bisa menambah paling banyak { $room }.
topup_wallet = Dompet Anda hanya berisi { $wallet } chip.
topup_done = { $amount } chip ditambahkan: Anda punya { $stack } di meja.
topup_queued = { $amount } chip akan ditambahkan ke tumpukan Anda sebelum tangan berikutnya.
topup_held_wallet = { $amount } chip yang Anda antrekan tidak ditambahkan: dompet Anda kini hanya berisi { $wallet }.
topup_held_frozen = { $amount } chip yang Anda antrekan tidak ditambahkan: seorang admin membekukan dompet Anda.
topup_held_room = { $added } dari { $amount } chip yang Anda antrekan ditambahkan: meja ini mengizinkan paling banyak { $maximum } di depan Anda.
pause_already = Meja ini sudah dijeda: { $cmd-pokeradmin-resume } membagi kartu lagi.
paused_now = Meja dijeda: tidak ada tangan yang dibagikan sampai { $cmd-pokeradmin-resume }.
paused_after_hand = Meja dijeda setelah tangan yang sedang berjalan: { $cmd-pokeradmin-resume } membagi kartu lagi.
resume_not_paused = Meja ini tidak sedang dijeda.
table_resumed = Meja membagi kartu lagi.
dashboard_off = Dasbor web mati di bot ini: pengelolanya menyalakannya dengan DEUCE_WEB_PORT.
dashboard_link = Tautan masuk Anda ke dasbor web (berlaku sekali, selama { $minutes } menit; jangan dibagikan): <{ $link }>
settings_time_bank = **Bank waktu** awal { $start } detik, +{ $add } detik tiap { $every } tangan, paling banyak { $maximum } detik
settings_time_bank_off = **Bank waktu** mati
settings_seat_banks = **Bank waktu di sini** { $banks }
settings_seat_bank = { $name } { $seconds } detik

## Sit-and-go tournaments: what the store refuses

sng_not_found = Turnamen itu tidak ada.
sng_exists = Kanal ini sudah punya turnamen yang sedang mendaftar atau berjalan.
sng_table_busy = Ada meja cash yang terbuka di kanal ini; turnamen bisa dimainkan di sini setelah mejanya ditutup.
sng_levels = Level turnamen naik setiap sekian menit atau setiap sekian tangan, salah satunya.
sng_structure_unknown = Strukturnya harus turbo, reguler, atau lambat.
sng_pool_too_big = Total hadiah (buy-in dikali jumlah kursi) paling banyak { $pool } chip, hadiah terbesar yang bisa dibayarkan: dengan { $seats } kursi, buy-in paling banyak { $buy_in }.
sng_started = Turnamen ini sudah dimulai.
sng_not_started = Turnamen ini belum dimulai.
sng_closed = Turnamen ini sudah selesai.
sng_already_registered = Anda sudah terdaftar di turnamen ini.
sng_not_registered = Anda tidak terdaftar di turnamen ini.
sng_full = Turnamen sudah penuh ({ $seats } pemain).
sng_too_few = Turnamen butuh setidaknya dua pemain untuk dimulai.
sng_not_full = Kursi turnamen tidak lagi terisi semua: turnamen dimulai saat semuanya terisi.
sng_hand_running = Sebuah tangan masih dimainkan di meja turnamen.
sng_prizes_wrong = Jumlah hadiah { $prizes } tetapi total hadiah { $pool }; tidak ada yang dibayarkan.
sng_table_refused = Turnamen sedang dimainkan di meja ini: chip tidak bisa dibeli, ditambah, atau dicairkan di sini sampai turnamen selesai.
mtt_late_closed = Pendaftaran terlambat untuk turnamen ini sudah ditutup (dibuka sampai level { $levels }).
mtt_payouts_unknown = Pembayaran harus standard atau flat.
mtt_field_changed = Peserta berubah saat meja diundi; meja diundi ulang.
mtt_in_the_money = Turnamen ini sudah masuk zona hadiah: tidak bisa dibatalkan lagi.

## /poker rules: the time bank and the commands, grouped (built from the command tree)

rules_time_bank = {"*"}*Bank waktu:** saat waktu Anda habis, bank waktu memberi tambahan sebelum waktu giliran habis: { $start } detik di awal, tambah { $add } detik setiap { $every } tangan yang dibagikan kepada Anda, paling banyak { $maximum } detik.
rules_time_bank_off = {"*"}*Bank waktu:** tidak ada di meja ini: waktu giliran habis begitu waktu Anda habis.
rules_group_table = Di meja
rules_group_tournaments = Turnamen
rules_group_records = Tangan dan statistik Anda
rules_group_chips = Chip
rules_group_admin = Admin
rules_admin_line = Untuk anggota yang boleh mengelola server, di bawah { $admin }:

## A tournament hand's result on the player's panel: tournament chips, not the wallet's

panel_won_tournament = Anda memenangkan { $amount } chip turnamen di tangan ini (bersih { $net }).
panel_lost_tournament = Tangan ini membuat Anda kehilangan { $amount } chip turnamen.

## /poker riwayat: riwayat tangan teks berformat PokerStars
history_files_text = Setiap tangan dilampirkan sebagai riwayat tangan teks berformat PokerStars, yang bisa diimpor tracker.
