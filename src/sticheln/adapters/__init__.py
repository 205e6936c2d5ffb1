"""Bridges to the environments learning agents use: :mod:`sticheln.adapters.pettingzoo`
(an AEC environment, the ``pettingzoo`` extra), :mod:`sticheln.adapters.gymnasium`
(single-agent environments against bots, the ``gymnasium`` extra) and
:mod:`sticheln.adapters.openspiel` (``python_*`` games registered with pyspiel, the
``openspiel`` extra).

All are written against the :class:`~sticheln.Game` protocol and its
:meth:`~sticheln.Game.encoding`, so every registered game works with them.
"""
