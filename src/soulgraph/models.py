"""The data model every pipeline stage shares.

Boundary objects (what users pass in and get back) are pydantic models so bad
input fails with a clear message. Hot-path records made thousands of times per
run (``Mention``, ``RelationCandidate``) are slotted dataclasses: they are built
only by our own code, so validating them again would just cost time.

All character offsets are into ``Memory.content`` and are half-open
``[start, end)``: ``memory.content[start:end] == mention.text`` always holds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.dataclasses import dataclass as pydantic_dataclass

# --------------------------------------------------------------------------- memories


_new = object.__new__
# BaseModel's own slots, set through their descriptors (what object.__setattr__ finds after a
# lookup by name in the class's MRO; called directly, a third cheaper per attribute)
_SLOT = BaseModel.__dict__
_set_dict, _set_fields = _SLOT["__dict__"].__set__, _SLOT["__pydantic_fields_set__"].__set__
_set_extra, _set_private = _SLOT["__pydantic_extra__"].__set__, _SLOT["__pydantic_private__"].__set__


def unvalidated(cls: type[BaseModel], values: dict, fields_set: set[str]) -> Any:
    """An instance of ``cls`` holding ``values`` (every field, already of its type) in the state
    pydantic's validation leaves (field values, the fields set, no extra, no private), built
    without validating: the readers' hot paths, where a type check before it proved them."""
    obj = _new(cls)
    _set_dict(obj, values)
    _set_fields(obj, fields_set)
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj


def unvalidated_all(cls: type[BaseModel], values: list[dict], fields_sets: Iterable[set[str]]) -> list:
    """``[unvalidated(cls, v, f) for v, f in zip(values, fields_sets)]``, each slot of every
    instance set by one C-level pass (a reader makes one per memory of the store)."""
    n = len(values)
    objs = list(map(_new, repeat(cls, n)))
    deque(map(_set_dict, objs, values), maxlen=0)
    deque(map(_set_fields, objs, fields_sets), maxlen=0)
    deque(map(_set_extra, objs, repeat(None, n)), maxlen=0)
    deque(map(_set_private, objs, repeat(None, n)), maxlen=0)
    return objs


@pydantic_dataclass(frozen=True, slots=True, kw_only=True, config=ConfigDict(extra="ignore"))
class Segment:
    """One speaker's stretch of a memory (``User: ...`` / ``Agent: ...`` turns).

    ``start``/``end`` cover the spoken text only, after the ``Speaker:`` prefix,
    so extraction never reads the prefix nor runs one speaker into the next.
    """

    # A slotted pydantic dataclass, not a BaseModel: built only by our readers and read in every
    # hot loop, and a BaseModel attribute read costs ~0.4k instructions (its ``__getattr__``
    # stops CPython specialising the read). Still validated when a user builds one or a Memory
    # holding dicts; dumps, compares, hashes, pickles and has the JSON schema as before (the
    # docstring above is the schema's description: keep it).

    speaker: str | None = None
    start: int
    end: int

    def __str__(self) -> str:
        """``BaseModel``'s ``str``: ``speaker='A' start=0 end=3``."""
        return f"speaker={self.speaker!r} start={self.start!r} end={self.end!r}"


_seg_speaker, _seg_start, _seg_end = (Segment.__dict__[f].__set__ for f in ("speaker", "start", "end"))


def new_segment(speaker: str | None, start: int, end: int) -> Segment:
    """``Segment(speaker=speaker, start=start, end=end)`` without validating (the readers'
    fields are of their types already: a name or None, two ints): one per turn read."""
    seg = _new(Segment)
    _seg_speaker(seg, speaker)
    _seg_start(seg, start)
    _seg_end(seg, end)
    return seg


def new_segments(speakers: list[str | None], starts: list[int], ends: list[int]) -> list[Segment]:
    """``list(map(new_segment, speakers, starts, ends))``, each slot set by one C-level pass."""
    segs = list(map(_new, repeat(Segment, len(starts))))
    deque(map(_seg_speaker, segs, speakers), maxlen=0)
    deque(map(_seg_start, segs, starts), maxlen=0)
    deque(map(_seg_end, segs, ends), maxlen=0)
    return segs


class Memory(BaseModel):
    """A memory as every reader yields it, whatever the store's format."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    content: str
    created_at: str | None = None  # ISO 8601 as stored; naive times stay naive
    layer: str | None = None  # episodic / semantic / ... / custom layer / None
    domain: str | None = None
    speaker: str | None = None  # a whole-memory speaker (JSONL "speaker" field)
    superseded: bool = False
    segments: list[Segment] = Field(default_factory=list)
    extra: dict[str, Any] = Field(default_factory=dict)  # unknown fields, kept

    @model_validator(mode="after")
    def _split_envelope(self) -> Memory:
        """Fill the speaker segments once, at construction, whoever builds the memory
        (a reader or an agent's own code): "User: ...\nAgent: ..." is two segments."""
        if not self.segments:
            from soulgraph.sources.envelope import split_segments

            segs = split_segments(self.content, self.speaker)
            if segs:
                self.segments = segs
        return self


# --------------------------------------------------------------------------- extraction


@dataclass(slots=True)
class Mention:
    """A candidate name found in one memory, grounded in an exact span.

    ``cues`` are the evidence the extractor saw around the span, as short
    strings the classifier turns into type votes (``ner:PERSON``, ``verb:said``,
    ``pronoun``, ``speaker``, ``prep:at``, ``shape:camel`` ...).
    """

    memory_id: str
    start: int
    end: int
    text: str
    sent_start: int
    sent_end: int
    extractor: str  # "spacy" | "regex" | "speaker"
    speaker: str | None = None  # speaker of the segment holding the mention
    cues: list[str] = field(default_factory=list)
    sentence_initial: bool = False
    # Classifier evidence read from the text around the span, computed once right after
    # extraction (``classify.prep``) so an incremental update reuses it; None: not yet.
    evidence: list | None = None


@dataclass(slots=True)
class RelationCandidate:
    """A relation read from one sentence, between two mentions of one memory.

    ``head``/``tail`` index into that memory's mention list, or are the special
    strings ``"@speaker"`` (first person: the segment's speaker).
    """

    memory_id: str
    head: int | str
    tail: int | str
    relation: str  # controlled vocabulary, see ontology.RELATIONS
    start: int  # character span of the evidence (usually the clause)
    end: int
    sent_start: int
    sent_end: int
    extractor: str
    confidence: float
    trigger: str = ""  # the verb / preposition / pattern that fired


@dataclass(slots=True)
class MemoryAnalysis:
    """Everything extraction learned from one memory; a pure function's output."""

    memory_id: str
    mentions: list[Mention] = field(default_factory=list)
    relations: list[RelationCandidate] = field(default_factory=list)
    # Per-memory facts behind the store-wide statistics (``classify.corpus.memory_facts``),
    # kept with the analysis for the same reason; None: computed from the text when needed.
    facts: list | None = None


# --------------------------------------------------------------------------- graph boundary


class Provenance(BaseModel):
    """Where a node or edge came from: the words that support it."""

    model_config = ConfigDict(frozen=True)

    memory_id: str
    start: int | None = None
    end: int | None = None
    # the sentence around the span, as offsets into the memory's text (the graph keeps
    # every memory's text once, in ``graph["memories"]``; see ``graph.sentence_of``)
    sentence_start: int | None = None
    sentence_end: int | None = None
    extractor: str | None = None
    confidence: float | None = None
    time: str | None = None  # the memory's created_at


class Entity(BaseModel):
    """One canonical node."""

    id: str
    name: str
    type: str = "concept"
    aliases: list[str] = Field(default_factory=list)
    merged_from: list[str] = Field(default_factory=list)
    confidence: float = 0.0
    reasons: list[str] = Field(default_factory=list)
    pinned: bool = False
    mention_count: int = 0
    first_seen: str | None = None
    last_seen: str | None = None
    provenance: list[Provenance] = Field(default_factory=list)


class Relation(BaseModel):
    """One typed, directed edge; the same fact from many memories is one edge."""

    source: str  # entity id
    target: str  # entity id
    relation: str
    confidence: float = 0.0
    weak: bool = False  # co-occurrence, never a semantic claim
    valid_from: str | None = None
    valid_to: str | None = None
    provenance: list[Provenance] = Field(default_factory=list)


class MemoryRecord(BaseModel):
    """What the graph file keeps of each memory, so recall works from the file alone."""

    id: str
    created_at: str | None = None
    layer: str | None = None
    speaker: str | None = None
    superseded: bool = False
    hash: str  # content hash, for incremental update
    text: str | None = None
