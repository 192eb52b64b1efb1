"""Precompiled patterns of the regex fallback extractor.

Every pattern is compiled once at import. Names are found with a Unicode-aware
capital-letter class (``re`` has no ``\\p{Lu}``), so João, Zoë and Björn are
names like any other. Runs of capitalised words are joined by spaces or tabs
only, never by ``\\s``: a line break always ends a name ("Riley\\nThanks").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from soulgraph.extract.regex_words import CHAT_OPENERS, CONNECTORS


def _char_class(pred, limit: int = 0x2000) -> str:
    """A regex character class body listing every code point below ``limit`` for which pred holds."""
    parts: list[str] = []
    start = prev = None
    for cp in range(limit):
        if pred(chr(cp)):
            if start is None:
                start = cp
            prev = cp
            continue
        if start is not None:
            parts.append(_rng(start, prev))
            start = None
    if start is not None:
        parts.append(_rng(start, prev))
    return "".join(parts)


def _rng(a: int, b: int) -> str:
    return re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"


UPPER = _char_class(lambda c: c.isupper() or c.istitle())

_SP = r"[ \t\u00a0]"  # inline space only: a newline never joins two words of a name
_WORDTAIL = r"[^\W_]*(?:['’\-][^\W_]+)*"
_CONN = rf"(?:{'|'.join(CONNECTORS)})"

# The commonest chat words scan() skips as a whole run ("I", "It's", "Thanks": half of all
# runs in chat) are not matched at all: a negative lookahead after the first letter rejects
# them where the run would be that word alone (the word, then a run end: spaces and a
# lowercase word that is no connector, or punctuation). Each is a run scan() drops anyway
# (a capitalised stopword or a stopword's contraction; tests/test_regex_scan_openers.py), and
# no run can start inside it, so the runs scan() reads are the same.
# (``upper``: the capitals' class body, UPPER or, for a text all in ASCII, A-Z: see NAME_RUN_ASCII)
def _run_end(upper: str) -> str:
    return (rf"(?:[ \t\u00a0]++(?!{_CONN}[ \t\u00a0])[^{upper} \t\u00a0]"
            r"|[,!?;:)\"”\n\r]|\.(?![^\W_])|\Z)")


def _opener_skip(words: tuple[str, ...]) -> str:
    """The words after their first letter (the lookahead sits after it), as one alternation.

    Read only as "can one of them be there", so the branches may come in any order: each opens
    with the word's second letter (or quote), which sre tests before entering a branch, and
    checks the first letter by a lookbehind only then ("Jo" of "John" enters the "o" branch
    alone); the one-letter words ("I") come last, as a lookbehind over a class of them."""
    by_second: dict[str, list[str]] = {}
    singles: list[str] = []
    for w in words:
        if len(w) == 1:
            singles.append(re.escape(w))
            continue
        second = _opener_unit(w[1])
        by_second.setdefault(second, []).append(f"(?<={re.escape(w[0])}{second}){_opener_unit(w[2:])}")
    alts = [f"{second}(?:{'|'.join(sorted(rests, key=len, reverse=True))})"
            for second, rests in by_second.items()]
    if singles:
        alts.append(f"(?<=[{''.join(singles)}])")
    return "|".join(alts)


def _opener_unit(text: str) -> str:
    return re.escape(text).replace("'", "['’]")  # either apostrophe


_OPENER_SKIP = _opener_skip(CHAT_OPENERS)


# A run of capitalised words ("Claude Code", "Cliffs of Moher", "John F. Kennedy", "Zoë"), not inside a
# tech token or identifier (no word char, '.', '@', '#', '/' around it). The pattern
# starts with a character class (its lookbehind comes after the first letter) so
# the engine can skip ahead to capitals instead of trying every position.
def _name_run(upper: str) -> re.Pattern:
    return re.compile(
        rf"[{upper}](?<![\w.@#/'’\-].)(?!(?:{_OPENER_SKIP}){_run_end(upper)}){_WORDTAIL}"
        rf"(?:{_SP}+(?:{_CONN}{_SP}+|(?:[{upper}]\.{_SP}+)+)?[{upper}]{_WORDTAIL})*"
        rf"(?![\w@/+#]|[.'’\-][^\W_])"
    )


NAME_RUN = _name_run(UPPER)
# The same runs in a text all in ASCII, where UPPER holds A-Z only: a class of one range is cheaper
# for sre to test at every character than UPPER's table of a thousand capitals (``name_runs``).
NAME_RUN_ASCII = _name_run("A-Z")


def name_runs(t: str) -> Iterator[re.Match]:
    """``NAME_RUN.finditer(t)``."""
    return (NAME_RUN_ASCII if t.isascii() else NAME_RUN).finditer(t)


NONSPACE = re.compile(r"\S+")

_EXT = (
    "py|pyi|pyx|ipynb|js|mjs|cjs|ts|tsx|jsx|mts|md|mdx|rst|txt|json|jsonl|toml|yaml|yml|ini|cfg|conf|"
    "lock|rs|go|rb|java|kt|swift|c|h|cc|hpp|cs|php|lua|sh|bash|zsh|ps1|bat|sql|sqlite|sqlite3|db|"
    "bin|so|dll|dylib|exe|csv|tsv|xml|html|htm|css|scss|pdf|png|jpg|jpeg|gif|svg|log|env|wasm|zip|"
    "gz|tgz|whl|soul|parquet|pkl|pt|onnx|gguf|safetensors"
)
FILE_EXTENSIONS = frozenset(_EXT.split("|"))

# Tech tokens are found chunk by chunk: a trigger character finds a candidate
# whitespace-delimited chunk, which is then classified by the full matches below.
TRIGGER = re.compile(r"[#@/`+_.:\-](?:(?<=[.:\-])(?=\w)|(?<=[#@/`+_]))")
# TRIGGER's second branch one character at a time: a pattern opening with one literal lets sre
# skip ahead with a plain character loop, not a class test per character (``has_trigger``)
_DOT_WORD, _COLON_WORD, _DASH_WORD = (re.compile(rf"{re.escape(c)}(?=\w)") for c in ".:-")


def has_trigger(t: str) -> bool:
    """``TRIGGER.search(t) is not None``: a trigger character of the first branch anywhere (a
    substring test each), or ".", ":" or "-" before a word character (searched for only when
    the character is there at all: most chat turns hold no ":" nor "-", and a search call
    costs far more than a substring test)."""
    return ("#" in t or "@" in t or "/" in t or "`" in t or "+" in t or "_" in t
            or "." in t and _DOT_WORD.search(t) is not None
            or ":" in t and _COLON_WORD.search(t) is not None
            or "-" in t and _DASH_WORD.search(t) is not None)
WS = re.compile(r"\s")
CHUNK_LEAD = "([{\"'“‘*"
CHUNK_TRAIL = ".,;:!?)]}\"'”’*"
ISSUE = re.compile(r"(?:PRs?|pr|MR)?#\d{1,7}")
ISSUE_PREFIX = re.compile(r"(?:PRs?|pr|[Ii]ssues?|[Pp]ull request|MR)[ \t]$")
HANDLE = re.compile(r"@[A-Za-z0-9_][A-Za-z0-9_\-]{0,38}")  # "@jessie_m" too
LANG = re.compile(r"[A-Za-z]\+\+|[CF]#")
TECHDOT = re.compile(r"[A-Z][\w\-]*\.(?:js|io|ai|NET)|[A-Za-z][\w\-]*\.cpp")
FILE = re.compile(rf"\.?\w[\w.+\-]*\.(?:{_EXT})")
MODEL_TAG = re.compile(r"[a-z][\w.\-]*:[\w.\-]*\d[\w.\-]*|[a-z][\w.\-]*\d[\w.\-]*:[a-z][\w.\-]*")
HYPHEN_LOWER = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
# Lowercase package names at install / import sites and in version pins.
PACKAGE_SITE = re.compile(
    r"\b(?:pip3?|pipx|uv(?:[ \t]+pip)?|npm|pnpm|yarn|brew|cargo|gem|conda|poetry)[ \t]+(?:install|add|i)"
    r"[ \t]+(?:-{1,2}[\w\-=]+[ \t]+)*(?P<inst>[a-z][\w\-]*[a-z0-9])(?![\w.\-/])"
    r"|^[ \t]*(?:import[ \t]+(?P<imp>[a-z_][a-z0-9_]*)"
    r"|from[ \t]+(?P<frm>[a-z_][a-z0-9_]*)[\w.]*[ \t]+import\b)",
    re.MULTILINE,
)
PIN = re.compile(r"(?P<name>[a-z][\w\-]*?)(?:\[[\w,\-]+\])?(?:==|>=|<=|~=|!=)v?\d")
INNER_CAP = re.compile(r"[a-z][A-Z]")
# Class names that are code, never entities: exceptions and test classes.
CODE_CAMEL = re.compile(r"[A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt)|Test[A-Z]\w*")

# "PEP 8", "RFC 5646": an acronym run followed by a number.
SPEC_PREFIXES = frozenset({"PEP", "RFC", "BCP", "ISO", "CVE", "ECMA"})
SPEC_NUM = re.compile(r"[ \-]\d+(?:-\d+)*\b")

# Starts with a class for speed (the lookbehind after it checks the word start);
# callers still check the word is one of PERSON_PRONOUNS ("Sis" matches too).
PRONOUN = re.compile(r"[HhSs](?<!\w.)(?:he|e|im|ers?|is|imself|erself)\b")
# The PRONOUN matches that are PERSON_PRONOUNS, and only those (no "Sis", "se" to filter out),
# found at their "h" / "H" (every one holds one, first or after the "s" / "S" of "she"): two
# literal-first patterns let sre skip ahead with a plain character loop instead
# of a class test per character; a match of "she" found at its "h" opens one character earlier.
# Its branches open with the letter after the "h" (sre skips a branch whose literal is not there:
# the "h" of "that", "what", "with" costs no lookbehind) and check the word start behind them.
PRONOUN_AT_LOWER_H = re.compile(
    r"h(?:e(?:(?<=\bhe)(?:rs?|rself)?|(?<=\b[Ss]he))|i(?<=\bhi)(?:m(?:self)?|s))\b")
PRONOUN_AT_UPPER_H = re.compile(r"H(?<=\bH)(?:e|im(?:self)?|is|ers?|erself)\b")
PRONOUN_WORD = re.compile(r"[HhSs](?:he|e|im|ers?|is|imself|erself)")  # its letters, for fullmatch

_ADVERBS = "also|just|then|finally|never|always|really|actually|even|still|once|quickly|quietly|suddenly"
# First / second person words and greetings: a lone "Name:" prefix followed by these is a chat turn
# (``convo_pronoun``). Read only as "is there one", in two searches: "I" (its own literal-first
# pattern: sre skips ahead with a plain character loop, and most turns that hold a match hold
# an "I") and the other words, opening with a class of their first letters (no "I" in it: each
# hit costs a match attempt, and "I" no longer needs the one branch no literal opens). Each
# branch opens with the word's second letter (sre skips a branch whose literal is not there)
# and ends with a lookbehind over the whole word for its first letter and the leading \b.
# "I'm", "I've", "I'll" need no branch of their own: their "I" ends a word.
_CONVO_I = re.compile(r"I(?<!\wI)\b")
_CONVO_OTHER = re.compile(
    r"[mywoTtHhWwBb](?:e(?<=\b[mw]e)|y(?<=\bmy)|ou(?<=\byou)r?|ow(?<=\b[wW]ow)|ur(?<=\bour)"
    r"|hanks(?<=\b[Tt]hanks)|ey(?<=\b[Hh]ey)|i(?<=\b[Hh]i)|ello(?<=\b[Hh]ello)|ye(?<=\b[Bb]ye))\b")


def convo_pronoun(t: str, pos: int, endpos: int) -> bool:
    """A whole word of I, me, my, you, your, we, our, thanks, hey, hi, hello, wow, bye (and the
    capitalised Thanks, Hey, Hi, Hello, Wow, Bye) in ``t[pos:endpos]`` (the \\b before a word
    reads the character before ``pos``, as a search from ``pos`` does)."""
    return _CONVO_I.search(t, pos, endpos) is not None or _CONVO_OTHER.search(t, pos, endpos) is not None


# What follows a name, anchored at its end (``.match(text, end)``).
AFTER = re.compile(
    r"[ \t]*(?P<email><[^<>\s@]+@[^<>\s]+>)"
    r"|(?P<version>[ \t]*(?:==|>=|~=)[ \t]*\d|[ \t]+v?\d+(?:\.\d+)+\b|[ \t]+v\d+\b)"
    rf"|[ \t]+(?:(?:{_ADVERBS})[ \t]+)?(?P<word>[a-z]+)"
)
# A closing quote right before a name: '"Sure," Riley said' (dialogue attribution).
QUOTE_END = re.compile(r"[,.!?…][\"”'’][ \t]*$")

# Sentence boundaries inside a segment, for Mention.sent_start / sent_end.
SENT_BOUND = re.compile(r"[.!?…\n](?:(?<=\n)|[.!?…]*[\"'”’)\]]*(?=\s))")
# The same boundaries in a text all in ASCII, without the non-ASCII "…", "”", "’": sre tests a
# one-byte-table class at every character instead of a class that needs its big table
_SENT_BOUND_ASCII = re.compile(r"[.!?\n](?:(?<=\n)|[.!?]*[\"')\]]*(?=\s))")


def sentence_ends(t: str) -> list[int]:
    """Where ``SENT_BOUND``'s matches in ``t`` end, in order."""
    return [m.end() for m in (_SENT_BOUND_ASCII if t.isascii() else SENT_BOUND).finditer(t)]


# Characters skipped when looking back for the start of a sentence.
OPENER_SKIP = frozenset(" \t\"'“‘”’([{*_>#-•–—")
SENT_END_CHARS = frozenset(".!?:;…\n\r")
BULLETS = frozenset("-*•>#–—")
