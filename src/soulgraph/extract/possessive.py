"""Names that end in a possessive "'s": "Trader Joe's", "McDonald's", "Papa John's".

Both extractors drop a trailing "'s" ("Ed Sheeran's" -> "Ed Sheeran"); a shop or brand named for
its owner keeps it, or the graph holds a person "Trader Joe" no one mentioned.
"""

from __future__ import annotations

from soulgraph.classify import gazetteer
from soulgraph.extract import datafile

# Words after "<Name>'s" that show nothing is owned: the possessive is the whole name ("at Trader
# Joe's on Main Street", "from Trader Joe's and"); a noun after it would be the owned thing.
_CLOSERS = frozenset("on in at for near by with and or to from since until before after this that "
                     "yesterday today tonight last next again".split())
# Words that open a relative's or a titled person's name: "Grandma Rose's", "Dr. Ng's" are homes
_KIN_OR_TITLE = frozenset("mom mum dad mommy mummy daddy mama papa grandma grandpa granny nana aunt auntie "
                          "uncle cousin mr mr. mrs mrs. ms ms. dr dr. prof prof. professor miss sir coach "
                          "detective det. inspector officer sergeant sgt sgt. captain capt. lieutenant lt. "
                          "judge justice senator sen. governor gov. president king queen prince princess "
                          "lord lady pastor father fr. rabbi reverend rev. nurse agent chef".split())
# Words after "<Listed>'s" that show a person owns it or the "'s" is "is"/"has" ("Arby's mom",
# "Ripley's coming over"): the listed shop is someone's name there.
_PERSONAL_AFTER = frozenset("""
mom mum dad mother father brother brothers sister sisters wife husband son daughter kids kid baby
boyfriend girlfriend partner fiance fiancee family parents grandma grandpa aunt uncle cousin friend
friends boss dog cat puppy laptop phone car bike room apartment birthday wedding funeral party
coming going been got gone not just always never still already getting doing
""".split())


def listed() -> frozenset[str]:
    """data/possessive_names.txt: lowercased names with their "'s"."""
    return _LISTED


_LISTED = datafile.entries("possessive_names")  # (read at import: most chat stores hold a possessive)


def keeps_s(name: str, after: str) -> bool:
    """Whether ``name`` (the text before a trailing "'s") owns its "'s": a listed business, or
    two or more capitalised words ending in a given name and not opened by one, a relative or a
    title ("Trader Joe's", not "Mary Smith's", "Grandma Rose's"), with nothing owned after it
    (``after``: the next word, "" at punctuation or the end)."""
    k = " ".join(name.replace("\u2019", "'").casefold().split())
    a = after.casefold()
    if k + "'s" in listed():
        return a not in _PERSONAL_AFTER
    if after and a not in _CLOSERS:
        return False
    words = name.split()
    return len(words) >= 2 and all(w[:1].isupper() for w in words) and gazetteer.is_given_name(words[-1]) \
        and not gazetteer.is_given_name(words[0]) and words[0].casefold() not in _KIN_OR_TITLE
