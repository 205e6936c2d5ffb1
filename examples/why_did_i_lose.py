"""Answer "who wins this trick, and why?" without playing a game.

Run: ``python examples/why_did_i_lose.py B6 B11 R3 Y0``
"""

from __future__ import annotations

import sys

import sticheln as st


def main(names: list[str]) -> st.TrickExplanation:
    cards = [st.Card.parse(name) for name in names]
    explanation = st.explain_trick(cards)
    print(explanation)
    # Who would win if one more card were played? trick_winner takes open tricks too.
    for extra in ("G14", "B0"):
        winner = st.trick_winner([*cards, st.Card.parse(extra)])
        who = "nobody" if winner is None else f"card {winner + 1}"
        print(f"with {extra} added: {who} would win")
    return explanation


if __name__ == "__main__":
    main(sys.argv[1:] or ["B6", "B11", "R3", "Y0"])
