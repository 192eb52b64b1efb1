"""A product line and its model number are one name: "iPhone 15", "Galaxy S24", "Volvo 240".

Both extractors end a name at its last capitalised word, so "my iPhone 15 keeps restarting" gave
"iPhone" and the model was lost. Only after a listed product line or vehicle marque, and only a
short model token (not a year, a version, a time, a range or a share: "Windows 8.3", "Airbus
320-200", "Toyota 2019 sales", "Apple 5%"), nor a count ("Halo 2 hours", "Windows 3 and 4").
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
    if m is None or _YEAR.fullmatch(m.group()) or not any(ch.isdigit() for ch in m.group()) \
            or _counted(text, m.end(), lexicon.is_word(last)):
        return name_end
    words = text[name_start:name_end].split()
    for n in (3, 2, 1):
        if len(words) < n:
            continue
        head = " ".join(words[-n:])
        if head.casefold() in lines() and (head[:1].isupper() or not lexicon.is_word(words[-1])):
            # "LA Galaxy 2, ...": a capitalised word before the line makes another name (a team's)
            before = words[-n - 1] if len(words) > n else ""
            if before[:1].isupper() and before.casefold() not in lines():
                return name_end
            return m.end()
    return name_end


# Nouns counted after a number whose singular is a verb too ("3 books a week", "2 games left")
_COUNT_NOUNS = frozenset("""
times books games pages copies tickets points goals runs laps rounds sets reps levels episodes
seasons chapters miles pounds bucks cups slices pieces shots drinks plays views likes votes
people men women children kids folks
""".split())
_AND_NUMBER = re.compile(r" (?:and|or|&|to) \d")
_WORD_AFTER = re.compile(r" ([a-z]{3,})\b")


def _counted(text: str, end: int, word_line: bool) -> bool:
    """The number ending at ``end`` counts something, it names no model: another number follows
    ("Windows 3 and 4 leak") or, after a line that is a dictionary word too (``word_line``), a
    plural noun or a unit ("Halo 2 hours straight", "Switch 3 reviewers in"). Not a verb ("Halo 3
    has"), a singular noun ("Kindle 4 battery"), nor a plural after a coined name ("PlayStation 5
    games": no one counts PlayStations that way)."""
    if _AND_NUMBER.match(text, end):
        return True
    if not word_line:
        return False
    m = _WORD_AFTER.match(text, end)
    return m is not None and _plural_noun(m.group(1))


def _plural_noun(w: str) -> bool:
    """A plural whose singular the dictionary knows as a noun and not as a verb ("hours", "novels",
    "batteries"), or a counted noun: "keeps", "runs" are verbs as often, "is", "has" no plurals."""
    if w in _COUNT_NOUNS:
        return True
    if len(w) < 5 or w[-1] != "s" or w.endswith(("ss", "us", "is")) or w in _NO_PLURALS:
        return False
    bases = (w[:-3] + "y", w[:-2], w[:-1]) if w.endswith("ies") else (w[:-2], w[:-1]) if w.endswith("es") \
        else (w[:-1],)
    return any(len(b) >= 3 and "noun" in (p := lexicon.pos_of(b)) and "verb" not in p for b in bases)


_NO_PLURALS = frozenset("does goes lets thus news always perhaps towards afterwards".split())
