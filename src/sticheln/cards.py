"""Cards, colours and sets of cards: :mod:`sticheln.core.cards`, under the import path of
earlier versions."""

from __future__ import annotations

from sticheln.core.cards import MAX_VALUE, Card, CardSet, Color

__all__ = ["MAX_VALUE", "Card", "CardSet", "Color"]
