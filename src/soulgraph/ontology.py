"""Entity types and the controlled relation vocabulary.

Kept in one place so the classifier, the relation pass, health and the soul
writer agree on names. soul-protocol accepts any string as a type or relation,
but its built-ins are the ones its own tools understand, hence the mappings.
"""

from __future__ import annotations

ENTITY_TYPES: tuple[str, ...] = (
    "person", "org", "place", "project", "tool", "document", "event", "concept",
)
DEFAULT_TYPE = "concept"  # where unknown things go; never "person"

# Types whose name must look like a name (health flags identifiers typed so).
NAMED_TYPES = frozenset({"person", "org", "place"})

# soulgraph type -> soul-protocol built-in type name.
SOUL_TYPE = {
    "person": "person", "org": "org", "place": "place", "project": "concept",
    "tool": "tool", "document": "document", "event": "event", "concept": "concept",
}
# soul-protocol (and legacy) type names -> soulgraph type, for reading its graphs.
FROM_SOUL_TYPE = {
    "person": "person", "org": "org", "organization": "org", "organisation": "org",
    "place": "place", "location": "place", "concept": "concept", "tool": "tool",
    "technology": "tool", "document": "document", "event": "event", "project": "project",
}

# relation -> one-line meaning; direction is always source -> target.
RELATIONS: dict[str, str] = {
    "works_at": "person is employed by / works for an org",
    "member_of": "person belongs to a group, team or org",
    "leads": "leads a team, project or org",
    "manages": "manages a person or team",
    "reports_to": "person reports to another person",
    "founded": "founded an org or project",
    "builds": "works on / builds / ships a project or tool",
    "uses": "uses a tool, language or service",
    "depends_on": "project or tool depends on another",
    "part_of": "is a component or part of",
    "located_in": "org or place is located in a place",
    "lives_in": "person lives in a place",
    "visited": "went to / visited a place",
    "attended": "attended an event",
    "family_of": "family relation between people",
    "friend_of": "friendship between people",
    "knows": "knows / met / talked with a person",
    "likes": "likes / loves / enjoys something",
    "created": "wrote / made / created a work",
    "mentions": "document or message refers to something",
    "killed": "killed a person (news text)",
    "co_occurs": "weak: named in the same sentence; never a semantic claim",
}
WEAK_RELATIONS = frozenset({"co_occurs"})

# soulgraph relation -> soul-protocol relation name when writing a soul.
SOUL_RELATION = {
    "depends_on": "depends_on", "builds": "contributes_to", "created": "contributes_to",
    "mentions": "mentions", "co_occurs": "related",
}  # any other relation is written under its own name (soul-protocol accepts any string)
