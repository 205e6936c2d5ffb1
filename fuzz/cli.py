"""Fuzz the command line: ``sticheln play --interactive`` fed random input, and
``sticheln replay FILE`` on mutated records, each run as a subprocess with a timeout.

Expected outcomes: no ``Traceback`` in the output, and exit code 0 (a game stopped at the
end of input or with ``q``; a record replayed) or 2 (a bad record). Anything else (another
exit code, a traceback, a timeout) is a finding, printed with the case's seed and input.

    python fuzz/cli.py --cases 100 --seed 1
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import sticheln

if __package__:
    from fuzz import records
else:  # run as a script, with fuzz/ on sys.path
    import records  # type: ignore[import-not-found, no-redef]

OK = "exit-0"
BAD_RECORD = "exit-2"
UNEXPECTED = "unexpected"
OUTCOMES = (OK, BAD_RECORD, UNEXPECTED)

TIMEOUT = 60.0
"""The seconds a command may run before it counts as a hang."""
MAX_INPUT = 3_000_000
"""The most bytes of standard input or of a record file given to a command."""
REPRODUCER_LENGTH = 400

WORDS = [b"q", b"?", b"h", b"help", b"hint", b"quit", b"1", b"0", b"-1", b"", b" ", b"R3"]


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "sticheln", *args]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONIOENCODING"] = "utf-8"
    env.pop("PYTHONSTARTUP", None)
    src = Path(__file__).resolve().parent.parent / "src"
    if src.is_dir():
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(src), env.get("PYTHONPATH")]))
    return env


def random_line(rng: random.Random) -> bytes:
    """A line of input a person, a cat or a broken terminal might type."""
    choice = rng.randrange(10)
    if choice < 3:
        return f"{rng.choice('RYGBPAQrg')}{rng.randrange(-1, 22)}".encode()
    if choice == 3:
        return rng.choice(WORDS)
    if choice == 4:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if choice == 5:
        return rng.choice([b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"\x80abc", b"R\xff3"])
    if choice == 6:
        return bytes(rng.choice([0, 3, 4, 7, 8, 9, 12, 13, 26, 27, 127]) for _ in range(5))
    if choice == 7:
        return b"x" * rng.choice([1000, 100_000, 1_000_000])
    if choice == 8:
        return rng.choice(["²", "①", "R\uff13", "R٣", "🂡", "\u202e", "R3\u0000"]).encode()
    return f"{rng.choice('RYGBP')}{rng.randrange(0, 15)} {rng.randrange(-1, 4)}".encode()


def play_input(rng: random.Random) -> bytes:
    lines = [random_line(rng) for _ in range(rng.randrange(1, 60))]
    data = rng.choice([b"\n", b"\r\n", b"\r"]).join(lines)
    if rng.random() < 0.7:
        data += b"\n"
    return data[:MAX_INPUT]


def classify(
    result: subprocess.CompletedProcess[bytes], allowed: tuple[int, ...]
) -> tuple[str, str]:
    output = result.stdout + result.stderr
    if b"Traceback" in output:
        at = output.index(b"Traceback")
        return UNEXPECTED, f"traceback: {output[at:][-600:].decode('utf-8', 'replace')}"
    if result.returncode not in allowed:
        tail = result.stderr[-300:].decode("utf-8", "replace")
        return UNEXPECTED, f"exit code {result.returncode}: {tail}"
    return (OK if result.returncode == 0 else BAD_RECORD), ""


def run(args: list[str], stdin: bytes, allowed: tuple[int, ...]) -> tuple[str, str]:
    try:
        result = subprocess.run(
            command(*args),
            input=stdin,
            capture_output=True,
            timeout=TIMEOUT,
            env=environment(),
            check=False,
        )
    except subprocess.TimeoutExpired:
        return UNEXPECTED, f"hang: more than {TIMEOUT} s"
    return classify(result, allowed)


def play_case(rng: random.Random) -> tuple[list[str], bytes]:
    name = rng.choice(list(sticheln.GAME_NAMES))
    game = sticheln.find_game(name)
    players = rng.choice(game.player_counts)
    args = ["play", "--interactive", "--game", name, "--players", str(players)]
    args += ["--seed", str(rng.randrange(10_000)), "--seat", str(rng.randrange(players))]
    args += ["--bots", "random"]
    return args, play_input(rng)


def replay_case(
    rng: random.Random, bases: dict[str, list[str]], directory: str
) -> tuple[list[str], bytes]:
    name = rng.choice(list(bases))
    base = rng.choice(bases[name])
    mutated = base if rng.random() < 0.2 else records.mutate(rng, base)
    raw = mutated if isinstance(mutated, bytes) else mutated.encode("utf-8", "surrogateescape")
    path = Path(directory, "record.json")
    path.write_bytes(raw[:MAX_INPUT])
    args = ["replay", str(path)]
    if rng.random() < 0.3:
        args += ["--as", str(rng.randrange(-1, 7))]
    return args, raw[:MAX_INPUT]


def show(data: bytes) -> str:
    cut = f" (cut from {len(data)} bytes)" if len(data) > REPRODUCER_LENGTH else ""
    return f"{data[:REPRODUCER_LENGTH]!r}{cut}"


def campaign(
    cases: int, seed: int, out: Any = None, seconds: float | None = None
) -> dict[str, Counter[str]]:
    """Run ``cases`` cases of each command (or as many as fit in ``seconds``); return the
    outcomes per command and print each finding."""
    out = sys.stdout if out is None else out
    setup = random.Random(f"{seed}:cli")
    bases = {
        name: [records.random_record(sticheln.find_game(name), setup) for _ in range(4)]
        for name in sticheln.GAME_NAMES
    }
    counts = {
        "play": Counter({o: 0 for o in OUTCOMES}),
        "replay": Counter({o: 0 for o in OUTCOMES}),
    }
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as directory:
        for case in range(cases):
            if seconds is not None and time.monotonic() - start > seconds:
                break
            for kind in ("play", "replay"):
                case_seed = f"{seed}:{kind}:{case}"
                rng = random.Random(case_seed)
                if kind == "play":
                    args, data = play_case(rng)
                    outcome, detail = run(args, data, (0,))
                else:
                    args, data = replay_case(rng, bases, directory)
                    outcome, detail = run(args, b"", (0, 2))
                counts[kind][outcome] += 1
                if outcome == UNEXPECTED:
                    print(f"FINDING case {case_seed!r}: sticheln {' '.join(args)}", file=out)
                    print(f"  {detail}", file=out)
                    print(f"  {'stdin' if kind == 'play' else 'file'}: {show(data)}", file=out)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=10, help="cases per command (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the campaign (default 0)")
    parser.add_argument("--seconds", type=float, help="stop starting cases after this time")
    args = parser.parse_args(argv)
    start = time.monotonic()
    counts = campaign(args.cases, args.seed, seconds=args.seconds)
    elapsed = time.monotonic() - start
    for kind, counter in counts.items():
        parts = ", ".join(f"{outcome} {counter[outcome]}" for outcome in OUTCOMES)
        print(f"{kind}: {sum(counter.values())} cases: {parts}")
    total = sum(sum(c.values()) for c in counts.values())
    print(f"{total} commands in {elapsed:.1f} s ({total / max(elapsed, 1e-9):.1f} commands/s)")
    return 1 if any(c[UNEXPECTED] for c in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
