"""Evidence bookkeeping: labelled votes per mention, summed per entity.

Every piece of evidence is a ``Vote(type, label, weight)``. Within one mention a
label counts once (the extractor's cue and our own text pattern for the same
fact must not double-count). Across mentions, counts grow with diminishing
returns (``1 + ln n``): ten "said" are better than one, but not ten times
better, so one chatty sentence pattern cannot drown every other signal.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field


@dataclass(slots=True, frozen=True)
class Vote:
    type: str
    label: str  # human-readable, shown in reasons: "said", "NER PERSON", "org suffix"
    weight: float
    kind: str = ""  # evidence family for the person diversity rule (verb, pronoun, ...)


# A frozen dataclass's __init__ sets each field through object.__setattr__ (a generic lookup per
# field: ~1.4 us per Vote, and a typing pass makes one or more per mention); the same slots set
# through their own descriptors cost a quarter of that. Same fields, defaults, keywords and
# immutability (tests/test_classify.py checks the two agree).
_SET_VOTE = tuple(Vote.__dict__[name].__set__ for name in ("type", "label", "weight", "kind"))


def _vote_init(self: Vote, type: str, label: str, weight: float, kind: str = "") -> None:  # noqa: A002
    set_type, set_label, set_weight, set_kind = _SET_VOTE
    set_type(self, type)
    set_label(self, label)
    set_weight(self, weight)
    set_kind(self, kind)


_vote_init.__qualname__ = "Vote.__init__"
Vote.__init__ = _vote_init  # type: ignore[method-assign]


@dataclass(slots=True)
class Tally:
    """Votes of all mentions of one entity."""

    mentions: int = 0
    counts: Counter = field(default_factory=Counter)  # (type, label) -> mentions voting
    weights: dict = field(default_factory=dict)  # (type, label) -> max weight seen
    kinds: dict = field(default_factory=dict)  # (type, label) -> kind
    forbidden: Counter = field(default_factory=Counter)  # type -> mentions forbidding it
    forbid_why: Counter = field(default_factory=Counter)
    quoted: bool | None = None  # some mention fills a pair of quotes (None: not looked at)

    def add_mention(self, votes: list[Vote], forbid: dict[str, str] | None = None, n: int = 1) -> None:
        """Record one mention's votes (each label once) and vetoes; ``n``: that many
        mentions voting exactly alike."""
        self.mentions += n
        best: dict[tuple[str, str], Vote] = {}
        for v in votes:
            key = (v.type, v.label)
            if key not in best or v.weight > best[key].weight:
                best[key] = v
        for key, v in best.items():
            self.counts[key] += n
            self.weights[key] = max(self.weights.get(key, v.weight), v.weight)
            self.kinds[key] = v.kind or v.label
        for t, why in (forbid or {}).items():
            self.forbidden[t] += n
            self.forbid_why[why] += n

    def add_entity(self, votes: list[Vote], n: int = 1) -> None:
        """Votes about the name itself (shape, gazetteer): counted once per entity, or ``n``
        times for a store-wide count (code files in a directory of that name)."""
        for v in votes:
            key = (v.type, v.label)
            self.counts[key] = max(self.counts[key], n)
            self.weights[key] = max(self.weights.get(key, v.weight), v.weight)
            self.kinds[key] = v.kind or v.label

    def contribution(self, key: tuple[str, str]) -> float:
        n = self.counts[key]
        return self.weights[key] * (1.0 + math.log(n)) if n else 0.0

    def scores(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for key in self.counts:
            out[key[0]] = out.get(key[0], 0.0) + self.contribution(key)
        return out

    def kinds_for(self, etype: str) -> set[str]:
        return {self.kinds[k] for k in self.counts if k[0] == etype and self.weights[k] > 0}

    def reasons(self, etype: str | None, limit: int = 6) -> list[str]:
        """``said x3, pronoun nearby x2, ...``: the winning type's evidence first."""
        keys = sorted(self.counts, key=lambda k: (k[0] != etype, -self.contribution(k), k))
        out = []
        for t, label in keys:
            if self.weights[(t, label)] <= 0:
                continue
            n = self.counts[(t, label)]
            tag = label if t == etype else f"{label} ({t})"
            out.append(f"{tag} x{n}" if n > 1 else tag)
            if len(out) >= limit:
                break
        return out
