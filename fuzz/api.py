"""Fuzz the arguments of the public functions and constructors of ``sticheln``,
``sticheln.hattrick`` and ``sticheln.stichling`` with hostile values.

Expected outcomes: a return value, or one of the documented errors: a subclass of
:class:`sticheln.StichelnError`, a plain ``ValueError`` for an empty trick, a ``KeyError``
from :meth:`sticheln.CardSet.remove`. Anything else is a finding, printed with the call.

With ``--protocol`` it fuzzes the entry points of each game instead, its module functions and
the methods of its game object, with arguments of the wrong type among the right ones:
``None``, numbers, strings, another game's states, views and moves, a view where a state
belongs. An argument of the wrong type must give a :class:`sticheln.WrongTypeError` (a move
that is none of the game's given to ``apply_move`` or ``events`` may give its
:class:`sticheln.IllegalMoveError`); a call that returns, or raises anything else, is a
finding. Both campaigns print the counts of the exceptions raised, by type.

    python fuzz/api.py --cases 20000 --seed 1
    python fuzz/api.py --protocol --cases 5500 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import sticheln
import sticheln.hattrick as hattrick
import sticheln.stichling as stichling
from sticheln.bots import make_bot

if __package__:
    from fuzz.limits import CaseTimeout, time_limit
else:  # run as a script, with fuzz/ on sys.path
    from limits import CaseTimeout, time_limit  # type: ignore[import-not-found, no-redef]

RETURNED = "returned"
DOCUMENTED = "documented-error"
UNEXPECTED = "unexpected"
OUTCOMES = (RETURNED, DOCUMENTED, UNEXPECTED)

CASE_SECONDS = 5.0
"""The wall-clock time a call may take before it counts as a hang."""
REPRODUCER_LENGTH = 400
"""The most characters of each argument that a finding prints."""


def deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


CARDS = [sticheln.Card(color, value) for color in sticheln.Color for value in (0, 1, 5, 8, 14)]

HOSTILE: list[Callable[[random.Random], object]] = [
    lambda r: None,
    lambda r: True,
    lambda r: False,
    lambda r: r.randrange(-3, 10),
    lambda r: r.choice([2**31, 2**63, 2**64 + 1, -(2**63)]),
    lambda r: 10**5000,
    lambda r: -(10**5000),
    lambda r: r.choice([0.0, 1.5, 3.0, -1.0, float("nan"), float("inf"), float("-inf")]),
    lambda r: r.choice(["", "3", "4", "-1", "²", "①", "٣", "\uff13", "\x00", "\ud800", "nsv"]),
    lambda r: "x" * r.choice([1000, 100_000, 1_000_000]),
    lambda r: "R3 " * r.randrange(1, 5000),
    lambda r: r.choice(["R3", "B11", "G0", "Y15", "P8", "A14", "Q5", "r3", "R 3", "R-1", "R²"]),
    lambda r: r.choice([[], [[]], (), {}, set(), frozenset([1])]),
    lambda r: deep_list(r.choice([10, 1000, 100_000])),
    lambda r: [r.choice(CARDS) for _ in range(r.randrange(6))],
    lambda r: [str(r.choice(CARDS)) for _ in range(r.randrange(6))],
    lambda r: r.choice(CARDS),
    lambda r: sticheln.CardSet.of(r.sample(CARDS, r.randrange(5))),
    lambda r: r.choice(list(sticheln.Color)),
    lambda r: object(),
    lambda r: b"R3",
    lambda r: random.Random(r.randrange(10)),
    lambda r: r.choice([sticheln.StichelnRules(), hattrick.HATTRICK, stichling.STICHLING]),
    lambda r: r.choice(list(sticheln.FirstLeader) + list(sticheln.AllZeroTrick)),
    lambda r: [(r.randrange(-1, 6), r.choice(CARDS)) for _ in range(r.randrange(5))],
    lambda r: {r.choice(["a", 1, None]): r.choice([1, "x", None])},
    lambda r: print,
]


def hostile(rng: random.Random) -> object:
    return rng.choice(HOSTILE)(rng)


Maker = Callable[[random.Random], Any]


def mix(*valid: Maker, share: float = 0.5) -> Maker:
    """A maker of an argument: one of the ``valid`` makers with probability ``share``, else
    a hostile value."""

    def make(rng: random.Random) -> object:
        if valid and rng.random() < share:
            return rng.choice(valid)(rng)
        return hostile(rng)

    return make


def seat(rng: random.Random) -> object:
    return rng.randrange(-2, 9)


def players(rng: random.Random) -> object:
    return rng.randrange(0, 10)


def seed(rng: random.Random) -> object:
    return rng.choice([None, rng.randrange(1000), random.Random(rng.randrange(10))])


def cards(rng: random.Random) -> list[sticheln.Card]:
    return [rng.choice(CARDS) for _ in range(rng.randrange(8))]


def card(rng: random.Random) -> sticheln.Card:
    return rng.choice(CARDS)


def card_text(rng: random.Random) -> object:
    return f"{rng.choice('RYGBPAQ')}{rng.randrange(-1, 22)}"


def color(rng: random.Random) -> sticheln.Color:
    return rng.choice(list(sticheln.Color))


ENGINES: dict[str, Any] = {"sticheln": sticheln, "hattrick": hattrick, "stichling": stichling}


def state_of(engine: Any) -> Maker:
    """A maker of a state of ``engine`` some random moves into a game."""
    game = sticheln.find_game(engine.__name__.rsplit(".", 1)[-1])

    def make(rng: random.Random) -> object:
        state = engine.new_game(rng.choice(game.player_counts), seed=rng.randrange(100))
        for _ in range(rng.randrange(60)):
            if game.is_over(state):
                break
            player = rng.choice(game.players_to_act(state))
            state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
        return state

    return make


def move_text(engine: Any) -> Maker:
    def make(rng: random.Random) -> object:
        return rng.choice(
            [card_text(rng), f"{card_text(rng)} {rng.randrange(-1, 5)}", "q", "1 2 3", " ", "?"]
        )

    return make


def rules_of(engine: Any) -> Maker:
    by_game: dict[str, list[Any]] = {
        "sticheln": list(sticheln.STICHELN_PRESETS.values()),
        "hattrick": list(hattrick.HATTRICK_PRESETS.values()),
        "stichling": list(stichling.STICHLING_PRESETS.values()),
    }
    presets = by_game[engine.__name__.rsplit(".", 1)[-1]]
    return lambda rng: rng.choice(presets)


def deals(rng: random.Random) -> object:
    return [
        [
            rng.choice([" ".join(str(c) for c in cards_) for cards_ in [rng.sample(CARDS, 5)]])
            for _ in range(rng.randrange(1, 6))
        ]
        for _ in range(rng.randrange(3))
    ]


def bot_name(rng: random.Random) -> object:
    return rng.choice(["random", "heuristic", "ismcts", "stichling", "RANDOM", "nope", ""])


def game_name(rng: random.Random) -> object:
    return rng.choice([*sticheln.GAME_NAMES, "Sticheln", "HATTRICK", "chess", ""])


def any_record(rng: random.Random) -> object:
    """The record of a few random moves of any game, its ``game`` field sometimes changed."""
    game = sticheln.find_game(rng.choice(list(sticheln.GAME_NAMES)))
    state = game.new_game(rng.choice(game.player_counts), seed=rng.randrange(99))
    for _ in range(rng.randrange(6)):
        player = rng.choice(game.players_to_act(state))
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
    data = json.loads(game.to_json(state))
    if rng.random() < 0.3:
        data["game"] = game_name(rng)
    return json.dumps(data)


def preset_name(rng: random.Random) -> object:
    return rng.choice([None, "nsv", "amigo-1995", "ravensburger-2015", "spieletest", "x"])


class Target:
    """A public callable and the makers of its positional and keyword arguments."""

    def __init__(
        self, label: str, func: Callable[..., object], /, *args: Maker, **kwargs: Maker
    ) -> None:
        self.name = label
        self.func = func
        self.args = args
        self.kwargs = kwargs

    def draw(self, rng: random.Random) -> tuple[list[object], dict[str, object]]:
        args = [make(rng) for make in self.args]
        kwargs = {key: make(rng) for key, make in self.kwargs.items() if rng.random() < 0.6}
        return args, kwargs

    def judge(self, args: list[object], exc: BaseException | None) -> str:
        """What is wrong with the outcome of a call with ``args`` beyond the documented
        errors (``exc`` is ``None`` for a call that returned): ``""`` when nothing."""
        return ""


def targets(everything: bool = False) -> list[Target]:
    """The targets: the main public API, and with ``everything`` the helper functions and
    move classes of Hattrick and Stichling too."""
    found = [
        Target("Card", sticheln.Card, mix(color), mix(lambda r: r.randrange(-2, 25))),
        Target("Card.parse", sticheln.Card.parse, mix(card_text)),
        Target("CardSet", sticheln.CardSet, mix(lambda r: r.randrange(2**90))),
        Target(
            "CardSet.parse", sticheln.CardSet.parse, mix(lambda r: " ".join(map(str, cards(r))))
        ),
        Target("CardSet.of", sticheln.CardSet.of, mix(cards)),
        Target(
            "CardSet.remove",
            lambda s, c: s.remove(c),
            lambda r: sticheln.CardSet.of(cards(r)),
            mix(card),
        ),
        Target(
            "CardSet.add", lambda s, c: s.add(c), lambda r: sticheln.CardSet.of(cards(r)), mix(card)
        ),
        Target(
            "CardSet.of_color",
            lambda s, c: s.of_color(c),
            lambda r: sticheln.CardSet.of(cards(r)),
            mix(color),
        ),
        Target("trick_winner", sticheln.trick_winner, mix(cards)),
        Target("lead_color", sticheln.lead_color, mix(cards)),
        Target(
            "explain_trick",
            sticheln.explain_trick,
            mix(cards),
            mix(lambda r: r.choice(list(sticheln.AllZeroTrick))),
        ),
        Target("explain_round_score", sticheln.explain_round_score, mix(card), mix(cards)),
        Target("round_score", sticheln.round_score, mix(card), mix(cards)),
        Target("card_points", sticheln.card_points, mix(card), mix(color)),
        Target(
            "ranking",
            sticheln.ranking,
            mix(lambda r: [r.randrange(-9, 50) for _ in range(r.randrange(7))]),
        ),
        Target(
            "winners",
            sticheln.winners,
            mix(lambda r: [r.randrange(-9, 50) for _ in range(r.randrange(7))]),
        ),
        Target(
            "StichelnRules",
            sticheln.StichelnRules,
            name=mix(lambda r: "mine"),
            decks=mix(lambda r: sticheln.NSV.decks),
            hand_size=mix(lambda r: r.randrange(-1, 30)),
            rounds=mix(lambda r: r.choice([None, r.randrange(-1, 10)])),
            first_leader=mix(lambda r: r.choice(list(sticheln.FirstLeader))),
            all_zero_trick=mix(lambda r: r.choice(list(sticheln.AllZeroTrick))),
        ),
        Target(
            "Deck",
            sticheln.Deck,
            mix(players),
            mix(lambda r: r.choice(["RYGBP", "RGB", "RR"])),
            mix(seat),
            mix(lambda r: r.randrange(-1, 20)),
        ),
        Target(
            "HattrickRules",
            hattrick.HattrickRules,
            name=mix(lambda r: "mine"),
            colors=mix(lambda r: r.sample(list(sticheln.Color), r.randrange(1, 5))),
            highest=mix(lambda r: r.randrange(-1, 30)),
            player_counts=mix(lambda r: [r.randrange(0, 9) for _ in range(r.randrange(4))]),
            hands_per_game=mix(lambda r: r.choice([None, r.randrange(-1, 8)])),
            target_score=mix(lambda r: r.choice([None, r.randrange(-10, 100)])),
        ),
        Target(
            "StichlingRules",
            stichling.StichlingRules,
            name=mix(lambda r: "mine"),
            colors=mix(lambda r: r.sample(list(sticheln.Color), r.randrange(1, 5))),
            highest=mix(lambda r: r.randrange(-1, 30)),
            player_counts=mix(lambda r: [r.randrange(0, 9) for _ in range(r.randrange(4))]),
            points=mix(lambda r: ((1, 2, 3), (2, 4, 6), (3, 6, r.randrange(-2, 12)))),
        ),
        Target("find_game", sticheln.find_game, mix(game_name), mix(preset_name)),
        Target("load_record", sticheln.load_record, mix(any_record)),
        Target(
            "make_bot",
            make_bot,
            mix(bot_name),
            mix(lambda r: sticheln.find_game(r.choice(list(sticheln.GAME_NAMES)))),
        ),
        Target("PlayCard", sticheln.PlayCard, mix(seat), mix(card)),
        Target("ChoosePain", sticheln.ChoosePain, mix(seat), mix(card)),
        Target(
            "Trick",
            sticheln.Trick,
            mix(lambda r: [(i, c) for i, c in enumerate(cards(r))]),
            mix(seat),
        ),
    ]
    extra = [
        Target("hattrick.trick_taker", hattrick.trick_taker, mix(cards)),
        Target(
            "hattrick.next_leader", hattrick.next_leader, mix(lambda r: list(enumerate(cards(r))))
        ),
        Target(
            "hattrick.action_for",
            hattrick.action_for,
            mix(lambda r: r.sample(list(sticheln.Color), 2)),
            mix(card),
            mix(seat),
        ),
        Target("hattrick.hand_score", hattrick.hand_score, mix(cards), mix(seat)),
        Target("hattrick.collecting_color", hattrick.collecting_color, mix(cards)),
        Target("hattrick.turn_actions", hattrick.turn_actions, mix(cards), mix(seat)),
        Target(
            "stichling.hand_score",
            stichling.hand_score,
            mix(lambda r: r.sample([0, 1, 2, 3], 3)),
            mix(seat),
        ),
        Target(
            "stichling.seen_row",
            stichling.seen_row,
            mix(lambda r: r.sample([0, 1, 2], 3)),
            mix(seat),
        ),
        Target("stichling.is_complete", stichling.is_complete, mix(cards)),
        Target("stichling.marker_index", stichling.marker_index, mix(cards)),
        Target("stichling.active_position", stichling.active_position, mix(seat)),
        Target(
            "stichling.ranking",
            stichling.ranking,
            mix(lambda r: [[r.randrange(20) for _ in range(3)] for _ in range(r.randrange(4))]),
        ),
        Target(
            "stichling.trick_choices",
            stichling.trick_choices,
            mix(lambda r: r.sample(list(sticheln.Color), 2)),
            mix(card),
        ),
        Target("stichling.AddToTrick", stichling.AddToTrick, mix(seat), mix(card), mix(seat)),
        Target(
            "stichling.ArrangePoints",
            stichling.ArrangePoints,
            mix(seat),
            mix(lambda r: r.sample([0, 1, 2], 3)),
        ),
    ]
    for label, engine in ENGINES.items():
        state = state_of(engine)
        found += [
            Target(
                f"{label}.new_game",
                engine.new_game,
                mix(players, share=0.7),
                mix(seed, share=0.7),
                mix(rules_of(engine), share=0.7),
                mix(seat, share=0.7),
                deals=mix(deals),
            ),
            Target(
                f"{label}.legal_moves",
                engine.legal_moves,
                state,
                mix(seat, share=0.7),
            ),
            Target(f"{label}.observe", engine.observe, state, mix(seat, share=0.7)),
            Target(
                f"{label}.parse_move",
                engine.parse_move,
                state,
                mix(seat, share=0.7),
                mix(move_text(engine)),
            ),
            Target(
                f"{label}.apply_move",
                engine.apply_move,
                state,
                mix(lambda r: sticheln.PlayCard(0, card(r))),
            ),
        ]
    return found + extra if everything else found


# -- the entry points of the games, given arguments of the wrong type --------------------------

STATE_TYPES: dict[str, type] = {
    "sticheln": sticheln.StichelnState,
    "hattrick": hattrick.HattrickState,
    "stichling": stichling.StichlingState,
}
VIEW_TYPES: dict[str, type] = {
    "sticheln": sticheln.StichelnView,
    "hattrick": hattrick.HattrickView,
    "stichling": stichling.StichlingView,
}
MOVE_TYPES: dict[str, tuple[type, ...]] = {
    "sticheln": (sticheln.ChoosePain, sticheln.PlayCard),
    "hattrick": (hattrick.Follow, hattrick.OpenTrick, hattrick.Pass),
    "stichling": (stichling.ArrangePoints, stichling.OpenTrick, stichling.AddToTrick),
}
RECORDS: dict[str, Any] = {
    "sticheln": sticheln.StichelnRecord,
    "hattrick": hattrick.HattrickRecord,
    "stichling": stichling.StichlingRecord,
}

LEGAL = "<a legal move of the state>"
"""What a move maker gives for a legal move of the state given beside it: the target puts
that move in its place (a game's first legal move when the state is not one of its own)."""


def _game(label: str) -> Any:
    return sticheln.find_game(label)


def _any_moves(game: Any, state: Any) -> list[Any]:
    return [m for p in game.players_to_act(state) for m in game.legal_moves(state, p)]


def view_of(engine: Any) -> Maker:
    """A maker of a view of ``engine``, a seat's or now and then a spectator's."""
    make_state = state_of(engine)

    def make(rng: random.Random) -> object:
        state = make_state(rng)
        seats = [*range(state.players), sticheln.SPECTATOR] if rng.random() < 0.2 else []
        return engine.observe(state, rng.choice(seats or list(range(state.players))))

    return make


def move_of(engine: Any) -> Maker:
    """A maker of a legal move of some state of ``engine``."""
    make_state = state_of(engine)
    game = _game(engine.__name__.rsplit(".", 1)[-1])

    def make(rng: random.Random) -> object:
        state = make_state(rng)
        moves = _any_moves(game, state) or _any_moves(game, game.new_game(game.player_counts[0]))
        return rng.choice(moves)

    return make


MAKERS: dict[str, dict[str, Maker]] = {
    label: {"state": state_of(engine), "view": view_of(engine), "move": move_of(engine)}
    for label, engine in ENGINES.items()
}

PLAIN_WRONG: list[Callable[[random.Random], object]] = [
    lambda r: None,
    lambda r: r.choice([0, 1, 3, -1]),
    lambda r: r.choice(["", "R3", "state", "sticheln"]),
    lambda r: r.choice([True, False]),
    lambda r: r.choice([1.5, 4.0, float("nan")]),
    lambda r: b"R3",
    lambda r: r.choice([[], (), {}, [None] * 14, tuple(range(13))]),
    lambda r: object(),
    lambda r: random.Random(1),
    lambda r: sticheln.find_game(r.choice(list(ENGINES))),
]


def wrong_for(label: str, kind: str) -> Maker:
    """A maker of a value that is not a ``kind`` (state, view, move, ...) of game ``label``:
    another game's state, view or move, this game's values of another kind, or a plain
    value of the wrong type."""
    foreign = [
        maker
        for other, makers in MAKERS.items()
        for what, maker in makers.items()
        if other != label or what != kind
    ]

    def make(rng: random.Random) -> object:
        roll = rng.random()
        if roll < 0.45:
            return rng.choice(foreign)(rng)
        if roll < 0.85:
            return rng.choice(PLAIN_WRONG)(rng)
        return hostile(rng)

    return make


class Slot:
    """One argument of a protocol target: a maker of right values, a maker of wrong ones,
    and what a right value is (``accepts``; ``None`` for an argument of any type, whose
    errors are the documented ones). A wrong value must raise one of ``errors``."""

    def __init__(
        self,
        valid: Maker,
        wrong: Maker,
        accepts: Callable[[object], bool] | None,
        errors: tuple[type[BaseException], ...] = (sticheln.WrongTypeError,),
        share: float = 0.6,
    ) -> None:
        self.valid = valid
        self.wrong = wrong
        self.accepts = accepts
        self.errors = errors
        self.share = share

    def draw(self, rng: random.Random) -> object:
        return self.valid(rng) if rng.random() < self.share else self.wrong(rng)


class ProtocolTarget(Target):
    """A game's entry point whose arguments are :class:`Slot` values: a call with an argument
    of the wrong type must raise the slot's error."""

    def __init__(self, label: str, func: Callable[..., object], /, *slots: Slot) -> None:
        super().__init__(label, func)
        self.slots = slots

    def draw(self, rng: random.Random) -> tuple[list[object], dict[str, object]]:
        return [slot.draw(rng) for slot in self.slots], {}

    def judge(self, args: list[object], exc: BaseException | None) -> str:
        wrong = [
            (i, slot)
            for i, (slot, value) in enumerate(zip(self.slots, args, strict=True))
            if slot.accepts is not None and value is not LEGAL and not slot.accepts(value)
        ]
        if not wrong:
            return ""
        if exc is None:
            return f"returned for argument {wrong[0][0]} of the wrong type"
        if any(isinstance(exc, slot.errors) for _, slot in wrong):
            return ""
        return f"{describe(exc)} (for argument {wrong[0][0]} of the wrong type)"


def _legal(game: Any, label: str, state: object, move: object) -> object:
    """``move``, or for :data:`LEGAL` a legal move of ``state`` (of the game's first state
    when ``state`` is not one of its own)."""
    if move is not LEGAL:
        return move
    if type(state) is not STATE_TYPES[label] or game.is_over(state):
        state = game.new_game(game.player_counts[0], seed=0)
    return _any_moves(game, state)[0]


def protocol_targets() -> list[Target]:
    """The module functions and game-object methods of every game, each argument a
    :class:`Slot`."""
    return [target for label in ENGINES for target in game_targets(label)]


def game_targets(label: str) -> list[Target]:
    """The module functions and game-object methods of the game called ``label``."""
    engine, game, makers = ENGINES[label], _game(label), MAKERS[label]
    state_type, view_type, move_types = STATE_TYPES[label], VIEW_TYPES[label], MOVE_TYPES[label]

    def slot(valid: Maker, kind: str, accepts: Callable[[object], bool] | None) -> Slot:
        return Slot(valid, wrong_for(label, kind), accepts)

    def is_state(value: object) -> bool:
        return type(value) is state_type

    def is_view(value: object) -> bool:
        return type(value) is view_type

    def is_move(value: object) -> bool:
        return isinstance(value, move_types)

    def is_int(value: object) -> bool:
        return type(value) is int

    def a_move(rng: random.Random) -> object:
        return LEGAL if rng.random() < 0.6 else makers["move"](rng)

    def wire_data(rng: random.Random) -> object:
        return mutated_wire(rng.choice([makers["view"], makers["move"]])(rng), rng)

    def record_text(rng: random.Random) -> object:
        return game.to_json(makers["state"](rng))

    def a_rng(rng: random.Random) -> object:
        return random.Random(rng.randrange(99))

    state = slot(makers["state"], "state", is_state)
    view = slot(makers["view"], "view", is_view)
    move = slot(makers["move"], "move", is_move)
    to_apply = Slot(
        a_move,
        wrong_for(label, "move"),
        is_move,
        (sticheln.WrongTypeError, sticheln.IllegalMoveError),
    )
    seat_ = slot(lambda r: r.randrange(-2, 7), "seat", is_int)
    text = slot(move_text(engine), "text", lambda v: isinstance(v, str))
    rng_ = slot(a_rng, "rng", lambda v: isinstance(v, random.Random))
    players_ = slot(lambda r: r.randrange(0, 8), "players", is_int)
    wire = Slot(wire_data, wrong_for(label, "wire"), None)
    record = slot(record_text, "json", lambda v: isinstance(v, str | bytes))
    game_ = slot(lambda r: game, "game", lambda v: v == game)

    def apply(owner: Any) -> Callable[[object, object], object]:
        return lambda s, m: owner.apply_move(s, _legal(game, label, s, m))

    def events(owner: Any) -> Callable[[object, object, object], object]:
        return lambda s, m, p: owner.events(s, _legal(game, label, s, m), p)

    calls: dict[str, tuple[Callable[..., object], tuple[Slot, ...]]] = {
        f"{label}.legal_moves": (engine.legal_moves, (state, seat_)),
        f"{label}.apply_move": (apply(engine), (state, to_apply)),
        f"{label}.observe": (engine.observe, (state, seat_)),
        f"{label}.parse_move": (engine.parse_move, (state, seat_, text)),
        f"{label}.sample_state": (engine.sample_state, (view, rng_)),
        f"{label}.events": (events(engine), (state, to_apply, seat_)),
        f"{label}.would_take": (game.kit.would_take, (view,)),
        f"{label}.move_text": (game.kit.move_text, (move,)),
        f"{label}.move_from_dict": (engine.move_from_dict, (wire,)),
        f"{label}.Record.from_state": (RECORDS[label].from_state, (state,)),
        f"{label} game.apply_move": (apply(game), (state, to_apply)),
        f"{label} game.events": (events(game), (state, to_apply, seat_)),
        f"{label} random_playout": (sticheln.random_playout, (game_, state, rng_)),
    }
    methods: dict[str, tuple[Slot, ...]] = {
        "players_to_act": (state,),
        "is_over": (state,),
        "scores": (state,),
        "winners": (state,),
        "deal_number": (state,),
        "legal_moves": (state, seat_),
        "observe": (state, seat_),
        "parse_move": (state, seat_, text),
        "sample_state": (view, rng_),
        "would_take": (view,),
        "viewer": (view,),
        "player_of": (move,),
        "move_text": (move,),
        "to_json": (state,),
        "from_json": (record,),
        "replay_from_json": (record,),
        "view_from_dict": (wire,),
        "move_from_dict": (wire,),
        "encoding": (players_,),
        "new_game": (players_,),
    }
    for name, slots in methods.items():
        calls[f"{label} game.{name}"] = (getattr(game, name), slots)
    return [ProtocolTarget(name, func, *slots) for name, (func, slots) in calls.items()]


def mutated_wire(value: Any, rng: random.Random) -> object:
    """The wire form of ``value``, now and then with one field replaced by a hostile value
    (a list nested thousands deep among them)."""
    data: dict[str, object] = value.to_dict()
    if rng.random() < 0.5:
        key = rng.choice(list(data))
        roll = rng.random()
        data[key] = deep_list(5000) if roll < 0.3 else None if roll < 0.4 else hostile(rng)
    return data


def documented(exc: BaseException, name: str) -> bool:
    """Whether ``exc``, raised by the target ``name``, is one of the documented errors."""
    if isinstance(exc, sticheln.StichelnError):
        return True
    if type(exc) is ValueError and "at least one card" in str(exc):
        return True
    return type(exc) is KeyError and name == "CardSet.remove"


def describe(exc: BaseException) -> str:
    try:
        message = str(exc)
    except (ValueError, RecursionError):
        message = "<a message too large to show>"
    if len(message) > 200:
        message = message[:200] + "…"
    return f"{type(exc).__name__}: {message}"


def show(value: object) -> str:
    if type(value) is int and value.bit_length() > 1000:
        return f"an int of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"<{type(value).__name__}>"
    if len(text) > REPRODUCER_LENGTH:
        return f"{text[:REPRODUCER_LENGTH]}… ({len(text)} characters)"
    return text


def call(target: Target, args: list[object], kwargs: dict[str, object]) -> tuple[str, str]:
    """The outcome of one call, with the exception for an unexpected one."""
    outcome, detail, _ = run(target, args, kwargs)
    return outcome, detail


def run(target: Target, args: list[object], kwargs: dict[str, object]) -> tuple[str, str, str]:
    """The outcome of one call, with the exception for an unexpected one, and the type of
    the exception raised (``""`` when none was)."""
    start = time.monotonic()
    try:
        with time_limit(CASE_SECONDS):
            try:
                result = target.func(*args, **kwargs)
                str(result)
            except (Exception, RecursionError) as exc:
                kind = type(exc).__name__
                if not documented(exc, target.name):
                    return UNEXPECTED, describe(exc), kind
                wrong = target.judge(args, exc)
                return (UNEXPECTED, wrong, kind) if wrong else (DOCUMENTED, "", kind)
    except CaseTimeout:
        return UNEXPECTED, f"hang: more than {CASE_SECONDS} s", "hang"
    elapsed = time.monotonic() - start
    if elapsed > CASE_SECONDS:
        return UNEXPECTED, f"slow: {elapsed:.1f} s", ""
    wrong = target.judge(args, None)
    return (UNEXPECTED, wrong, "") if wrong else (RETURNED, "", "")


def campaign(
    cases: int,
    seed: int,
    out: Any = None,
    max_findings: int = 40,
    everything: bool = False,
    chosen: list[Target] | None = None,
    raised: Counter[str] | None = None,
) -> dict[str, Counter[str]]:
    """Run ``cases`` calls of random targets (of ``chosen``, else of :func:`targets`); return
    the outcomes per target and print each finding (the first ``max_findings``, one per
    target and exception type). ``raised``, if given, counts the exceptions by type."""
    out = sys.stdout if out is None else out
    all_targets = targets(everything) if chosen is None else chosen
    counts: dict[str, Counter[str]] = {t.name: Counter() for t in all_targets}
    seen: set[tuple[str, str]] = set()
    for case in range(cases):
        case_seed = f"{seed}:{case}"
        rng = random.Random(case_seed)
        target = rng.choice(all_targets)
        args, kwargs = target.draw(rng)
        outcome, detail, kind = run(target, args, kwargs)
        counts[target.name][outcome] += 1
        if raised is not None and kind:
            raised[kind] += 1
        if outcome == UNEXPECTED:
            key = (target.name, detail.split(":", 1)[0])
            if key not in seen and len(seen) < max_findings:
                seen.add(key)
                shown = ", ".join(
                    [*map(show, args), *(f"{k}={show(v)}" for k, v in kwargs.items())]
                )
                print(f"FINDING case {case_seed!r}: {target.name}({shown})", file=out)
                print(f"  raised {detail}", file=out)
    return counts


def totals(counts: dict[str, Counter[str]]) -> Counter[str]:
    total: Counter[str] = Counter({outcome: 0 for outcome in OUTCOMES})
    for counter in counts.values():
        total.update(counter)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=2000, help="calls (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the campaign (default 0)")
    parser.add_argument(
        "--all", action="store_true", help="also the helpers of Hattrick and Stichling"
    )
    parser.add_argument(
        "--protocol",
        action="store_true",
        help="the entry points of each game, with arguments of the wrong type",
    )
    parser.add_argument("--verbose", action="store_true", help="print the counts per target")
    args = parser.parse_args(argv)
    start = time.monotonic()
    raised: Counter[str] = Counter()
    chosen = protocol_targets() if args.protocol else None
    counts = campaign(args.cases, args.seed, everything=args.all, chosen=chosen, raised=raised)
    elapsed = time.monotonic() - start
    if args.verbose:
        for name, counter in counts.items():
            print(f"{name}: " + ", ".join(f"{o} {counter[o]}" for o in OUTCOMES))
    total = totals(counts)
    print(
        f"{sum(total.values())} calls of {len(counts)} targets: "
        + ", ".join(f"{outcome} {total[outcome]}" for outcome in OUTCOMES)
    )
    print("raised: " + (", ".join(f"{kind} {n}" for kind, n in raised.most_common()) or "-"))
    print(f"in {elapsed:.1f} s ({sum(total.values()) / max(elapsed, 1e-9):.0f} calls/s)")
    return 1 if total[UNEXPECTED] else 0


if __name__ == "__main__":
    sys.exit(main())
