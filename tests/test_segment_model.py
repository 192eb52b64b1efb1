"""``Segment`` is a slotted pydantic dataclass (fast attribute reads); a ``Memory`` holding
segments must validate, dump, compare, hash and pickle exactly as when ``Segment`` was a frozen
``BaseModel``. The reference below is that old definition, kept here verbatim."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from soulgraph.models import Memory, Segment, new_segment, new_segments
from soulgraph.sources.envelope import split_segments


def _reference() -> tuple[type[BaseModel], type[BaseModel]]:
    """The old ``Segment`` (a frozen BaseModel) and a ``Memory`` holding it, same class names."""

    class Segment(BaseModel):
        """One speaker's stretch of a memory (``User: ...`` / ``Agent: ...`` turns).

        ``start``/``end`` cover the spoken text only, after the ``Speaker:`` prefix,
        so extraction never reads the prefix nor runs one speaker into the next.
        """

        model_config = ConfigDict(frozen=True)

        speaker: str | None = None
        start: int
        end: int

    class Memory(BaseModel):
        """A memory as every reader yields it, whatever the store's format."""

        model_config = ConfigDict(extra="forbid")

        id: str = Field(min_length=1)
        content: str
        created_at: str | None = None
        layer: str | None = None
        domain: str | None = None
        speaker: str | None = None
        superseded: bool = False
        segments: list[Segment] = Field(default_factory=list)
        extra: dict[str, Any] = Field(default_factory=dict)

        @model_validator(mode="after")
        def _split_envelope(self) -> Memory:
            if not self.segments:
                segs = split_segments(self.content, self.speaker)
                if segs:
                    self.segments = [Segment(speaker=s.speaker, start=s.start, end=s.end) for s in segs]
            return self

    return Segment, Memory


RefSegment, RefMemory = _reference()

_value = st.one_of(st.integers(-5, 10**12), st.sampled_from(["3", "x", "", "1.0", " 7 "]),
                   st.floats(allow_nan=False, allow_infinity=False), st.none(), st.booleans())
_speaker = st.one_of(st.none(), st.text(max_size=5), st.integers(0, 3))
_seg_dict = st.fixed_dictionaries({}, optional={"speaker": _speaker, "start": _value, "end": _value,
                                                "zz": st.integers()})
_content = st.lists(st.sampled_from(["User: ", "Agent: ", "Bob: ", "[Ann] ", "hi", "\n", ":", " "]),
                    max_size=8).map("".join)


def _errors(e: ValidationError) -> list:
    return [(x["loc"], x["type"], x["msg"]) for x in e.errors()]


def _outcome(build):
    """What building gives: (dump, json, repr) or the errors, comparable across definitions."""
    try:
        m = build()
    except ValidationError as e:
        return "error", _errors(e)
    return m.model_dump(), m.model_dump_json(), repr(m).replace("Ref", "")


@settings(max_examples=400, deadline=None)
@given(content=_content, speaker=st.one_of(st.none(), st.sampled_from(["Bob", "User"])),
       segs=st.lists(_seg_dict, max_size=3))
def test_memory_from_dicts_validates_and_dumps_as_before(content, speaker, segs):
    new = _outcome(lambda: Memory(id="m1", content=content, speaker=speaker, segments=segs))
    old = _outcome(lambda: RefMemory(id="m1", content=content, speaker=speaker, segments=segs))
    assert new == old


@settings(max_examples=300, deadline=None)
@given(content=_content, segs=st.lists(st.tuples(_speaker, _value, _value), max_size=3))
def test_segments_built_directly_validate_and_round_trip_as_before(content, segs):
    """``Segment(...)`` by keyword validates (and coerces) as the BaseModel did; a Memory given
    the instances dumps, compares, pickles and hashes its segments as before."""
    new, old = [], []
    for speaker, start, end in segs:
        kw = {"speaker": speaker, "start": start, "end": end}
        try:
            new.append(Segment(**kw))
        except ValidationError as e:
            with pytest.raises(ValidationError) as ref:
                RefSegment(**kw)
            assert [x[:2] for x in _errors(e)] == [x[:2] for x in _errors(ref.value)]
            continue
        old.append(RefSegment(**kw))
        assert str(new[-1]) == str(old[-1]) and repr(new[-1]) == repr(old[-1]).replace("Ref", "")
    assert _outcome(lambda: Memory(id="m", content=content, segments=new)) == _outcome(
        lambda: RefMemory(id="m", content=content, segments=old))
    if new:
        m = Memory(id="m", content=content, segments=new)
        back = pickle.loads(pickle.dumps(m))
        assert back == m and back.model_dump_json() == m.model_dump_json()
        as_dicts = [{"speaker": s.speaker, "start": s.start, "end": s.end} for s in new]
        assert Memory(id="m", content=content, segments=as_dicts) == m
        for a, b in zip(new, pickle.loads(pickle.dumps(new)), strict=True):
            assert a == b and hash(a) == hash(b) and type(b) is Segment


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(st.tuples(st.one_of(st.none(), st.text(max_size=4)), st.integers(-3, 10**9),
                               st.integers(-3, 10**9)), max_size=6))
def test_unvalidated_builders_equal_validated_segments(rows):
    """``new_segment`` / ``new_segments`` (the readers' fast path) make what ``Segment(...)``
    makes from the same well-typed fields: equal, same hash, same dumps, same pickles."""
    want = [Segment(speaker=s, start=a, end=b) for s, a, b in rows]
    one = [new_segment(*r) for r in rows]
    many = new_segments([r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows])
    for got in (one, many):
        assert got == want and list(map(hash, got)) == list(map(hash, want))
        assert list(map(repr, got)) == list(map(repr, want))
        assert [pickle.dumps(x) for x in got] == [pickle.dumps(x) for x in want]
    mem = Memory(id="m", content="x", segments=many)
    assert mem.model_dump() == RefMemory(id="m", content="x", segments=[
        RefSegment(speaker=s, start=a, end=b) for s, a, b in rows]).model_dump()


def test_schema_frozen_and_names_unchanged():
    """The JSON schema a user may export is the old one; a segment stays immutable; the
    constructor takes keywords only, as the BaseModel's did (the errors' classes differ)."""
    assert Memory.model_json_schema() == RefMemory.model_json_schema()
    seg = Segment(speaker="Ann", start=0, end=3)
    with pytest.raises(AttributeError):
        seg.start = 1  # type: ignore[misc]
    with pytest.raises(ValidationError):  # (the BaseModel raised a TypeError here)
        Segment("Ann", 0, 3)  # type: ignore[misc]
    with pytest.raises(TypeError):
        RefSegment("Ann", 0, 3)  # type: ignore[misc]
    assert Segment(speaker="Ann", start=0, end=3, note="dropped") == seg  # extra keys ignored
    assert not hasattr(seg, "__dict__")  # slotted: no per-instance dict
