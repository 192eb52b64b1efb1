"""Name-shape predicates: what a string looks like, independent of context.

Shared by the extractors (drop junk early), the classifier (shape votes) and
health (estimated type errors). Each predicate is a small pure function of one
string. ``junk_reason`` / ``junk_kind`` combine them: a string with a junk shape
cannot be a person, org or place (it may still be a ``concept``, or a
``document`` for paths and PR refs).

Predicates (all ``str -> bool`` unless noted):

- ``is_shouting``: all-caps ordinary word (MERGED, NOT); real acronyms (NASA) are not
- ``is_acronym``: 2-6 capitals/digits with at least 2 letters (MCP, NASA, MD5)
- ``is_common_acronym``: a generic technical/chat acronym (API, CI, PR, JSON, LGTM)
- ``is_code_identifier``: snake_case, SCREAMING_SNAKE, dotted.paths, `backticked`, f()
- ``is_tech_name``: Node.js, llama.cpp, Socket.IO (not code, not a file)
- ``is_camel_identifier``: code-like CamelCase (addPoint, TaskSpec, ValueError)
- ``is_camel_case``: any CamelCase (TikTok, GitHub, TaskSpec, macOS)
- ``is_commit_hash``: df33550
- ``is_locale``: zh-CN, pt-BR, en_US
- ``is_version``: v2, 0.15.15, v3.3.2, M3, M2a, 3.9
- ``is_date_like``: Nov-2025, 2024-11-05, 11/05/2024
- ``is_weekday`` / ``is_month``: day and month names (ambiguous: May, June)
- ``is_relative_date``: next week, last year, yesterday, the end of the year (not June 20, two years)
- ``is_flag``: --mode, -v, --out=x
- ``is_path``: src/x.py, ~/.cache/, tests/, README.md (``is_file_name`` for the last)
- ``is_issue_ref``: #733, PR #12, issue #4
- ``is_handle``: @igorls
- ``is_url``: http(s)://...
- ``is_doc_name``: README, CHANGELOG, LICENSE, Makefile (conventional file names)
- ``is_status_token``: CI-green, tests-passing
- ``is_numeric``: digits and separators only (500, 10,000, ~0.90)
"""

from __future__ import annotations

import functools
import re

FILE_EXTENSIONS = (
    "py|pyi|pyx|ipynb|js|mjs|cjs|jsx|ts|tsx|mts|cts|md|mdx|rst|json|jsonl|toml|yaml|yml|txt|rs|go|sh|bash|zsh|"
    "cfg|ini|conf|lock|html|htm|css|scss|sqlite3|sqlite|db|bin|so|dll|dylib|pid|log|csv|tsv|xml|"
    "c|h|cc|cpp|hpp|java|kt|rb|php|swift|lua|sql|env|pdf|png|jpg|jpeg|gif|svg|zip|gz|tgz|whl|"
    "onnx|pt|gguf|safetensors|soul|vue|svelte|dart|scala|proto|graphql|tf|service|plist|"
    "spec|patch|diff|bak|tmp|pem|crt|key|wasm|exe|msi|dmg|deb|rpm|mp3|mp4|wav|docx|xlsx|pptx"
)
_EXT_SET = frozenset(FILE_EXTENSIONS.split("|"))
_TECH_EXT = frozenset({"js", "ts"})  # Node.js, Vue.js: product names, not files

_SNAKE = re.compile(r"^_*[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)+_*$|^__\w+__$|^_[a-z]\w*$")
_SCREAMING = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+(?:\(\))?$")
_CALL = re.compile(r"^[A-Za-z_][\w.]*\(\)$")
_LOWER_CAMEL = re.compile(r"^[a-z]{2,}[a-z0-9]*(?:[A-Z][a-z0-9]+)+[A-Z]?$")  # addPoint, protocolVersion
_UPPER_CAMEL = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z]+[a-z0-9]*)+$")  # TaskSpec, TikTok, GitHub
_ANY_CAMEL = re.compile(r"[a-z][A-Z]|[A-Z]{2}[a-z]")
# Suffixes / prefixes that make a CamelCase word a class name rather than a product.
_CODE_PARTS = (
    "Error", "Exception", "Warning", "Spec", "Hook", "Config", "Manager", "Handler", "Info", "Collection",
    "Client", "Factory", "Builder", "Provider", "Service", "Store", "Cache", "Mixin", "Base", "Type",
    "Mode", "Result", "Request", "Response", "Schema", "Model", "Adapter", "Wrapper", "Helper", "Util",
    "Utils", "Loader", "Reader", "Writer", "Parser", "Validator", "Registry", "Context", "State",
    "Options", "Settings", "Params", "Args", "Dict", "List", "Set", "Map", "Queue", "Stream", "Node",
    "Graph", "Tree", "Index", "Entry", "Record", "Item", "Impl", "Interface", "Controller", "View",
    "Component", "Widget", "Task", "Job", "Worker", "Runner", "Executor", "Scheduler", "Listener",
    "Callback", "Event", "Message", "Payload", "Token", "Session", "Lifecycle", "Literal", "Enum",
    "Backend", "Frontend", "Server", "Pool", "Lock", "Buffer", "Pipeline", "Plugin", "Command", "Group",
    "Policy", "Strategy", "Middleware", "Processor", "Resolver", "Serializer", "Encoder", "Decoder",
    "Iterator", "Observer", "Visitor", "Repository", "Formatter", "Logger", "Converter", "Mapper",
    "Dispatcher", "Emitter", "Renderer", "Subscriber", "Publisher", "Limiter", "Descriptor",
)
_CODE_PREFIX = ("Test", "Base", "Abstract", "Mock", "Fake", "Stub", "Default", "Async")
_VERSION = re.compile(
    r"^[vV]?\d+(?:\.\d+)+(?:[-.+]?[a-z0-9]+)*$|^[vV]\d+[a-z]?$|^[Mm]\d+[a-z]?$|^[Ll]ayer\d+$|^[Ll]\d$"
)
_TECH_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9-]*\.(?:js|cpp|io|IO|ai|net|rs|jl|nvim)$")
_LOCALE = re.compile(r"^[a-z]{2,3}[-_](?:[A-Z]{2}|[a-z]{2}|[A-Z][a-z]{3}|\d{3})$|^[A-Z]{2}[-_][A-Z]{2}$")
_HASH = re.compile(r"^[0-9a-f]{7,40}$")
_FLAG = re.compile(r"^--?[A-Za-z][\w-]*(?:=\S*)?$")
_FILE = re.compile(rf"^\.?[\w][\w.+@-]*\.(?:{FILE_EXTENSIONS})$")
_PATH = re.compile(r"^(?:~/|\.{1,2}/|/)?(?:[\w.*<>@+-]+/)*[\w.*<>@+-]+/?$")
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
_MONTH_NAMES = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
_WEEKDAYS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun"
    .split()
)
_DATE = re.compile(
    rf"^(?:{_MONTHS})[a-z]*\.?[- ]?(?:\d{{1,2}}(?:st|nd|rd|th)?,?[- ]?)?\d{{2,4}}$"
    r"|^\d{4}-\d{2}(?:-\d{2})?(?:[T ][\d:.]+Z?)?$|^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$"
    r"|^Q[1-4](?:[- ]?\d{2,4})?$|^FY[- ]?\d{2,4}$",
    re.I,
)
_STATUS = re.compile(
    r"^[A-Za-z]{2,}[-_](?:green|red|yellow|pass(?:ed|ing)?|fail(?:ed|ing)?|ok|clean|broken|ready)$", re.I
)
_ISSUE = re.compile(
    r"^(?:(?:PRs?|pr|[Ii]ssues?|[Pp]ull(?: request)?|MR|[Tt]icket|[Bb]ug)\s?)?#\d{1,7}$"
)
_HANDLE = re.compile(r"^@[A-Za-z0-9](?:[A-Za-z0-9-]{0,38}[A-Za-z0-9])?$")
_URL = re.compile(r"^https?://\S+$")
_NUMERIC = re.compile(r"^[~<>=+-]?[\d.,:/%x]+[kKmMbB%]?$")
_ACRONYM = re.compile(r"^(?=(?:[A-Z0-9]*[A-Z]){2})[A-Z][A-Z0-9]{1,5}s?$")

DOC_NAMES = frozenset({
    "README", "CHANGELOG", "CHANGES", "LICENSE", "LICENCE", "CONTRIBUTING", "ROADMAP", "AUTHORS",
    "NOTICE", "SECURITY", "CODEOWNERS", "Makefile", "Dockerfile", "Procfile", "Gemfile", "Vagrantfile",
    "Justfile", "Containerfile", "HISTORY", "RELEASING", "MAINTAINERS", "TODO.md",
})

COMMON_ACRONYMS = frozenset({
    "API", "CI", "CD", "PR", "PRS", "JSON", "YAML", "TOML", "CSV", "HTML", "CSS", "HTTP", "HTTPS",
    "URL", "URI", "SQL", "CLI", "UI", "UX", "SDK", "LLM", "AI", "ML", "OS", "DB", "ID", "IDS", "TODO",
    "README", "FAQ", "ETA", "EOD", "ASAP", "FYI", "TBD", "WIP", "LGTM", "OK", "RAM", "CPU", "GPU",
    "SSD", "PDF", "UTF", "ASCII", "REST", "RPC", "SSH", "TLS", "SSL", "DNS", "IP", "TCP", "UDP",
    "CJK", "KG", "NLP", "NER", "QA", "PM", "AM", "UTC", "ENV", "VM", "E2E", "OOM", "RSS",
    "TDD", "WAL", "DX", "MVP", "POC", "KPI", "OKR", "SLA", "CRUD", "ORM", "JWT", "XML", "IO",
    "CLA", "PRD", "EOF", "EOL", "TTL", "LRU", "FIFO", "LIFO", "GC", "IPC", "DSL", "IDE", "VCS",
    "LOL", "OMG", "BTW", "IMO", "IMHO", "TBH", "IDK", "BRB", "TTYL", "DM", "DMS", "PS", "NB", "AKA",
    "FTW", "GG", "THX", "PLS", "ASL", "TIL", "ELI5", "NSFW", "RIP", "CEO", "CTO", "CFO", "COO",
    "HR", "PTO", "ETL", "SEO", "B2B", "B2C", "SAAS", "HNSW", "KV", "QPS", "RPS", "P50", "P95", "P99",
    "BLOB", "UUID", "GUID", "SHA", "MD5", "CRLF", "LF", "BOM", "MIME", "CORS", "CSRF", "XSS",
    "TTY", "PID", "ARM", "CUDA", "SIMD", "AST", "REPL", "PRAGMA", "ABI", "FFI", "GIL", "LGBTQ",
    "JSONL", "NDJSON", "CWD", "PWD", "TOCTOU", "ACL", "RBAC", "SSO", "MFA", "OTP", "VPN", "LAN", "WAN",
    "CDN", "DOM", "SPA", "SSR", "CSP", "HMR", "NPM", "OCR", "TTS", "STT", "RAG", "KB",
    "VRAM", "POSIX", "TPS", "TTFT", "ROI", "SLO", "P2P", "NAT", "DHCP", "LDAP", "SMTP", "IMAP",
    "MB", "GB", "TB", "KIB", "MIB", "GIB", "MS", "FPS", "RPM", "DPI", "HDR", "USB", "HDMI", "LED", "LCD",
})


@functools.cache
def _is_word(s: str) -> bool | None:
    """English-word test via the model's lemma tables; None when they are unavailable."""
    from soulgraph.extract import lexicon

    return lexicon.is_word(s) if lexicon.available() else None


def is_shouting(s: str) -> bool:
    """An all-caps ordinary word of 4+ letters (MERGED, SEPARATE, NOT is 3: see below).

    With the English word list available, only real words count (so NASA, ONNX
    stay possible acronym names); without it, any all-caps word of 4+ letters.
    Three-letter all-caps function words (NOT, AND, ALL, ...) count too.
    """
    if " " in s or "_" in s or not s.isupper():
        return False
    letters = sum(c.isalpha() for c in s)
    if letters != len(s.replace("-", "").replace("'", "")):
        return False
    if letters <= 3:
        return s.lower() in _SHORT_SHOUTS
    if letters >= 8:
        return True  # PYTHONPATH, USERPROFILE: environment names / shouting, never acronyms
    word = _is_word(s)
    if word is None:
        return True
    if not word:
        return False
    from soulgraph.extract import lexicon

    pos = lexicon.pos_of(s)
    # nouns alone may be acronym names listed in WordNet (NASA, NATO): only long ones shout
    return bool(pos - {"noun"}) or letters >= 6 or not pos


_SHORT_SHOUTS = frozenset(
    "not and all any but for the now yes new old off out one two too big bad top can may has had was "
    "are get got put set run use via see why how who its our you may did done".split()
)


def is_acronym(s: str) -> bool:
    """2-6 capitals/digits with at least two letters (MCP, NASA, MD5, PRs)."""
    return bool(_ACRONYM.match(s))


def is_tech_name(s: str) -> bool:
    """A product name with a dotted suffix: Node.js, Vue.js, llama.cpp, Socket.IO, Fast.ai."""
    return bool(_TECH_NAME.match(s))


def is_code_identifier(s: str) -> bool:
    """snake_case, SCREAMING_SNAKE, dotted.paths, calls f(), `backticked`, __dunder__."""
    if is_tech_name(s):
        return False
    return bool(
        _SNAKE.match(s) or _SCREAMING.match(s) or (_DOTTED.match(s) and not is_path(s))
        or _CALL.match(s) or s.startswith("`")
    )


_NAME_PREFIX = re.compile(r"(?:Mc|Mac|Le|La|De|Di|Du|Da|Van|Von)[A-Z][a-z]{2,}(?:['\u2019]s)?$")


def is_camel_case(s: str) -> bool:
    """Any inner capital after a lowercase letter (TikTok, GitHub, macOS, TaskSpec), but not a
    surname's prefix (McDonald, LeBron, DiCaprio, MacKenzie: people's names, not product names)."""
    return " " not in s and bool(_ANY_CAMEL.search(s)) and not _NAME_PREFIX.match(s)


def is_camel_identifier(s: str) -> bool:
    """CamelCase that reads as code: lowerCamel (addPoint) or a class name.

    A class name has a code-ish part (``TaskSpec``, ``ValueError``,
    ``CloudLifecycleHook``, ``TestKGLazyCache``) or 3+ humps. Two-hump product
    names (TikTok, GitHub, WorkBuddy, ChatGPT) are not identifiers.
    """
    if " " in s or not s.isascii() or _I_BRAND.match(s):
        return False
    if _LOWER_CAMEL.match(s):
        from soulgraph.classify import gazetteer

        return not gazetteer.is_listed(s)  # spaCy: a list knows it by this name, so it is no code
    stem = s[:-1] if s.endswith("s") else s
    if _ANY_CAMEL.search(s) and any(stem.endswith(p) and len(stem) > len(p) for p in _CODE_PARTS):
        return True  # OSError, PersistentClients, HTTPServer
    if not _UPPER_CAMEL.match(s):
        return False
    humps = re.findall(r"[A-Z]+[a-z0-9]*", s)
    if len(humps) >= 3 and sum(len(h) > 1 for h in humps) >= 3:
        return True
    return s.endswith(_CODE_PARTS) or (len(humps) >= 2 and humps[0] in _CODE_PREFIX)


# One lowercase letter before one capitalised word: the Apple / eBay brand shape (iPhone, iMessage,
# iCloud, eBay), read as "Message"-the-code-part otherwise. Code rarely names things like this.
_I_BRAND = re.compile(r"^[ie][A-Z][a-z]{2,}$")


def is_commit_hash(s: str) -> bool:
    """A git commit hash (df33550, 7-40 hex digits with at least one digit and one letter)."""
    return bool(_HASH.match(s)) and any(c.isdigit() for c in s) and any(c.isalpha() for c in s)


def is_locale(s: str) -> bool:
    """A language / locale tag (zh-CN, pt-BR, en_US, zh-Hant): a code, not a name."""
    return bool(_LOCALE.match(s))


def is_version(s: str) -> bool:
    """Version / milestone tags: v2, 0.15.15, v3.3.2rc1, M3, M2a, 3.9, Layer1."""
    return bool(_VERSION.match(s))


def is_month(s: str) -> bool:
    return s.lower().rstrip(".") in _MONTH_NAMES


def is_weekday(s: str) -> bool:
    return s.lower().rstrip(".") in _WEEKDAYS


# Words that tie a date to the moment it was said ("last week", "two days later", "this year"):
# such a date names no day of its own once the memory is read a month later.
_DEICTIC = frozenset("""last next this coming past previous ago later earlier yesterday today tonight
tomorrow now recently currently soon""".split())
# What anchors a date on the calendar or counts a span besides digits, months and weekdays.
_NUMBER_WORDS = frozenset("""one two three four five six seven eight nine ten eleven twelve thirteen
fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty
ninety hundred thousand""".split())
_DATE_FILLER = frozenset("""the a an end early late mid middle of beginning start this that same day days
week weeks weekend month months year years decade decades century morning afternoon evening night
summer winter spring autumn fall season""".split())
_WORDS = re.compile(r"[^\W_]+")


def is_relative_date(s: str) -> bool:
    """A date only the time of saying pins down: "next week", "last year", "Yesterday",
    "the end of the year", "days later". Not "June 20", "1988", "two years", "Thursday",
    "Independence Day" (a calendar anchor, a number or a name of its own)."""
    words = _WORDS.findall(s)
    if not words or any(w.lower() in _DEICTIC for w in words):
        return bool(words)
    for w in words:
        low = w.lower()
        if any(c.isdigit() for c in w) or low in _MONTH_NAMES or low in _WEEKDAYS or low in _NUMBER_WORDS:
            return False
        if w[:1].isupper() and low not in _DATE_FILLER:
            return False  # a name of its own: "Christmas", "Independence Day"
    return True


def is_date_like(s: str) -> bool:
    """A date string: Nov-2025, March 2024, 2024-11-05, 05/11/2024, Q3-2025, Q3, FY24."""
    return bool(_DATE.match(s))


def is_flag(s: str) -> bool:
    return bool(_FLAG.match(s))


def is_file_name(s: str) -> bool:
    """A file name with a known extension (README.md, chroma.sqlite3); not Node.js."""
    if not _FILE.match(s):
        return False
    stem, _, ext = s.rpartition(".")
    return not (ext in _TECH_EXT and stem[:1].isupper() and "." not in stem)


def is_path(s: str) -> bool:
    """A file or directory path, or a file name (src/x.py, ~/.mempalace, tests/, a.md).

    Needs an anchor (``~``, ``/``, ``./``), a trailing slash, or a file extension,
    so "and/or" and "backends/chroma" are not paths.
    """
    if is_file_name(s):
        return True
    if "/" not in s or not _PATH.match(s) or "//" in s:
        return False
    if s.startswith(("~", "/", "./", "../")) or s.endswith("/"):
        return len(s) > 2
    last = s.rsplit("/", 1)[-1]
    return "." in last and last.rsplit(".", 1)[-1] in _EXT_SET


def is_issue_ref(s: str) -> bool:
    """#733, PR #12, issue #4."""
    return bool(_ISSUE.match(s))


def is_handle(s: str) -> bool:
    """@igorls: a user handle."""
    return bool(_HANDLE.match(s))


def is_url(s: str) -> bool:
    return bool(_URL.match(s))


def is_doc_name(s: str) -> bool:
    """A conventional repository document name (README, CHANGELOG, Makefile)."""
    return s in DOC_NAMES or s.split(".")[0] in DOC_NAMES


def is_status_token(s: str) -> bool:
    """A status word glued to a subject: CI-green, tests-passing, build-red."""
    return bool(_STATUS.match(s))


def is_numeric(s: str) -> bool:
    """Only digits and number punctuation (500, 10,000, ~0.90, 27%)."""
    return bool(_NUMERIC.match(s)) and any(c.isdigit() for c in s)


def is_common_acronym(s: str) -> bool:
    u = s.upper()
    hit = u in COMMON_ACRONYMS or (u.endswith("S") and u[:-1] in COMMON_ACRONYMS and s[-1] == "s")
    if hit and s.islower():  # "npm" is the tool, whatever "NPM" is in prose
        from soulgraph.classify import gazetteer

        return gazetteer.key(s) not in gazetteer.words("tools")
    return hit


_JUNK_CHECKS = (
    (is_flag, "flag", "CLI flag"), (is_version, "version", "version tag"),
    (is_commit_hash, "code_identifier", "commit hash"), (is_locale, "locale", "locale tag"),
    (is_date_like, "date", "date"), (is_weekday, "date", "weekday"),
    (is_status_token, "status", "status token"),
    (is_code_identifier, "code_identifier", "code identifier"),
    (is_camel_identifier, "camel_identifier", "code identifier"),
    (is_common_acronym, "common_acronym", "common acronym"), (is_shouting, "shouting", "shouting"),
)


def junk_kind(s: str) -> str | None:
    """Short code of why ``s`` cannot be a person/org/place name (``junk:<kind>`` cue), or None.

    Paths, file names, issue refs, handles and URLs are not junk: they are
    documents (or people, for handles) and are checked first.
    """
    s = s.strip()
    if not s or is_path(s) or is_issue_ref(s) or is_handle(s) or is_url(s) or is_doc_name(s):
        return None
    for pred, kind, _ in _JUNK_CHECKS:
        if pred(s):
            return kind
    return None


def junk_reason(s: str) -> str | None:
    """Why ``s`` cannot be a person/org/place name (human words), or None when it could be.

    File paths are reported as "file path" (they are documents, never people).
    """
    s = s.strip()
    if is_path(s):
        return "file path"
    if is_issue_ref(s) or is_url(s):
        return "reference"
    for pred, _, reason in _JUNK_CHECKS:
        if pred(s):
            return reason
    return None
