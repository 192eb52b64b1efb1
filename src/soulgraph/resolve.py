"""Entity resolution: one canonical node per real-world thing (placeholder: exact normalised)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from soulgraph.models import Mention
from soulgraph.registry import Registry

_SEP = re.compile(r"[\s\-_]+")
_EDGE = "\"'`.,;:!?()[]{}<>*“”‘’«»…|~"


def normalize(name: str) -> str:
    """Matching key: casefold, -/_/space runs as one space, edge punctuation and 'the ' off."""
    s = _SEP.sub(" ", name.casefold())
    prev = None
    while s != prev:
        prev = s
        s = s.strip(_EDGE + " ")
        if s.startswith("the "):
            s = s[4:]
    return s


@dataclass(slots=True)
class Cluster:
    """Mentions that name one thing; ``key`` is the stable entity id."""

    key: str
    name: str
    mentions: list[Mention] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    merged_from: list[str] = field(default_factory=list)


def cluster(mentions: list[Mention], registry: Registry) -> list[Cluster]:
    groups: dict[str, Cluster] = {}
    for m in mentions:
        k = normalize(m.text)
        if not k:
            continue
        c = groups.get(k)
        if c is None:
            c = groups[k] = Cluster(key=k, name=m.text)
        c.mentions.append(m)
        if m.text not in c.aliases:
            c.aliases.append(m.text)
    for c in groups.values():
        c.aliases.sort()
        c.name = _display_name(c)
        c.aliases = [a for a in c.aliases if a != c.name]
    return sorted(groups.values(), key=lambda c: c.key)


def _display_name(c: Cluster) -> str:
    counts: dict[str, int] = {}
    for m in c.mentions:
        counts[m.text] = counts.get(m.text, 0) + 1
    return min(counts, key=lambda t: (-counts[t], t))


def refine(clusters: list[Cluster], types: dict[str, str], registry: Registry) -> list[Cluster]:
    """Guarded merges that need the types (short forms, fuzzy); placeholder: none."""
    return clusters
