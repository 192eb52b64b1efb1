"""Estimated type errors: nodes whose name shape or evidence contradicts their type.

There is no gold standard at run time, so the estimate counts contradictions a
reader would agree with on sight: an identifier, version, date or shouted word
typed person/org/place; a capitalised common word (one the same store also uses
in lower case, so it is no name) typed as a name; a person with no person
evidence at all; a type the ontology does not know. Everything here is one pass
over the nodes plus one pass over the store's text: O(nodes + text).
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import repeat

from soulgraph import shapes
from soulgraph.graph import sentence_at
from soulgraph.ontology import ENTITY_TYPES, NAMED_TYPES
from soulgraph.readwrite.columns import provenance_rows

_LOWER_WORD = re.compile(r"[a-z][a-z'-]*[a-z]")
_EDGE_PUNCT = "\"'()[]{}<>,.;:!?*_`~“”‘’«»…"
_SPEAKER = re.compile(r"^[ \t]*([A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3})[ \t]*:", re.M)
_EXCEPTION = re.compile(r"^[A-Z]\w*(?:Error|Exception|Warning)$")
_LOCALE = re.compile(r"^[a-z]{2}[-_][A-Z]{2}$|^[A-Z]{2}[-_][A-Z]{2}$")
_ENDPOINT = re.compile(r"^/[\w./{}:-]+$|^https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0)[:/]")
_HANDLE = re.compile(r"^@[A-Za-z0-9][\w-]*$")

# Words around a name that only people take: speech and thought verbs after it,
# titles and kin or social roles before it. General English, not corpus terms.
_PERSON_AFTER = frozenset(
    "said says asked asks told tells replied replies thinks thought wrote writes mentioned "
    "agreed explained suggested wants wanted feels felt loves loved hates likes liked "
    "smiled laughed shared texted called emailed pinged reviewed approved herself himself".split()
)
_PERSON_BEFORE = frozenset(
    "mr mrs ms dr prof sir madam aunt uncle cousin mom mum dad sister brother wife husband "
    "son daughter friend boss colleague coworker teammate partner manager grandma grandpa "
    "niece nephew girlfriend boyfriend fiance fiancee with thanks thank hi hey dear met "
    "by @".split()
)
_PERSON_REASON = re.compile(r"person|PERSON|speaker|pronoun|pinned|registry|kin|title|said", re.I)


NO_PERSON_EVIDENCE = "person with no person evidence"


@dataclass(slots=True)
class Corpus:
    """What the estimator needs from the store's text, gathered in one pass."""

    lower_words: Container[str]  # lower_words(blob): a frozenset, or a LowerWords answering per word
    speakers: frozenset[str]
    personal: frozenset[str]  # names seen at least once in a personal context
    blob: str = ""  # every text, newline-joined, for second looks
    by_id: Mapping[str, str] = field(default_factory=dict)  # memory id -> text, for sentences
    hashes: Mapping[str, str] = field(default_factory=dict)  # memory id -> content_hash, where known


def corpus_of(texts: Iterable[str], speakers: Iterable[str] = (),
              targets: Iterable[str] = (), lower_tokens: Iterable[str] | None = None) -> Corpus:
    """Lower-case words, ``Name:`` speakers, and which ``targets`` (single-word person
    names) the text ever treats as a person. Whole-text regex scans; Python runs only
    per occurrence of a target.

    ``lower_tokens``: every lowercase token of these texts as the classifier's store
    statistics count them (``CorpusStats.lower``), when the caller has them: the lower-case
    words are then looked up per word asked about (:class:`LowerWords`), not gathered from
    a split of the whole text."""
    texts = list(filter(None, texts))
    blob = "\n".join(texts)
    lower = frozenset(lower_words(blob)) if lower_tokens is None else LowerWords(blob, lower_tokens)
    spk = {s.casefold() for s in set(speakers) if s}  # (a store names few speakers, many times)
    spk.update(map(str.casefold, text_speakers(texts)))
    return Corpus(lower, frozenset(spk), frozenset(personal_names(blob, targets)), blob)


def text_speakers(texts: Iterable[str]) -> set[str]:
    """The names ``_SPEAKER`` finds at line starts in ``"\n".join(texts)``, each distinct line
    head matched once (a match holds one ":", its last character, so it is the line's first ":"
    and the line matches as its head up to that ":" does), read text by text: the joined text's
    lines are the texts' lines, so their heads are the same. The whole text is neither split
    nor partitioned (one emoji anywhere makes it four bytes a character, and each line's
    partition copied its rest): a text without a line feed is its own line, its head the part
    before its first ":"."""
    heads = set()
    add = heads.add
    for text in texts:
        i = text.find(":")
        if i < 0:
            continue
        if "\n" not in text:
            add(text[:i])
            continue
        for line in text.split("\n"):
            j = line.find(":")
            if j >= 0:
                add(line[:j])
    found = (_SPEAKER.match(head + ":") for head in heads)
    return {m.group(1) for m in found if m is not None}


def lower_words(blob: str) -> set[str]:
    """Every word the text writes in lower case, edge punctuation stripped; a word glued to
    code ("foo.bar", "a/b", "x=true", "--force") does not count. Splitting on whitespace and
    testing each distinct token is ~2x faster than a regex scan of the whole text."""
    out = set()
    for tok in set(blob.replace("—", " ").replace("–", " ").split()):
        if tok.isalpha():  # most tokens: nothing to strip (no edge punctuation is a letter), and
            if tok.islower() and tok.isascii() and len(tok) > 1:  # letters match _LOWER_WORD
                out.add(tok)  # when they are all a-z, two or more
            continue
        w = tok.strip(_EDGE_PUNCT)
        if w and _LOWER_WORD.fullmatch(w):
            out.add(w)
    return out


class LowerWords(Container):
    """``word in lower_words(blob)``, answered for the words asked about (health asks about
    the words of node names: dozens, against thousands in the text) without splitting the
    whole text.

    ``lower_tokens``: the lowercase tokens of the same texts as ``classify.corpus`` counts
    them (``_TOKEN``: a letter, then letters, digits, "_", "'", "’", "-"; memory by memory).
    Each word of ``lower_words`` is one of them, less a tail of "'", "’" and "_": in its
    whitespace token only edge punctuation (no letter) comes before it, so a token starts at
    its first letter, runs over it (its characters are token characters) and on over the
    edge punctuation after it that is a token character ("'", "’", "_"), to the first that is
    not; it holds no capital. So a word not among those stems is no lower-case word, and the
    few that are get one check in the text: an occurrence whose whitespace token (the dashes
    "—" and "–" split tokens too) is the word between edge punctuation."""

    __slots__ = ("_blob", "_tokens", "_stems", "_known")

    def __init__(self, blob: str, lower_tokens: Iterable[str]) -> None:
        self._blob, self._tokens = blob, lower_tokens
        self._stems: frozenset[str] | None = None
        self._known: dict[str, bool] = {}

    def __contains__(self, word: object) -> bool:
        hit = self._known.get(word)  # (an unhashable word raises TypeError, as a frozenset does)
        if hit is None:
            hit = self._known[word] = self._check(word)
        return hit

    def _check(self, word: object) -> bool:
        if type(word) is not str or not _LOWER_WORD.fullmatch(word):
            return False
        if self._stems is None:
            self._stems = frozenset(map(str.rstrip, self._tokens, repeat("'’_")))
        if word not in self._stems:
            return False
        blob, edge, n = self._blob, _EDGE_PUNCT, len(word)
        end = len(blob)
        i = blob.find(word)
        while i >= 0:
            a, b = i, i + n
            while a > 0 and blob[a - 1] in edge:
                a -= 1
            while b < end and blob[b] in edge:
                b += 1
            if (a == 0 or _splits(blob[a - 1])) and (b == end or _splits(blob[b])):
                return True
            i = blob.find(word, i + 1)
        return False


def _splits(c: str) -> bool:
    """``c`` ends a token of ``lower_words``: white space (``str.split``) or a replaced dash."""
    return c.isspace() or c == "—" or c == "–"


def personal_names(blob: str, targets: Iterable[str]) -> set[str]:
    """The ``targets`` that ``blob`` at least once uses in a personal context."""
    want = sorted({t for t in targets if t and t.isalpha()}, key=len, reverse=True)
    found: set[str] = set()
    if not want:
        return found
    if len(want) <= _FIND_MAX:
        return _personal_names_found(blob, want)
    pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, want)) + r")\b")
    for m in pattern.finditer(blob):
        w = m.group()
        if w not in found and _personal_at(blob, m.start(), m.end()):
            found.add(w)
    return found


# Up to this many names, a substring search per name beats the regex: its leading \b keeps
# sre from skipping ahead, so it tries every position of the whole text (~30 ms per MB, any
# number of names, against ~0.2 ms per MB and name for str.find; 64 keeps a wide margin).
_FIND_MAX = 64


def _personal_names_found(blob: str, want: list[str]) -> set[str]:
    """``personal_names`` by ``str.find``: the regex's matches are the occurrences with a word
    boundary (re's: not alphanumeric nor "_") on both sides; an alphabetic name never matches
    inside another match nor beside a longer one at the same place, so no order matters."""
    found: set[str] = set()
    n, find = len(blob), blob.find
    for w in want:
        i = find(w)
        while i >= 0:
            e = i + len(w)
            if ((i == 0 or not _is_word(blob[i - 1])) and (e == n or not _is_word(blob[e]))
                    and _personal_at(blob, i, e)):
                found.add(w)
                break
            i = find(w, i + 1)
    return found


def _is_word(c: str) -> bool:
    return c.isalnum() or c == "_"


def known_types(custom: Iterable[str] = ()) -> frozenset[str]:
    return frozenset((*ENTITY_TYPES, *custom))


def type_problem(name: str, etype: str | None, attrs: Mapping, corpus: Corpus,
                 types: frozenset[str]) -> str | None:
    """Why this node's type looks wrong, or None when nothing contradicts it."""
    if not etype or etype not in types:
        return f"type {etype or 'missing'!r} is not in the ontology"
    name = name.strip()
    if _EXCEPTION.match(name) and etype not in ("concept", "document"):
        return f"exception class typed {etype}"
    if _LOCALE.match(name) and etype not in ("concept", "place"):
        return f"locale code typed {etype}"
    if etype == "document" and _ENDPOINT.match(name):
        return "API route or local URL typed document"
    if etype not in NAMED_TYPES:
        return None
    if _HANDLE.match(name):
        return None if etype in ("person", "org") else f"user handle typed {etype}"
    junk = shapes.junk_reason(name)
    if junk == "shouting":
        # NASA is an org; MERGED is a word the store also writes in lower case; no person
        # or place is written as a shouted word.
        if etype != "org" or name.casefold() in corpus.lower_words:
            return f"shouted word typed {etype}"
    elif junk is not None:
        return f"{junk} typed {etype}"
    if etype != "person" and name.isalpha() and name.islower():
        return f"lower-case word typed {etype}"
    words = name.split()
    # A word the store also writes in lower case is an ordinary word ("Stop", "Fixed"); a
    # CamelCase brand's lower-case spelling (PocketPaw / pocketpaw) is its package name.
    common = [w for w in words if w.casefold() in corpus.lower_words and not _camel(w)]
    if len(words) == 1 and common and not _is_speaker(name, corpus):
        return f"common word typed {etype}"
    if words and len(common) == len(words) and not _is_speaker(name, corpus):
        return f"common words typed {etype}"
    if etype == "person" and not all(_title_word(w) for w in words):
        return "name shape is not a person's"
    if etype == "person" and not _person_evidence(name, attrs, corpus):
        return NO_PERSON_EVIDENCE
    return None


def _camel(w: str) -> bool:
    return any(c.isupper() for c in w[1:])


def _title_word(w: str) -> bool:
    """Shaped like a word of a personal name: Ana, Tomás, O'Neil, McKay, Jean-Luc, J."""
    w = w.rstrip(".")
    for pre in ("Mc", "Mac", "O'", "D'", "O’", "D’"):
        if w.startswith(pre) and len(w) > len(pre) + 1 and w[len(pre)].isupper():
            w = w[len(pre):]
            break
    parts = w.replace("'", "-").replace("’", "-").split("-")
    return all(p[:1].isupper() and (p[1:].isalpha() and p[1:].islower() or p[1:] == "")
               for p in parts)


def _is_speaker(name: str, corpus: Corpus) -> bool:
    return name.casefold() in corpus.speakers


def _person_evidence(name: str, attrs: Mapping, corpus: Corpus) -> bool:
    """Any sign at all that this is a person: a speaker, a person-typed reason, a full
    personal name, or a person word next to it in one of its sentences."""
    if _is_speaker(name, corpus) or name.split()[0].casefold() in corpus.speakers:
        return True
    if name in corpus.personal:
        return True
    if any(_PERSON_REASON.search(str(r)) for r in attrs.get("reasons") or ()):
        return True
    words = name.split()
    if len(words) >= 2 and all(_title_word(w) for w in words):
        return True  # "Sarah Chen": two name-shaped words, none a common word
    # read as rows: provenance loaded from a file stays unbuilt
    for mid, extractor, s0, s1, sentence in provenance_rows(attrs, _SENTENCE_FIELDS):
        if extractor == "speaker":
            return True
        sent = sentence_at(mid, s0, s1, sentence, corpus.by_id)
        if sent and _context_is_personal(sent, name):
            return True
    return False


_SENTENCE_FIELDS = ("extractor", "sentence_start", "sentence_end", "sentence")


def _context_is_personal(sentence: str, name: str) -> bool:
    i = sentence.find(name)
    while i >= 0:
        if _personal_at(sentence, i, i + len(name)):
            return True
        i = sentence.find(name, i + 1)
    return False


def _personal_at(text: str, start: int, end: int) -> bool:
    """A person word right before or after, a possessive, a ``Name:`` turn, or a
    vocative (", Name!" addressing someone)."""
    before = text[max(0, start - 24):start]
    after = text[end:end + 24]
    b_words = before.split()
    b = b_words[-1].strip(",;:(\"'").casefold() if b_words else ""
    a_words = after.split()
    a = a_words[0].strip(",.;:!?)\"'").casefold() if a_words else ""
    if b in _PERSON_BEFORE or a in _PERSON_AFTER or after.startswith(("'s ", "’s ", ":")):
        return True
    return before.endswith(", ") and after[:1] in ("!", "?", ".") and after[1:2] in ("", " ", "\n")
