"""Reading the documentation's pages in tests: the code and output blocks they show."""

from __future__ import annotations

import textwrap


def rst_blocks(text: str, directive: str) -> list[str]:
    """The bodies of the ``.. directive::`` blocks of a reStructuredText page, dedented."""
    blocks: list[str] = []
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.strip() != f".. {directive}::":
            continue
        body: list[str] = []
        for following in lines[number + 1 :]:
            if following.strip() and not following.startswith(" "):
                break
            body.append(following)
        blocks.append(textwrap.dedent("\n".join(body)).strip("\n"))
    return blocks
