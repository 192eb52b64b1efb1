"""A lookup twin of the model's ``attribute_ruler``, for the attributes soulgraph reads.

The model's attribute ruler runs spaCy's Matcher over 179 patterns for every parsed text: about a
tenth of the spaCy extraction's CPU time. soulgraph reads ``pos_``, ``tag_`` and ``dep_``, never
lemmas or morphology, so :func:`swap_in` replaces the ruler with this component, which costs a
third as much: the same patterns, only the rules that set POS / TAG / DEP, indexed by a value
they require. Every rule is tested on the attributes as the tagger and parser left them, and the
matches are applied in the ruler's own order (a later rule wins), as ``AttributeRuler.match`` /
``set_annotations`` do. A pattern of a kind this twin cannot read leaves the model's ruler in place.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from spacy.language import Language
from spacy.tokens import Doc

NAME = "soulgraph_pos"
_SETS = {"POS": "pos_", "TAG": "tag_", "DEP": "dep_"}  # LEMMA and MORPH are left unset
_READS = {"TAG": "tag_", "LOWER": "lower_", "DEP": "dep_", "IS_SPACE": "is_space"}

Test = Callable[[object], bool]


class Rule(NamedTuple):
    order: int  # the pattern's place in the ruler: later rules win
    tests: tuple[tuple[tuple[str, Test], ...], ...]  # per token: (attribute, test) pairs
    index: int  # which token of the match gets the attributes
    attrs: tuple[tuple[str, str], ...]  # (token attribute, value)
    keys: tuple[tuple[str, object], ...]  # (attribute, value) pairs of which the first token needs one


def _test(spec) -> Test:
    """One condition of a Matcher token pattern; ValueError for the kinds not handled."""
    if isinstance(spec, (str, bool)):
        return lambda v, s=spec: v == s
    if isinstance(spec, dict) and len(spec) == 1:
        ((op, arg),) = spec.items()
        if op == "IN":
            return lambda v, s=frozenset(arg): v in s
        if op == "NOT_IN":
            return lambda v, s=frozenset(arg): v not in s
        if op == "REGEX":
            return lambda v, r=re.compile(arg): bool(r.search(v))
    raise ValueError(f"pattern condition not handled: {spec!r}")


def rules_of(patterns: list[dict]) -> list[Rule]:
    """The ruler's patterns that set POS / TAG / DEP, in its order; ValueError if one can't be read."""
    out: list[Rule] = []
    for order, p in enumerate(patterns):
        attrs = tuple((_SETS[k], v) for k, v in p["attrs"].items() if k in _SETS)
        if not attrs:
            continue
        for seq in p["patterns"]:
            if not seq or any(set(tok) - set(_READS) for tok in seq):
                raise ValueError(f"pattern not handled: {seq!r}")
            tests = tuple(tuple((_READS[k], _test(v)) for k, v in tok.items()) for tok in seq)
            out.append(Rule(order, tests, p.get("index", 0), attrs, _keys(seq[0])))
    return out


def _keys(first: dict) -> tuple[tuple[str, object], ...]:
    """An index for a rule: the values one of its first token's conditions allows (equality or
    IN), the narrowest such condition; empty when none is indexable (then always tried)."""
    best: tuple[tuple[str, object], ...] = ()
    for k, v in first.items():
        if isinstance(v, (str, bool)):
            vals = (v,)
        elif isinstance(v, dict) and set(v) == {"IN"}:
            vals = tuple(v["IN"])
        else:
            continue
        if not best or len(vals) < len(best):
            best = tuple((_READS[k], x) for x in vals)
    return best


class FastPOS:
    """Sets POS / TAG / DEP as the model's attribute ruler does (see the module docstring)."""

    def __init__(self, rules: list[Rule]) -> None:
        self.index: dict[tuple[str, object], tuple[Rule, ...]] = {}
        for r in rules:
            for key in r.keys:
                self.index[key] = (*self.index.get(key, ()), r)
        self.always = tuple(r for r in rules if not r.keys)

    def __call__(self, doc: Doc) -> Doc:
        # every attribute a rule reads, once per token, as the tagger and parser left them
        seen = [{"tag_": t.tag_, "lower_": t.lower_, "dep_": t.dep_, "is_space": t.is_space} for t in doc]
        hits: list[tuple[int, int, tuple[tuple[str, str], ...]]] = []
        n = len(seen)
        get = self.index.get
        for i, a in enumerate(seen):
            for r in (*get(("tag_", a["tag_"]), ()), *get(("lower_", a["lower_"]), ()),
                      *get(("dep_", a["dep_"]), ()), *get(("is_space", a["is_space"]), ()), *self.always):
                if i + len(r.tests) > n:
                    continue
                for k, tok_tests in enumerate(r.tests):
                    b = seen[i + k]
                    if not all(test(b[attr]) for attr, test in tok_tests):
                        break
                else:
                    hits.append((r.order, i + r.index, r.attrs))
        hits.sort(key=lambda h: (h[0], h[1]))
        for _, i, attrs in hits:
            tok = doc[i]
            for attr, value in attrs:
                setattr(tok, attr, value)
        return doc


@Language.factory(NAME, default_config={"patterns": []})
def make_fast_pos(nlp: Language, name: str, patterns: list[dict]) -> FastPOS:
    return FastPOS(rules_of(patterns))


def swap_in(nlp: Language) -> bool:
    """Replace the model's attribute ruler by the twin; False (ruler kept) when it cannot be."""
    if "attribute_ruler" not in nlp.pipe_names:
        return False
    patterns = nlp.get_pipe("attribute_ruler").patterns
    try:
        rules_of(patterns)
    except ValueError:
        return False
    nlp.replace_pipe("attribute_ruler", NAME, config={"patterns": patterns})
    return True
