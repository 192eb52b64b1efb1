"""Votes from what the name looks like, independent of context.

Identifiers, versions, dates and shouting can never be a person, org or place
(``soulgraph.shapes.junk_reason``); file paths and issue refs are documents;
``name:tag`` model tags, ``Node.js``-like names and CamelCase product names
lean to tools; a digit inside a name is almost never a person.
"""

from __future__ import annotations

import re

from soulgraph import shapes
from soulgraph.classify import gazetteer
from soulgraph.classify.evidence import Vote

NAMED = ("person", "org", "place")

_ISSUE = re.compile(r"^(?:(?:PR|pr|issue|Issue|PRs|pull|bug|Bug|ticket)\s*)?#\d+$|^(?:PR|GH)-?\d+$")
_STANDARD = re.compile(r"^(?:RFC|PEP|BCP|ISO|IEC|IEEE|ECMA|CVE|ADR|RFD|KEP|JEP|NIST)[\s-]?[\d.-]+[a-z]?$")
_PROJECT_FIRST = frozenset({"Project", "Initiative"})
_TOOLISH_LAST = frozenset("api sdk cli app server client plugin extension library lib ui mcp bot "
                          "engine framework runtime toolkit "
                          # consumer products named with their kind: "<brand> necklace", "<game> skin"
                          "necklace bracelet palette mascara lipstick spray skin skins laptop "
                          "console controller charger headphones earbuds sneakers".split())
_WORK_LAST = frozenset("movie movies film show trailer soundtrack remix episode podcast documentary "
                       "musical sequel prequel album mixtape".split())
# Standard-library and common framework decorators: "@dataclass", "@lru_cache" are code, not users.
_DECORATORS = frozenset("""
dataclass dataclasses property staticmethod classmethod abstractmethod cached_property lru_cache cache
wraps contextmanager asynccontextmanager override overload final total_ordering singledispatch
singledispatchmethod functools typing abc pytest fixture mock patch retry validator field_validator
model_validator root_validator computed_field receiver login_required csrf_exempt
""".split())
_LOCAL = re.compile(r"^(?:https?://)?(?:localhost|127\.0\.0\.1|0\.0\.0\.0)\b|^/(?:v\d+|api)(?:/[\w{}<>.-]+)+/?$")
_URL = re.compile(r"^(?:https?://|www\.)\S+$", re.I)
_DOMAIN = re.compile(r"^[\w-]+\.(?:com|org|net|io|ai|dev|app|co)$", re.I)
_HANDLE = re.compile(r"^@[\w.-]+$")
_MODEL_TAG = re.compile(r"^[a-z][\w.-]*:[\w.-]+$", re.I)  # qwen3:8b, llama3.1:70b-cloud
_TECH_SUFFIX = re.compile(r"\.(?:js|ts|cpp|rs|py|rb|go|sh|net|io|ai)$", re.I)
_DOCNAME = frozenset({"readme", "changelog", "license", "licence", "contributing", "makefile",
                      "dockerfile", "todo.md", "authors", "security", "code_of_conduct", "notice"})
_CAMEL = re.compile(r"^(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+|[A-Z]{2,}[a-z]+\w*)$")
_NAME_CAMEL = re.compile(r"^(?:Mc|Mac|De|Le|La|Di|Da|Van|Von|O')[A-Z][a-z]+$")  # McDonald, LeBron
_ALLCAPS_WORD = re.compile(r"^[A-Z][A-Z&.]{1,5}$")
_PLURAL_ACRONYM = re.compile(r"^[A-Z]{2,5}s$")
# "Nokia 888", "Thunderbolt 3": a name then a model number
_MODEL_NO = re.compile(r"^[A-Z][\w.-]*(?:\s[A-Za-z][\w.-]*)*\s(?:[A-Za-z]{0,2}\s?)?\d{1,4}[a-z]?$")
_DIGIT = re.compile(r"\d")
_NUMERIC = re.compile(r"^[\d\s.,:/%$€£-]+[a-z]{0,3}$", re.I)


def votes(name: str) -> tuple[list[Vote], dict[str, str]]:
    """(votes, forbidden types -> why) for the name's shape."""
    s = name.strip()
    out: list[Vote] = []
    forbid: dict[str, str] = {}
    if not s:
        return out, forbid
    if _ISSUE.match(s):
        return [Vote("document", "issue/PR ref", 5.0, "shape")], dict.fromkeys(NAMED, "issue ref")
    if _STANDARD.match(s):
        return [Vote("document", "standard / spec number", 4.0, "shape")], dict.fromkeys(NAMED, "standard")
    toks = s.split()
    if len(toks) > 1 and toks[0] in _PROJECT_FIRST and toks[1][:1].isupper():
        # "Project Falcon", "Initiative Blue": the word says what the name names
        return [Vote("project", f"'{toks[0]} X' name", 3.0, "project")], {
            "person": "project name", "place": "project name"}
    if len(toks) > 1 and toks[-1].casefold() in _TOOLISH_LAST:
        out.append(Vote("tool", f"'{toks[-1]}' name", 3.0, "shape"))
        forbid.update(dict.fromkeys(NAMED, f"'{toks[-1]}' name"))
    if gazetteer.is_shop_shaped(s):  # "Joe's Pizza", "Hell's Kitchen": nobody is named so
        forbid.update(person="<X>'s <shop word> (a shop, a district, a song)")
        if gazetteer.is_shop_name(s):  # "Joe's Pizza", "Jimmy John's Sandwiches": the business
            # a vote, no veto: weaker than a work's "X by <author>" ("Tom's Diner by Suzanne
            # Vega", a song), and a place's evidence may outweigh it
            out.append(Vote("org", "a shop named for its owner (Joe's Pizza)", 3.0, "shape"))
    if len(toks) > 1 and toks[-1].casefold() in _WORK_LAST and toks[0][:1].isupper():
        # "Hitman Movie", "the Wendy show", "Frozen soundtrack": a title, named with its kind
        out.append(Vote("concept", f"'{toks[-1]}' title", 3.0, "shape"))
        forbid.update(dict.fromkeys(("person", "place"), f"'{toks[-1]}' title"))
    if _LOCAL.match(s):
        why = "local address / API endpoint"
        return [Vote("concept", why, 3.0, "shape")], dict.fromkeys((*NAMED, "document"), why)
    if _URL.match(s):
        return [Vote("document", "URL", 5.0, "shape")], dict.fromkeys(NAMED, "URL")
    if _HANDLE.match(s):
        bare = s[1:].casefold()
        if bare in _DECORATORS or bare.split(".")[0] in _DECORATORS:
            return [Vote("concept", "Python decorator", 4.0, "junk")], dict.fromkeys(NAMED, "decorator")
        if bare.endswith("bot") or bare.endswith("-bot") or bare.endswith("[bot]"):
            return [Vote("tool", "bot account", 3.0, "shape")], {"person": "bot account", "place": "handle"}
        return [Vote("person", "@handle", 3.0, "handle")], {"place": "handle"}
    if s.casefold() in _DOCNAME:
        return [Vote("document", "document name", 4.0, "shape")], dict.fromkeys(NAMED, "document name")
    if _NUMERIC.match(s):
        return [Vote("concept", "number/date", 4.0, "shape")], dict.fromkeys(NAMED, "number")
    if _MODEL_TAG.match(s) and " " not in s:
        return [Vote("tool", "model tag name:tag", 4.0, "shape")], dict.fromkeys(NAMED, "model tag")
    junk = shapes.junk_reason(s)
    if junk == "file path" and "/" not in s and s[0].isupper() and s.lower().endswith(".js"):
        return [Vote("tool", "tech name (x.js)", 2.5, "shape")], dict.fromkeys(NAMED, "tech name")
    if junk == "file path":
        return [Vote("document", "file path", 5.0, "shape")], dict.fromkeys(NAMED, junk)
    if junk == "code identifier" and _TECH_SUFFIX.search(s) and "_" not in s:
        out.append(Vote("tool", "tech name (x.js)", 2.0, "shape"))
        return out, dict.fromkeys(NAMED, "tech name")
    if junk == "code identifier" and _DOMAIN.match(s):
        return [Vote("org", "domain name", 1.0, "shape"), Vote("tool", "domain name", 0.8, "shape")], {
            "person": "domain", "place": "domain"}
    if junk is not None:
        weight = 1.0 if junk in ("common acronym",) else 2.5
        return [Vote("concept", junk, weight, "junk")], dict.fromkeys(NAMED, junk)
    if _MODEL_NO.match(s):
        out.append(Vote("tool", "model number (Name 7)", 1.5, "shape"))
    elif _DIGIT.search(s):
        out.append(Vote("tool", "digit in name", 0.8, "shape"))
        forbid["person"] = "digit in name"
    if _PLURAL_ACRONYM.match(s):  # "DVDs", "NFTs", "DIYs": a kind of thing, counted
        out.append(Vote("concept", "plural of an acronym", 2.0, "shape"))
        forbid.update(dict.fromkeys(NAMED, "plural of an acronym"))
    elif _CAMEL.match(s) and not _NAME_CAMEL.match(s) and " " not in s:
        out.append(Vote("tool", "CamelCase product name", 1.2, "shape"))
        out.append(Vote("person", "CamelCase", -1.5, "shape"))
    if "-" in s and " " not in s and s.islower() and _verb_form(s.rsplit("-", 1)[1]):
        out.append(Vote("concept", "hyphenated verb form", 1.5, "shape"))  # "re-running", "collab-ing"
        forbid.update(dict.fromkeys(NAMED, "hyphenated verb form"))
    elif "-" in s and " " not in s and s.islower():
        out.append(Vote("tool", "hyphenated lowercase name", 1.0, "shape"))
        forbid["place"] = "hyphenated lowercase"
    if _ALLCAPS_WORD.match(s) and not shapes.is_common_acronym(s):
        if len(s.strip(".&")) >= 3:
            out.append(Vote("org", "acronym", 0.5, "acronym"))
            forbid["person"] = "acronym"
        elif not _listed(s):  # two letters: a label or abbreviation unless a list knows it (UK, EU, AP)
            forbid.update(person="two-letter acronym", org="two-letter acronym", place="two-letter acronym")
    elif s.isupper() and s.isalpha() and len(s) >= 6:
        out.append(Vote("concept", "all-caps word", 1.0, "junk"))
        forbid.update(person="all-caps word", place="all-caps word", org="all-caps word")
    if len(toks) > 2 and any(t.casefold().rstrip(".") in ("vs", "v", "versus") for t in toks[1:-1]):
        out.append(Vote("concept", "a match-up (X vs Y)", 2.0, "shape"))
        forbid.update(dict.fromkeys(NAMED, "a match-up (X vs Y)"))
    if len(toks) > 1 and any(t.islower() and t.isalpha() and t not in _PARTICLES for t in toks[1:-1]) \
            and not gazetteer.is_titled_of(s):  # ("Duchess of Kent" is someone)
        forbid["person"] = "lowercase word inside the name"
    elif _MIDDLE_INITIAL.match(s) and not _institution_last(toks[-1]) and (
            toks[1].endswith(".") or _given(toks[1])):  # "Jo Ann K. Smith", not "Mongolian Prime P. Jasray"
        out.append(Vote("person", "given name, middle initial, surname (John A. Smith)", 3.0, "initial"))
    return out, forbid


# "Charles J. Guiteau", "Walter R. Mears", "Mary Lou K. Smith Jr.": a middle initial between
# capitalised names is how people's names (and nothing else) are written; a title word first
# ("Gen. A. Smith") is left to the title rule.
_MIDDLE_INITIAL = re.compile(r"^[A-Z][a-z]+(?:[ -][A-Z][a-z]+)?\s[A-Z]\.\s(?:Mc|Mac|O'|De)?[A-Z][a-z]+"
                             r"(?:-[A-Z][a-z]+)?(?:\s(?:Jr\.?|Sr\.?|II|III|IV))?$")


def _given(word: str) -> bool:
    from soulgraph.classify import gazetteer

    return gazetteer.is_given_name(word)


def _institution_last(word: str) -> bool:
    """"John F. Kennedy Airport", "Martin L. King Center": a building or body named for someone."""
    from soulgraph.classify import gazetteer

    w = word.casefold().rstrip(".")
    return w in gazetteer.words("orgs_suffix") or w in gazetteer.words("places_suffix")


def _verb_form(part: str) -> bool:
    """"running", "padded", a bare "ing": an inflected verb ends the hyphenated word, so it
    says what is done ("re-running"), not what a package is called ("django-embed", "x-string")."""
    if part in ("ing", "ed"):
        return True
    if not part.endswith(("ing", "ed")):
        return False
    from soulgraph.extract import lexicon

    return lexicon.lemma(part, "verb") != part


def is_standard(name: str) -> bool:
    """A spec number of a known standards series (RFC 5646, PEP 8, ISO 8601)."""
    return bool(_STANDARD.match(name.strip()))


def _listed(s: str) -> bool:
    from soulgraph.classify import gazetteer

    k = gazetteer.key(s)
    return any(k in gazetteer.words(n) for n in ("orgs", "places", "tools", "languages"))


_PARTICLES = frozenset("de da di del della der den du van von la le bin ibn al el dos das do y e st "
                       "the".split())
