"""Statistics the tools share: Student's t distribution, for confidence intervals of a mean
estimated from few samples (the intervals of ``sticheln simulate`` and of the analysis of a
game)."""

from __future__ import annotations

import math

__all__ = ["regularized_beta", "student_t_cdf", "student_t_quantile"]


def _continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function, by the modified
    Lentz method (Numerical Recipes, 3rd ed., section 6.4); converges fast for
    ``x < (a + 1) / (a + b + 2)``."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 1000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return result


def regularized_beta(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for ``0 <= x <= 1``."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _continued_fraction(a, b, x) / a
    return 1 - math.exp(log_front) * _continued_fraction(b, a, 1 - x) / b


def student_t_cdf(t: float, df: int) -> float:
    """The distribution function of Student's t with ``df`` degrees of freedom:
    ``1 - I_x(df / 2, 1 / 2) / 2`` with ``x = df / (df + t**2)``, for ``t >= 0``.

    >>> from sticheln.core.stats import student_t_cdf
    >>> student_t_cdf(0.0, 3), round(student_t_cdf(1.0, 1), 12)
    (0.5, 0.75)
    """
    tail = regularized_beta(df / (df + t * t), df / 2, 0.5) / 2
    return 1 - tail if t >= 0 else tail


def student_t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (``0.5 <= p < 1``),
    found by bisection on :func:`student_t_cdf` to about 1e-12.

    >>> from sticheln.core.stats import student_t_quantile
    >>> [round(student_t_quantile(0.975, df), 3) for df in (1, 2, 5, 9, 29, 1000)]
    [12.706, 4.303, 2.571, 2.262, 2.045, 1.962]

    :raises ValueError: for ``p`` outside ``[0.5, 1)`` or ``df`` below 1.
    """
    if not 0.5 <= p < 1:
        raise ValueError(f"p must be from 0.5 to below 1, got {p!r}")
    if df < 1:
        raise ValueError(f"df must be at least 1, got {df!r}")
    low, high = 0.0, 2.0
    while student_t_cdf(high, df) < p:
        low, high = high, high * 2
    while high - low > 1e-12 * max(1.0, high):
        middle = (low + high) / 2
        if student_t_cdf(middle, df) < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2
