"""Cheap lemmas for recall: tokenise, drop stopwords, strip suffixes.

Recall must index every memory once and each question in microseconds, so it
cannot run a tagger. A light suffix stripper plus a table of the commonest
irregular verbs conflates the forms that matter for matching ("painted",
"painting" -> "paint"; "went" -> "go"). Both sides go through the same
function, so the stems need not be dictionary words.
"""

from __future__ import annotations

import functools
import re

_WORD = re.compile(r"[a-z0-9]+")
_SPEAKER_PREFIX = re.compile(r"^\s*([^:\n]{1,60}):\s")

# The commonest English irregular verb forms (general language, not corpus specific).
_IRREGULAR = {
    "went": "go", "gone": "go", "goes": "go", "did": "do", "done": "do", "does": "do",
    "made": "make", "took": "take", "taken": "take", "got": "get", "gotten": "get",
    "saw": "see", "seen": "see", "came": "come", "gave": "give", "given": "give",
    "bought": "buy", "brought": "bring", "thought": "think", "taught": "teach",
    "caught": "catch", "found": "find", "felt": "feel", "kept": "keep", "left": "leave",
    "met": "meet", "ran": "run", "read": "read", "said": "say", "sent": "send",
    "spent": "spend", "told": "tell", "wrote": "write", "written": "write", "knew": "know",
    "known": "know", "began": "begin", "begun": "begin", "built": "build", "drew": "draw",
    "drawn": "draw", "drove": "drive", "driven": "drive", "ate": "eat", "eaten": "eat",
    "fell": "fall", "fallen": "fall", "flew": "fly", "flown": "fly", "grew": "grow",
    "grown": "grow", "heard": "hear", "held": "hold", "lost": "lose", "paid": "pay",
    "sang": "sing", "sung": "sing", "sat": "sit", "slept": "sleep", "spoke": "speak",
    "spoken": "speak", "stood": "stand", "swam": "swim", "swum": "swim", "threw": "throw",
    "won": "win", "wore": "wear", "worn": "wear", "became": "become", "chose": "choose",
    "chosen": "choose", "forgot": "forget", "led": "lead", "lent": "lend", "rode": "ride",
    "children": "child", "kids": "kid", "people": "person", "men": "man", "women": "woman",
    "was": "be", "were": "be", "been": "be", "is": "be", "are": "be", "am": "be",
    "has": "have", "had": "have", "having": "have",
}


@functools.cache
def stopwords() -> frozenset[str]:
    """spaCy's English stop list (a plain Python set; importing it loads no model)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    extra = {"s", "t", "d", "ll", "m", "re", "ve", "don", "didn", "doesn", "isn", "wasn", "hey",
             "oh", "yeah", "wow", "hi", "hello"}
    return frozenset(w.replace("’", "'") for w in STOP_WORDS if w not in _CONTENT) | extra


# spaCy's list is built for parsing, not retrieval: these carry what a question asks about.
_CONTENT = frozenset({
    "move", "make", "made", "take", "give", "go", "get", "put", "show", "see", "call", "keep", "say",
    "name", "first", "last", "front", "back", "side", "top", "bottom", "full", "empty", "serious",
    "together", "used", "using", "amount", "part", "become", "became", "one", "two", "three", "four",
    "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen", "twenty", "forty",
    "fifty", "sixty", "hundred", "third", "alone",
})


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A conflation key for one lowercase word."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    w = word
    if len(w) <= 3 or w.isdigit():
        return w
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("es") and w[-3] in "sxz" or w.endswith(("ches", "shes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    elif w.endswith("ied") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("ing") and len(w) > 5:
        w = _undouble(w[:-3])
    elif w.endswith("ed") and len(w) > 4:
        w = _undouble(w[:-2])
    elif w.endswith("ly") and len(w) > 5:
        w = w[:-2]
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    return w


def _undouble(w: str) -> str:
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
        return w[:-1]
    return w


def words(text: str) -> list[str]:
    """Lowercase word tokens; contraction and possessive tails ("s", "t", "ll") are stopwords."""
    return _WORD.findall(text.lower())


def terms(text: str) -> list[str]:
    """Stems of the content words of ``text``, in order, repeats kept (for term frequency)."""
    stop = stopwords()
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in stop]


def strip_speaker(text: str, speaker: str | None) -> str:
    """Text without a leading ``Speaker:`` tag that repeats the memory's own speaker.

    The speaker is a separate recall signal; leaving the tag in the text would
    count it twice and make every turn of a speaker match their name.
    """
    m = _SPEAKER_PREFIX.match(text)
    if not m:
        return text
    tag = m.group(1).strip()
    if speaker is not None:
        return text[m.end():] if tag.casefold() == speaker.casefold() else text
    parts = tag.split()
    return text[m.end():] if len(parts) <= 3 and all(p[:1].isupper() for p in parts) else text


def speech(text: str, speaker: str | None) -> tuple[str, list[str]]:
    """What was said (speaker tags removed) and who said it, for one memory.

    Uses the same envelope rules as extraction ("User: ...\nAgent: ...", "Caroline: ...");
    the memory's own ``speaker`` field comes first. A text without tags is returned as is.
    """
    from soulgraph.sources.envelope import split_segments

    who = [speaker] if speaker else []
    if ":" not in text and "]" not in text:
        return text, who
    segs = split_segments(text, speaker)
    if not segs:
        return strip_speaker(text, speaker) if speaker else text, who
    for seg in segs:
        if seg.speaker and seg.speaker not in who:
            who.append(seg.speaker)
    return "\n".join(text[seg.start:seg.end] for seg in segs), who
