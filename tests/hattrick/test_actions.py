"""What a card does in a turn of Hattrick: the engine against the one definition of the rule,
:func:`~sticheln.hattrick.action_for`, in every situation of open tricks and for every card."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from sticheln import Card, Color, IllegalMoveError
from sticheln.hattrick import (
    AMIGO_1995,
    OPEN_TRICKS,
    Action,
    Follow,
    HattrickMove,
    HattrickState,
    OpenTrick,
    Pass,
    action_for,
    apply_move,
    legal_moves,
    move_for,
    new_game,
    turn_actions,
)

RULES = AMIGO_1995
MOVE_OF: dict[Action, type[Follow] | type[OpenTrick] | type[Pass]] = {
    Action.FOLLOW: Follow,
    Action.OPEN: OpenTrick,
    Action.PASS: Pass,
}
# Every sequence of distinct colours of open tricks: none, each colour alone, each ordered pair.
OPEN_SEQUENCES = [
    colors for count in range(OPEN_TRICKS + 1) for colors in permutations(RULES.colors, count)
]


def state_with_open_tricks(colors: tuple[Color, ...], card: Card) -> HattrickState:
    """A game of four in which seats ``0 .. len(colors) - 1`` have opened the tricks of
    ``colors``, each with a card of that colour other than ``card``, and the next seat holds
    ``card`` and is to play."""
    openers = [next(c for c in RULES.deck.of_color(color) if c != card) for color in colors]
    size = RULES.hand_size(4)
    hands: list[list[Card]] = [[] for _ in range(4)]
    for seat, opener in enumerate(openers):
        hands[seat].append(opener)
    hands[len(colors)].append(card)
    for other in RULES.deck:
        if other != card and other not in openers:
            next(hand for hand in hands if len(hand) < size).append(other)
    state = new_game(4, rules=RULES, deals=[hands] * RULES.hands_for(4))
    for seat, opener in enumerate(openers):
        state = apply_move(state, OpenTrick(seat, opener))
    assert state.open_colors == colors
    assert state.players_to_act == (len(colors),)
    return state


@pytest.mark.rule("HT-PLAY-4")
@pytest.mark.parametrize(
    "colors", OPEN_SEQUENCES, ids=["".join(c.letter for c in s) or "none" for s in OPEN_SEQUENCES]
)
def test_the_engine_gives_every_card_the_action_of_action_for(colors: tuple[Color, ...]) -> None:
    assert len(OPEN_SEQUENCES) == 10
    seat = len(colors)
    for card in RULES.deck:
        state = state_with_open_tricks(colors, card)
        action = action_for(colors, card)
        legal = {move.card: move for move in legal_moves(state, seat)}
        assert set(legal) == set(state.hands[seat])
        # The legal move of the card is the move of its action, and move_for finds it.
        assert type(legal[card]) is MOVE_OF[action], (colors, card)
        assert move_for(state, seat, card) == legal[card]
        # apply_move accepts exactly that move and refuses the other two.
        for kind, move_class in MOVE_OF.items():
            move: HattrickMove = move_class(seat, card)
            if kind is not action:
                with pytest.raises(IllegalMoveError, match=f"illegal move {move}"):
                    apply_move(state, move)
                continue
            after = apply_move(state, move)
            assert after.turn_cards == (*state.turn_cards, card)
            if action is Action.OPEN:
                assert after.open_colors == (*colors, card.color)
            else:
                assert after.open_colors == colors
            assert (card in after.passed[seat]) is (action is Action.PASS)


@pytest.mark.rule("HT-PLAY-4")
def test_the_actions_of_recorded_turns_are_the_moves_the_engine_accepted() -> None:
    # turn_actions, which views, records and sampling read, against the moves that were made.
    rng = random.Random(4)
    for players in (4, 5, 6):
        state = new_game(players, seed=players)
        made: list[HattrickMove] = []
        while state.hand_number == 0:
            move = rng.choice(legal_moves(state, state.players_to_act[0]))
            made.append(move)
            state = apply_move(state, move)
        turns = state.finished_hands[0].turns
        actions = [action for turn in turns for action in turn_actions(turn.cards)]
        assert actions == [move.action for move in made]
        assert any(action is Action.PASS for action in actions)


@pytest.mark.rule("HT-PLAY-2", "HT-PLAY-3")
def test_the_number_of_open_tricks_is_a_parameter_of_the_rule() -> None:
    r1, g2, b3, y4 = (Card.parse(name) for name in ["R1", "G2", "B3", "Y4"])
    assert OPEN_TRICKS == 2
    # With room for four tricks, a third and a fourth colour open tricks; a fifth is passed.
    assert action_for([Color.RED, Color.GREEN], b3, max_open=4) is Action.OPEN
    assert action_for([Color.RED, Color.GREEN, Color.BLUE], y4, max_open=4) is Action.OPEN
    assert action_for([Color.RED, Color.GREEN, Color.BLUE, Color.YELLOW], g2, 4) is Action.FOLLOW
    four = [Color.RED, Color.GREEN, Color.BLUE, Color.YELLOW]
    assert action_for(four, Card.parse("P5"), max_open=4) is Action.PASS
    # With one trick at a time, every other colour is passed.
    assert [a.value for a in turn_actions([r1, g2, Card.parse("R9"), b3], max_open=1)] == [
        "open",
        "pass",
        "follow",
        "pass",
    ]
    assert [a.value for a in turn_actions([r1, g2, b3, y4], max_open=4)] == ["open"] * 4
