#!/usr/bin/env bash
# Machine instructions per move of the random-play loop of random_play.py through the game
# protocol, counted by valgrind's callgrind: unlike moves per second, the count does not
# depend on the machine's load. For each game it runs the loop for N and for 2N games
# (default N = 100, 4 players) and prints the difference per move of the last N games, which
# find the engine's tables built by the first ones, and each game's count beside Sticheln's.
#
#   bash benchmarks/instructions_per_move.sh [GAMES] [PLAYERS] [GAME ...]
#
# GAME names a registered game (default: every game that allows PLAYERS players).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games="${1:-100}"
players="${2:-4}"
shift $(( $# < 2 ? $# : 2 ))
names=("$@")
python="${PYTHON:-python}"
if [ ${#names[@]} -eq 0 ]; then
    # Every registered game that allows the number of players, Sticheln first.
    read -r -a names <<< "$("$python" -c "import sticheln as st
print(' '.join(n for n in st.GAME_NAMES if $players in st.find_game(n).info.player_counts))")"
fi
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }

# count GAME N: the instructions of the whole process for N games of GAME.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" benchmarks/random_play.py --count-moves --game "$1" --players "$players" \
        --games "$2" 2>&1 >/dev/null |
        awk '/Collected/ {print $4}'
}
# moves GAME N: the moves of N games of GAME (the same seeds and choices as under valgrind).
moves() {
    "$python" benchmarks/random_play.py --count-moves --game "$1" --players "$players" \
        --games "$2" | awk '/^moves:/ {print $2}'
}

echo "$players players, games $games to $(( 2 * games - 1 )) of each game, through the game protocol"
reference=""
for name in "${names[@]}"; do
    base=$(count "$name" "$games")
    total=$(count "$name" $(( 2 * games )))
    n=$(( $(moves "$name" $(( 2 * games ))) - $(moves "$name" "$games") ))
    per_move=$(( (total - base) / n ))
    [ -n "$reference" ] || { [ "$name" != sticheln ] || reference=$per_move; }
    if [ -n "$reference" ]; then
        ratio=$(awk -v a="$per_move" -v b="$reference" 'BEGIN {printf "%.2f", a / b}')
        beside="  x$ratio of Sticheln's instructions"
    else
        beside=""
    fi
    printf '%-10s %8d moves  %8d instructions/move%s\n' "$name" "$n" "$per_move" "$beside"
done
