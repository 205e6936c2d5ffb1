"""Fuzz the record loaders: load mutated records of random games with ``replay_from_json``.

Every registered game (:data:`sticheln.GAME_NAMES`) plays random games, stopped at random
points; each record is mutated (keys deleted or inserted, types and numbers changed, moves
swapped or dropped, cards, seats, versions and rules fields changed, the text truncated,
nested deeply, given huge numbers and strings, duplicate keys or invalid UTF-8) and loaded.

Expected outcomes: the game's :class:`sticheln.RecordError`, or a load whose moves replay
legally with ``apply_move``. Anything else is a finding, printed with a reproducer.

    python fuzz/records.py --cases 1000 --seed 1
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import sticheln

if __package__:
    from fuzz.limits import CaseTimeout, time_limit
else:  # run as a script, with fuzz/ on sys.path
    from limits import CaseTimeout, time_limit  # type: ignore[import-not-found, no-redef]

LOADED = "loaded-and-replayed"
REJECTED = "RecordError"
UNEXPECTED = "unexpected"
OUTCOMES = (LOADED, REJECTED, UNEXPECTED)

MAX_INPUT = 4_000_000
"""The most characters (or bytes) of a mutated record that is loaded."""
CASE_SECONDS = 5.0
"""The wall-clock time a case may take before it counts as a hang."""
REPRODUCER_LENGTH = 600
"""The most characters of a mutated record that a finding prints."""
BASE_RECORDS = 12
"""Records of random games per game that the mutations start from."""

Loader = Callable[[Any, str | bytes], tuple[Any, tuple[Any, ...]]]
Data = Any


def default_loader(game: Any, text: str | bytes) -> tuple[Any, tuple[Any, ...]]:
    """The game's own loader."""
    result: tuple[Any, tuple[Any, ...]] = game.replay_from_json(text)
    return result


def random_record(game: Any, rng: random.Random) -> str:
    """The record of a random game of ``game``, stopped at a random point (or finished)."""
    state = game.new_game(rng.choice(game.player_counts), seed=rng.randrange(2**32))
    stop = None if rng.random() < 0.2 else rng.randrange(400)
    count = 0
    while not game.is_over(state) and (stop is None or count < stop):
        player = rng.choice(game.players_to_act(state))
        state = game.apply_move(state, rng.choice(game.legal_moves(state, player)))
        count += 1
    text: str = game.to_json(state)
    return text


# -- hostile values -------------------------------------------------------------------------

CARD_TEXTS = ["R0", "Y15", "G20", "B3", "P8", "A14", "Q5", "R-1", "r3", "R 3", "", "R²", "R①"]
KEYS = ["players", "card", "kind", "player", "moves", "deals", "rules", "x", "", "seed", "name"]


def hostile(rng: random.Random, depth: int = 0) -> Data:
    """A JSON value likely to trouble a reader."""
    choice = rng.randrange(22)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False])
    if choice == 2:
        return rng.choice([0, 1, -1, 2, 3, 7, 8, 255, 2**31, 2**63, -(2**63)])
    if choice == 3:
        return rng.choice([0.5, -0.0, 1e308, float("nan"), float("inf"), float("-inf"), 3.0])
    if choice == 4:
        return 10 ** rng.randrange(20, 4000)
    if choice == 5:
        return -rng.randrange(1, 10**6)
    if choice == 6:
        return "x" * rng.randrange(1000, 200_000)
    if choice == 7:
        return rng.choice(["²", "①", "٣", "\uff13", "\u0000", "\ud800", "🂡", "R3\n", " 3 "])
    if choice == 8:
        return rng.choice(CARD_TEXTS)
    if choice == 9:
        return " ".join(rng.choice(CARD_TEXTS) for _ in range(rng.randrange(30)))
    if choice == 10 and depth < 3:
        return [hostile(rng, depth + 1) for _ in range(rng.randrange(4))]
    if choice == 11 and depth < 3:
        return {rng.choice(KEYS): hostile(rng, depth + 1) for _ in range(rng.randrange(4))}
    if choice == 12:
        return rng.choice(["play", "pain", "pass", "follow", "open", "add", "arrange", "PLAY"])
    if choice == 13:
        return rng.choice(["nsv", "amigo-1995", "ravensburger-2015", "spieletest", "given-seat"])
    if choice == 14:
        return []
    if choice == 15:
        return {}
    if choice == 16:
        return rng.randrange(-3, 12)
    if choice == 17:
        return rng.choice(["RYGBP", "RGB", "RYGBPA", "ZZZ", "RR", "R,G"])
    return rng.randrange(-2, 25)


# -- structural mutations -------------------------------------------------------------------


def containers(data: Data) -> list[Data]:
    """Every list and dict inside ``data``, ``data`` included."""
    found: list[Data] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            found.append(item)
            stack.extend(item)
    return found


def set_random(rng: random.Random, data: Data, make: Callable[[Data], Data]) -> None:
    """Replace one random element of a container of ``data`` by ``make(old)``."""
    nonempty = [c for c in containers(data) if c]
    if not nonempty:
        return
    target = rng.choice(nonempty)
    key = rng.choice(list(target)) if isinstance(target, dict) else rng.randrange(len(target))
    target[key] = make(target[key])


def change_number(rng: random.Random, old: Data) -> Data:
    if type(old) is int and old.bit_length() < 1000:
        return rng.choice([old + 1, old - 1, -old, old * 1000, 0, True, float(old), str(old)])
    return hostile(rng)


def moves_of(data: Data) -> list[Data]:
    moves = data.get("moves") if isinstance(data, dict) else None
    return moves if isinstance(moves, list) else []


def mutate_moves(rng: random.Random, data: Data) -> None:
    moves = moves_of(data)
    if not moves:
        if isinstance(data, dict):
            data["moves"] = hostile(rng)
        return
    i = rng.randrange(len(moves))
    j = rng.randrange(len(moves))
    action = rng.randrange(8)
    if action == 0:
        moves[i], moves[j] = moves[j], moves[i]
    elif action == 1:
        del moves[i]
    elif action == 2:
        moves.insert(j, copy.deepcopy(moves[i]))
    elif action == 3:
        del moves[i:]
    elif action == 4:
        del moves[: i + 1]
    elif action == 5:
        moves.append(hostile(rng))
    elif action == 6:
        rng.shuffle(moves)
    else:
        moves.reverse()


def mutate_move_field(rng: random.Random, data: Data) -> None:
    moves = [m for m in moves_of(data) if isinstance(m, dict)]
    if not moves:
        return
    move = rng.choice(moves)
    field = rng.choice([*move, "player", "card", "kind", "extra"])
    if field == "player" and rng.random() < 0.7:
        move[field] = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, -1, 99, True, "0", 1.0, 10**30])
    elif field == "card" and rng.random() < 0.7:
        color = rng.choice("RYGBPAXrg")
        move[field] = f"{color}{rng.randrange(-2, 23)}"
    elif field == "extra":
        move[field] = hostile(rng)
    elif rng.random() < 0.3:
        move.pop(field, None)
    else:
        move[field] = hostile(rng)


def mutate_deals(rng: random.Random, data: Data) -> None:
    deals = data.get("deals") if isinstance(data, dict) else None
    if not isinstance(deals, list) or not deals:
        if isinstance(data, dict):
            data["deals"] = hostile(rng)
        return
    d = rng.randrange(len(deals))
    seats = deals[d]
    action = rng.randrange(7)
    if not isinstance(seats, list) or not seats or action == 0:
        deals[d] = hostile(rng)
        return
    p = rng.randrange(len(seats))
    q = rng.randrange(len(seats))
    if action == 1:
        seats[p], seats[q] = seats[q], seats[p]
    elif action == 2 and isinstance(seats[p], str) and isinstance(seats[q], str):
        left, right = seats[p].split(), seats[q].split()
        if left and right:
            a, b = rng.randrange(len(left)), rng.randrange(len(right))
            left[a], right[b] = right[b], left[a]
            seats[p], seats[q] = " ".join(left), " ".join(right)
    elif action == 3 and isinstance(seats[p], str):
        names = seats[p].split()
        if names:
            names.pop(rng.randrange(len(names)))
        seats[p] = " ".join(names)
    elif action == 4 and isinstance(seats[p], str):
        seats[p] = f"{seats[p]} {rng.choice(CARD_TEXTS)}"
    elif action == 5:
        del seats[p]
    elif rng.random() < 0.5:
        deals.pop(d)
    else:
        deals.append(copy.deepcopy(seats))


def mutate_rules(rng: random.Random, data: Data) -> None:
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, dict) or not rules or rng.random() < 0.1:
        if isinstance(data, dict):
            data["rules"] = hostile(rng)
        return
    field = rng.choice(list(rules))
    value = rules[field]
    action = rng.randrange(4)
    if action == 0:
        del rules[field]
    elif action == 1:
        rules[rng.choice([*KEYS, field + "_"])] = hostile(rng)
    elif isinstance(value, list) and value and rng.random() < 0.7:
        i = rng.randrange(len(value))
        item = value[i]
        if isinstance(item, dict) and item:
            key = rng.choice(list(item))
            item[key] = change_number(rng, item[key]) if rng.random() < 0.5 else hostile(rng)
        else:
            value[i] = change_number(rng, item)
    else:
        rules[field] = change_number(rng, value) if rng.random() < 0.5 else hostile(rng)


def mutate_envelope(rng: random.Random, data: Data) -> None:
    if not isinstance(data, dict):
        return
    field = rng.choice(["version", "players", "first_leader", "seed", "game", "format"])
    if field in ("players", "first_leader") and rng.random() < 0.6:
        data[field] = rng.randrange(-1, 10)
    elif field == "version" and rng.random() < 0.6:
        data[field] = rng.choice([0, 1, 2, 3, -1, 1.0, "1", True, None, 10**40])
    elif field == "game" and rng.random() < 0.6:
        data[field] = rng.choice([*sticheln.GAME_NAMES, "STICHELN", ""])
    else:
        data[field] = change_number(rng, data.get(field))


def mutate_data(rng: random.Random, data: Data) -> Data:
    """``data`` after one structural mutation (in place where possible)."""
    choice = rng.randrange(11)
    if choice == 0:
        dicts = [c for c in containers(data) if isinstance(c, dict) and c]
        if dicts:
            target = rng.choice(dicts)
            del target[rng.choice(list(target))]
    elif choice == 1:
        dicts = [c for c in containers(data) if isinstance(c, dict)]
        if dicts:
            rng.choice(dicts)[rng.choice(KEYS)] = hostile(rng)
    elif choice == 2:
        set_random(rng, data, lambda old: hostile(rng))
    elif choice == 3:
        set_random(rng, data, lambda old: change_number(rng, old))
    elif choice in (4, 5):
        mutate_moves(rng, data)
    elif choice == 6:
        mutate_move_field(rng, data)
    elif choice == 7:
        mutate_deals(rng, data)
    elif choice == 8:
        mutate_rules(rng, data)
    elif choice == 9:
        mutate_envelope(rng, data)
    elif rng.random() < 0.05:
        return hostile(rng)
    return data


# -- text mutations -------------------------------------------------------------------------


def mutate_text(rng: random.Random, text: str) -> str | bytes:
    """``text`` after one textual mutation; bytes for mutations that break UTF-8."""
    choice = rng.randrange(10)
    pos = rng.randrange(len(text) + 1)
    if choice == 0:
        return text[:pos]
    if choice == 1:
        depth = rng.choice([50, 500, 5000, 100_000, 1_000_000])
        opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
        nested = opener * depth + "0" + closer * depth
        return text.replace('"seed": ', f'"seed": {nested}, "x": ', 1)
    if choice == 2:
        digits = "9" * rng.choice([4300, 4301, 5000, 100_000])
        return text.replace('"players": ', f'"players": {rng.choice(["", "-"])}{digits}', 1)
    if choice == 3:
        key = rng.choice(["players", "moves", "game", "version", "player", "card", "name"])
        marker = f'"{key}": '
        at = text.find(marker, pos) if text.find(marker, pos) >= 0 else text.find(marker)
        if at < 0:
            return text
        return text[:at] + f'"{key}": {json.dumps(hostile(rng))}, ' + text[at:]
    if choice == 4:
        raw = text.encode()
        bad = rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80"])
        return raw[:pos] + bad + raw[pos:]
    if choice == 5:
        flipped = bytearray(text.encode())
        for _ in range(rng.randrange(1, 8)):
            if flipped:
                flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        return bytes(flipped)
    if choice == 6:
        return (
            text[:pos]
            + rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "\\ud800"])
            + text[pos:]
        )
    if choice == 7:
        return text[:pos] + "x" * rng.randrange(1, 2_000_000) + text[pos:]
    if choice == 8:
        return text.replace('"', "'", rng.randrange(1, 3))
    return rng.choice(["\ufeff", " ", "\x00", "[", "", "null", "1"]) + text[:pos]


def mutate(rng: random.Random, text: str) -> str | bytes:
    """A mutation of the record ``text``: one to three structural mutations of its data,
    sometimes followed by a textual one."""
    mutated: str | bytes = text
    if rng.random() < 0.8:
        data = json.loads(text)
        for _ in range(rng.randrange(1, 4)):
            data = mutate_data(rng, data)
        try:
            mutated = json.dumps(data)
        except ValueError:  # an integer too long to write
            mutated = text
    if rng.random() < 0.3 and isinstance(mutated, str):
        mutated = mutate_text(rng, mutated)
    if isinstance(mutated, bytes) and rng.random() < 0.5:
        mutated = mutated.decode("utf-8", "surrogateescape")
    return mutated


# -- the campaign ---------------------------------------------------------------------------


def run_case(game: Any, text: str | bytes, loader: Loader = default_loader) -> tuple[str, str]:
    """The outcome of loading ``text`` with ``loader`` and replaying its moves, with a detail
    (the exception for an unexpected outcome)."""
    if len(text) > MAX_INPUT:
        return REJECTED, "input too large to try"
    start = time.monotonic()
    try:
        with time_limit(CASE_SECONDS):
            try:
                state, moves = loader(game, text)
            except sticheln.RecordError:
                return REJECTED, ""
            try:
                for move in moves:
                    state = game.apply_move(state, move)
            except Exception as exc:
                return UNEXPECTED, f"loaded, but replay raised {describe(exc)}"
    except CaseTimeout:
        return UNEXPECTED, f"hang: more than {CASE_SECONDS} s"
    except (Exception, RecursionError) as exc:
        return UNEXPECTED, describe(exc)
    elapsed = time.monotonic() - start
    if elapsed > CASE_SECONDS:
        return UNEXPECTED, f"slow: {elapsed:.1f} s"
    return LOADED, ""


def describe(exc: BaseException) -> str:
    message = str(exc)
    if len(message) > 200:
        message = message[:200] + "…"
    return f"{type(exc).__name__}: {message}"


def reproducer(text: str | bytes) -> str:
    shown = text[:REPRODUCER_LENGTH]
    cut = f" (cut from {len(text)})" if len(text) > REPRODUCER_LENGTH else ""
    return f"{shown!r}{cut}"


def campaign(
    cases: int,
    seed: int,
    games: list[str] | None = None,
    loader: Loader = default_loader,
    out: Any = None,
    max_findings: int = 20,
) -> dict[str, Counter[str]]:
    """Run ``cases`` cases per game and return the counts of outcomes per game; print each
    finding (up to ``max_findings``) with its game, case seed and mutated text."""
    out = sys.stdout if out is None else out
    counts: dict[str, Counter[str]] = {}
    for name in games or list(sticheln.GAME_NAMES):
        game = sticheln.find_game(name)
        setup = random.Random(f"{seed}:{name}:records")
        bases = [random_record(game, setup) for _ in range(BASE_RECORDS)]
        counter: Counter[str] = Counter({outcome: 0 for outcome in OUTCOMES})
        shown = 0
        for case in range(cases):
            case_seed = f"{seed}:{name}:{case}"
            rng = random.Random(case_seed)
            text = mutate(rng, rng.choice(bases))
            outcome, detail = run_case(game, text, loader)
            counter[outcome] += 1
            if outcome == UNEXPECTED and shown < max_findings:
                shown += 1
                print(f"FINDING {name} case {case_seed!r}: {detail}", file=out)
                print(f"  input: {reproducer(text)}", file=out)
        counts[name] = counter
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=200, help="cases per game (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the campaign (default 0)")
    parser.add_argument("--game", action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    counts = campaign(args.cases, args.seed, args.game)
    elapsed = time.monotonic() - start
    total = sum(sum(c.values()) for c in counts.values())
    for name, counter in counts.items():
        parts = ", ".join(f"{outcome} {counter[outcome]}" for outcome in OUTCOMES)
        print(f"{name}: {sum(counter.values())} cases: {parts}")
    print(f"{total} cases in {elapsed:.1f} s ({total / max(elapsed, 1e-9):.0f} cases/s)")
    return 1 if any(c[UNEXPECTED] for c in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
