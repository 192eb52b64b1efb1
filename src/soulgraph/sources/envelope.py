"""Split conversation envelopes into speaker segments.

soul-protocol stores a turn as ``"User: ...\\nAgent: ..."``; chat logs use
``Caroline: ...``, ``> Riley: ...`` or ``[Riley] ...``. A segment covers one
speaker's text only (the prefix is metadata), so one speaker's words never run
into the next speaker's.
"""

from __future__ import annotations

import re

from soulgraph.models import Segment

# A speaker prefix at the start of a line: 1-3 capitalised words, then ":" (or [Name]).
_PREFIX = re.compile(
    r"^(?:>\s*)?(?:\[(?P<b>[^\W\d_][\w.' -]{0,40}?)\]\s*:?|"
    r"(?P<n>(?:[A-Z][\w.'-]*)(?:[ ][A-Z][\w.'-]*){0,2}):)[ \t]*",
    re.MULTILINE,
)
# Words that end in ':' at a line start but are headings, not speakers.
NOT_SPEAKERS = frozenset({
    "Note", "Notes", "Todo", "TODO", "Update", "Summary", "Example", "Fix", "Fixes", "Re",
    "Step", "Warning", "Error", "Subject", "Date", "From", "To", "Cc", "Closes", "Refs",
    "Tip", "Important", "Question", "Answer", "Result", "Results", "Output", "Input",
    "Context", "Goal", "Status", "Reason", "Why", "What", "How", "Usage",
})


def split_segments(text: str, speaker: str | None = None) -> list[Segment]:
    """Segments for ``text``; empty when it holds no speaker prefixes."""
    found = []
    for m in _PREFIX.finditer(text):
        name = (m.group("b") or m.group("n") or "").strip()
        if not name or name in NOT_SPEAKERS or name.split()[0] in NOT_SPEAKERS:
            continue
        found.append((m.start(), m.end(), name))
    if not found:
        return []
    if found[0][0] != 0 and text[: found[0][0]].strip():
        found.insert(0, (0, 0, speaker))
    segs = []
    for i, (_, body, name) in enumerate(found):
        end = found[i + 1][0] if i + 1 < len(found) else len(text)
        while end > body and text[end - 1] in "\r\n":
            end -= 1
        segs.append(Segment(speaker=name, start=body, end=end))
    return segs
