"""Typing canonical entities from evidence (placeholder: NER votes only)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from soulgraph.models import Mention

_NER = {"PERSON": "person", "ORG": "org", "GPE": "place", "LOC": "place", "FAC": "place",
        "EVENT": "event", "PRODUCT": "tool", "WORK_OF_ART": "concept"}


@dataclass(slots=True)
class TypeDecision:
    type: str | None  # None: not an entity, drop it
    confidence: float
    reasons: list[str] = field(default_factory=list)


def decide(name: str, mentions: list[Mention], texts: Mapping[str, str]) -> TypeDecision:
    votes: Counter[str] = Counter()
    for m in mentions:
        for cue in m.cues:
            if cue.startswith("ner:") and cue[4:] in _NER:
                votes[_NER[cue[4:]]] += 1
    if not votes:
        return TypeDecision("concept", 0.3, ["no evidence"])
    t, n = votes.most_common(1)[0]
    return TypeDecision(t, n / sum(votes.values()), [f"NER x{n}"])
