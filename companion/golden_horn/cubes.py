"""Multisets of the six colours as 6-tuples (Y, P, G, R, O, B): cubes and cards."""
from __future__ import annotations

from typing import Iterable

from companion.golden_horn.data import COLOURS

Counts = tuple[int, int, int, int, int, int]
NONE: Counts = (0, 0, 0, 0, 0, 0)


def six(values: Iterable[int]) -> Counts:
    """Six counts as a multiset (ValueError unless there are exactly six)."""
    y, p, g, r, o, b = values
    return (y, p, g, r, o, b)


def counts(text: Iterable[str]) -> Counts:
    """``"YYB"`` → (2, 0, 0, 0, 0, 1).  Unknown letters raise ValueError."""
    result = [0] * 6
    for letter in text:
        index = COLOURS.find(letter)
        if index < 0:
            raise ValueError(f"unknown colour {letter!r} (colours are {COLOURS})")
        result[index] += 1
    return six(result)


def each(n: int) -> Counts:
    return (n,) * 6


def letters(c: Counts) -> str:
    """(2, 0, 0, 0, 0, 1) → ``"YYB"`` (colour order)."""
    return "".join(colour * n for colour, n in zip(COLOURS, c))


def add(a: Counts, b: Counts) -> Counts:
    return six(x + y for x, y in zip(a, b))


def total(*parts: Counts) -> Counts:
    """The sum of several multisets."""
    result = NONE
    for part in parts:
        result = add(result, part)
    return result


def sub(a: Counts, b: Counts) -> Counts:
    return six(x - y for x, y in zip(a, b))


def contains(outer: Counts, inner: Counts) -> bool:
    """True when every colour of ``inner`` is available in ``outer``."""
    return all(x >= y for x, y in zip(outer, inner))


def get(c: Counts, colour: str) -> int:
    return c[COLOURS.index(colour)]


def put(c: Counts, colour: str, n: int) -> Counts:
    index = COLOURS.index(colour)
    return six(c[:index] + (n,) + c[index + 1:])


def to_dict(c: Counts) -> dict[str, int]:
    return dict(zip(COLOURS, c))


def multisets(available: Counts, size: int) -> Iterable[Counts]:
    """Every sub-multiset of ``available`` with ``size`` items (colour order)."""
    def rec(index: int, left: int, acc: tuple[int, ...]) -> Iterable[Counts]:
        if index == 5:
            if left <= available[5]:
                yield six(acc + (left,))
            return
        rest = sum(available[index + 1:])
        for n in range(min(left, available[index]), -1, -1):
            if left - n <= rest:
                yield from rec(index + 1, left - n, acc + (n,))
    if size < 0 or size > sum(available):
        return iter(())
    return rec(0, size, ())
