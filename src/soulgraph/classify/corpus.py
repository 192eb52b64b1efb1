"""Store-wide facts the classifier needs once per build, not once per entity.

Who speaks in the store (a speaker is a person), and which capitalised words
are just ordinary words: a word seen in lowercase mid-sentence at least as
often as capitalised ("Music", "Rooms") is vocabulary, not a name.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, compress, count, filterfalse, repeat
from operator import attrgetter, contains, eq, is_not, or_
from typing import NamedTuple

from soulgraph.models import Memory, Segment
from soulgraph.sources.envelope import split_segments

_TOKEN = re.compile(r"[^\W\d_][\w'’-]*")
_TOKEN_ASCII = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")  # _TOKEN on ASCII text (_words_ascii reads it as bytes)
_CODE = re.compile(r"`[^`\n]+`|\b[a-z]+_[a-z_]+\b|\w\(\)|\b[\w-]+\.(?:py|js|ts|json|toml|md|yaml|yml)\b|"
                   r"^(?:feat|fix|chore|docs|test|refactor|perf|ci|build)(?:\([^)]*\))?!?:|#\d{2,}", re.M)
# Each branch of _CODE needs one of these substrings, or _COMMIT (its commit-prefix branch).
_CODE_MARKS = ("`", "_", "()", "#", ".py", ".js", ".ts", ".json", ".toml", ".md", ".yaml", ".yml")
# The marks after a "." ("x.py"): one regex scan for those; the others are single characters
# (or "()"), a substring test each. (One alternation of all marks reads every character
# through a character set: 2x slower on chat text.)
_DOT_MARK = re.compile(r"\.(?:py|js|ts|toml|md|yaml|yml)")  # (".json" holds ".js")
_COMMIT = re.compile(r"^(?:feat|fix|chore|docs|test|refactor|perf|ci|build)(?:\([^)]*\))?!?:", re.M)
_SENT_START = re.compile(r"(?:^|[.!?:;]\s+|\n\s*[-*>#\d.)\s]*|[\"“(]\s*)$")


@dataclass(slots=True)
class CorpusStats:
    speakers: frozenset[str]  # casefolded speaker names
    dialogue: frozenset[str]  # ids of memories written as speaker turns
    technical: frozenset[str]  # ids of memories full of code (identifiers, paths, backticks)
    lower: Mapping[str, int]  # lowercase word -> occurrences written in lowercase (a Counter, or LowerCounts)
    capital_mid: Mapping[str, int]  # lowercase word -> capitalised occurrences not at a sentence start
    packages: Counter  # casefolded directory -> code-file paths under it ("mempalace/cli.py")


class NameFigures(NamedTuple):
    """What the store as a whole says about one name (``gazetteer.key`` form): all that typing
    reads of the store-wide statistics beyond the name's own memories, so the decision memo
    (``classify.memo``) digests exactly this."""

    speaker: bool  # speaks two or more turns
    lower: int  # times written in lowercase
    capital_mid: int  # times capitalised mid-sentence
    files: int  # code-file paths under a directory of that name


def name_figures(stats: CorpusStats, key: str) -> NameFigures:
    return NameFigures(key in stats.speakers, stats.lower.get(key, 0), stats.capital_mid.get(key, 0),
                       stats.packages.get(key, 0))


def want(stats: CorpusStats, keys: Iterable[str]) -> None:
    """The names (``name_figures``' keys) typing is about to ask about: their counts made in one
    pass over the store's words, not one search each (a Counter holds them all already)."""
    if isinstance(stats.lower, StoreCounts):
        stats.lower.prime(keys)


def capitals_at_most(stats: CorpusStats, key: str, n: int) -> bool:
    """Whether ``key`` is written capitalised mid-sentence ``n`` times or fewer (typing's test of
    an ordinary word: most are capitalised less often in all than in lowercase; no search of the
    store for the exact count then)."""
    cap = stats.capital_mid
    return cap.at_most(key, n) if isinstance(cap, CapitalCounts) else cap.get(key, 0) <= n


_CACHE: dict[tuple[int, int], tuple[Mapping[str, str], CorpusStats]] = {}


def stats(texts: Mapping[str, str]) -> CorpusStats:
    """Facts about ``texts``, computed once per mapping (the pipeline reuses one dict)."""
    key = (id(texts), len(texts))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is texts:
        return hit[1]
    result = compute(texts)
    _CACHE.clear()  # keep only the current store
    _CACHE[key] = (texts, result)
    return result


def compute(texts: Mapping[str, str]) -> CorpusStats:
    """``aggregate`` of every text's ``memory_facts``, read in one pass over the store."""
    return store_stats(texts)


def store_stats(texts: Mapping[str, str],
                turns: Mapping[str, Sequence[Segment]] | None = None) -> CorpusStats:
    """The statistics ``aggregate`` sums from each text's ``memory_facts`` (with ``turns[id]``
    as its segments; None: ``split_segments`` of each text), read from the whole store at once:
    its words are counted in one pass over all texts (``_store_words``), not memory by memory
    and summed (a full rebuild needs no per-memory share: only the update cache keeps those)."""
    ids, values = list(texts), list(texts.values())
    segments = list(map(split_segments, values) if turns is None else map(turns.__getitem__, ids))
    # (turn_speakers of each text, in C-level passes: a store holds thousands of turns)
    speaker_turns = Counter(map(str.casefold, filter(None, map(_SPEAKER, chain.from_iterable(segments)))))
    spoken = map(any, map(map, repeat(_SPEAKER), segments))  # a turn names its speaker
    lower, capital_mid = _store_words(values)
    coded = compress(values, map(contains, values, repeat("/")))  # (package_dirs' own test)
    return CorpusStats(frozenset(s for s, n in speaker_turns.items() if n >= 2),  # as aggregate
                       frozenset(compress(ids, spoken)), frozenset(compress(ids, _technical(values))),
                       lower, capital_mid, Counter(package_dirs("\n".join(coded))))


_SPEAKER = attrgetter("speaker")
# The words a commit-message prefix (_COMMIT) opens with: a line that opens with none has none
_COMMIT_WORD = re.compile(r"feat|fix|chore|docs|test|refactor|perf|ci|build")


def _technical(texts: list[str]) -> list[bool]:
    """``list(map(is_technical, texts))``, its first test (a mark, or a commit prefix) made
    for all texts at once: a mark is looked for in each text only when the store holds it, and
    only a text with one is read on its own (chat: none is)."""
    blob = "\n".join(texts)  # (no mark spans a line break: it holds one where a text does)
    maybe = [False] * len(texts)
    # "(" for "()": a text without the one has not the other (one character: a memchr each)
    for mark in ("`", "_", "#", "("):
        if mark in blob:
            maybe = list(map(or_, maybe, map(contains, texts, repeat(mark))))
    if _DOT_MARK.search(blob):
        maybe = list(map(or_, maybe, map(bool, map(_DOT_MARK.search, texts))))
    # a commit prefix opens a line with one of its words: a text's first line, or another one
    lined = compress(texts, map(contains, texts, repeat("\n")))
    if any(map(_COMMIT_WORD.match, texts)) or any(map(_COMMIT_WORD.match, "\n".join(lined).split("\n"))):
        maybe = list(map(or_, maybe, map(_commit_prefix, texts)))
    out = [False] * len(texts)
    for i in compress(count(), maybe):
        out[i] = is_technical(texts[i])
    return out


def turns_of(mem: Memory) -> Sequence[Segment]:
    """The speaker turns ``memory_facts`` reads in ``mem``: its own split, unless a whole-memory
    speaker made that (then the text's prefixes alone)."""
    return mem.segments if mem.speaker is None else split_segments(mem.content)


def turn_speakers(segments: Sequence[Segment]) -> list[str]:
    """The casefolded speaker of each turn that names one."""
    if len(segments) == 1:  # (most memories: one turn, or none; no comprehension to run)
        one = segments[0].speaker
        return [one.casefold()] if one else []
    return [seg.speaker.casefold() for seg in segments if seg.speaker]


def memory_facts(text: str, segments: Sequence[Segment] | None = None) -> list:
    """One memory's share of the store-wide statistics, as plain JSON values (the update
    cache keeps them): [technical, [casefolded speaker per turn], lowercase words,
    capitalised mid-sentence words, package directories of code-file paths] (word lists
    space-joined: tokens hold no spaces).

    ``segments``: ``split_segments(text)`` when the caller already has it."""
    technical = is_technical(text)
    speakers = turn_speakers(split_segments(text) if segments is None else segments)
    lower, capital_mid = _memory_words(text)
    return [technical, speakers, lower, capital_mid, " ".join(package_dirs(text))]


def _memory_words(text: str) -> tuple[str, str]:
    """``_words(text)``, read as bytes where that reads the same."""
    if text.isascii() or _ascii_words_suffice(text):
        return _words_ascii(text)
    return _words(text)


def _words(text: str) -> tuple[str, str]:
    """(lowercase words, capitalised words not opening a sentence, casefolded), space-joined."""
    lower: list[str] = []
    capital_mid: list[str] = []
    for m in _TOKEN.finditer(text):
        w = m.group()
        if w.islower():
            lower.append(w)
        elif w[0].isupper() and w[1:].islower() and not _SENT_START.search(text[max(0, m.start() - 12):
                                                                                m.start()]):
            capital_mid.append(w.casefold())
    return " ".join(lower), " ".join(capital_mid)


def _words_ascii(text: str) -> tuple[str, str]:
    """``_words`` for ASCII text, read as bytes without a regex match per token.

    A token of ``_TOKEN_ASCII`` is a maximal run of its characters ([A-Za-z0-9_'-]) from the
    run's first letter on: one ``translate`` (every other byte a space) and one ``split`` give
    the runs, and only a run that opens with a digit, ``_``, ``'`` or ``-`` needs stripping
    (none in most texts: a second ``translate`` tells). ``bytes.islower`` is ``str.islower`` on
    ASCII (at least one cased character, no capital) without the Unicode tables, and a regex
    match per token cost more than the rest of this function together.

    Where a token holding a capital starts: ``find`` from the end of the previous one. Nothing
    in between can hold it: the gaps between tokens hold no letters (a letter opens a token) and
    a lowercase token no capital, and it cannot run on from the end of one (a letter after a
    token would belong to it). So the first occurrence is the token itself.

    Most texts need no such loop: ``_CAPITAL_MID`` finds the capitalised words it keeps without
    a ``_SENT_START`` search, and shows by a one-letter match any capital it would search for."""
    raw = text.encode("ascii", "replace")  # (_ascii_words_suffice: a "?" for each other character)
    tokens = _ascii_tokens(raw)
    lower = b" ".join(filter(bytes.islower, tokens)).decode("ascii")
    return lower, _capitals(text, raw, tokens).lower()  # (ASCII: lower() is casefold())


def _capitals(text: str, raw: bytes | None = None, tokens: list[bytes] | None = None) -> str:
    """``_words_ascii``'s capitalised mid-sentence words of ``text``, space-joined, as written
    (``raw``, ``tokens``: its bytes and their tokens, when the caller has them)."""
    found = _CAPITAL_MID.findall(text)
    if 1 not in map(len, found):  # (a one-letter match: a capital the token loop must judge)
        return " ".join(found)
    if raw is None or tokens is None:
        raw = text.encode("ascii", "replace")
        tokens = _ascii_tokens(raw)
    return _capitals_judged(text, raw, tokens)


def _ascii_tokens(raw: bytes) -> list[bytes]:
    """The ``_TOKEN_ASCII`` tokens of ``raw`` (see ``_words_ascii``), in order."""
    tokens = raw.translate(_TOKEN_BYTES).split()
    if _NO_LETTER_FIRST.search(raw.translate(_LEAD_BYTES)):  # a run opening with no letter: strip that part
        tokens = [t for t in map(bytes.lstrip, tokens, repeat(_NOT_LETTERS)) if t]
    return tokens


def _capitals_judged(text: str, raw: bytes, tokens: list[bytes]) -> str:
    """``_words_ascii``'s capitalised mid-sentence words of ``text`` (``raw``: its bytes,
    ``tokens``: their tokens), each capital judged by the token loop; space-joined, as written."""
    capital_mid: list[bytes] = []
    pos = 0
    find, sent_start = raw.find, _SENT_START.search
    for w in filterfalse(bytes.islower, tokens):
        start = find(w, pos)
        pos = start + len(w)
        if not (w[0] < 91 and w[1:].islower()):  # (w opens with a letter: < 91 is A-Z)
            continue
        if start > 1 and text[start - 1] == " ":
            before = text[start - 2]
            if before in _OPENS_BEFORE_SPACE:
                continue  # ". Word", "\n Word", "( Word": a _SENT_START branch ends here
            if before not in _NEAR_START or not sent_start(text[max(0, start - 12):start]):
                capital_mid.append(w)
        elif start and text[start - 1] != "\n" and not sent_start(text[max(0, start - 12):start]):
            capital_mid.append(w)  # (at 0 or after a line break: a start for sure)
    return b" ".join(capital_mid).decode("ascii")


def _ascii_words_suffice(text: str) -> bool:
    """Whether ``_words_ascii`` reads ``text`` as ``_words`` does although it is not ASCII: every
    other character ("→", "—", "“", "…", an emoji) separates tokens in both (no letter or digit,
    no "’" that ``_TOKEN`` keeps inside a word) and ends no ``_SENT_START`` branch the ASCII fast
    path does not know (no white space or digit; "“" is in ``_NEAR_START``): read as a "?", it
    changes no token, no position and no sentence start (dev logs: arrows and dashes)."""
    for c in set(text).difference(_ASCII):
        if c.isalnum() or c.isspace() or c == "’":
            return False
    return True


_ASCII = frozenset(map(chr, range(128)))
_TOKEN_CHARS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_'-"
_NOT_LETTERS = b"0123456789_'-"
# Every byte that is no token character becomes a space.
_TOKEN_BYTES = bytes(c if c in _TOKEN_CHARS else 32 for c in range(256))
# Letters become "a", the other token characters "0", the rest a space: " 0" (or a "0" first)
# marks a run that opens with no letter.
_LEAD_BYTES = bytes(97 if c in _TOKEN_CHARS[:52] else 48 if c in _NOT_LETTERS else 32 for c in range(256))
# ... a "0" first or after a space: a literal first (sre skips ahead to each "0" with a plain
# character loop, ~2x cheaper than the two-byte substring test b" 0" in lead), then a lookbehind
_NO_LETTER_FIRST = re.compile(rb"0(?<![a0]0)")


# After one space, a character none of _SENT_START's branches can end in before that space
# (not punctuation, a quote or bracket, whitespace, a bullet or a digit): mid-sentence for sure
# ("with Caroline"), no regex needed.
_NEAR_START = frozenset(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f.!?:;\"“(-*>#)0123456789")
# ... and the characters after which one space does end a branch of it (a sentence start).
_OPENS_BEFORE_SPACE = frozenset(".!?:;\n\"(")


def _class(chars: frozenset[str]) -> str:
    return "".join(re.escape(c) for c in sorted(chars))


# The capitalised tokens ``_words_ascii``'s loop keeps without a _SENT_START search, in one C-level
# pass: a capital after one space after a character not in _NEAR_START, then lowercase token
# characters to the end of the token (``w[1:].islower()``: a lowercase letter, no capital). The
# second branch matches the capital alone (a one-letter match, never a kept token: those hold a
# lowercase letter) where the loop would search _SENT_START: at index 1 after a space, after one
# space after a character of _NEAR_START that opens no sentence (" ", "1", "-" ...), after any
# character but a space, a line break or a letter ("(Word", "9Word", a stripped "_Word"); its
# lookahead keeps only capitals that may open such a token. Capitals at a sentence start for sure
# (index 0, after a line break, after ". ") match neither.
_TITLE_TAIL = r"[0-9_'\-]*[a-z][a-z0-9_'\-]*(?![A-Za-z0-9_'\-])"
_CAPITAL_MID = re.compile(
    rf"[A-Z](?:(?<=[^{_class(_NEAR_START)}] [A-Z]){_TITLE_TAIL}"
    rf"|(?:(?<=\A [A-Z])|(?<=[{_class(_NEAR_START - _OPENS_BEFORE_SPACE)}] [A-Z])|(?<=[^ \nA-Za-z][A-Z]))"
    r"(?=[0-9_'\-]*[a-z]))")

# The store pass (``_store_words``) joins its texts by _JOIN, and opens the first with it: a
# space, then _MARK, a character no text it joins holds (a text with one is read on its own):
# a token's text starts after the last mark before it
_MARK = "\x00"
_JOIN = " " + _MARK


def _store_words(texts: list[str]) -> tuple[StoreCounts, StoreCounts]:
    """The lowercase words and the capitalised mid-sentence words (casefolded) of ``texts``,
    counted as ``aggregate`` counts each text's ``_memory_words``: the ASCII texts joined and
    read per word asked (:class:`StoreWords`); the others one by one, counted at once (a text
    of other characters would make the whole store's string one of 2 or 4 bytes a character)."""
    plain = list(map(str.isascii, texts))
    marked = list(map(contains, texts, repeat(_MARK)))
    if any(marked):
        plain = [ok and not m for ok, m in zip(plain, marked, strict=True)]
    joined = StoreWords(list(compress(texts, plain)))
    lower: Counter = Counter()
    capital_mid: Counter = Counter()
    if joined.size < len(texts):
        for text in compress(texts, map(eq, plain, repeat(False))):
            low, cap = _memory_words(text)
            lower.update(low.split())
            capital_mid.update(cap.split())
    return LowerCounts(joined, lower), CapitalCounts(joined, capital_mid)


class StoreWords:
    """ASCII texts, none holding ``_MARK``, joined (``_JOIN`` opens each), read per word asked:
    a build asks about a few dozen words (typing: its entities' names), where a count of every
    word of the store (~75k tokens at 2,760 chat turns) was most of the store statistics' cost.

    ``_tokens``: the join through ``_TOKEN_BYTES`` (a space for every byte that is no token
    character), a space last: the ``_TOKEN_ASCII`` runs, each between spaces at the positions
    of the join. A run's token is the run from its first letter on (``_ascii_tokens``), so a
    word (opening with a letter) stands as a token where a run that strips to it stands: the
    word itself, or one of the few runs that open with other token characters ("4th", "'cause")."""

    __slots__ = ("blob", "size", "_tokens", "_spaced", "_all", "_runs", "_stripped", "_odd", "_counted",
                 "_scans", "_capital_at")

    def __init__(self, texts: list[str]) -> None:
        self.blob, self.size = (_JOIN + _JOIN.join(texts)) if texts else "", len(texts)
        self._tokens = self.blob.encode("ascii").translate(_TOKEN_BYTES) + b" "
        self._spaced: bytes | None = None
        # every run, in order, until :meth:`prime` has read them (a store's every word: not kept)
        self._all: list[bytes] | None = self._tokens.split()
        self._runs = list(set(self._all))  # the distinct runs (their hashes now cached)
        self._counted: dict[bytes, int] = {}  # run -> its occurrences, for the runs :meth:`prime` counted
        self._scans = 0  # searches of the bytes for a capitalised word so far
        self._capital_at: dict[bytes, list[int]] | None = None  # capitalised run -> where it stands
        self._stripped = list(map(bytes.lstrip, self._runs, repeat(_NOT_LETTERS)))
        odd: dict[bytes, list[bytes]] = {}  # token -> the other runs that strip to it
        # (lstrip gives the run itself where nothing is stripped: most)
        for token, run in compress(zip(self._stripped, self._runs, strict=True),
                                   map(is_not, self._stripped, self._runs)):
            odd.setdefault(token, []).append(run)
        self._odd = odd

    def lower_words(self) -> set[str]:
        """Every lowercase token (a run is lowercase as its token is: stripping drops no cased
        character and leaves a letter)."""
        return set(map(bytes.decode, compress(self._stripped, map(bytes.islower, self._runs))))

    def capital_words(self) -> set[str]:
        """The casefolded tokens that open with a capital, the rest lowercase (anywhere)."""
        return {t.decode().lower() for t in self._stripped if t[:1].isupper() and t[1:].islower()}

    def _runs_of(self, word: str) -> tuple[bytes, ...]:
        """The runs whose token is ``word`` (ASCII, opening with a letter)."""
        token = word.encode()
        return (token, *self._odd.get(token, ()))

    def prime(self, words: Iterable[str]) -> None:
        """Count the runs of ``words`` and of their capitalised forms in one pass over the runs
        (a search of the store's bytes per word cost more than all of them: ``lower`` and
        ``capitals`` then read these counts). Once: the list of every run is freed after."""
        wanted: set[bytes] = set()
        for word in filter(_token_form, words):
            wanted.update(self._runs_of(word), self._runs_of(word[:1].upper() + word[1:]))
        wanted.difference_update(self._counted)
        if wanted and self._all is not None:
            seen = Counter(filter(wanted.__contains__, self._all))
            self._counted.update((run, seen[run]) for run in wanted)
        self._all = None  # (later words: counted one by one, ``_count``)

    def _count(self, run: bytes) -> int:
        n = self._counted.get(run)
        if n is None:
            if self._spaced is None:  # (runs two spaces apart: no two occurrences share a space)
                self._spaced = self._tokens.replace(b" ", b"  ")
            n = self._counted[run] = self._spaced.count(b" " + run + b" ")
        return n

    def capital_runs(self, word: str) -> int | None:
        """How often ``word`` capitalised stands as a token anywhere (at a sentence start too):
        at least :meth:`capitals`; None when :meth:`prime` did not count it."""
        if not _token_form(word):
            return 0
        counts = list(map(self._counted.get, self._runs_of(word[:1].upper() + word[1:])))
        return None if None in counts else sum(counts)

    def lower(self, word: str) -> int:
        """How often lowercase ``word`` (one of :meth:`lower_words`) stands as a token."""
        return sum(map(self._count, self._runs_of(word))) if _token_form(word) else 0

    def capitals(self, word: str) -> int:
        """How often ``word`` (casefolded) stands capitalised mid-sentence: each token of it
        that opens with a capital, the rest lowercase, that ``_SENT_START`` does not find at a
        sentence start in the 12 characters of its text before it (as ``_words`` reads it)."""
        title = word[:1].upper() + word[1:]
        if not (_token_form(word) and word[:1].islower() and title[1:].islower()):
            return 0  # (an ASCII token with that casefolded form is this title form)
        blob, n = self.blob, 0
        for run in self._runs_of(title):
            if self._counted.get(run) == 0:
                continue  # (primed: not in the texts)
            lead = len(run) - len(title)
            for p in self._places(run):
                p += lead  # the token's position in the join
                start = blob.rfind(_MARK, 0, p) + 1  # its text's
                n += _SENT_START.search(blob[max(start, p - 12):p]) is None
        return n

    def _places(self, run: bytes) -> list[int]:
        """Where capitalised ``run`` stands: a search of the bytes for each of the first few
        words asked, then one index of every capitalised run (a store of news asks about many:
        a search each would read the store once per word)."""
        self._scans += 1
        if self._capital_at is None and self._scans > _SCANS_BEFORE_INDEX:
            index: dict[bytes, list[int]] = {}
            for m in _CAPITAL_RUN.finditer(self._tokens):
                index.setdefault(m.group(1), []).append(m.start(1))
            self._capital_at = index
        if self._capital_at is not None:
            return self._capital_at.get(run, [])
        out, tokens, needle = [], self._tokens, b" " + run + b" "
        at = tokens.find(needle)
        while at >= 0:
            out.append(at + 1)
            at = tokens.find(needle, at + 1)
        return out


# Searches of a store's bytes for a capitalised word before StoreWords indexes them all, and what
# it indexes: a run that opens with other token characters or none, then a capital (every run
# follows a space in its _tokens)
_SCANS_BEFORE_INDEX = 4
_CAPITAL_RUN = re.compile(rb" ([0-9_'\-]*[A-Z][A-Za-z0-9_'\-]*)")


def _token_form(word: str) -> bool:
    """ASCII, a letter first, no space: a word ``StoreWords`` may find (any other character than
    a token's is a space in its ``_tokens``: a word holding none of those never matches there)."""
    return word.isascii() and word[:1].isalpha() and " " not in word


class StoreCounts(Mapping[str, int]):
    """word -> occurrences in a store: a ``Counter``'s figures, each made on the word's first
    ask from the ASCII texts (``words``, :class:`StoreWords`) plus ``extra`` (the other texts'
    words, counted). No zero counts: a word with none is not in it."""

    __slots__ = ("_words", "_extra", "_known")

    def __init__(self, words: StoreWords, extra: Counter) -> None:
        self._words, self._extra = words, extra
        self._known: dict[str, int] = {}

    def _count(self, word: str) -> int:
        raise NotImplementedError

    def _candidates(self) -> set[str]:
        """Words of the ASCII texts that may have a count (all that do)."""
        raise NotImplementedError

    def prime(self, words: Iterable[str]) -> None:
        """The words about to be asked (``StoreWords.prime``)."""
        self._words.prime(words)

    def get(self, word: str, default=None):
        n = self._known.get(word)
        if n is None:
            n = self._known[word] = self._count(word) + self._extra.get(word, 0)
        return n if n else default

    def __getitem__(self, word: str) -> int:
        n = self.get(word)
        if n is None:
            raise KeyError(word)
        return n

    def __contains__(self, word: object) -> bool:
        return type(word) is str and self.get(word) is not None

    def __iter__(self) -> Iterator[str]:
        words = self._candidates()
        return chain(filter(self.__contains__, words), filterfalse(words.__contains__, self._extra))

    def __len__(self) -> int:
        return sum(1 for _ in self)


class LowerCounts(StoreCounts):
    """Lowercase word -> occurrences written in lowercase (``CorpusStats.lower``). Its words are
    found at once (health reads which words there are, not how often)."""

    __slots__ = ("_lower",)

    def __init__(self, words: StoreWords, extra: Counter) -> None:
        super().__init__(words, extra)
        self._lower = frozenset(words.lower_words())

    def _count(self, word: str) -> int:
        return self._words.lower(word) if word in self._lower else 0

    def _candidates(self) -> set[str]:
        return self._lower

    def __iter__(self) -> Iterator[str]:  # (each has a count: none to make)
        return chain(self._lower, filterfalse(self._lower.__contains__, self._extra))


class CapitalCounts(StoreCounts):
    """Casefolded word -> capitalised occurrences not at a sentence start (``CorpusStats.capital_mid``)."""

    __slots__ = ()

    def _count(self, word: str) -> int:
        return self._words.capitals(word)

    def at_most(self, word: str, n: int) -> bool:
        """``self.get(word, 0) <= n``, not counted when the capitalised runs alone are no more."""
        runs = self._words.capital_runs(word) if word not in self._known else None
        if runs is not None and runs + self._extra.get(word, 0) <= n:
            return True
        return self.get(word, 0) <= n

    def _candidates(self) -> set[str]:
        return self._words.capital_words()


# "mempalace/cli.py", "src/acme_sdk/io/read.ts": the directory a code file lives in names the
# package (the project being built); layout directories before it are skipped.
_CODE_PATH = re.compile(r"(?<![\w./~-])((?:[A-Za-z_][\w-]*/)+)[\w.-]*\.(?:py|pyi|js|jsx|ts|tsx|mjs|rs|go|rb|"
                        r"java|kt|swift|c|cc|cpp|h|hpp|cs|php|scala|ex|exs|lua|sh)\b")
_LAYOUT_DIRS = frozenset("src lib libs packages pkg cmd internal app apps source sources python js ts "
                         "tests test spec specs docs doc examples example scripts script bin tools "
                         "benchmarks bench fixtures vendor third_party node_modules build dist".split())


def package_dirs(text: str) -> list[str]:
    """The package directory of each code-file path in ``text``, casefolded."""
    if "/" not in text:
        return []
    out = []
    for m in _CODE_PATH.finditer(text):
        for part in m.group(1).split("/"):
            if part and part.casefold() not in _LAYOUT_DIRS:
                out.append(part.casefold())
                break
    return out


def aggregate(facts: Iterable[tuple[str, list]]) -> CorpusStats:
    """Sum per-memory facts (``memory_facts``) into the store's statistics."""
    turns: list[str] = []
    dialogue: set[str] = set()
    technical: set[str] = set()
    lower_parts: list[str] = []
    capital_parts: list[str] = []
    package_parts: list[str] = []
    for mid, (tech, speakers, lower, capital_mid, packages) in facts:
        if tech:
            technical.add(mid)
        if speakers:
            turns.extend(speakers)
            dialogue.add(mid)
        lower_parts.append(lower)
        capital_parts.append(capital_mid)
        if packages:
            package_parts.append(packages)
    speaker_turns = Counter(turns)
    speakers = {s for s, n in speaker_turns.items() if n >= 2}  # one "Montana:" line is a heading
    # Each memory's words split on their own and counted as they come: the same words in the
    # same order as a split of all of them joined, without that one long string and the list
    # of every word of the store in memory at once
    return CorpusStats(frozenset(speakers), frozenset(dialogue), frozenset(technical),
                       Counter(chain.from_iterable(map(str.split, lower_parts))),
                       Counter(chain.from_iterable(map(str.split, capital_parts))),
                       Counter(chain.from_iterable(map(str.split, package_parts))))


def _commit_prefix(text: str) -> bool:
    """A commit-message prefix ("fix(api):") at a line start (only the text's start in one line)."""
    return (_COMMIT.search(text) if "\n" in text else _COMMIT.match(text)) is not None


def is_technical(text: str) -> bool:
    """Two or more code-like spans (identifiers, paths, backticks, commit prefixes)."""
    if not ("`" in text or "_" in text or "#" in text or "()" in text or _DOT_MARK.search(text)
            or _commit_prefix(text)):
        return False  # no branch of _CODE can match: skip its slow scan (most chat text)
    # Each match of a branch but the commit prefix's holds a mark, so two matches (they do not
    # overlap) hold two: with fewer, only a commit prefix can be the second ("PR #837" alone
    # is not technical; most texts with a mark hold one)
    marks = text.count("`") + text.count("_") + text.count("#") + text.count("()")
    if marks < 2 and marks + len(_DOT_MARK.findall(text)) < 2 and not _commit_prefix(text):
        return False
    spans = _CODE.finditer(text)  # the first two of findall's matches: the rest need no scan
    return next(spans, None) is not None and next(spans, None) is not None


# Lowercase slang only ("U.S." is no "u"), runs of "!?" and emoji.
_INFORMAL = re.compile(
    r"(?<![\w.])(?:lol|lmao|lmfao|rofl|omg|omfg|wtf|smh|tbh|idk|imo|imho|ikr|btw|plz|pls|thx|u|ur|yall|gonna|"
    r"wanna|gotta|dont|cant|im|ive|bruh|haha\w*|hehe\w*|LOL|OMG|WTF|LMAO)(?![\w.])|[!?]{2,}|"
    r"[\u2600-\u27bf\U0001f000-\U0001faff]")


@functools.lru_cache(maxsize=4096)
def informal(text: str) -> bool:
    """Chat-like writing outside a speaker envelope (posts, comments): slang, emoji, "!!"."""
    return bool(_INFORMAL.search(text))


def is_sentence_initial(start: int, sent_start: int, text: str) -> bool:
    """Nothing but punctuation or a bullet between the line/sentence start and the mention."""
    line0 = text.rfind("\n", 0, start) + 1
    s0 = max(line0, sent_start if 0 <= sent_start <= start else line0)
    return text[s0:start].strip(" \t\"'“‘([*-#>•.0123456789") == ""
