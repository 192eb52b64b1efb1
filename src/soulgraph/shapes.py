"""Name-shape predicates: what a string looks like, independent of context.

Shared by the extractors (drop junk early), the classifier (shape votes) and
health (estimated type errors). Each predicate is a small pure function.
"""

from __future__ import annotations

import re

_SNAKE = re.compile(r"^[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+$")
_SCREAMING = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+(?:\(\))?$")
_CAMEL_INNER = re.compile(r"^[A-Z]?[a-z0-9]+(?:[A-Z][a-z0-9]+)+$")  # TaskSpec, addPoint
_VERSION = re.compile(r"^(?:v|V)?\d+(?:\.\d+)+[a-z0-9.-]*$|^v\d+[a-z]?$|^[Mm]\d+[a-z]?$")
_FLAG = re.compile(r"^--?[A-Za-z][\w-]*(?:=\S*)?$")
_EXT = "py|js|ts|md|json|jsonl|toml|yaml|yml|txt|rs|go|sh|cfg|ini|lock|html|css"
_PATH = re.compile(rf"^(?:[\w.~-]+/)+[\w.-]+$|^[\w-]+\.(?:{_EXT})$")
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
_DATE = re.compile(rf"^(?:{_MONTHS})[a-z]*[- ]?\d{{2,4}}$|^\d{{4}}-\d{{2}}(?:-\d{{2}})?$", re.I)
_STATUS = re.compile(r"^(?:CI|ci)[-_](?:green|red|pass(?:ed|ing)?|fail(?:ed|ing)?)$")

COMMON_ACRONYMS = frozenset({
    "API", "CI", "CD", "PR", "PRS", "JSON", "YAML", "TOML", "CSV", "HTML", "CSS", "HTTP", "HTTPS",
    "URL", "URI", "SQL", "CLI", "UI", "UX", "SDK", "LLM", "AI", "ML", "OS", "DB", "ID", "IDS", "TODO",
    "README", "FAQ", "ETA", "EOD", "ASAP", "FYI", "TBD", "WIP", "LGTM", "OK", "RAM", "CPU", "GPU",
    "SSD", "PDF", "UTF", "ASCII", "REST", "RPC", "SSH", "TLS", "SSL", "DNS", "IP", "TCP", "UDP",
    "CJK", "KG", "MCP", "NLP", "NER", "QA", "PM", "AM", "UTC", "ENV", "VM", "E2E",
})


def is_shouting(s: str) -> bool:
    """An all-caps word of 4+ letters that is not a known acronym name (MERGED, NOT)."""
    letters = [c for c in s if c.isalpha()]
    return len(letters) >= 4 and s.isupper() and " " not in s and "_" not in s


def is_code_identifier(s: str) -> bool:
    return bool(_SNAKE.match(s) or _SCREAMING.match(s) or _DOTTED.match(s) or s.startswith("`")
                or s.endswith("()"))


def is_camel_identifier(s: str) -> bool:
    return bool(_CAMEL_INNER.match(s)) and not s[0].isupper() or bool(
        re.match(r"^[A-Z][a-z]+(?:[A-Z][a-z0-9]+){1,}$", s)
    )


def is_version(s: str) -> bool:
    return bool(_VERSION.match(s))


def is_date_like(s: str) -> bool:
    return bool(_DATE.match(s))


def is_flag(s: str) -> bool:
    return bool(_FLAG.match(s))


def is_path(s: str) -> bool:
    return bool(_PATH.match(s))


def is_status_token(s: str) -> bool:
    return bool(_STATUS.match(s))


def is_common_acronym(s: str) -> bool:
    return s.upper().rstrip("S") in COMMON_ACRONYMS or s.upper() in COMMON_ACRONYMS


def junk_reason(s: str) -> str | None:
    """Why ``s`` cannot be a person/org/place name, or None when it could be."""
    s = s.strip()
    checks = (
        (is_flag, "CLI flag"), (is_path, "file path"), (is_version, "version tag"),
        (is_date_like, "date"), (is_status_token, "status token"),
        (is_code_identifier, "code identifier"), (is_common_acronym, "common acronym"),
        (is_shouting, "shouting"),
    )
    for pred, reason in checks:
        if pred(s):
            return reason
    return None
