"""PHH export and ``python -m bot.engine replay`` / ``selfplay``."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from bot.engine import EngineError, Hand, SeatedPlayer, Stakes
from bot.engine.__main__ import main
from bot.engine.phh import hand_to_phh, replay_phh
from bot.engine.selfplay import play_random_hand
from tests.engine._helpers import named_hand, play

HOLES = ["7s5d4c3h2s", "8c6h4d3d2d", "9d7c5h4h3c"]


def finished_hand_phh() -> str:
    hand = named_hand([100, 100, 100], HOLES, "JcKhQc")
    play(hand, "3 raise; 1 call; 2 call; 1 pat; 2 draw 8c; 3 draw 9d; 1 bet; 2 fold; 3 call")
    play(hand, "1 pat; 3 pat; 1 check; 3 check; 1 pat; 3 pat; 1 check; 3 check")
    assert hand.is_complete
    return hand_to_phh(hand)


def test_export_layout() -> None:
    text = finished_hand_phh()
    assert 'variant = "F2L3D"' in text
    assert "blinds_or_straddles = [5, 10, 0]" in text
    assert "small_bet = 10" in text and "big_bet = 20" in text
    assert "starting_stacks = [100, 100, 100]" in text
    assert 'players = ["Alice", "Bob", "Carol"]' in text
    assert "hand = 7" in text
    actions = re.findall(r'^  "(.*)",$', text, flags=re.M)
    assert actions[:3] == ["d dh p1 7s5d4c3h2s", "d dh p2 8c6h4d3d2d", "d dh p3 9d7c5h4h3c"]
    # Every discard of the draw comes before that draw's replacement deals.
    draw = actions.index("p1 sd")
    assert actions[draw : draw + 5] == ["p1 sd", "p2 sd 8c", "p3 sd 9d", "d dh p2 Kh", "d dh p3 Qc"]
    assert actions[-1] == "p1 sm 7s5d4c3h2s"
    assert "p3 sm" not in text  # Carol's losing hand was mucked, not shown


def test_replay_of_our_file_gives_the_same_hand() -> None:
    text = finished_hand_phh()
    hand = replay_phh(text)
    assert hand.is_complete
    assert hand.stacks == {1: 150, 2: 80, 3: 70}


def test_heads_up_export_uses_pokerkit_numbering() -> None:
    hand = named_hand([50, 80], ["7s5d4c3h2s", "8c6h4d3d2d"])
    play(hand, "2 fold")
    text = hand_to_phh(hand)
    # p1 is left of the button, i.e. the big blind heads-up; PokerKit reverses the blinds itself.
    assert "blinds_or_straddles = [5, 10]" in text
    assert "p2 f" in text
    assert "finishing_stacks = [55, 75]" in text


def test_only_finished_hands_export() -> None:
    hand = named_hand([100, 100, 100], HOLES)
    with pytest.raises(EngineError, match="finished"):
        hand_to_phh(hand)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_replay_cli_prints_file_and_stacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(3)
    expected = {}
    for k in range(12):
        hand = play_random_hand(rng, 6, hand_id=k)
        path = write(tmp_path, f"h{k:02d}.phh", hand_to_phh(hand))
        expected[str(path)] = " ".join(str(hand.stacks[p]) for p in hand.player_ids)
    assert main(["replay", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 12
    for line in lines:
        name, stacks = line.split(" ", 1)
        assert expected[name] == stacks


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"d dh p2 8c6h4d3d2d"', '"d dh p2 8c6h4d3d7s"', "dealt twice"),
        ('"d dh p2 Kh"', '"d dh p2 7s"', "dealt twice"),
        (
            '"p3 cbr 20",\n  "p1 cc",\n  "p2 cc",',
            '"p3 cbr 20",\n  "p1 cbr 30",\n  "p2 cbr 40",\n  "p3 cbr 50",',
            "capped",
        ),
        ('"p3 cbr 20"', '"p1 cbr 20"', "It is Carol's turn"),
        ('"p3 cbr 20"', '"p3 cbr 30"', "fixed limit makes it 20"),
        ('"p2 sd 8c"', '"p2 sd Ah"', "You do not hold Ah"),
        (
            "finishing_stacks = [150, 80, 70]",
            "finishing_stacks = [150, 70, 80]",
            "finishing stacks",
        ),
        ('variant = "F2L3D"', 'variant = "NT"', "Only F2L3D"),
    ],
)
def test_replay_cli_rejects_rule_breaking_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, message: str
) -> None:
    text = finished_hand_phh()
    assert old in text
    path = write(tmp_path, "bad.phh", text.replace(old, new, 1))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path} error: ") and message in out


def test_replay_cli_missing_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert main(["replay", str(tmp_path / "nope.phh")]) == 1
    assert (
        capsys.readouterr().out == f"{tmp_path / 'nope.phh'} error: cannot read the file: "
        "No such file or directory\n"
    )


def test_pokerkit_generated_hands_replay_through_our_engine() -> None:
    pk = pytest.importorskip("pokerkit")
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    rng = random.Random(8)
    game = pk.FixedLimitDeuceToSevenLowballTripleDraw(automations, True, 0, (5, 10), 10, 20)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(40):
            # Heads-up never exhausts the deck (10 + 3 * 11 cards), so PokerKit's reshuffle
            # (which may hand a player back their own discards) never happens here.
            state = game([rng.randint(20, 300) for _ in range(2)], 2)
            raises = 0
            while state.status:
                if state.actor_index is not None:
                    if state.street_index == 0 and state.completion_betting_or_raising_count == 3:
                        raises = 3  # our cap: the blind and three raises
                    if state.can_complete_bet_or_raise_to() and rng.random() < 0.4 and raises < 3:
                        state.complete_bet_or_raise_to()
                    else:
                        state.check_or_call()
                    raises = (
                        state.completion_betting_or_raising_count if state.street_index == 0 else 0
                    )
                else:
                    hole = state.hole_cards[state.stand_patter_or_discarder_index]
                    state.stand_pat_or_discard(rng.sample(hole, rng.randrange(6)))
            text = pk.HandHistory.from_game_state(game, state).dumps()
            hand = replay_phh(text)
            assert [hand.stacks[p] for p in hand.player_ids] == list(state.stacks)


def test_pokerkit_six_max_reshuffles_are_replayed_or_refused_as_dealt_twice() -> None:
    """PokerKit takes every discard of a draw before serving anyone, and its reshuffle puts all
    of them in the new stub, the current player's and later players' included. Our draw is
    sequential (RULES.md): the muck only holds the discards of players already served, so when
    PokerKit deals a card thrown in the same draw by the player being served or by someone
    served after them, our replay calls it dealt twice. Every other PokerKit hand (same cap)
    replays through our engine to PokerKit's stacks."""
    pk = pytest.importorskip("pokerkit")
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    rng = random.Random(12)
    game = pk.FixedLimitDeuceToSevenLowballTripleDraw(automations, True, 0, (5, 10), 10, 20)
    replayed = refused = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(40):
            state = game([1000] * 6, 6)
            while state.status:
                if state.actor_index is not None:
                    state.check_or_call()
                else:
                    hole = state.hole_cards[state.stand_patter_or_discarder_index]
                    state.stand_pat_or_discard(rng.sample(hole, rng.choice([0, 1, 5])))
            text = pk.HandHistory.from_game_state(game, state).dumps()
            try:
                hand = replay_phh(text)
            except EngineError as exc:
                assert "dealt twice" in str(exc)
                refused += 1
            else:
                assert [hand.stacks[p] for p in hand.player_ids] == list(state.stacks)
                replayed += 1
    assert replayed > 0 and refused > 0


def test_selfplay_cli_writes_phh_and_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "phh"
    assert (
        main(["selfplay", "--hands", "30", "--players", "4", "--seed", "5", "--phh", str(out)]) == 0
    )
    text = capsys.readouterr().out
    assert "hands: 30 (4 players each)" in text and "reshuffles:" in text
    assert "side pots:" in text and "showdowns:" in text
    files = sorted(out.glob("*.phh"))
    assert len(files) == 30
    assert main(["replay", str(out)]) == 0


def test_module_entry_point_runs(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.engine", "selfplay", "--hands", "3", "--seed", "1"],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert "hands: 3 (6 players each)" in done.stdout


def test_stakes_are_carried_in_the_file() -> None:
    hand = named_hand([100, 100, 100], HOLES, stakes=Stakes(10, cap=3))
    play(hand, "3 raise; 1 raise")
    assert not hand.can_bet_or_raise(2)
    play(hand, "2 fold; 3 fold")
    replayed = replay_phh(hand_to_phh(hand))
    assert replayed.stakes == Stakes(10, 5, 3, True)


def test_player_names_survive_toml_quoting() -> None:
    players = [
        SeatedPlayer(1, 'Zoë "the \\ shark" 🦈', 100, 0),
        SeatedPlayer(2, "O'Brien\nnewline", 100, 1),
    ]
    hand = Hand.start(players, 1, Stakes(10), rng=random.Random(4))
    hand.fold(2)
    replayed = replay_phh(hand_to_phh(hand))
    assert replayed.name_of(1) == 'Zoë "the \\ shark" 🦈'
    assert replayed.name_of(2) == "O'Brien\nnewline"
    assert replay_with_pokerkit_names(hand_to_phh(hand)) == [p.name for p in players]


def replay_with_pokerkit_names(text: str) -> list[str]:
    pk = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pk.HandHistory.loads(text)
    assert history.players is not None
    return list(history.players)


def test_replay_refuses_a_draw_without_its_replacements() -> None:
    text = finished_hand_phh().replace('  "d dh p2 Kh",\n', "")
    with pytest.raises(EngineError, match="fewer cards than they threw"):
        replay_phh(text)


def test_replay_accepts_one_card_per_deal_action() -> None:
    text = finished_hand_phh()
    split = '  "d dh p1 7s",\n  "d dh p1 5d4c3h2s",\n'
    text = text.replace('  "d dh p1 7s5d4c3h2s",\n', split)
    assert replay_phh(text).stacks == {1: 150, 2: 80, 3: 70}


def test_replay_cli_reports_malformed_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "junk.phh", "variant = 'F2L3D'\nactions = [\n")
    assert main(["replay", str(path)]) == 1
    assert "not a PHH file" in capsys.readouterr().out
    text = finished_hand_phh().replace("starting_stacks = [100, 100, 100]", "starting_stacks = 3")
    path = write(tmp_path, "junk2.phh", text)
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().out.startswith(f"{path} error: This is not a valid PHH hand")


def test_replay_cli_reports_each_broken_file_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``selfplay --phh`` output with free folds and leaves replays; a broken file, an
    unreadable one and one with bytes that are not UTF-8 are each reported on their own line
    among the others, and the exit status says something failed."""
    out_dir = tmp_path / "hands"
    assert main(["selfplay", "--hands", "30", "--players", "4", "--seed", "5", "--phh",
                 str(out_dir), "--free-folds", "0.1", "--leaves", "0.05"]) == 0  # fmt: skip
    assert main(["replay", str(out_dir)]) == 0
    good = capsys.readouterr().out.splitlines()[-30:]
    assert all(" error: " not in line for line in good)
    files = sorted(out_dir.glob("*.phh"))
    files[3].write_text(
        files[3].read_text().replace("finishing_stacks = [", "finishing_stacks = [1")
    )
    files[7].write_bytes(b"\xff\xfe not text")
    files[11].write_text("variant = 'F2L3D'\n")
    assert main(["replay", str(out_dir)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 30
    errors = [line for line in lines if " error: " in line]
    assert [line.split(" error: ")[0] for line in errors] == [str(files[k]) for k in (3, 7, 11)]
    assert "finishing stacks" in errors[0] and "cannot read" in errors[1]
    assert "no antes field" in errors[2]
