"""Junk filter for candidate names: what is never worth a node, and shape cues.

Plain functions over strings and spaCy tokens, shared by ``candidates``: single
ordinary words capitalised by position, shouting, versions, identifiers,
interjections, fillers, modifier-style hyphen compounds.
"""

from __future__ import annotations

import re

from soulgraph import shapes
from soulgraph.classify import gazetteer
from soulgraph.classify.lexicon import AGENT_SUBJ_VERBS, PERSON_NOUNS
from soulgraph.extract import lexicon

NUMBER_LABELS = frozenset({"DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "CARDINAL", "ORDINAL"})
PLACE_PERSON = frozenset({"GPE", "LOC", "PERSON", "FAC", "ORG", "NORP"})
_PROPN = frozenset({"NNP", "NNPS"})
_INTERJ = re.compile(
    r"^(?:a+w+|m+|h+m+|o+h+|a+h+|u+h+|e+h+|u+m+|w+o+w+|y+a+y+|a*(?:h+a+)+h*|(?:h+e+)+|w+o+o+h+o+o+|"
    r"o+o+p+s+|u+g+h+|y+e+s+|n+o+|o+k+|z+|y+a+s+|e+w+|p+f+t+|s+h+|b+r+r+|g+r+r+|x+o+)$|^\w*(\w)\1\1\w*$",
    re.IGNORECASE,
)
_ODD_CHARS = re.compile(r"[^\w\s.'’&-]")


_PARTY_STATE = re.compile(r"[DRI]-[A-Z][A-Za-z.]{1,12}$")
# Tags of a lone capitalised word that is grammar, not a name: verbs, adverbs, modals and the
# closed classes the word list may lack ("Whenever", "Whatever", "Whoever").
_NOT_NAME_TAGS = frozenset({"UH", "VB", "VBD", "VBG", "VBN", "VBZ", "VBP", "RB", "MD",
                            "WRB", "WDT", "WP", "WP$", "EX", "PDT", "CC", "TO", "PRP", "PRP$"})


def listed_lower_camel(s: str) -> bool:
    """"iOS", "vLLM": a known product's own spelling (the tagger calls them RB or JJ, and the
    dictionary knows "ios"); a random camel string from a link ("hSrCCL") is no such name."""
    return s[:1].islower() and s.isalnum() and shapes.is_camel_case(s) and gazetteer.is_listed(s)


def keep(s: str, toks, label, sent_initial: bool, all_propn: bool, extra) -> bool | str:
    """Junk filter: what is never worth a node ("defer": only if seen mid-sentence too)."""
    if len(s) < 2 and not s.isupper() or not any(ch.isalnum() for ch in s):
        return False
    if _ODD_CHARS.search(s):
        return False  # abspath+expanduser, a=b, x>y: code, not a name
    if _PARTY_STATE.match(s):
        return False  # "Sen. Dianne Feinstein (D-Calif.)": a party and a state, no name
    if "dateline_source" in extra or "dateline_place" in extra:
        return True  # "Sofia BTA", "Moscow IZVESTIYA": a place and a news source, in capitals or not
    if "cli_tool" in extra:
        return True  # "replace mapfile with sed" in technical text: the tool, not chat ("sed" ~ said)
    if label in NUMBER_LABELS:
        if shapes.is_version(s):
            return False
        if label in ("DATE", "TIME") and shapes.is_relative_date(s):
            return False  # "next week", "last year", "the end of the year": no day of their own
        if label == "CARDINAL" and shapes.is_numeric(s) and not (len(s) == 4 and s.isdigit()):
            return False  # "500", "10": a count names nothing ("1988", "2200" may be a year or a time)
        return any(ch.isdigit() for ch in s) or shapes.is_month(s) or len(toks) > 1
    if " " not in s:
        abbrev = label in ("GPE", "LOC") and s.endswith(".") and s[:1].isupper()  # "Va.", "Ill."
        if not abbrev and (_INTERJ.match(s) or lexicon.is_interjection_like(s)):
            return False  # Aww, Mmm, Hmmm, Yayyy, Woohoo, Haha, Wanna, Y'all
        if shapes.is_weekday(s) and label is None:
            return False  # "on Friday": a date, not a name
        kind = shapes.junk_kind(s)
        if kind == "shouting" and label in PLACE_PERSON and lexicon.pos_of(s) <= {"noun"}:
            kind = None  # BANGKOK, DAYTON in a news dateline: a name in capitals, not shouting
        if kind in ("flag", "version", "status", "code_identifier", "shouting", "common_acronym", "date"):
            return False
        if shapes.is_numeric(s):
            return False
        if "lower_nonword" in extra or "lower_place" in extra or any(c.startswith("cmd") for c in extra):
            return True
        if listed_lower_camel(s):
            return True
        if sent_initial and lexicon.is_word(s):
            # "Thanks", "Verification", "Wow": capitalised because they open the sentence
            pos = lexicon.pos_of(s)
            if label in ("PERSON", "GPE", "ORG", "NORP", "LOC") and all_propn and not _verbish(toks[0]) \
                    and pos and pos <= {"noun", "verb"} and not lexicon.is_interjection_like(s):
                return True  # "Grace said", "Max called": a nominal NER calls a name
            if (all_propn or label in PLACE_PERSON) and _agent_subject(toks[-1]) \
                    and not lexicon.is_interjection_like(s):
                return True  # "Maya founded Brightline", "Grace said ..." (NER silent or ORG)
            return "defer" if all_propn else False
        if not all_propn and label is None and gazetteer.is_plain_given_name(s):
            return True  # "my cousin Raj" (RB to the tagger): a known given name, no ordinary word
        if not all_propn and label is None and lexicon.is_word(s) and not s.isupper():
            return False
        if toks[0].tag_ in _NOT_NAME_TAGS and label is None:  # "Whenever", "Whatever": function words
            return False
    else:
        words = s.split()
        if label not in PLACE_PERSON and all(w.isupper() and w.isalpha() and len(w) > 3 for w in words) \
                and all(shapes.is_shouting(w) for w in words):
            return False
    return True


def _agent_subject(tok) -> bool:
    """The subject of a verb only people (or organisations) do: "said", "founded", "joined".

    A sentence-opening capital is grammar, but the subject of such a verb is the doer
    being named; typing still decides from all the evidence what kind of doer it is."""
    head = tok.head
    if tok.dep_ != "nsubj" or head.i == tok.i or not head.tag_.startswith("VB"):
        return False
    verb = lexicon.lemma(head.lower_, "verb")
    if verb == "be":  # "Grace is a member of the choir", "Will is my brother": said of someone
        return any(c.dep_ == "attr" and (c.lower_ in _MEMBER or c.lower_ in PERSON_NOUNS)
                   for c in head.children)
    return verb in AGENT_SUBJ_VERBS


_MEMBER = frozenset({"member", "members", "cofounder", "co-founder"})


def _verbish(tok) -> bool:
    return tok.tag_ in ("UH", "VB", "VBD", "VBG", "VBN", "VBZ", "RB", "JJ")


def plain_word(s: str) -> bool:
    """A backticked bare name worth a node: `pytest` yes, `init` / `config` (ordinary words) no."""
    return s.isalpha() and len(s) >= 2 and not lexicon.is_word(s)


def noun_parts(tok) -> bool:
    """A hyphenated compound the tagger reads as a proper name: nouns only, one of them proper.

    "soul-protocol" in "built on soul-protocol" (protocol/NNP) yes; "open-source",
    "self-acceptance", "module-level" no.
    """
    if tok is None or not len(tok):
        return False
    words = [t for t in tok if t.tag_ != "HYPH"]
    return len(words) >= 2 and any(t.tag_ in _PROPN for t in words) and all(
        t.tag_ in ("NN", "NNS", "NNP", "NNPS", "FW") and not t.is_stop and len(t) >= 2 for t in words)


# Second parts that make a hyphenated word an adjective/modifier, not a name ("module-level").
MODIFIER_PARTS = frozenset(
    "level style wide based side time scale type mode safe aware compat compatible specific friendly only "
    "free like ready first heavy bound driven oriented facing related proof native agnostic sensitive "
    "insensitive independent dependent enabled disabled capable backed powered specific term".split()
)


def keep_hyphenated(s: str, backticked: bool, propn: bool) -> bool:
    """soul-protocol / mempalace-mcp / kimi-k2 / Jean-Luc: not 'steady-state' or 'API-keyed'.

    ``propn``: the parser tagged every part as a noun ("soul-protocol" reads as a name,
    "open-source" / "real-time" do not).
    """
    if shapes.is_locale(s) or s.rsplit("-", 1)[-1].lower() in MODIFIER_PARTS:
        return False
    if backticked:
        return True
    if propn and s.islower() and not shapes.junk_kind(s) and s.rsplit("-", 1)[-1] not in MODIFIER_PARTS \
            and not s.endswith("s"):
        return True
    if shapes.is_status_token(s) or shapes.junk_kind(s):
        return False
    parts = [p for p in s.split("-") if p]
    if any(p.isdigit() for p in parts) and sum(p.isalpha() for p in parts) <= 1:
        return False  # SHA-256, COVID-19 handled by NER
    odd = [p for p in parts if not p.isdigit() and not lexicon.is_word(p) and not shapes.is_common_acronym(p)
           and p.lower() not in lexicon.PREFIXES]
    if not odd:
        return False
    if s.islower() or any(ch.isdigit() for ch in s):
        return True
    return all(p[:1].isupper() for p in parts)


def shape_cues(s: str, label) -> list[str]:
    out = []
    if label in NUMBER_LABELS or shapes.is_numeric(s):
        out.append("shape:numeric")
    if shapes.is_doc_name(s):
        out.append("shape:docname")
    elif shapes.is_acronym(s):
        out.append("shape:acronym")
    elif shapes.is_camel_case(s):
        out.append("shape:camel")
    if " " not in s and s[:1].isupper() and not shapes.is_camel_case(s) and lexicon.is_word(s):
        out.append("dict_word")
    return out
