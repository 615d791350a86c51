# Issue 39: fair play (gates, exemptions, frozen wallets).

error_wallet_frozen = Admin server ini membekukan dompet Anda: tidak ada chip harian, beli masuk, atau pendaftaran sit-and-go sampai admin mencairkannya.
fairplay_gate_account = Server ini meminta akun Discord berumur minimal { $days } hari untuk chip harian dan bermain. Anda dapat mencoba lagi { $when }.
fairplay_gate_member = Server ini meminta anggota sudah berada di sini minimal { $days } hari untuk chip harian dan bermain. Anda dapat mencoba lagi { $when }.
fairplay_house = Bandar bukan anggota: dompetnya tidak dapat dibekukan atau dikecualikan.
fairplay_self = Anda tidak dapat membekukan dompet Anda sendiri.
fairplay_already_frozen = Dompet itu sudah dibekukan.
fairplay_not_frozen = Dompet itu tidak dibekukan.
fairplay_gates_off = Tanpa batasan: setiap anggota dapat mengambil chip harian dan bermain.
fairplay_gates = Chip harian, meja, dan sit-and-go memerlukan akun Discord berumur { $account } hari dan { $member } hari di server ini.
settings_gates = **Batasan** { $gates } — { $source }
settings_leaderboard_hide = **Papan peringkat** { $choice } — { $source }
fairplay_exempted = Batasan tidak lagi menahan { $name }.
fairplay_already_exempt = { $name } sudah dikecualikan dari batasan.
fairplay_unexempted = Batasan berlaku lagi untuk { $name }.
fairplay_not_exempt = { $name } tidak dikecualikan dari batasan.
fairplay_frozen = Dompet { $name } dibekukan: tidak ada chip harian, beli masuk, atau pendaftaran. Tidak ada chip yang berpindah; buku besar mencatatnya.
fairplay_unfrozen = Dompet { $name } dicairkan. Tidak ada chip yang berpindah; buku besar mencatatnya.
fairplay_leaderboard_hide = Papan peringkat tidak menyertakan anggota yang dompetnya dibekukan.
fairplay_leaderboard_all = Papan peringkat menyertakan setiap anggota.
leaderboard_frozen_left_out = Anggota yang dompetnya dibekukan admin tidak disertakan.
