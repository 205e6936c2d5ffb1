#!/usr/bin/env bash
# Machine instructions per move of the random-play loop of random_play.py, counted by
# valgrind's callgrind: unlike moves per second, the count does not depend on the machine's
# load. It runs the loop for 0 and for N games (default 20, 4 players) and prints the
# difference per move.
#
#   bash benchmarks/instructions_per_move.sh [GAMES] [PLAYERS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games="${1:-20}"
players="${2:-4}"
python="${PYTHON:-python}"
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }

count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" benchmarks/random_play.py --players "$players" --games "$1" 2>&1 >/dev/null |
        awk '/Collected/ {print $4}'
}
moves() {
    "$python" benchmarks/random_play.py --players "$players" --games "$games" |
        awk '/^moves:/ {print $2}'
}

base=$(count 0)
total=$(count "$games")
n=$(moves)
echo "$players players, $games games, $n moves"
echo "instructions/move: $(( (total - base) / n ))"
