"""Regex pre-pass for names with inner punctuation, which spaCy's tokenizer shreds.

``PR #1628``, ``#733``, ``@igorls``, ``src/x.py``, ``~/.cache/``, ``README.md``,
``Node.js``, ``llama.cpp``, ``C++``, ``soul-protocol``, ``gpt-oss:20b``, and
`backticked` text. Each hit is a (start, end, kind) triple over the segment
text; spaCy candidates that overlap a hit give way to it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from soulgraph import shapes

_FILE_EXT = shapes.FILE_EXTENSIONS
_TECH_SUFFIX = "js|cpp|ts|io|ai|net|rs|jl|nvim|vim"

_ISSUE = r"(?:(?:PRs?|pr|[Ii]ssues?|[Pp]ull(?: request)?|MR|[Tt]icket|[Bb]ug)\s?)?(?<![\w&/#])#\d{1,7}\b"
# "@jessie_m" (social handles hold underscores), "@milla-jovovich"; never "@gmail.com" or "@pytest.mark"
_HANDLE = r"(?<![\w.@/])@[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,38}[A-Za-z0-9_])?(?![\w@.]*\.[a-z]{2,}\b)"
_URL = r"\bhttps?://[^\s<>()\"'`]+[^\s<>()\"'`.,;:!?]"
# paths: ~/x, ./x, /x/y, a/b/ (trailing slash) or a/b.ext ; components may hold <slug> or *
_COMP = r"[\w.*<>@+-]++"  # atomic: no backtracking inside a path component
_NOT_BEFORE_PATH = r"(?<![\w/~.:*<>@+-])"
_PATH = rf"{_NOT_BEFORE_PATH}(?:~/|\.{{1,2}}/|/)?(?:{_COMP}/)++(?:{_COMP})?|{_NOT_BEFORE_PATH}~/{_COMP}"
# standards and specs: PEP 621, RFC 5646, BCP 47, ISO 8601
_STANDARD = r"\b[A-Z]{2,5} \d{1,5}\b(?![.,]?\d)"
_FILE = rf"(?<![\w/.-])\.?[\w][\w.+-]*\.(?:{_FILE_EXT})\b(?![\w/-])"
_DOTFILE = r"(?<![\w/.-])\.[a-z][\w-]+(?:\.[\w-]+)*\b(?![\w/])"
_TECHDOT = rf"(?<![\w/.-])[A-Za-z][\w-]*\.(?:{_TECH_SUFFIX})\b(?![\w./-])"
_PLUS = r"(?<![\w+#])[A-Za-z]\+\+(?![\w+])|(?<![\w#])[CF]#(?![\w#])"
_MODEL_TAG = (r"(?<![\w:/.-])[a-z][\w.-]*:[\w.-]*\d[\w.-]*(?![\w:])"
              r"|(?<![\w:/.-])[a-z][\w.-]*\d[\w.-]*:[a-z][\w.-]*(?![\w:])")
# Code that the tokenizer keeps whole but that must cut proper-noun runs ("BLOB embeddings.seq_id").
_DOTTED = r"(?<![\w/.@-])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?(?![\w/-])"
_IDENT = r"(?<![\w.-])_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+_*(?:\(\))?(?![\w-])|(?<![\w.])\w+\(\)"
# Conventional-commit headers and trailer keys: "feat(x):", "fix!:", "Co-authored-by:", "Refs:"
_HEADER = (r"(?<![^\n])[ \t]*[a-z]+(?:\([^)\n]{0,40}\))?!?:(?=\s)"
           r"|(?<![^\n])[ \t]*[A-Z][a-z]*(?:-[A-Za-z]+)+:(?=\s)")
_HYPHEN = r"(?<![\w/.-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?![\w/.-])"
_BACKTICK = r"`[^`\n]{1,80}`"
_FLAGRX = r"(?<![\w-])--?[A-Za-z][\w-]*(?:=[^\s'\"`]*[^\s'\"`.,;:!?)])?"

_RX = re.compile("|".join(f"(?P<{k}>{v})" for k, v in (
    ("header", _HEADER), ("backtick", _BACKTICK), ("flag", _FLAGRX), ("url", _URL), ("issue", _ISSUE),
    ("handle", _HANDLE),
    ("path", _PATH), ("file", _FILE), ("techdot", _TECHDOT), ("plus", _PLUS), ("standard", _STANDARD),
    ("modeltag", _MODEL_TAG), ("dotted", _DOTTED), ("ident", _IDENT), ("dotfile", _DOTFILE),
    ("hyphen", _HYPHEN),
)))

# Cheap test whether a segment may hold a tech token at all (skip the big regex).
HINT = re.compile(r"[#@/`+:_(]|\.[A-Za-z]|\w-\w|[A-Z]{2} \d")


@dataclass(slots=True)
class TechSpan:
    start: int
    end: int
    kind: str  # shape kind: path, file, issue_ref, handle, url, tech, hyphenated, code
    backticked: bool = False


def find(text: str) -> list[TechSpan]:
    """Tech-token spans of ``text`` (non-overlapping, in order)."""
    if not HINT.search(text):
        return []
    out: list[TechSpan] = []
    for m in _RX.finditer(text):
        kind = m.lastgroup
        if kind == "standard":
            if not shapes.is_common_acronym(m.group().split()[0]):
                out.append(TechSpan(m.start(), m.end(), "standard"))
            continue
        if kind in ("header", "flag"):
            out.append(TechSpan(m.start(), m.end(), "code"))
            continue
        if kind == "backtick":
            cmd = _COMMAND.match(m.group()[1:-1])
            if cmd:  # `ruff format --check`, `pip install`: the program is a tool name
                s = m.start() + 1 + cmd.start(1)
                out.append(TechSpan(s, s + len(cmd.group(1)), "command", True))
                out.append(TechSpan(s + len(cmd.group(1)), m.end() - 1, "code", True))
                continue
            body = m.group()[1:-1]
            inner = body.strip()
            s = m.start() + 1 + body.index(inner)
            span = _classify(inner, s, s + len(inner), backticked=True)
        else:
            span = _classify(m.group(), m.start(), m.end())
        if span is not None:
            out.append(span)
    return out


_COMMAND = re.compile(r"^\s*([a-z][\w.-]*[a-z0-9])\s+(?:[a-z][\w-]*|-{1,2}\w)[^`]*$")
_REQ = re.compile(r"^([A-Za-z][\w.-]*[A-Za-z0-9])(?:\[[\w,]+\])?\s*(?:[<>=!~]=?|@)\s*[\w.*]+")


def _classify(s: str, start: int, end: int, *, backticked: bool = False) -> TechSpan | None:
    if backticked:
        req = _REQ.match(s)  # `tomli>=2.0.0`: the package name, not the spec
        if req:
            s, end = req.group(1), start + len(req.group(1))
        elif not shapes.is_path(s) and any(ch in s for ch in "()=<>[]{},;\"' "):
            return TechSpan(start, end, "code", backticked)
    # trailing sentence punctuation is not part of a name ("see src/x.py.")
    while end > start and s[-1] in ".,;:!?)":
        if s.endswith(("++", "()")) or (s.endswith(".") and s.count(".") == 1 and backticked):
            break
        s, end = s[:-1], end - 1
    if not s or end <= start:
        return None
    kind = _kind(s)
    if kind is None:
        return None
    return TechSpan(start, end, kind, backticked)


_INITIALISM = re.compile(r"(?:[A-Z][a-z]?\.){1,3}[A-Z][a-z]?\.?")


def _kind(s: str) -> str | None:
    if _INITIALISM.fullmatch(s):
        return None  # "U.S.", "N.Y.", "D.C.", "J.H.": initials and abbreviations, left to NER
    if s.startswith(("http://", "https://")):
        return "url"
    if "#" in s and re.search(r"#\d", s):
        return "issue_ref"
    if s.startswith("@"):
        return "handle"
    if shapes.is_tech_name(s) and "/" not in s:
        return "tech"
    if shapes.is_path(s):
        return "path" if "/" in s else "file"
    if "/" in s:
        return None  # "and/or", "backends/chroma": not a file path
    if shapes.is_code_identifier(s) or shapes.is_flag(s) or shapes.is_version(s):
        return "code"
    if re.fullmatch(r"\.[a-z][\w.-]+", s):
        return "file"  # dotfile / dot-directory: .claude-plugin, .env
    if ":" in s and not any(ch.isdigit() for ch in s):
        return "code"  # key:value, hnsw:space, model:latest
    if "+" in s or "#" in s or "." in s or ":" in s:
        return "tech"
    if "-" in s:
        return "hyphenated"
    return "code" if " " not in s else None
