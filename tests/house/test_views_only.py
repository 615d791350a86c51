"""A house player sees what a member in its seat sees: the public view and its own cards."""

from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import pickle
import random
from pathlib import Path

import bot.house
from bot.engine import Card, Hand, PrivateView, PublicView, Stakes
from bot.engine.selfplay import random_players
from bot.house import SOLID, apply_decision, decide
from tests.house._helpers import house_move, named_hand

HOUSE = Path(bot.house.__file__).parent


def _cards_in(value: object) -> set[Card]:
    """Every card reachable from a view (dataclasses, tuples, dicts)."""
    found: set[Card] = set()
    if isinstance(value, Card):
        found.add(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found |= _cards_in(getattr(value, f.name))
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            found |= _cards_in(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= _cards_in(k) | _cards_in(v)
    return found


def test_decide_takes_views_and_nothing_else() -> None:
    params = inspect.signature(decide).parameters
    assert list(params) == ["public", "private", "style", "rng"]


def test_the_views_hold_no_other_players_cards_and_suffice_alone() -> None:
    rng = random.Random(9)
    for k in range(60):
        hand = Hand.start(random_players(rng, 2 + k % 5), 0, Stakes(10), rng=rng)
        while (pid := hand.to_act) is not None:
            public, private = hand.public_view(), hand.private_view(pid)
            assert isinstance(public, PublicView) and isinstance(private, PrivateView)
            assert _cards_in(public) == set()
            assert _cards_in(private) <= set(hand.private_cards(pid))
            # Views detached from the hand (a pickled copy) give the same decision.
            seed = rng.randrange(1 << 30)
            detached = pickle.loads(pickle.dumps((public, private)))
            first = decide(public, private, SOLID, random.Random(seed))
            again = decide(*copy.deepcopy(detached), SOLID, random.Random(seed))
            assert first == again
            apply_decision(hand, pid, first)


def test_other_players_cards_do_not_change_a_decision() -> None:
    """The same seat cards and the same public actions, with the opponents holding a pat
    number one in one deal and rags in the other: the same decisions."""
    house = "8s 7c 4d 3h 2h"
    strong = ("7h 5d 4c 3s 2c", "7d 6c 5h 3c 2d")
    weak = ("Kc Qd Jh 9s 6c", "Kd Qh Js 9h 6d")
    moves = []
    for others in (strong, weak):
        hand = named_hand([*others, house], then="Ah Ad Ac As")
        seen = [house_move(hand, 3)]
        hand.check_or_call(3)
        hand.check_or_call(1)
        hand.check_or_call(2)
        hand.draw(1, [])
        hand.draw(2, [])
        seen.append(house_move(hand, 3))
        moves.append(seen)
    assert moves[0] == moves[1]


def test_the_strategy_imports_only_the_engine_and_the_standard_library() -> None:
    allowed_roots = {"bot", "__future__", "random", "collections", "dataclasses", "enum"}
    allowed_roots |= {"typing", "functools", "itertools", "math", "time"}
    allowed_roots |= {"gzip", "json", "pathlib"}  # solved.py reads the computed strategy's table
    for path in HOUSE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed_roots, f"{path.name} imports {name}"
                if name.startswith("bot."):
                    assert name.startswith(("bot.engine", "bot.house")), f"{path.name}: {name}"
    strategy = (HOUSE / "strategy.py").read_text(encoding="utf-8")
    assert "Hand" not in {n.id for n in ast.walk(ast.parse(strategy)) if isinstance(n, ast.Name)}
