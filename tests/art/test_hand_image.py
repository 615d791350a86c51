"""The hand picture: five faces highest first, marks and new cards shown, small and cached."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.art import hand_image, order_for_display
from bot.art import palette as pal
from bot.art.compose import card_box, clear_hand_cache, hand_size
from bot.art.faces import card_sprite
from bot.engine.cards import CARDS

from ._helpers import decode, diff_box, hand, indices, inside, rgb, same_card, same_pixels

KJT92 = hand("2s 9c Kd Ts Jh")


def _column(slot: int) -> tuple[int, int, int, int]:
    """A slot's card, lifted or not, with its new-card frame (half the gap to each neighbour)."""
    lifted, resting = card_box(slot, marked=True), card_box(slot)
    return lifted[0] - 4, lifted[1] - 4, lifted[2] + 4, resting[3] + 4


def test_size_mode_and_bytes() -> None:
    png = hand_image(KJT92, marked={KJT92[0]}, new={KJT92[2]})
    image = decode(png)
    assert image.size == hand_size(5)
    assert image.mode == "P"
    assert len(png) < 60_000


def test_faces_are_in_2_7_order_highest_first() -> None:
    assert [str(c) for c in order_for_display(KJT92)] == ["Kd", "Jh", "Ts", "9c", "2s"]
    image = decode(hand_image(KJT92))
    for slot, name in enumerate(["Kd", "Jh", "Ts", "9c", "2s"]):
        expected = card_sprite(CARDS[hand(name)[0]])
        assert same_pixels(image.crop(card_box(slot)), expected), f"slot {slot} is not {name}"


def test_ace_is_high_and_pairs_keep_a_fixed_order() -> None:
    cards = hand("As 2d Ac 7h 3s")
    assert [str(c) for c in order_for_display(cards)] == ["As", "Ac", "7h", "3s", "2d"]
    image = decode(hand_image(cards))
    for slot, c in enumerate(order_for_display(cards)):
        assert same_pixels(image.crop(card_box(slot)), card_sprite(c))


def test_input_order_does_not_matter() -> None:
    clear_hand_cache()
    shuffled = list(KJT92)
    random.Random(4).shuffle(shuffled)
    assert hand_image(shuffled, marked={KJT92[1]}) == hand_image(KJT92, marked={KJT92[1]})


def test_a_different_card_changes_only_its_slot() -> None:
    other = hand("Kd Jh Ts 8c 2s")  # 9c becomes 8c: still slot 3
    a, b = decode(hand_image(KJT92)), decode(hand_image(other))
    box = diff_box(a, b)
    assert box is not None
    assert inside(box, card_box(3))


def test_every_card_looks_different_in_the_same_slot() -> None:
    base = hand("Kd Jh Ts 9c")
    seen: set[bytes] = set()
    for c in CARDS:
        if c.rank >= 9:
            continue
        image = decode(hand_image([*base, c]))
        seen.add(rgb(image, card_box(4)).tobytes())
    assert len(seen) == 7 * 4


def test_a_marked_card_is_lifted_and_dimmed_and_nothing_else_changes() -> None:
    plain = decode(hand_image(KJT92))
    marked = decode(hand_image(KJT92, marked={hand("9c")[0]}))
    box = diff_box(plain, marked)
    assert box is not None
    assert inside(box, _column(3))
    lifted = marked.crop(card_box(3, marked=True))
    assert same_pixels(lifted, card_sprite(hand("9c")[0], marked=True))
    assert not same_pixels(lifted, card_sprite(hand("9c")[0]))
    assert indices(marked, card_box(3, marked=True)) <= {pal.FELT_INDEX} | set(
        range(pal.DIM_OFFSET, 256)
    ), "a marked card is drawn in the dimmed half of the palette"


def test_new_cards_are_framed_in_amber() -> None:
    new = {hand("Jh")[0], hand("2s")[0]}
    plain = decode(hand_image(KJT92))
    framed = decode(hand_image(KJT92, new=new))
    for slot in range(5):
        has_frame = pal.NEW_INDEX in indices(framed, _column(slot))
        assert has_frame == (slot in (1, 4)), slot
        assert pal.NEW_INDEX not in indices(plain, _column(slot))
        sprite = card_sprite(order_for_display(KJT92)[slot])
        assert same_card(framed.crop(card_box(slot)), sprite, pal.FELT_INDEX)


def test_a_card_both_new_and_marked_is_framed_where_it_is_lifted() -> None:
    nine = hand("9c")[0]
    image = decode(hand_image(KJT92, marked={nine}, new={nine}))
    lifted = card_box(3, marked=True)
    assert pal.NEW_INDEX in indices(image, (lifted[0] - 4, lifted[1] - 4, lifted[2] + 4, lifted[1]))


def test_four_colours_change_only_clubs_and_diamonds_ink() -> None:
    two = decode(hand_image(KJT92))
    four = decode(hand_image(KJT92, four_colour=True))
    for slot, c in enumerate(order_for_display(KJT92)):
        box = card_box(slot)
        a, b = two.crop(box).tobytes(), four.crop(box).tobytes()
        if c.suit in "hs":
            assert a == b, f"{c} should look the same in both decks"
            continue
        assert a != b
        old_ink = set(pal.INK_ON_FACE["black" if c.suit == "c" else "red"][1:])
        new_ink = set(pal.INK_ON_FACE["green" if c.suit == "c" else "blue"][1:])
        for x, y in zip(a, b, strict=True):
            if x != y:
                assert x in old_ink and y in new_ink
    between = diff_box(two, four)
    assert between is not None
    assert inside(between, (card_box(0)[0], 0, card_box(3)[2], two.height))


def test_the_cache_returns_the_same_bytes_and_marks_change_them() -> None:
    clear_hand_cache()
    first = hand_image(KJT92, marked={KJT92[0]})
    assert hand_image(list(KJT92), marked=[KJT92[0]]) is first
    assert hand_image(KJT92, marked={KJT92[1]}) != first
    assert hand_image(KJT92) != first
    assert hand_image(KJT92, marked={KJT92[0]}, new={KJT92[0]}) != first
    assert hand_image(KJT92, marked={KJT92[0]}, four_colour=True) != first


@pytest.mark.parametrize(
    ("cards", "marked", "new"),
    [
        ("Kd Jh Ts 9c 9c", "", ""),
        ("Kd Jh Ts 9c 8c 7c", "", ""),
        ("", "", ""),
        ("Kd Jh Ts 9c 2s", "As", ""),
        ("Kd Jh Ts 9c 2s", "", "3s"),
    ],
)
def test_bad_hands_are_refused(cards: str, marked: str, new: str) -> None:
    with pytest.raises(ValueError):
        hand_image(hand(cards), marked=set(hand(marked)), new=set(hand(new)))


def test_threads_draw_the_same_pictures() -> None:
    rng = random.Random(9)
    deals = [tuple(rng.sample(CARDS, 5)) for _ in range(60)]
    clear_hand_cache()
    serial = [hand_image(d, marked={d[0]}, new={d[1]}) for d in deals]
    clear_hand_cache()
    with ThreadPoolExecutor(8) as pool:
        threaded = list(pool.map(lambda d: hand_image(d, marked={d[0]}, new={d[1]}), deals))
    assert threaded == serial
