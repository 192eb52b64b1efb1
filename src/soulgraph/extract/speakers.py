"""Speaker mentions: one per named speaker prefix, grounded in the prefix itself.

"Caroline: hi" yields a Mention for "Caroline" at its span in the prefix
(extractor="speaker", cues ["speaker"]). "User" stays "User" (the soul's user,
cue ``speaker:user``); "Agent"/"Assistant" are the agent (``speaker:agent``).
The prefix is metadata: the segment text to extract from starts after it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from soulgraph.models import Memory, Mention, Segment

USER_NAMES = frozenset({"user", "human", "me"})
AGENT_NAMES = frozenset({"agent", "assistant", "ai", "bot", "system", "model", "claude", "chatgpt"})
_AGENT_ROLES = AGENT_NAMES - {"claude", "chatgpt"}  # a product's name as a prefix is no role


def role_cue(name: str) -> str | None:
    low = name.strip().lower()
    if low in USER_NAMES:
        return "speaker:user"
    if low in _AGENT_ROLES:
        return "speaker:agent"
    return None


_role_cue = functools.lru_cache(maxsize=1024)(role_cue)  # once per speaker name, not per turn


def prefix_mention(memory: Memory, seg: Segment) -> Mention | None:
    """The Mention of ``seg``'s speaker name inside its prefix, or None when absent."""
    name = seg.speaker
    if not name:
        return None
    return prefix_mention_at(memory.id, memory.content, name, seg.start)


def prefix_mention_at(memory_id: str, text: str, name: str | None, start: int) -> Mention | None:
    """``prefix_mention`` from plain values: the memory's id and text, the segment's speaker and
    start (a caller holding them reads no pydantic attribute again: ~0.4k instructions each)."""
    if not name or start == 0:
        return None
    # (a text of one line, most chat turns, needs no search for its line's ends: a substring test
    # costs a fraction of a bounded str.find, whose arguments are parsed as a tuple's)
    lines = "\n" in text
    line_start = text.rfind("\n", 0, start) + 1 if lines else 0
    if line_start >= start:  # prefix sits on its own line above the body
        line_start = text.rfind("\n", 0, max(start - 1, 0)) + 1
    pos = text.find(name, line_start, start)
    if pos < 0:
        return None
    end = pos + len(name)
    role = _role_cue(name)
    line_end = text.find("\n", start) if lines else -1
    # (positional: one per speaker turn, and keyword arguments cost a dataclass call ~2x)
    return Mention(memory_id, pos, end, text[pos:end], line_start, len(text) if line_end < 0 else line_end,
                   "speaker", name, ["speaker", role] if role else ["speaker"], True)


def speaker_mentions(memory: Memory, segments: list[Segment]) -> Iterator[Mention]:
    for seg in segments:
        m = prefix_mention(memory, seg)
        if m is not None:
            yield m
