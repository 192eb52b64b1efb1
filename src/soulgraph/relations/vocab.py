"""Trigger words -> controlled relations (ontology.RELATIONS), and coarse mention types.

Why tables and not a model: the vocabulary is small and fixed, every edge must
be explainable by the word that fired it, and this runs on thousands of
memories. The pipeline loads spaCy without its lemmatizer, so verbs are
reduced to a base form here (``lemma``) from a known-verb list.
"""

from __future__ import annotations

from functools import cache

from soulgraph.models import Mention

# verb (base form, optionally "verb particle") -> relation when it takes a direct object.
VERB_OBJ: dict[str, str] = {
    "use": "uses", "utilize": "uses", "adopt": "uses", "prefer": "likes",
    "build": "builds", "develop": "builds", "ship": "builds", "maintain": "builds",
    "code": "builds", "implement": "builds", "prototype": "builds",
    "create": "created", "write": "created", "make": "created", "compose": "created",
    "paint": "created", "design": "created", "author": "created", "publish": "created",
    "record": "created", "direct": "leads", "produce": "created",
    "found": "founded", "co-found": "founded", "cofound": "founded", "establish": "founded",
    "start": "founded", "launch": "founded", "set up": "founded",
    "lead": "leads", "head": "leads", "run": "leads", "chair": "leads", "command": "leads",
    "operate": "leads", "own": "leads",
    "manage": "manages", "supervise": "manages", "mentor": "manages",
    "join": "member_of", "rejoin": "member_of",
    "visit": "visited", "tour": "visited",
    "attend": "attended",
    "like": "likes", "love": "likes", "enjoy": "likes", "adore": "likes",
    "kill": "killed", "murder": "killed", "assassinate": "killed", "shoot": "killed",
    "slay": "killed", "stab": "killed", "execute": "killed", "strangle": "killed",
    "meet": "knows", "know": "knows", "marry": "family_of", "wed": "family_of",
    "befriend": "friend_of", "date": "knows",
    "employ": "@works_at_rev", "hire": "@works_at_rev",
    "require": "depends_on", "import": "uses",
}

# (verb, preposition) -> relation for "VERB PREP X".
VERB_PREP: dict[tuple[str, str], str] = {
    ("work", "at"): "works_at", ("work", "for"): "works_at", ("work", "with"): "knows",
    ("work", "on"): "builds", ("intern", "at"): "works_at", ("teach", "at"): "works_at",
    ("start", "at"): "works_at", ("begin", "at"): "works_at",
    ("cover", "for"): "works_at", ("report", "for"): "works_at", ("write", "for"): "works_at",
    ("play", "for"): "member_of", ("speak", "for"): "works_at",  # a player is on a team, not staff
    ("serve", "at"): "works_at", ("serve", "in"): "member_of", ("serve", "on"): "member_of",
    ("be employ", "by"): "works_at", ("employ", "by"): "works_at", ("employ", "at"): "works_at",
    ("hire", "by"): "works_at", ("hire", "at"): "works_at",
    ("live", "in"): "lives_in", ("reside", "in"): "lives_in", ("settle", "in"): "lives_in",
    ("grow up", "in"): "lives_in", ("bear", "in"): "lives_in", ("raise", "in"): "lives_in",
    ("bear", "near"): "lives_in", ("bear", "at"): "lives_in", ("live", "near"): "lives_in",
    ("stay", "in"): "visited", ("live", "at"): "lives_in",
    ("move", "to"): "@move", ("relocate", "to"): "@move", ("move", "in"): "lives_in",
    ("emigrate", "to"): "lives_in", ("immigrate", "to"): "lives_in",
    ("base", "in"): "located_in", ("headquarter", "in"): "located_in",
    ("locate", "in"): "located_in", ("situate", "in"): "located_in", ("base", "at"): "located_in",
    ("locate", "at"): "located_in", ("locate", "on"): "located_in",
    ("go", "to"): "visited", ("travel", "to"): "visited", ("fly", "to"): "visited",
    ("be", "to"): "visited", ("come", "to"): "visited", ("drive", "to"): "visited",
    ("be", "from"): "lives_in",  # "I'm originally from Sweden" (not "I'm back from Paris",
    # "was ten miles from Reno", "is from Legal": verbs.not_origin)
    ("return", "to"): "visited", ("arrive", "in"): "visited", ("arrive", "at"): "visited",
    ("trip", "to"): "visited", ("vacation", "in"): "visited", ("holiday", "in"): "visited",
    ("report", "to"): "reports_to", ("belong", "to"): "member_of",
    ("depend", "on"): "depends_on", ("rely", "on"): "depends_on",
    ("switch", "to"): "uses", ("migrate", "to"): "uses", ("build", "with"): "uses",
    ("experiment", "with"): "uses", ("tinker", "with"): "uses",
    ("study", "at"): "attended", ("graduate", "from"): "attended", ("enroll", "at"): "attended",
    ("enroll", "in"): "attended", ("go", "at"): "attended",
    ("talk", "to"): "knows", ("talk", "with"): "knows", ("speak", "with"): "knows",
    ("speak", "to"): "knows", ("meet", "with"): "knows", ("chat", "with"): "knows",
    ("marry", "to"): "family_of", ("contribute", "to"): "builds", ("be", "on"): "member_of",
    ("sit", "on"): "member_of",
    ("work", "in"): "@in", ("retire", "from"): "works_at", ("resign", "from"): "works_at",
    ("volunteer", "at"): "member_of", ("volunteer", "for"): "member_of", ("volunteer", "with"): "member_of",
}

# Nouns that describe an entity by its relation to another ("the CTO of Acme",
# "my sister Ana", "Acme's founder"): noun -> relation from the described entity
# to the related one; "@rev" relations point the other way (possessor -> described).
ROLE_NOUN: dict[str, str] = {
    **dict.fromkeys((
        "ceo", "cto", "cfo", "coo", "cio", "cmo", "vp", "president", "vice-president",
        "chairman", "chairwoman", "chair", "director", "spokesman", "spokeswoman",
        "spokesperson", "employee", "engineer", "manager", "executive", "officer", "official",
        "editor", "correspondent", "reporter", "journalist", "analyst", "professor", "lecturer",
        "researcher", "scientist", "secretary", "staff", "staffer", "intern", "designer",
        "developer", "lawyer", "attorney", "adviser", "advisor", "consultant", "partner",
        "coach", "player", "captain", "commander", "agent", "representative", "job",
        "position", "role", "internship", "teacher", "worker", "economist", "strategist",
        "treasurer", "counsel", "administrator", "aide", "dean", "columnist", "producer",
        "physician", "doctor", "nurse", "pilot", "colleague", "coworker", "co-worker",
        "chief", "boss", "founder-ceo", "architect", "maintainer", "contributor",
        "superintendent", "negotiator", "deputy", "minister", "envoy", "diplomat", "commissioner",
        "judge", "justice", "prosecutor", "trader", "scholar", "anchor", "publisher", "curator",
        "ambassador", "employer", "manager", "supervisor", "accountant", "auditor", "vice",
        "administrator", "head",
    ), "works_at"),
    **dict.fromkeys(("candidate", "nominee", "lawmaker", "legislator", "congressman",
                     "congresswoman", "politician", "activist", "volunteer"), "member_of"),
    **dict.fromkeys(("student", "alumnus", "alumna", "graduate", "attendee"), "attended"),
    **dict.fromkeys(("founder", "co-founder", "cofounder", "creator"), "founded"),
    **dict.fromkeys(("leader", "head", "owner", "lead", "captain"), "leads"),
    **dict.fromkeys(("member", "fellow", "delegate", "supporter"), "member_of"),
    **dict.fromkeys(("resident", "native", "citizen", "mayor", "governor", "senator"), "lives_in"),
    **dict.fromkeys(("fan", "lover", "admirer", "pick", "favorite", "favourite"), "likes"),
    **dict.fromkeys((
        "mother", "father", "mom", "mum", "dad", "parent", "sister", "brother", "sibling",
        "daughter", "son", "child", "kid", "wife", "husband", "spouse", "partner", "aunt",
        "uncle", "cousin", "niece", "nephew", "grandmother", "grandfather", "grandma",
        "grandpa", "grandson", "granddaughter", "fiance", "fiancee", "fiancé", "fiancée",
        "stepson", "stepdaughter", "stepmother", "stepfather", "in-law", "family",
        "son-in-law", "daughter-in-law", "mother-in-law", "father-in-law", "twin",
    ), "family_of"),
    **dict.fromkeys(("friend", "buddy", "pal", "bestie", "roommate", "friendship"), "friend_of"),
    **dict.fromkeys(("mentor", "mentee", "neighbor", "neighbour", "classmate", "schoolmate"), "knows"),
    **dict.fromkeys(("part", "component", "module", "subsidiary", "division", "unit",
                     "branch", "department"), "part_of"),
    **dict.fromkeys(("capital", "city", "town", "suburb", "village", "province", "county",
                     "district", "region", "state"), "located_in"),
    **dict.fromkeys(("killer", "assassin", "murderer"), "killed"),
    **dict.fromkeys(("author", "writer", "composer", "painter", "singer", "artist"), "created"),
}
# Nouns whose possessor is the one who holds the relation ("my sister Ana": me -> Ana).
POSSESSOR_HEAD = frozenset(
    r for r in ("family_of", "friend_of", "likes", "knows")
)
KIN = frozenset(n for n, r in ROLE_NOUN.items() if r in ("family_of", "friend_of"))

# Coarse types of mentions, from the extractors' NER cues (a vote, good enough
# to keep relations between compatible things).
NER_COARSE = {
    "PERSON": "person", "ORG": "org", "GPE": "place", "LOC": "place", "FAC": "place",
    "NORP": "group", "PRODUCT": "thing", "WORK_OF_ART": "work", "EVENT": "event",
    "LANGUAGE": "thing", "LAW": "work",
}
NON_ENTITY = frozenset({"DATE", "TIME", "MONEY", "PERCENT", "QUANTITY", "ORDINAL", "CARDINAL"})

FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"})
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself"})

# Relation a preposition gives between two typed things when no trigger word decides it
# ("Avis Co. of Folsom", "Bob Smith of Acme", "the lab at Stanford").
TYPE_PREP = {
    ("person", "org"): "works_at", ("person", "place"): "lives_in",
    ("org", "place"): "located_in", ("place", "place"): "located_in",
    ("org", "org"): "part_of", ("thing", "org"): "part_of",
}
ATTACH_PREPS = frozenset({"of", "at", "from", "in", "for", "with", "based"})
# Placeholder label of an attachment whose NER types fit no relation ("Quayle, publisher of the
# Huntington Herald-Press" with the paper called a PERSON): ``link.check_types`` relabels it
# from the final types (person-org works_at, person-place lives_in, ...) or drops it.
BY_TYPES = "@by_types"
# "X in Y" between two names: located_in when the final types are an organisation, place or event
# in a place; dropped otherwise (a person "in Paris" may only be visiting).
IN_PLACE = "@in_place"
# "X, a Tulsa lawyer", "X, an Emery spokesman": a role at the described name, a home when that
# name is finally typed a place (lives_in), a job otherwise (works_at)
ROLE_AT = "@role_at"
# "plays violin in the X": member_of when X is finally typed an organisation, else dropped
# ("plays in Minecraft", "sings in Italian")
MEMBER_IN = "@member_in"
# "Denver Nuggets coach X": works_at when the club is finally typed an organisation, else dropped
STAFF_IN = "@staff_in"
# person nouns that name no job: "Ben is a customer at Chase", "a visitor at Google", "a star at"
NOT_JOB = frozenset("""customer client patient guest visitor spectator fan member suspect victim
prisoner defendant defector gunman killer assassin king queen prince princess emperor empress
candidate nominee champion star superstar legend hero idol guy girl man woman boy dude lady gentleman
widow spouse fiance fiancee gamer student tourist""".split())
# org nouns whose given name a founder starts: "founded a startup called Loomly" (not "started a
# playlist / podcast / page called X")
STARTED_ORGS = frozenset("""startup start-up company firm business nonprofit non-profit charity agency
consultancy studio label band club guild league foundation school bakery cafe restaurant shop store
brewery collective co-op cooperative organization organisation group choir orchestra lab""".split())


def coarse_type(m: Mention) -> str:
    """person / org / place / group / work / thing / skip (dates...) / unknown, from cues."""
    if m.extractor == "speaker" or "speaker" in m.cues:
        return "person"
    if "ner_clause" in m.cues:  # "Oliver joined Stripe" tagged PERSON as a whole
        return "unknown"
    for cue in m.cues:
        if cue.startswith("ner:"):
            label = cue[4:]
            if label in NON_ENTITY:
                return "skip"
            if label in NER_COARSE:
                return NER_COARSE[label]
    return "unknown"


def compatible(rel: str, head: str, tail: str) -> bool:
    """Whether a relation may join things of these coarse types (unknown fits anything)."""
    sig = SIGNATURES.get(rel)
    if sig is None:
        return True
    h, t = sig
    return (head == "unknown" or head in h) and (tail == "unknown" or tail in t)


_P = frozenset({"person"})
_PG = frozenset({"person", "group"})
_O = frozenset({"org", "group"})
_PL = frozenset({"place"})
_OPL = frozenset({"org", "place", "group"})
_ANY = frozenset({"person", "org", "place", "group", "work", "thing", "event"})
_NOT_PLACE = _ANY - _PL
SIGNATURES: dict[str, tuple[frozenset, frozenset]] = {
    "works_at": (_P, _O), "member_of": (_PG, _O), "reports_to": (_P, _P),
    "manages": (_P, _P | _O), "lives_in": (_P, _PL | {"group"}),
    "located_in": (_OPL | {"event"}, _PL | {"group"}),
    "family_of": (_P, _P), "friend_of": (_P, _P), "knows": (_P, _P),
    "killed": (_P | _O, _P | _O),  # NER calls "Lincoln" an ORG; the final types decide (link.check_types)
    "founded": (_P | _O, _O | {"thing", "work"}), "leads": (_P, _O | {"thing"}),
    "visited": (_P | _O, _PL | {"org"}), "attended": (_P, _O | {"event"}),
    "created": (_P | _O, _NOT_PLACE - _P), "builds": (_P | _O, _NOT_PLACE - _P),
    "uses": (_P | _O | {"thing"}, _NOT_PLACE - _P), "likes": (_P, _ANY),
    "part_of": (_ANY, _ANY), "depends_on": (_ANY - _P, _ANY - _P),
}

_IRREGULAR = {
    # "found" is nearly always the past of "find" ("Tomas found llama.cpp runs faster");
    # founding a company reads "founded", which still maps to "found" below.
    "found": "find", "became": "become", "founded": "found", "founding": "found", "founds": "found",
    "built": "build", "ran": "run", "led": "lead", "met": "meet", "wrote": "write",
    "written": "write", "made": "make", "went": "go", "gone": "go", "been": "be", "was": "be",
    "were": "be", "is": "be", "are": "be", "am": "be", "'s": "be", "'m": "be", "'re": "be",
    "born": "bear", "shot": "shoot", "slain": "slay", "slew": "slay", "grew": "grow",
    "grown": "grow", "flew": "fly", "flown": "fly", "came": "come", "knew": "know",
    "known": "know", "taught": "teach", "drove": "drive", "driven": "drive", "began": "begin",
    "begun": "begin", "set": "set", "got": "get", "gotten": "get", "did": "do", "done": "do",
    "has": "have", "had": "have", "loves": "love", "uses": "use", "stayed": "stay",
    "lives": "live", "lived": "live", "living": "live", "dies": "die", "died": "die",
}
_VERBS = frozenset(
    {k.split()[0] for k in VERB_OBJ} | {v.split()[0] for v, _ in VERB_PREP}
    | {"be", "become", "remain", "serve", "grow", "bear", "have", "get", "do", "go"}
)


@cache
def lemma(word: str) -> str:
    """Base form of a verb from its inflection (no lemmatizer in the pipeline)."""
    w = word.casefold()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w in _VERBS:
        return w
    cands = []
    if w.endswith("ies"):
        cands.append(w[:-3] + "y")
    if w.endswith("ied"):
        cands.append(w[:-3] + "y")
    for suf in ("ing", "ed", "es", "s", "d"):
        if w.endswith(suf) and len(w) > len(suf) + 1:
            stem = w[: -len(suf)]
            cands += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                cands.append(stem[:-1])
    for c in cands:
        if c in _VERBS:
            return c
    return w


# Things made for another product: "building a Slack bot" builds the bot, not Slack (both modes)
ADDON_HEADS = frozenset("bot bots plugin plugins integration integrations extension extensions addon "
                        "add-on wrapper client adapter connector skill theme template mod webhook "
                        "webhooks dashboard dashboards chart charts exporter driver binding bindings "
                        "port migration migrations".split())

# the posts an appointment's "as its ..." may name ("named Brian Tull as its new chairman"), a
# closed list: "named Messi as its player of the decade", "as its top designer" are titles given
OFFICES = frozenset({
    "chairman", "chairwoman", "chair", "chairperson", "ceo", "cfo", "cto", "coo", "president",
    "director", "coach", "editor", "editor-in-chief", "executive", "officer", "manager", "publisher",
    "dean", "principal", "secretary", "treasurer", "spokesman", "spokeswoman", "spokesperson",
    "counsel", "chancellor", "provost", "superintendent", "commissioner", "administrator", "head"})
# the words an office may take before it: "its new chief executive", "as interim head coach"
OFFICE_MODS = frozenset({
    "new", "next", "interim", "acting", "first", "permanent", "chief", "executive", "managing",
    "general", "head", "vice", "deputy", "senior", "associate", "assistant", "technology", "financial",
    "operating", "board", "artistic", "creative", "sporting", "athletic", "news"})



# Nouns that measure a way or a wait: "ten miles from Reno", "an hour from Leeds" say how far one
# is from a place, never that one comes from it.
MEASURES = frozenset({"mile", "miles", "km", "kilometer", "kilometers", "kilometre", "kilometres",
                      "meter", "meters", "metre", "metres", "feet", "foot", "yard", "yards", "block",
                      "blocks", "step", "steps", "minute", "minutes", "min", "mins", "hour", "hours",
                      "hr", "hrs", "day", "days", "drive", "walk", "ride", "flight", "way", "distance"})
# A company's functions: "Sam is from Legal" names his department, not his home town.
DEPARTMENTS = frozenset({"sales", "marketing", "finance", "legal", "hr", "it", "engineering", "support",
                         "accounting", "operations", "ops", "product", "design", "security", "research",
                         "recruiting", "procurement", "compliance", "payroll", "logistics", "facilities",
                         "comms", "communications", "growth", "partnerships", "qa", "infra", "devops"})

# Verbs of seeing a show, every form: "we saw Coldplay live in Chicago" is a concert, where
# "live" is an adverb (relations.verbs reads the parse, relations.patterns the surface).
SEE_SHOW = frozenset("see sees saw seen seeing watch watches watched watching catch caught".split())
