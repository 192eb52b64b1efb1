"""Extra mentions built from others: command arguments and eponymous concept phrases."""

from __future__ import annotations

import functools
from collections.abc import Callable

from soulgraph.classify import corpus, gazetteer
from soulgraph.classify.lexicon import noun_type
from soulgraph.extract import lexicon, trim
from soulgraph.extract.candidates import Cand


def command_args(doc, cands: list[Cand]) -> None:
    """"pip install chromadb": the argument of a command head gets ``cmd:<verb>``."""
    heads = [c for c in cands if "cmd_head" in c.cues]
    if not heads:
        return
    by_start = {c.start: c for c in cands}
    for h in heads:
        tok = doc.char_span(h.start, h.end)
        if tok is None or tok.end + 1 >= len(doc):
            continue
        verb = doc[tok.end].lower_
        arg = doc[tok.end + 1]
        c = by_start.get(arg.idx)
        if c is not None and f"cmd:{verb}" not in c.cues:
            c.cues.append(f"cmd:{verb}")


# Heads that say what is being done to a thing, not which concept it is: "the TaskSpec change",
# "the Dockerfile update", "the CloudLifecycleHook interface" are the thing itself.
_WORK_NOUNS = frozenset(
    "change changes update updates fix fixes overview interface note notes issue question idea plan "
    "work stuff thing things part side way version support migration config configuration setup "
    "task tasks item items list status review draft stuff bit".split()
)


def eponym_phrases(doc, cands: list[Cand], initial: set[int], sent_of) -> list[Cand]:
    """Named concepts: a rare name + common noun head ("Ebbinghaus decay", "Hebbian potentiation").

    Emitted as an extra, overlapping phrase (cue ``phrase``) next to the name itself, so
    the name stays a node and the phrase can be a concept. Names that are English words
    ("Python code", "Stripe account") and trailing heads ("Acme team") do not qualify.
    """
    out = []
    n = len(doc)
    text = doc.text  # read once: spaCy joins every token again on each .text
    technical = functools.cache(lambda: corpus.is_technical(text))  # a whole-text scan: at most once

    for c in cands:
        if c.sentence_initial or not any(x == "propn" or x.startswith("ner:") for x in c.cues):
            continue
        span = doc.char_span(c.start, c.end)
        if span is None or len(span) != 1 or not span.text[:1].isupper() or lexicon.is_word(span.text):
            continue
        if _product_part(span.text, technical):
            continue  # "SQLite file lock", "MCP server path", "Syncthing replication": a product's part
        k = span.end
        chain = []
        while k < n and len(chain) < 2 and doc[k].text.isalpha() and doc[k].text.islower() \
                and doc[k].tag_ in ("NN", "VBG") and doc[k - 1].whitespace_ != "" \
                and doc[k].ent_type_ not in ("DATE", "TIME"):  # "PocketPaw today": no phrase
            chain.append(doc[k])
            k += 1
        while chain and chain[-1].tag_ != "NN":
            chain.pop()
        if chain and chain[-1].lower_ in gazetteer.TASK_NOUNS and gazetteer.is_listed(span.text):
            continue  # "Spotify playlist", "Netflix account": a thing kept on a listed product
        if not chain or chain[-1].lower_ in trim.TRAILING_HEADS or chain[-1].lower_ in _WORK_NOUNS \
                or any("\n" in t.whitespace_ for t in (doc[k - len(chain) - 1], *chain[:-1])):
            continue
        if k < n and doc[k].tag_ in ("NN", "NNS", "NNP"):
            continue  # the noun phrase goes on: not a closed phrase
        if noun_type(chain[-1].lower_) == "person":
            continue  # "a Lyft product manager", "Google engineer": a person working there, no concept
        end = chain[-1].idx + len(chain[-1])
        s0, s1 = sent_of(span.start)
        out.append(Cand(c.start, end, ["phrase", f"phrase_head:{chain[-1].lower_}"], s0, s1, False))
    return out


def _product_part(name: str, technical: Callable[[], bool]) -> bool:
    """A product's name before a noun names a part or an aspect of the product, not a concept
    of its own: CamelCase names ("SQLite schema", "KnowledgeGraph singleton") anywhere, known
    tools ("MCP server path", "Syncthing replication") in technical text. Eponyms are
    capitalised words ("Hebbian potentiation"); acronyms keep their phrase ("NHK network")."""
    if any(ch.isupper() for ch in name[1:]) and any(ch.islower() for ch in name):
        return True
    return gazetteer.key(name) in gazetteer.words("tools") and technical()


_REGION_TAIL = ("county", "province", "parish", "district", "prefecture", "oblast", "state")


def place_pairs(doc, text: str, out: list) -> list:
    """"Staunton, Va.", "Akron,Ohio", "Westmoreland County, Va": a place and the region holding
    it, also as one name (news writes and cites towns that way).

    Extra candidates that overlap the two parts, cued ``place_pair``; the relation pass
    gives them the town's edges. Not for lists ("Paris, London and Rome").
    """
    places = gazetteer.words("places")
    cands = sorted(out, key=lambda c: c.start)
    extra = []
    for k, (a, b) in enumerate(zip(cands, cands[1:], strict=False)):
        gap = text[a.end:b.start]
        if gap.strip() != "," or len(gap) > 2 or not _placeish(a) or not _region(b, text, places):
            continue
        after = text[b.end:b.end + 6].lstrip(" ,")
        before = text[max(0, a.start - 2):a.start]
        listed = k > 0 and before.strip() == "," and cands[k - 1].end >= a.start - 2
        abbrev = text[b.start:b.end].endswith(".") and b.end - b.start <= 6  # "Ore.", "N.Y."
        if (after.startswith(("and ", "or ")) and not abbrev) or (listed and not _region(a, text, places)):
            continue  # a list of places, not a town and its region ("Portland, Ore., and ..." is one)
        cues = ["place_pair", "ner:GPE", "propn"]
        extra.append(Cand(a.start, b.end, cues, a.sent_start, a.sent_end, a.sentence_initial))
    return extra


def _placeish(c) -> bool:
    return any(x in c.cues for x in ("ner:GPE", "ner:LOC", "ner:FAC", "dateline_place"))


def _region(c, text: str, places: frozenset[str]) -> bool:
    """A state, province or country as a second part: its NER says place and it is a known place,
    a newspaper abbreviation ("Va.", "N.Y."), or a "... County"."""
    if not _placeish(c) or "place_pair" in c.cues:
        return False
    s = text[c.start:c.end]
    return (s.casefold().rstrip(".") in places or s.casefold() in places or s.endswith(".")
            or s.casefold().endswith(_REGION_TAIL) or (len(s) <= 4 and s[:1].isupper()))
