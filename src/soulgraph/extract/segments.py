"""Which stretches of a memory to read, and who is speaking in each."""

from __future__ import annotations

from collections.abc import Iterator

from soulgraph.models import Memory, Segment, new_segment


def segments_of(memory: Memory) -> Iterator[Segment]:
    """The memory's speaker segments, or the whole text as one segment."""
    if memory.segments:
        yield from memory.segments
    else:
        yield new_segment(memory.speaker, 0, len(memory.content))
