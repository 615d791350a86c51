"""PHH hand histories (the Poker Hand History format read by PokerKit 0.7).

Export: every finished hand as variant ``F2L3D``. Player ``p1`` is the first seat left of the
button and ``pn`` the button, PokerKit's numbering: heads-up PokerKit makes ``p1`` post the big
blind and ``p2`` (the button) the small blind, exactly our heads-up rule, so
``blinds_or_straddles`` is always ``[small, big, 0, ...]``. In each draw every ``sd`` (discard)
comes before that round's ``d dh`` deals, as PokerKit's loader requires, and every dealt card is
named, so PokerKit replays the hand to the same stacks whatever our reshuffles did: its
``deal_hole`` takes a named card from wherever it lies (deck, muck, burns or discards) and
only warns when the card is "not recommended". Burned cards are not named (PokerKit's loader
burns ``??`` itself). A player who left mid-hand and whose dead hand reached the showdown
(``Hand.leave``) is written ``pN sm`` without cards: PokerKit mucks it, out of turn, before
anyone shows; when that leaves one hand, it is named (PokerKit would muck it too otherwise).
Known limit: if such a leaver had put in more than everyone still in, PokerKit has nobody to
push the excess pot to (it fails an assertion) while we give it to the remaining players.
Our cap is never looser than PokerKit's (it does not count the big blind), and our short
all-in rule never reopens the betting where PokerKit does not, so our hands are always legal
there.

Replay: ``replay_phh`` plays a PHH triple-draw file through *our* engine with the cards it
names and raises ``EngineError`` for anything our rules refuse (a card dealt twice, a raise
over the cap, an action out of turn, a raise to a wrong amount...).
"""

from __future__ import annotations

import json
import logging
import re
import tomllib
from collections.abc import Collection, Sequence
from typing import Any

from bot.engine.cards import CARDS, EngineError, parse_cards
from bot.engine.hand import Hand, Phase, SeatedPlayer, Stakes
from bot.engine.operations import (
    DECISIONS,
    Awarding,
    BettingOpening,
    BettingOrRaising,
    CheckingOrCalling,
    Drawing,
    DrawOpening,
    Folding,
    HoleDealing,
    Leaving,
    Mucking,
    Returning,
    Showing,
)

log = logging.getLogger(__name__)

VARIANT = "F2L3D"
FORMAL_CHECK = "# no turn under our rules"
"""The comment on a check PokerKit asks for and our rules do not (the only player left able to
bet, with nothing to call, after a fold): replays skip it."""


def _cards(cards: Sequence[int]) -> str:
    return "".join(str(CARDS[c]) for c in cards)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def hand_to_phh(hand: Hand) -> str:
    """The PHH text of a complete hand (variant F2L3D) that PokerKit replays to the same stacks."""
    if not hand.is_complete:
        raise EngineError("Only a finished hand can be written as a hand history.")
    state = hand.to_json()
    operations = hand.operations
    n = len(state["ids"])
    actions: list[str] = []
    pending_deals: list[str] = []
    paid = {op.position for op in operations if isinstance(op, Returning | Awarding)}
    left: list[list[int]] = []
    for op in operations:
        match op:
            case Leaving(position=pos):
                left.append([len(actions), pos + 1])
            case HoleDealing():
                for i in range(n):
                    actions.append(f"d dh p{i + 1} {_cards(op.hole(i))}")
            case BettingOpening() | DrawOpening():
                actions.extend(pending_deals)
                pending_deals = []
            case Folding(position=pos, no_turn_for=no_turn_for):
                actions.append(f"p{pos + 1} f")
                if no_turn_for is not None:
                    # Our rules give the only player left able to bet, with nothing to call,
                    # no turn; PokerKit asks them to act: a check changes nothing.
                    actions.append(f"p{no_turn_for + 1} cc {FORMAL_CHECK}")
            case CheckingOrCalling(position=pos):
                actions.append(f"p{pos + 1} cc")
            case BettingOrRaising(position=pos, to=to):
                actions.append(f"p{pos + 1} cbr {to}")
            case Drawing(position=pos, discarded=discarded, received=received):
                actions.append(f"p{pos + 1} sd {_cards(discarded)}".rstrip())
                if received:
                    pending_deals.append(f"d dh p{pos + 1} {_cards(received)}")
            case Showing(voluntary=True):
                continue  # shown after the award: not part of the play PokerKit replays
            case Showing(position=pos, cards=shown):
                actions.extend(pending_deals)
                pending_deals = []
                actions.append(f"p{pos + 1} sm {_cards(shown)}")
            case Mucking(position=pos, left=True):
                # A player who left mid-hand: their hand is dead at the showdown. PokerKit's
                # ``pN sm`` without cards mucks it out of turn, before anyone shows.
                actions.extend(pending_deals)
                pending_deals = []
                actions.append(f"p{pos + 1} sm")
            case Mucking(position=pos) if pos in paid:
                # PokerKit kills a hand it cannot see, and then crashes pushing the player's
                # uncalled bet or a side pot only they are in (a pot nobody left can win):
                # name the cards so it keeps the hand.
                actions.append(f"p{pos + 1} sm {_cards(state['holes'][pos])} # mucked")
    actions.extend(pending_deals)
    result = state["result"] or {}
    dead = any(isinstance(op, Mucking) and op.left for op in operations)
    if dead and result.get("without_showdown") and True in state["in_hand"]:
        # Only one player who had not left was still in: PokerKit still holds a showdown
        # after the leavers' mucks, and would muck that hand too (burning the pot) unless it
        # is named. It is the winner's hand, shown nowhere else (our records keep it hidden).
        winner = state["in_hand"].index(True)
        last = max(k for k, a in enumerate(actions) if a.endswith(" sm"))
        actions.insert(last + 1, f"p{winner + 1} sm {_cards(state['holes'][winner])}")
    winnings = [0] * n
    pot_lines = []
    for name, amount, _eligible, winners, shares in result.get("pots", []):
        for w, won in shares:
            winnings[w] += won
        who = ", ".join(f"p{w + 1} {won}" for w, won in shares)
        pot_lines.append(
            f"{name} {amount}: {who}" if len(winners) > 1 else f"{name} {amount}: p{winners[0] + 1}"
        )
    blinds = [0] * n
    blinds[0] = state["small_blind"]
    blinds[1] = state["small_bet"]
    fields: list[tuple[str, Any]] = [
        ("variant", VARIANT),
        ("ante_trimming_status", False),
        ("antes", [0] * n),
        ("blinds_or_straddles", blinds),
        ("small_bet", state["small_bet"]),
        ("big_bet", 2 * state["small_bet"]),
        ("starting_stacks", state["starting"]),
        ("actions", actions),
        ("hand", state["hand_id"]),
        ("seats", [s + 1 for s in state["seats"]]),
        ("players", state["names"]),
        ("finishing_stacks", state["stacks"]),
        ("winnings", winnings),
        ("_deuce_pots", pot_lines),
        ("_deuce_left", left),
        ("_deuce_player_ids", [str(i) for i in state["ids"]]),
        ("_deuce_cap", state["cap"]),
        ("_deuce_blind_counts", state["blind_counts"]),
    ]
    lines = []
    for key, value in fields:
        if key == "actions":
            lines.append("actions = [")
            lines.extend(f"  {_toml_value(a)}," for a in value)
            lines.append("]")
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


_PLAYER = re.compile(r"^p([1-9][0-9]*)$")


def _player(token: str, n: int) -> int:
    match = _PLAYER.match(token)
    if match is None or not 1 <= int(match.group(1)) <= n:
        raise EngineError(f"{token!r} is not a player of this hand.")
    return int(match.group(1)) - 1


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(f"The field {what} must be a whole number.")
    return value


def replay_phh(text: str) -> Hand:
    """Play a PHH F2L3D file through our engine; raise ``EngineError`` where it breaks a rule
    or is not a hand history at all."""
    try:
        return _replay(text)
    except EngineError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise EngineError(f"This is not a valid PHH hand ({exc}).") from exc


def _replay(text: str) -> Hand:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise EngineError(f"This is not a PHH file: {exc}.") from exc
    if data.get("variant") != VARIANT:
        raise EngineError(f"Only {VARIANT} (2-7 triple draw) files can be replayed.")
    for name in ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks",
                 "actions"):  # fmt: skip
        if name not in data:
            raise EngineError(f"The file has no {name} field.")
    stacks = [_int(s, "starting_stacks") for s in data["starting_stacks"]]
    n = len(stacks)
    if not 2 <= n <= 6:
        raise EngineError("A triple-draw hand needs 2 to 6 players.")
    if any(_int(a, "antes") for a in data["antes"]):
        raise EngineError("Antes are not part of this game.")
    blinds = [_int(b, "blinds_or_straddles") for b in data["blinds_or_straddles"]]
    small_bet = _int(data["small_bet"], "small_bet")
    if _int(data["big_bet"], "big_bet") != 2 * small_bet:
        raise EngineError("The big bet must be twice the small bet.")
    if len(blinds) < 2 or blinds[1] != small_bet or any(blinds[2:]):
        raise EngineError("The big blind must equal the small bet, with no straddle.")
    cap = data.get("_deuce_cap", 4)
    blind_counts = data.get("_deuce_blind_counts", True)
    stakes = Stakes(small_bet, blinds[0], _int(cap, "_deuce_cap"), bool(blind_counts))
    names = data.get("players")
    if not isinstance(names, list) or len(names) != n:
        names = [f"p{i + 1}" for i in range(n)]
    ids_raw = data.get("_deuce_player_ids")
    try:
        ids = [int(x) for x in ids_raw] if ids_raw else []
    except (TypeError, ValueError):
        ids = []
    if len(ids) != n or len(set(ids)) != n:
        ids = list(range(1, n + 1))
    players = [SeatedPlayer(ids[i], str(names[i]), stacks[i], i) for i in range(n)]

    actions: list[list[str]] = []
    formal_checks: set[int] = set()
    for raw in data["actions"]:
        words = str(raw).split("#", 1)[0].split()
        if words:
            if str(raw).endswith(FORMAL_CHECK):
                formal_checks.add(len(actions))
            actions.append(words)
    initial: list[list[int]] = [[] for _ in range(n)]
    later: list[list[int]] = []
    first_decision = next((k for k, w in enumerate(actions) if w[0] != "d"), len(actions))
    for k, words in enumerate(actions):
        if words[0] != "d":
            continue
        if len(words) != 4 or words[1] != "dh":
            raise EngineError(f"Unsupported deal action {' '.join(words)!r}.")
        i = _player(words[2], n)
        if "?" in words[3]:
            raise EngineError("The file hides some dealt cards; it cannot be replayed.")
        cards = [int(c) for c in parse_cards(words[3])]
        if k < first_decision:
            initial[i].extend(cards)
        else:
            later.extend([i, c] for c in cards)
    if any(len(h) != 5 for h in initial):
        raise EngineError("Every player must be dealt five cards before the first action.")
    dealt = [c for h in initial for c in h]
    if len(set(dealt)) != len(dealt):
        raise EngineError("A card is dealt twice in the opening deal.")
    deck = [-1] * (5 * n)
    for i, hole in enumerate(initial):
        for r, c in enumerate(hole):
            deck[r * n + i] = c
    dealt_set = set(dealt)
    deck += [c for c in range(52) if c not in dealt_set]
    hand = Hand.start(players, n - 1, stakes, deck=[CARDS[c] for c in deck], hand_id=_hand_no(data))
    hand._script = later
    left, legacy = _departures(data, actions, n)
    no_turn = -1  # the player our rules gave no turn after the last fold (``FORMAL_CHECK``)
    decisions = 0  # the file's player decisions so far; ours may run ahead (``Hand.leave``)
    for k in range(first_decision, len(actions) + 1):
        for pos in left.get(k, ()):
            hand.leave(hand.player_ids[pos])
        if k == legacy[0]:
            hand._leaving = [p for p in legacy[1] if hand._in_hand[p]]
        if k == len(actions):
            break
        words = actions[k]
        if words[0] == "d" or words[1:2] == ["sm"] or k in formal_checks:
            continue
        if words[1:] == ["cc"] and _player(words[0], n) == no_turn:
            no_turn = -1
            continue
        no_turn = -1
        decisions += 1
        if decisions <= hand.action_count:
            # Our engine already played this turn: one of a player who left (or of the only
            # player still in who had not). It must be theirs.
            if _player(words[0], n) != _decision_positions(hand)[decisions - 1]:
                raise EngineError(f"{' '.join(words)!r} is not the turn the rules played.")
            continue
        try:
            _apply(hand, words, n)
        except EngineError as exc:
            raise EngineError(f"at {' '.join(words)!r}: {exc}") from exc
        if words[1:] == ["f"]:
            fold = next(op for op in reversed(hand.operations) if isinstance(op, Folding))
            no_turn = -1 if fold.no_turn_for is None else fold.no_turn_for
    if not hand.is_complete:
        raise EngineError("The file ends before the hand is over.")
    expected = data.get("finishing_stacks")
    got = [hand.stacks[i] for i in ids]
    if expected is not None and list(expected) != got:
        raise EngineError(
            f"The file says the finishing stacks are {expected}, the rules give {got}."
        )
    return hand


def _departures(
    data: dict[str, Any], actions: list[list[str]], n: int
) -> tuple[dict[int, list[int]], tuple[int, list[int]]]:
    """Who left the table before which action: ``_deuce_left`` pairs (action index, player
    number), as {index: positions}. Files written before that field existed name a leaver only
    by a card-less ``pN sm`` at the showdown (PokerKit's files name every muck so): those are
    returned as (index of the last play, positions), whose hands our showdown kills as the
    original did, out of every pot."""
    pairs = data.get("_deuce_left")
    if pairs is None:
        plays = [k for k, w in enumerate(actions) if w[0] != "d" and w[1:2] != ["sm"]]
        mucks = [_player(w[0], n) for w in actions if len(w) == 2 and w[1] == "sm"]
        return {}, (plays[-1] if plays and mucks else -1, mucks)
    shape = "The field _deuce_left must list [action index, player number] pairs."
    if not isinstance(pairs, list):
        raise EngineError(shape)
    left: dict[int, list[int]] = {}
    for pair in pairs:
        if not isinstance(pair, list) or len(pair) != 2:
            raise EngineError(shape)
        k = _int(pair[0], "_deuce_left")
        if not 0 <= k <= len(actions):
            raise EngineError("The field _deuce_left names an action the file does not have.")
        left.setdefault(k, []).append(_player(f"p{_int(pair[1], '_deuce_left')}", n))
    return left, (-1, [])


def _decision_positions(hand: Hand) -> list[int]:
    """The position of each player decision in the hand's log, in order."""
    return [op.position for op in hand.operations if isinstance(op, DECISIONS)]


def _hand_no(data: dict[str, Any]) -> int:
    value = data.get("hand", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _apply(hand: Hand, words: list[str], n: int) -> None:
    """Apply one PHH player action (``f``, ``cc``, ``cbr``, ``sd``, ``sm``) to our hand."""
    pos = _player(words[0], n)
    pid = hand.player_ids[pos]
    verb = words[1] if len(words) > 1 else ""
    if verb == "sm":
        return  # our engine decides who shows (auto-muck); the stacks do not depend on it
    if hand.is_complete:
        raise EngineError(f"{' '.join(words)!r} comes after the end of the hand.")
    if verb == "f":
        hand.fold(pid)
    elif verb == "cc":
        hand.check_or_call(pid)
    elif verb == "cbr":
        if len(words) != 3 or not words[2].isdigit():
            raise EngineError(f"{' '.join(words)!r} needs an amount.")
        hand.verify_bet_or_raise(pid)
        legal = hand.legal()
        if int(words[2]) != legal.bet_or_raise_to:
            raise EngineError(
                f"{words[0]} cannot bet or raise to {words[2]}: fixed limit makes it "
                f"{legal.bet_or_raise_to}."
            )
        hand.bet_or_raise(pid)
    elif verb == "sd":
        discards = parse_cards(words[2]) if len(words) > 2 else []
        if hand.phase is not Phase.DRAWING:
            hand.verify_turn(pid)
        hand.draw(pid, discards)
    else:
        raise EngineError(f"Unsupported action {' '.join(words)!r}.")


_PHH_PLAYER_IDS = re.compile(r"^_deuce_player_ids = \[(?P<ids>[^\]]*)\]", re.MULTILINE)
_PHH_CARD_ACTION = re.compile(
    r'"(?P<head>d dh p(?P<dealt>\d+)|p(?P<actor>\d+) (?P<verb>sd|sm)) '
    r'(?P<cards>[2-9TJQKA?][cdhs?](?:[2-9TJQKA?][cdhs?])*)(?P<tail>[^"]*)"'
)


def redact_phh(text: str, viewer_id: int | None, *, shown: Collection[int] = ()) -> str:
    """A hand history as ``viewer_id`` may see it: their own cards and the hands of the
    players in ``shown`` (the hand's ``shown_hands``: shown at the showdown) stay, every other
    card (deals, discards, draws, mucked or otherwise named hands) becomes ``??``.

    Which hands were shown comes from the hand's result, not from the file: the engine names
    some unshown hands as ``sm`` actions for PokerKit (a mucked hand that wins chips, the hand
    of a winner whose opponents all left), so an ``sm`` alone proves nothing. The store keeps
    the full file (replays and audits need it); only this redacted copy is sent to a player.
    """
    match = _PHH_PLAYER_IDS.search(text)
    ids = [int(x) for x in re.findall(r"\d+", match["ids"])] if match else []
    shown_ids = set(shown)

    def hide(found: re.Match[str]) -> str:
        position = int(found["dealt"] or found["actor"]) - 1
        player = ids[position] if 0 <= position < len(ids) else None
        if player is not None and player == viewer_id:
            return found.group(0)
        if found["verb"] == "sm" and player in shown_ids:
            return found.group(0)
        hidden = "??" * (len(found["cards"]) // 2)
        return f'"{found["head"]} {hidden}{found["tail"]}"'

    return _PHH_CARD_ACTION.sub(hide, text)
