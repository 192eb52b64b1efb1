"""A product line and its model number are one name: "iPhone 15", "Galaxy S24", "Saab 900".

Both extractors end a name at its last capitalised word, so "my iPhone 15 keeps restarting" gave
"iPhone" and the model was lost. Only after a listed product line or vehicle marque, and only a
short model token (not a year, a version, a time, a range or a share: "Windows 8.3", "Boeing
737-400", "Toyota 2019 sales", "Apple 5%").
"""

from __future__ import annotations

import re

from soulgraph.classify import gazetteer
from soulgraph.extract import datafile, lexicon

# A model token at ``pos``: "15", "900", "S24", "R8", "A320", "5c"; nothing glued after it
MODEL = re.compile(r"(?:[A-Za-z]{1,2})?\d{1,4}[A-Za-z]?(?![\w%/'\u2019]|[.,:\-+]\w)")
_YEAR = re.compile(r"(?:19|20)\d\d")


def lines() -> frozenset[str]:
    """data/model_lines.txt and the vehicle and device marques (read at import)."""
    return _LINES


_LINES = datafile.entries("model_lines") | gazetteer.words("marques")
_LAST_WORDS = frozenset(x.rsplit(" ", 1)[-1] for x in _LINES)


def model_end(text: str, name_start: int, name_end: int) -> int:
    """End of the model token after the name ``text[name_start:name_end]`` (one space between),
    or ``name_end`` when there is none or the name is no product line. A dictionary-word line
    ("Switch", "Galaxy") counts only capitalised; "iphone", "xbox" in any case."""
    last = text[max(text.rfind(" ", name_start, name_end) + 1, name_start):name_end].casefold()
    if last not in _LAST_WORDS or not text.startswith(" ", name_end):
        return name_end  # (most: "May 7", "Caroline 2" end in no product line's word)
    m = MODEL.match(text, name_end + 1)
    if m is None or _YEAR.fullmatch(m.group()) or not any(ch.isdigit() for ch in m.group()):
        return name_end
    words = text[name_start:name_end].split()
    for n in (3, 2, 1):
        if len(words) < n:
            continue
        head = " ".join(words[-n:])
        if head.casefold() in lines() and (head[:1].isupper() or not lexicon.is_word(words[-1])):
            return m.end()
    return name_end
