# Deuce: perintah slash dalam Bahasa Indonesia.
# Nama: huruf kecil, tanpa spasi, paling banyak 32 karakter (aturan Discord); deskripsi paling banyak 100.
# Id: cmd-<jalur perintah>[-<opsi>][-desc]; choice-<nilai> untuk pilihan tetap.

cmd-poker = poker
cmd-poker-desc = Main 2-7 Triple Draw di meja saluran ini

cmd-poker-join = duduk
cmd-poker-join-desc = Duduk di meja saluran ini (modal diambil dari dompet Anda)
cmd-poker-join-buy_in = modal
cmd-poker-join-buy_in-desc = Chip yang dibawa ke meja (bawaan: modal bawaan meja)

cmd-poker-leave = keluar
cmd-poker-leave-desc = Berdiri dari meja (di tengah tangan: fold, lalu chip dicairkan saat tangan selesai)

cmd-poker-sitout = rehat
cmd-poker-sitout-desc = Lewati tangan mulai tangan berikutnya, kursi tetap milik Anda

cmd-poker-sitin = kembali
cmd-poker-sitin-desc = Main lagi mulai tangan berikutnya

cmd-poker-table = meja
cmd-poker-table-desc = Tampilkan meja lagi di bagian bawah saluran

cmd-poker-hand = kartu
cmd-poker-hand-desc = Tampilkan kartu Anda secara pribadi, dengan tombol untuk membuang

cmd-poker-rules = aturan
cmd-poker-rules-desc = Aturan 2-7 Triple Draw, urutan tangan, dan daftar perintah

cmd-poker-stats = statistik
cmd-poker-stats-desc = Catatan permainan Anda di sini, atau milik anggota lain
cmd-poker-stats-member = anggota
cmd-poker-stats-member-desc = Statistik siapa (bawaan: milik Anda)
cmd-poker-stats-period = periode
cmd-poker-stats-period-desc = Tangan yang mana (bawaan: semuanya)

cmd-poker-history = riwayat
cmd-poker-history-desc = Tangan terakhir di sini sebagai berkas riwayat tangan (PHH atau teks PokerStars)
cmd-poker-history-count = jumlah
cmd-poker-history-count-desc = Berapa tangan (1-10, bawaan 5)

cmd-poker-replay = tayangulang
cmd-poker-replay-desc = Telusuri lagi sebuah tangan, secara pribadi
cmd-poker-replay-hand = tangan
cmd-poker-replay-hand-desc = Nomor tangan (bawaan: tangan terakhirmu)

cmd-poker-session = sesi
cmd-poker-session-desc = Catatan sesi meja di saluran ini: siapa menang berapa

cmd-poker-tables = daftarmeja
cmd-poker-tables-desc = Meja terbuka di server ini, dan cara bergabung

cmd-poker-alerts = notifikasi
cmd-poker-alerts-desc = Apakah DM baru memberi tahu bahwa sekarang giliran Anda
cmd-poker-alerts-mode = mode
cmd-poker-alerts-mode-desc = mati: tidak pernah; nyala: setelah giliran Anda menunggu beberapa detik; langsung: begitu tiba

cmd-chips = chip
cmd-chips-desc = Chip poker Anda

cmd-chips-balance = saldo
cmd-chips-balance-desc = Chip di dompet Anda dan di meja

cmd-chips-daily = harian
cmd-chips-daily-desc = Ambil chip harian Anda

cmd-chips-leaderboard = peringkat
cmd-chips-leaderboard-desc = Pemain terkaya di server ini
cmd-chips-leaderboard-period = periode
cmd-chips-leaderboard-period-desc = Urutkan menurut chip yang dimenangkan minggu ini, bulan ini, atau semua tangan

cmd-pokeradmin = pokeradmin
cmd-pokeradmin-desc = Pengaturan poker untuk server ini (Kelola Server)

cmd-pokeradmin-house = bandar
cmd-pokeradmin-house-desc = Pemain bandar di meja saluran ini

cmd-pokeradmin-house-add = tambah
cmd-pokeradmin-house-add-desc = Dudukkan pemain bandar di meja saluran ini
cmd-pokeradmin-house-add-count = jumlah
cmd-pokeradmin-house-add-count-desc = Berapa pemain bandar (bawaan 1)
cmd-pokeradmin-house-add-level = tingkat
cmd-pokeradmin-house-add-level-desc = Seberapa baik mereka bermain (bawaan kuat)

cmd-pokeradmin-house-remove = hapus
cmd-pokeradmin-house-remove-desc = Berdirikan pemain bandar dari meja saluran ini
cmd-pokeradmin-house-remove-count = jumlah
cmd-pokeradmin-house-remove-count-desc = Berapa pemain bandar (bawaan: semua)

cmd-pokeradmin-house-fill = isi
cmd-pokeradmin-house-fill-desc = Isi kursi kosong hingga N dengan pemain bandar saat seorang anggota duduk
cmd-pokeradmin-house-fill-seats = kursi
cmd-pokeradmin-house-fill-seats-desc = Jumlah kursi yang diisi (0 = mati)
cmd-pokeradmin-house-fill-level = tingkat
cmd-pokeradmin-house-fill-level-desc = Seberapa baik mereka bermain (bawaan kuat)
cmd-pokeradmin-house-fill-scope = cakupan
cmd-pokeradmin-house-fill-scope-desc = Meja saluran ini atau bawaan server (bawaan: saluran)

cmd-pokeradmin-stakes = taruhan
cmd-pokeradmin-stakes-desc = Atur besar taruhan saluran ini atau server
cmd-pokeradmin-stakes-small_bet = taruhan_kecil
cmd-pokeradmin-stakes-small_bet-desc = Taruhan kecil (taruhan besar dua kali lipatnya; big blind = taruhan kecil)
cmd-pokeradmin-stakes-small_blind = small_blind
cmd-pokeradmin-stakes-small_blind-desc = Small blind (bawaan: setengah taruhan kecil)
cmd-pokeradmin-stakes-cap = batas
cmd-pokeradmin-stakes-cap-desc = Jumlah taruhan yang boleh per ronde (bawaan: tidak berubah)
cmd-pokeradmin-stakes-scope = cakupan
cmd-pokeradmin-stakes-scope-desc = Meja saluran ini atau bawaan server (bawaan: saluran)

cmd-pokeradmin-buyin = modal
cmd-pokeradmin-buyin-desc = Atur rentang modal di meja-meja server ini
cmd-pokeradmin-buyin-min = min
cmd-pokeradmin-buyin-min-desc = Modal terkecil
cmd-pokeradmin-buyin-max = maks
cmd-pokeradmin-buyin-max-desc = Modal terbesar

cmd-pokeradmin-timer = waktu
cmd-pokeradmin-timer-desc = Detik yang dimiliki pemain untuk bertindak dan menukar kartu
cmd-pokeradmin-timer-seconds = detik
cmd-pokeradmin-timer-seconds-desc = Detik per keputusan


cmd-pokeradmin-alerts = notifikasi
cmd-pokeradmin-alerts-desc = Detik sebuah giliran menunggu sebelum pemainnya mendapat DM
cmd-pokeradmin-alerts-seconds = detik
cmd-pokeradmin-alerts-seconds-desc = Detik tanpa tindakan sebelum DM (0 = tanpa notifikasi giliran)

cmd-pokeradmin-idle = menganggur
cmd-pokeradmin-idle-desc = Detik sebuah meja tanpa pemain tetap terbuka
cmd-pokeradmin-idle-seconds = detik
cmd-pokeradmin-idle-seconds-desc = Detik tanpa anggota yang duduk sebelum meja tertutup sendiri

cmd-pokeradmin-tables = meja
cmd-pokeradmin-tables-desc = Berapa meja terbuka yang boleh dibuka setiap anggota di sini
cmd-pokeradmin-tables-per_member = per-anggota
cmd-pokeradmin-tables-per_member-desc = Meja terbuka yang boleh dibuka satu anggota sekaligus

cmd-pokeradmin-cards = kartu
cmd-pokeradmin-cards-desc = Cara meja-meja server ini menampilkan kartu
cmd-pokeradmin-cards-style = gaya
cmd-pokeradmin-cards-style-desc = Gambar dengan suit merah dan hitam, empat warna suit, atau teks

cmd-pokeradmin-language = bahasa
cmd-pokeradmin-language-desc = Bahasa meja saluran ini atau meja-meja server
cmd-pokeradmin-language-language = bahasa
cmd-pokeradmin-language-language-desc = Bahasanya, atau bahasa Discord server ini sendiri
cmd-pokeradmin-language-scope = cakupan
cmd-pokeradmin-language-scope-desc = Meja saluran ini, atau semua meja di server

cmd-pokeradmin-settings = pengaturan
cmd-pokeradmin-settings-desc = Semua pengaturan saat ini di sini dan asalnya

cmd-pokeradmin-economy = ekonomi
cmd-pokeradmin-economy-desc = Dompet awal dan chip harian
cmd-pokeradmin-economy-start = awal
cmd-pokeradmin-economy-start-desc = Chip yang dimiliki anggota baru di awal
cmd-pokeradmin-economy-daily = harian
cmd-pokeradmin-economy-daily-desc = Chip per /chip harian

cmd-pokeradmin-grant = beri
cmd-pokeradmin-grant-desc = Berikan chip ke dompet seorang anggota
cmd-pokeradmin-grant-member = anggota
cmd-pokeradmin-grant-member-desc = Siapa yang menerima chip
cmd-pokeradmin-grant-amount = jumlah
cmd-pokeradmin-grant-amount-desc = Berapa chip

cmd-pokeradmin-kick = keluarkan
cmd-pokeradmin-kick-desc = Keluarkan seorang pemain dari meja saluran ini
cmd-pokeradmin-kick-player = pemain
cmd-pokeradmin-kick-player-desc = Siapa yang dikeluarkan (salah satu pemain yang duduk)

cmd-pokeradmin-close = tutup
cmd-pokeradmin-close-desc = Tutup meja saluran ini setelah tangan yang sedang berjalan

cmd-pokeradmin-dashboard = dasbor
cmd-pokeradmin-dashboard-desc = Tautan pribadi sekali pakai ke dasbor web server ini

## Pilihan tetap

choice-off = mati
choice-on = nyala
choice-now = langsung
choice-solid = kokoh
choice-loose = longgar
choice-beginner = pemula
choice-strong = kuat
choice-channel = saluran
choice-server = server
choice-two-colour = dua warna
choice-four-colour = empat warna
choice-text = teks
choice-en = English (Inggris)
choice-hu = magyar (Hongaria)
choice-sv = svenska (Swedia)
choice-id = Bahasa Indonesia
choice-ru = русский (Rusia)
choice-discord = bahasa Discord server ini
choice-week = minggu
choice-month = bulan
choice-all = semua

cmd-pokeradmin-pause = jeda
cmd-pokeradmin-pause-desc = Berhenti membagi kartu di meja saluran ini setelah tangan ini

cmd-pokeradmin-resume = lanjut
cmd-pokeradmin-resume-desc = Membagi kartu lagi di meja saluran ini yang dijeda

cmd-pokeradmin-interval = selang
cmd-pokeradmin-interval-desc = Detik di antara dua tangan
cmd-pokeradmin-interval-seconds = detik
cmd-pokeradmin-interval-seconds-desc = Detik dari akhir satu tangan sampai pembagian kartu berikutnya

cmd-pokeradmin-timebank = banktotal
cmd-pokeradmin-timebank-desc = Detik tambahan tiap pemain saat waktu gilirannya habis
cmd-pokeradmin-timebank-start = awal
cmd-pokeradmin-timebank-start-desc = Detik awal tiap pemain (0 = tanpa bank waktu)
cmd-pokeradmin-timebank-add = tambah
cmd-pokeradmin-timebank-add-desc = Detik yang ditambahkan tiap beberapa tangan
cmd-pokeradmin-timebank-every = tiap
cmd-pokeradmin-timebank-every-desc = Tangan di antara dua penambahan
cmd-pokeradmin-timebank-maximum = maksimum
cmd-pokeradmin-timebank-maximum-desc = Detik terbanyak yang bisa disimpan bank waktu

cmd-poker-topup = tambahchip
cmd-poker-topup-desc = Tambah chip dari dompet ke tumpukanmu di sini
cmd-poker-topup-amount = jumlah
cmd-poker-topup-amount-desc = Chip yang ditambahkan (sampai buy-in terbesar meja)

cmd-poker-sng = sng
cmd-poker-sng-desc = Turnamen Sit-and-go
cmd-poker-sng-create = buat
cmd-poker-sng-create-desc = Buat Sit-and-go di saluran ini (admin)
cmd-poker-sng-create-buy_in = modal
cmd-poker-sng-create-buy_in-desc = Chip yang dibayar tiap pemain dari dompetnya (total hadiah = jumlah semua buy-in)
cmd-poker-sng-create-seats = kursi
cmd-poker-sng-create-seats-desc = Jumlah pemain (2-6); turnamen mulai saat kursi penuh
cmd-poker-sng-create-stack = chip_awal
cmd-poker-sng-create-stack-desc = Chip turnamen awal tiap pemain (bawaan 1.500)
cmd-poker-sng-create-level_minutes = menit_level
cmd-poker-sng-create-level_minutes-desc = Menit permainan per level (bawaan 6)
cmd-poker-sng-create-level_hands = tangan_level
cmd-poker-sng-create-level_hands-desc = Tangan per level (sebagai ganti menit)
cmd-poker-sng-create-structure = struktur
cmd-poker-sng-create-structure-desc = Seberapa cepat batas taruhan naik
cmd-poker-sng-create-starts_in = mulai_dalam
cmd-poker-sng-create-starts_in-desc = Mulai dalam sekian menit (jika ada minimal dua pemain)
cmd-poker-sng-register = daftar
cmd-poker-sng-register-desc = Daftar ke Sit-and-go di saluran ini
cmd-poker-sng-unregister = batal_daftar
cmd-poker-sng-unregister-desc = Ambil kembali buy-in Anda sebelum turnamen mulai
cmd-poker-sng-house = bandar
cmd-poker-sng-house-desc = Daftarkan pemain bandar (admin)
cmd-poker-sng-house-count = jumlah
cmd-poker-sng-house-count-desc = Berapa pemain bandar (1-5)
cmd-poker-sng-house-level = tingkat
cmd-poker-sng-house-level-desc = Seberapa baik mereka bermain
cmd-poker-sng-start = mulai
cmd-poker-sng-start-desc = Mulai Sit-and-go di saluran ini sekarang (admin)
cmd-poker-sng-cancel = batalkan
cmd-poker-sng-cancel-desc = Batalkan Sit-and-go di saluran ini dan kembalikan semua buy-in
cmd-poker-sng-show = lihat
cmd-poker-sng-show-desc = Sit-and-go di sini: pesertanya, klasemennya, atau hasilnya

cmd-poker-mtt = mtt
cmd-poker-mtt-desc = Turnamen multi-meja
cmd-poker-mtt-create = buat
cmd-poker-mtt-create-desc = Jadwalkan turnamen multi-meja di sini (admin)
cmd-poker-mtt-create-starts_in = mulai_dalam
cmd-poker-mtt-create-starts_in-desc = Mulai dalam sekian menit
cmd-poker-mtt-create-buy_in = buy_in
cmd-poker-mtt-create-buy_in-desc = Chip yang dibayar tiap pemain dari dompetnya (hadiah adalah total buy-in)
cmd-poker-mtt-create-stack = stack
cmd-poker-mtt-create-stack-desc = Chip turnamen awal tiap pemain (bawaan 1.500)
cmd-poker-mtt-create-structure = struktur
cmd-poker-mtt-create-structure-desc = Seberapa cepat limit naik
cmd-poker-mtt-create-level_minutes = menit_per_level
cmd-poker-mtt-create-level_minutes-desc = Menit permainan per level (bawaan 10)
cmd-poker-mtt-create-level_hands = tangan_per_level
cmd-poker-mtt-create-level_hands-desc = Tangan per level (bukan menit)
cmd-poker-mtt-create-field = peserta
cmd-poker-mtt-create-field-desc = Pemain terbanyak (2-60, enam per meja)
cmd-poker-mtt-create-late_levels = daftar_telat
cmd-poker-mtt-create-late_levels-desc = Pendaftaran terlambat sampai level ini (0: tidak ada)
cmd-poker-mtt-create-payouts = pembayaran
cmd-poker-mtt-create-payouts-desc = Cara hadiah dibagi
cmd-poker-mtt-register = daftar
cmd-poker-mtt-register-desc = Daftar ke turnamen kanal ini
cmd-poker-mtt-unregister = batal_daftar
cmd-poker-mtt-unregister-desc = Ambil kembali buy-in Anda sebelum mulai
cmd-poker-mtt-house = bandar
cmd-poker-mtt-house-desc = Daftarkan pemain house (admin)
cmd-poker-mtt-house-count = jumlah
cmd-poker-mtt-house-count-desc = Berapa banyak (1-20)
cmd-poker-mtt-house-level = level
cmd-poker-mtt-house-level-desc = Seberapa bagus mereka bermain
cmd-poker-mtt-cancel = batalkan
cmd-poker-mtt-cancel-desc = Batalkan turnamen kanal ini, semua buy-in dikembalikan
cmd-chips-leaderboard-by = menurut
cmd-chips-leaderboard-by-desc = Urutkan menurut chip (bawaan) atau menurut hasil turnamen (sit-and-go dan multi-meja)
cmd-pokeradmin-sng = sng
cmd-pokeradmin-sng-desc = Siapa yang boleh membuat, memulai, dan membatalkan turnamen
cmd-pokeradmin-sng-members = anggota
cmd-pokeradmin-sng-members-desc = True (benar): semua anggota; False (salah): hanya admin (bawaan)
choice-turbo = turbo
choice-regular = reguler
choice-slow = lambat
choice-standard = standar
choice-flat = rata
choice-chips = chip
choice-tournaments = turnamen

## /poker riwayat: riwayat tangan teks berformat PokerStars
cmd-poker-history-format = format
cmd-poker-history-format-desc = phh: berkas PHH (PokerKit); teks: teks PokerStars yang bisa diimpor tracker
choice-phh = PHH

# Issue 39: /pokeradmin fairplay.
cmd-pokeradmin-fairplay = permainanadil
cmd-pokeradmin-fairplay-desc = Batasan, pengecualian, dan dompet yang dibekukan
cmd-pokeradmin-fairplay-gates = batasan
cmd-pokeradmin-fairplay-gates-desc = Umur akun dan keanggotaan yang diperlukan untuk chip harian dan bermain
cmd-pokeradmin-fairplay-gates-account_days = hari_akun
cmd-pokeradmin-fairplay-gates-account_days-desc = Berapa hari akun Discord anggota harus ada (0 = tanpa minimum)
cmd-pokeradmin-fairplay-gates-member_days = hari_anggota
cmd-pokeradmin-fairplay-gates-member_days-desc = Berapa hari anggota harus berada di server ini (0 = tanpa minimum)
cmd-pokeradmin-fairplay-exempt = kecualikan
cmd-pokeradmin-fairplay-exempt-desc = Bebaskan anggota dari batasan
cmd-pokeradmin-fairplay-exempt-member = anggota
cmd-pokeradmin-fairplay-exempt-member-desc = Anggota yang tidak lagi ditahan batasan
cmd-pokeradmin-fairplay-unexempt = batalkecualian
cmd-pokeradmin-fairplay-unexempt-desc = Berlakukan lagi batasan untuk anggota
cmd-pokeradmin-fairplay-unexempt-member = anggota
cmd-pokeradmin-fairplay-unexempt-member-desc = Anggota yang kembali terkena batasan
cmd-pokeradmin-fairplay-freeze = bekukan
cmd-pokeradmin-fairplay-freeze-desc = Bekukan dompet anggota: tanpa chip harian, beli masuk, atau pendaftaran
cmd-pokeradmin-fairplay-freeze-member = anggota
cmd-pokeradmin-fairplay-freeze-member-desc = Anggota yang dompetnya dibekukan
cmd-pokeradmin-fairplay-unfreeze = cairkan
cmd-pokeradmin-fairplay-unfreeze-desc = Cairkan dompet anggota
cmd-pokeradmin-fairplay-unfreeze-member = anggota
cmd-pokeradmin-fairplay-unfreeze-member-desc = Anggota yang dompetnya dicairkan
cmd-pokeradmin-fairplay-leaderboard = peringkat
cmd-pokeradmin-fairplay-leaderboard-desc = Apakah /chip peringkat tidak menyertakan anggota yang dibekukan
cmd-pokeradmin-fairplay-leaderboard-hide = sembunyikan
cmd-pokeradmin-fairplay-leaderboard-hide-desc = Benar: anggota yang dibekukan tidak disertakan; Salah: semua diperingkat
cmd-pokeradmin-fairplay-leaderboard-flagged = ditandai
cmd-pokeradmin-fairplay-leaderboard-flagged-desc = Benar (dengan sembunyikan): anggota yang ditandai laporan terbaru juga tidak disertakan
cmd-pokeradmin-fairplay-report = laporan
cmd-pokeradmin-fairplay-report-desc = Pasangan anggota yang chipnya berpindah secara mencurigakan
cmd-pokeradmin-fairplay-report-period = periode
cmd-pokeradmin-fairplay-report-period-desc = Tangan seminggu terakhir, sebulan terakhir (bawaan), atau semua
