"""``sticheln selfplay`` end to end, small: shards from the batch source and from bots, a run
that goes on, and bad input refused with one line on standard error."""

from __future__ import annotations

from pathlib import Path

import pytest

from sticheln.core import registry
from sticheln.tournament import Rotation, Tournament
from sticheln.tournament.selfplay import Source, read_shards, write_shards
from tests.toy_games import Nim

from .test_cli import run

pytest.importorskip("pyarrow")

# Tiny Sticheln, 3 players: one round of hands of 3 cards. Every player chooses a pain card
# and plays the other two: 9 decisions a game.
TINY = ("--game", "sticheln", "--rules", "tiny", "--players", "3")


def shard_bytes(folder: Path) -> list[bytes]:
    return [path.read_bytes() for path in sorted(folder.glob("shard-*.parquet"))]


def test_the_batch_source_writes_the_shards_of_the_library(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, stderr = run(
        "selfplay", *TINY, "--source", "batch", "--games", "5", "--seed", "11",
        "--games-per-shard", "3", "--out", str(out),
    )  # fmt: skip
    assert (code, stderr) == (0, "")
    assert stdout == (
        "45 decisions of 5 random games of the batch source of sticheln (tiny rules), "
        f"3 players, seed 11, in 2 shards in {out}\n"
    )
    same = Tournament("sticheln", ("random",) * 3, 5, 11, rules="tiny", rotation=Rotation.NONE)
    write_shards(same, tmp_path / "library", games_per_shard=3, source=Source.BATCH)
    assert shard_bytes(out) == shard_bytes(tmp_path / "library")
    rows = sum(len(batch["game"]) for batch in read_shards(out, batch_size=4))
    assert rows == 45

    # Two worker processes write the same bytes.
    code, _, _ = run(
        "selfplay", *TINY, "--source", "batch", "--games", "5", "--seed", "11",
        "--games-per-shard", "3", "--jobs", "2", "--out", str(tmp_path / "jobs"),
    )  # fmt: skip
    assert code == 0
    assert shard_bytes(tmp_path / "jobs") == shard_bytes(out)


def test_the_same_command_again_goes_on_and_another_is_refused(tmp_path: Path) -> None:
    out = str(tmp_path)
    args = ("selfplay", *TINY, "--source", "batch", "--games-per-shard", "2", "--out", out)
    assert run(*args, "--games", "3", "--seed", "4")[0] == 0
    first = (tmp_path / "shard-00000.parquet").stat().st_mtime_ns
    # Without --seed, the seed of the shards there; the last shard (one game) is filled.
    code, stdout, stderr = run(*args, "--games", "4")
    assert code == 0
    assert stderr == f"Went on from 1 of 2 shards already in {out}.\n"
    assert stdout.startswith("36 decisions of 4 random games")
    assert "seed 4," in stdout
    assert (tmp_path / "shard-00000.parquet").stat().st_mtime_ns == first

    code, stdout, stderr = run(*args, "--games", "4", "--seed", "5")
    assert (code, stdout) == (2, "")
    assert stderr == (
        f"sticheln: error: --out: {out!r} holds the shards of another tournament: seed: 4, not 5\n"
    )
    code, _, stderr = run("selfplay", *TINY, "--games", "3", "--games-per-shard", "2",
                          "--bots", "random", "--out", out)  # fmt: skip
    assert code == 2
    assert stderr.endswith("rotation: 'none', not 'all'; source: batch, not bots\n")


def test_the_bots_source_plays_every_deal_in_all_rotations(tmp_path: Path) -> None:
    code, stdout, stderr = run(
        "selfplay", *TINY, "--bots", "random,heuristic,random", "--games", "4", "--seed", "2",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    assert (
        stderr == "Playing 6 games, not 4: every deal is played once per rotation of the 3 seats.\n"
    )
    assert stdout == (
        f"54 decisions of 6 games of sticheln (tiny rules), 3 players, seed 2, in 1 shards "
        f"in {tmp_path}\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            (*TINY, "--source", "batch", "--bots", "random"),
            "--bots: the batch source plays every move uniformly at random, without bots "
            "(leave out --bots, or use --source bots)",
        ),
        ((*TINY, "--games-per-shard", "0"), "--games-per-shard must be at least 1, got 0"),
        ((*TINY, "--games", "0"), "--games must be at least 1, got 0"),
        ((*TINY, "--jobs", "0"), "--jobs must be at least 1, got 0"),
        ((*TINY, "--bots", "nobody"), "--bots: no bot 'nobody'; known bots: "),
    ],
)
def test_bad_input_is_one_line_of_usage_error(
    tmp_path: Path, argv: tuple[str, ...], message: str
) -> None:
    code, stdout, stderr = run("selfplay", *argv, "--out", str(tmp_path / "out"))
    assert (code, stdout) == (2, "")
    assert stderr.startswith(f"sticheln: error: {message}")
    assert stderr.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_a_game_without_a_fast_source_refuses_the_batch_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._FACTORIES, "nim", lambda preset: Nim())
    code, stdout, stderr = run(
        "selfplay", "--game", "nim", "--players", "2", "--source", "batch",
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert (code, stdout) == (2, "")
    assert stderr == (
        "sticheln: error: --source batch: Nim has no fast source of random games "
        "(GameInfo.random_games): use the bots source with random bots, the same policy "
        "played through the game protocol\n"
    )
    assert not (tmp_path / "out").exists()


def test_the_batch_source_writes_stichlings_shards(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, stderr = run(
        "selfplay", "--game", "stichling", "--rules", "tiny", "--players", "2",
        "--source", "batch", "--games", "3", "--seed", "5", "--out", str(out),
    )  # fmt: skip
    assert (code, stderr) == (0, "")
    # Tiny Stichling, 2 players: one hand, 2 orders of the victory-point cards, 8 cards.
    assert stdout == (
        "30 decisions of 3 random games of the batch source of stichling (tiny rules), "
        f"2 players, seed 5, in 1 shards in {out}\n"
    )
    same = Tournament("stichling", ("random",) * 2, 3, 5, rules="tiny", rotation=Rotation.NONE)
    write_shards(same, tmp_path / "library", source=Source.BATCH)
    assert shard_bytes(out) == shard_bytes(tmp_path / "library")


def test_an_out_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "file"
    path.write_text("x")
    code, _, stderr = run(
        "selfplay", *TINY, "--source", "batch", "--games", "1", "--out", str(path)
    )
    assert code == 2
    assert stderr.startswith("sticheln: error: --out: ")
    assert "Traceback" not in stderr
