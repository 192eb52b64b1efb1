"""The words a regex match can open with, read off ``re``'s parse tree (test helper).

``first_words(pattern)`` walks the parsed pattern from its start, skipping assertions and white
space, and returns (kind, text) pairs: ("word", w) a whole first word; ("open", w) a word that
goes on with a character class ("founder" of "co-founder", "episodes"); ("opener", c) a first
character that is no letter; ("anyword", "") a class of many letters (any word at all);
("deep", w) a walk given up. Used to check that a fast gate knows every pattern's first words
deterministically, where generated examples find a missing word only by luck."""

from __future__ import annotations

import re
from re import _constants as K
from re import _parser as P

_SPACE_CATS = (K.CATEGORY_SPACE, K.CATEGORY_UNI_SPACE)


def _is_space(op, av) -> bool:
    if op is K.IN:
        return all(o is K.CATEGORY and a in _SPACE_CATS or o is K.LITERAL and chr(a).isspace()
                   for o, a in av)
    return op is K.LITERAL and chr(av).isspace()


def _chars(av) -> set[str]:
    out: set[str] = set()
    for o, a in av:
        if o is K.LITERAL:
            out.add(chr(a))
        elif o is K.RANGE:
            out |= {chr(c) for c in range(a[0], a[1] + 1)}
        else:
            out.add("<class>")
    return out


def _walk(stack: list, prefix: str, out: set, depth: int = 0) -> None:
    if depth > 200:
        out.add(("deep", prefix))
        return
    if not stack:
        out.add(("word", prefix) if prefix else ("empty", ""))
        return
    items, i = stack[-1]
    if i >= len(items):
        _walk(stack[:-1], prefix, out, depth + 1)
        return
    rest = [*stack[:-1], (items, i + 1)]
    op, av = items[i]
    if op in (K.AT, K.ASSERT, K.ASSERT_NOT):
        _walk(rest, prefix, out, depth + 1)
    elif op is K.SUBPATTERN:
        _walk([*rest, (list(av[3]), 0)], prefix, out, depth + 1)
    elif op is K.BRANCH:
        for alt in av[1]:
            _walk([*rest, (list(alt), 0)], prefix, out, depth + 1)
    elif op in (K.MAX_REPEAT, K.MIN_REPEAT, K.POSSESSIVE_REPEAT):
        lo, hi, sub = av
        if all(_is_space(o, a) for o, a in sub):
            if prefix:
                out.add(("word", prefix))
            else:
                _walk(rest, prefix, out, depth + 1)
            return
        if lo == 0:
            _walk(rest, prefix, out, depth + 1)
        if hi != 1 and prefix:  # a repeated piece inside a word: the word is open from here
            inner: set = set()
            _walk([(list(sub), 0)], prefix, inner, depth + 1)
            out |= {("open", w) for _, w in inner}
            return
        _walk([*rest, (list(sub), 0)], prefix, out, depth + 1)
    elif op is K.LITERAL:
        ch = chr(av)
        if ch.isalpha():
            _walk(rest, prefix + ch, out, depth + 1)
        elif prefix:
            out.add(("word", prefix))
        elif ch.isspace():
            _walk(rest, prefix, out, depth + 1)
        else:
            out.add(("opener", ch))
    elif op is K.IN:
        if _is_space(op, av):
            if prefix:
                out.add(("word", prefix))
            else:
                _walk(rest, prefix, out, depth + 1)
            return
        chars = _chars(av)
        letters = {c for c in chars if len(c) == 1 and c.isalpha()}
        if prefix:
            if letters or "<class>" in chars:
                out.add(("open", prefix))
            if not letters:
                out.add(("word", prefix))
        elif len(letters) > 6 or "<class>" in chars:
            out.add(("anyword", ""))
        else:
            for c in letters:
                _walk(rest, c, out, depth + 1)
            out |= {("opener", c) for c in chars - letters}
    else:
        out.add(("deep", prefix))


def first_words(pattern: re.Pattern) -> set[tuple[str, str]]:
    out: set = set()
    _walk([(list(P.parse(pattern.pattern, pattern.flags)), 0)], "", out)
    return out
