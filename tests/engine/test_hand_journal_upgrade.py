"""Journals outlive the code that wrote them: a hand journaled by the engine's first state
format (version 1, its log as 7-tuples) resumes under the current engine to the same end, and
a hand it left unfinished (a voided one) replays as it did."""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields

from bot.engine import Hand, Phase
from bot.engine.hand import STATE_VERSION
from bot.engine.operations import Drawing, Folding, Leaving, Reshuffling
from bot.engine.phh import hand_to_phh, replay_phh
from bot.engine.replay import replay_steps

MID_DRAW_V1 = (
    '{"version":1,"hand_id":3401,"small_bet":10,"small_blind":5,"cap":4,"blind_counts":true,"'
    'button_seat":5,"ids":[1,2,3,4,5,6],"names":["P1","P2","P3","P4","P5","P6"],"seats":[0,1,'
    '2,3,4,5],"starting":[300,300,300,300,300,25],"stacks":[295,255,255,255,300,0],"bets":[0,'
    '0,0,0,0,0],"contrib":[5,45,45,45,0,25],"in_hand":[false,true,true,true,false,true],"hole'
    's":[[],[13,15,30,8,44],[9,32,49,6,21],[19,27,4,23,24],[],[48,14,1,37,22]],"stub":[42,25,'
    '28,3,18,41,20,11,7,34,12,5,29,2,46,16,43,10,38,33,47,51,40,45,31,26,35],"muck":[36,0,50,'
    '17,39],"phase":"drawing","round":1,"draw_round":2,"actors":[],"acted":[2,3,1],"raise_siz'
    'e":10,"bet_count":2,"shorts":[],"last_aggressor":2,"draw_queue":[5],"burned":true,"draw_'
    'counts":[[null,null,null],[5,5,null],[5,0,null],[5,0,null],[null,null,null],[5,null,null'
    ']],"received":[[47,43,13,18,8],[13,15,30,8,44],[],[],[40,30,51,34,2],[48,14,1,37,22]],"r'
    'eshuffles":1,"reshuffle_seed":690702457481367404,"log":[["small_blind",0,5,-1,[],[],0],['
    '"big_blind",1,10,-1,[],[],0],["deal",-1,6,-1,[],[47,43,13,18,8,38,35,3,5,11,10,29,41,12,'
    '46,42,28,20,26,25,40,30,51,34,2,15,7,31,44,16],0],["round",-1,0,-1,[],[],0],["raise",2,2'
    '0,-1,[],[],0],["call",3,20,-1,[],[],0],["fold",4,0,-1,[],[],0],["raise",5,25,-1,[],[],1]'
    ',["fold",0,0,-1,[],[],0],["call",1,15,-1,[],[],0],["call",2,5,-1,[],[],0],["call",3,5,-1'
    ',[],[],0],["round",-1,4,-1,[],[],0],["burn",-1,0,-1,[],[],0],["draw",1,0,5,[38,35,3,5,11'
    '],[36,0,50,17,39],0],["draw",2,0,5,[10,29,41,12,46],[9,32,49,6,21],0],["draw",3,0,5,[42,'
    '28,20,26,25],[19,27,4,23,24],0],["draw",5,0,5,[15,7,31,44,16],[48,14,1,37,22],0],["round'
    '",-1,1,-1,[],[],0],["bet",1,10,-1,[],[],0],["raise",2,20,-1,[],[],0],["call",3,20,-1,[],'
    '[],0],["call",1,10,-1,[],[],0],["round",-1,5,-1,[],[],0],["burn",-1,0,-1,[],[],0],["resh'
    'uffle",-1,32,-1,[13,15,30,8,44,35,26,31,45,40,51,47,33,38,10,43,16,46,2,29,5,12,34,7,11,'
    '20,41,18,3,28,25,42],[],0],["draw",1,0,5,[36,0,50,17,39],[13,15,30,8,44],0],["draw",2,0,'
    '0,[],[],0],["leave",3,0,-1,[],[],0],["draw",3,0,0,[],[],"left"]],"result":null,"script":'
    'null,"leaving":[3],"out":[4,0,3],"claims":[],"timed_out":[8,27]}'
)
"""Written by the engine of 2026-12-06 (state version 1) for six players (P6 short, 25 chips):
P3 raises, P4 calls, P5 folds, P6 raises all-in, P1 folds when time runs out, the others call;
everyone draws five, P2 bets, P3 raises, both others call; in the second draw the stub runs out
(a reshuffle), P2 draws five, P3 stands pat when time runs out, P4 leaves at their turn; it is
P6's turn to draw."""

OLD_RECORDS = [
    "P1 posts the small blind 5",
    "P2 posts the big blind 10",
    "Five cards are dealt to each player",
    "Betting round: pre-draw",
    "P3 raises to 20",
    "P4 calls 20",
    "P5 folds",
    "P6 raises to 25 and is all-in",
    "P1 folds (time ran out)",
    "P2 calls 15",
    "P3 calls 5",
    "P4 calls 5",
    "The first draw",
    "A card is burned",
    "P2 draws 5",
    "P3 draws 5",
    "P4 draws 5",
    "P6 draws 5",
    "Betting round: after first draw",
    "P2 bets 10",
    "P3 raises to 20",
    "P4 calls 20",
    "P2 calls 10",
    "The second draw",
    "A card is burned",
    "The deck ran out: the muck (32 cards) is shuffled into a new stub",
    "P2 draws 5",
    "P3 stands pat (time ran out)",
    "P4 has left: the hand is folded",
    "P4 has left: the hand is folded",
    "P6 draws 2",
    "Betting round: after second draw",
    "P2 checks",
    "P3 checks",
    "P4 has left: the hand is folded",
    "The third draw",
    "A card is burned",
    "P2 draws 2",
    "P3 draws 2",
    "P6 draws 2",
    "Betting round: after third draw",
    "P2 checks",
    "P3 checks",
    "P2 shows 9h 4c Kc Kd Qc (pair of kings)",
    "P3 mucks",
    "P6 shows 7h Ts 8h Td Jh (pair of tens)",
    "P6 wins 105 from the main pot",
    "P2 wins 60 from the side pot 1",
]
"""What the old engine's records said once it played the hand out with ``finish``."""

OLD_HISTORY = """\
variant = "F2L3D"
ante_trimming_status = false
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [5, 10, 0, 0, 0, 0]
small_bet = 10
big_bet = 20
starting_stacks = [300, 300, 300, 300, 300, 25]
actions = [
  "d dh p1 KsQs5d6h4c",
  "d dh p2 JhTs2s3d4s",
  "d dh p3 4h9dQd5cKh",
  "d dh p4 Qh9c7c8h8d",
  "d dh p5 Qc9hAsTh2h",
  "d dh p6 5s3s9sKc6c",
  "p3 cbr 20",
  "p4 cc",
  "p5 f",
  "p6 cbr 25",
  "p1 f",
  "p2 cc",
  "p3 cc",
  "p4 cc",
  "p2 sd JhTs2s3d4s",
  "p3 sd 4h9dQd5cKh",
  "p4 sd Qh9c7c8h8d",
  "p6 sd 5s3s9sKc6c",
  "d dh p2 Jc2cAh6dJs",
  "d dh p3 4dTcAd3h7d",
  "d dh p4 6s8s3c7s8c",
  "d dh p6 Ac5h2dJd7h",
  "p2 cbr 10",
  "p3 cbr 20",
  "p4 cc",
  "p2 cc",
  "p2 sd Jc2cAh6dJs",
  "p3 sd",
  "p4 sd",
  "p6 sd Ac5h",
  "d dh p2 5d5s9h4cKc",
  "d dh p6 Ts8h",
  "p2 cc",
  "p3 cc",
  "p4 f",
  "p2 sd 5d5s",
  "p3 sd 4dTc",
  "p6 sd 2dJd",
  "d dh p2 KdQc",
  "d dh p3 AsKs",
  "d dh p6 TdJh",
  "p2 cc",
  "p3 cc",
  "p2 sm 9h4cKcKdQc",
  "p6 sm 7hTs8hTdJh",
]
hand = 3401
seats = [1, 2, 3, 4, 5, 6]
players = ["P1", "P2", "P3", "P4", "P5", "P6"]
finishing_stacks = [295, 315, 255, 255, 300, 105]
winnings = [0, 60, 0, 0, 0, 105]
_deuce_pots = ["main pot 105: p6", "side pot 1 60: p2"]
_deuce_left = [[28, 4]]
_deuce_player_ids = ["1", "2", "3", "4", "5", "6"]
_deuce_cap = 4
_deuce_blind_counts = true
"""
"""The hand history the old engine wrote for it."""

OLD_REPLAY_DIGESTS = {
    2: "f7e834ca3c66b1405607ed4209611bb1203ab2066b633d82635ec4dac106eee1",
    None: "6abb3521142c96bf019a976a1eee1d3ebbcc1f03e74c2d9e37e2cb07941d38ef",
}
"""``replay_digest`` of the old engine's replay of the unfinished hand, for P2 and a viewer who
did not play."""


def finish(hand: Hand) -> None:
    """Everyone checks or calls and draws their first two cards (the old engine did the same)."""
    while not hand.is_complete:
        player = hand.to_act
        assert player is not None
        if hand.phase is Phase.DRAWING:
            hand.draw(player, hand.private_cards(player)[:2])
        else:
            hand.check_or_call(player)


def replay_digest(hand: Hand, viewer: int | None) -> str:
    """A digest of everything a viewer's replay shows at each step."""
    rows = []
    for s in replay_steps(hand, viewer).steps:
        seats = [[x.stack, x.bet, list(x.draws), x.folded, [str(c) for c in x.shown]]
                 for x in s.seats]  # fmt: skip
        cards = [[str(c) for c in part] for part in (s.cards, s.thrown, s.received)]
        text = None if s.record is None else s.record.text
        rows.append([s.number, s.actor, s.phase, s.draw_round, s.pot, seats, *cards, text])
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


def test_a_hand_journaled_mid_draw_by_the_old_engine_resumes_to_the_same_end() -> None:
    hand = Hand.from_json(json.loads(MID_DRAW_V1))
    assert hand.phase is Phase.DRAWING and hand.to_act == 6 and hand.reshuffle_count == 1
    operations = hand.operations
    assert [op.position for op in operations if isinstance(op, Leaving)] == [3]
    timed_out = [op for op in operations if isinstance(op, Folding | Drawing) and op.timed_out]
    assert [(type(op), op.position) for op in timed_out] == [(Folding, 0), (Drawing, 2)]
    assert sum(isinstance(op, Reshuffling) for op in operations) == 1
    hand.draw(6, hand.private_cards(6)[:2])
    # The next journal is written in the current format, and a restart reads that one.
    saved = json.loads(json.dumps(hand.to_json()))
    assert saved["version"] == STATE_VERSION
    resumed = Hand.from_json(saved)
    assert resumed.to_json() == saved
    finish(resumed)
    result = resumed.result
    assert result is not None
    assert result.net == {1: -5, 2: 15, 3: -45, 4: -45, 5: 0, 6: 80}
    assert [r.text for r in resumed.records] == OLD_RECORDS
    assert hand_to_phh(resumed) == OLD_HISTORY
    assert replay_phh(OLD_HISTORY).stacks == resumed.stacks


def test_an_unfinished_hand_journaled_by_the_old_engine_replays_as_it_did() -> None:
    """A voided hand's replay is rebuilt from its last journal, whichever engine wrote it."""
    hand = Hand.from_json(json.loads(MID_DRAW_V1))
    for viewer, digest in OLD_REPLAY_DIGESTS.items():
        assert replay_digest(hand, viewer) == digest


def test_a_journal_holds_each_field_of_the_state_once_under_its_name() -> None:
    hand = Hand.from_json(json.loads(MID_DRAW_V1))
    saved = hand.to_json()
    names = {f.name.removeprefix("_") for f in fields(Hand) if f.metadata.get("saved", True)}
    assert set(saved) == names | {"version"}
    assert all(entry["op"] for entry in saved["log"])
    assert Hand.from_json(json.loads(json.dumps(saved))).to_json() == saved
