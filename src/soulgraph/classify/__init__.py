"""Typing canonical entities from all of their evidence.

``decide(name, mentions, texts)`` is called once per canonical entity with
every mention of it across the store, so the type is a function of the whole
store (stable between rebuilds, independent of memory order), never of the
last mention seen. Evidence kinds, one module each:

- ``cues``: the extractor's cues, spaCy's entity label among them (a vote only);
- ``context``: patterns in the words around each mention;
- ``shape``: what the name looks like (identifiers, paths, CamelCase, suffixes);
- ``gazetteer``: small word lists shipped in ``soulgraph/data``.

Unknown things are ``concept``; ``person`` needs evidence of two different
kinds (or one strong kind: speaker, direct address, title, kinship word),
because a capitalised word is not evidence of a person.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import itemgetter
from types import MappingProxyType

from soulgraph import shapes
from soulgraph.classify import corpus, cues, gazetteer, lexicon
from soulgraph.classify.evidence import Tally, Vote
from soulgraph.models import Mention
from soulgraph.ontology import DEFAULT_TYPE, ENTITY_TYPES


def _lazy_module(name: str):
    """``name`` imported on first attribute use: the context patterns (~60 regexes, most of
    this package's import) are compiled only when something types a mention, not when
    ``health`` or ``resolve`` just need the word lists of :mod:`gazetteer`."""
    import importlib.util
    import sys

    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


context = _lazy_module("soulgraph.classify.context")
from soulgraph.classify import prep, shape  # noqa: E402  (prep reads the lazy context)

STRONG_PERSON_KINDS = frozenset({"speaker", "address", "title", "kin", "handle", "noun", "trailer", "credit",
                                 "citation", "dialogue", "regex_verdict", "who", "own_pronoun", "with_me",
                                 "epithet", "body", "born", "initial"})
_FACE_TO_FACE = frozenset({"speaker", "address", "title", "kin", "noun"})
_NAMED_NER = frozenset(f"NER {x}" for x in ("ORG", "GPE", "LOC", "FAC", "NORP", "PRODUCT", "WORK_OF_ART"))
_ADDRESSED = Vote("person", "addressed directly", 3.0, "address")
_A_PRODUCT = Vote("tool", "a / my X (one of the brand's products)", 1.5, "gazetteer")
_ONE_OF = re.compile(r"(?:^|\s)(?:an?|my|his|her|their|our|your|new|old|classic)\s+$", re.I)
_MODEL_NUMBER = Vote("tool", "letters + model number (MP 5)", 1.5, "shape")
_QUOTED_TITLE = Vote("document", "quoted title (a song, book, article)", 2.0, "quoted")
# "reading Project Hail Mary by Andy Weir", "the podcast Hardcore History by Dan Carlin": a work
# and its author, however the title is shaped ("Project ...", "The ... Programmer")
_WORK_BY = Vote("concept", "reading / the book X by Author (a work)", 3.5, "work")
_BY_AUTHOR = re.compile(r" by (?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w'’-]+")
MIN_SCORE = 1.0  # below this the best type is only a guess: concept
_ORDER = {t: i for i, t in enumerate(ENTITY_TYPES)}


@dataclass(slots=True)
class TypeDecision:
    type: str | None  # None: not an entity, drop it
    confidence: float
    reasons: list[str] = field(default_factory=list)


def decide(name: str, mentions: list[Mention], texts: Mapping[str, str],
           stats: corpus.CorpusStats | None = None) -> TypeDecision:
    """The type of one canonical entity from the votes of all its mentions.

    ``stats``: the store's statistics when the caller already summed them
    (``corpus.aggregate``); else they are computed from ``texts``."""
    tally = collect(name, mentions, texts, stats)
    return judge(name, tally, mentions, texts)


def collect(name: str, mentions: list[Mention], texts: Mapping[str, str],
            stats: corpus.CorpusStats | None = None) -> Tally:
    """Every vote about ``name``: once per entity for its shape, once per mention for context.

    Per-mention context evidence comes precomputed on ``Mention.evidence`` (``prep``)
    when extraction filled it, else it is read from the text here."""
    tally = Tally()
    shape_votes, shape_forbid = shape.votes(name)
    if shape_forbid.get("place") in ("all-caps word", "shouting") and any(
            "dateline_place" in m.cues for m in mentions):
        del shape_forbid["place"]  # "BANGKOK, Thailand (AP)": a town in capitals, not shouting
    tally.add_entity(shape_votes)
    listed_votes = gazetteer.votes(name)
    if listed_votes and listed_votes[-1] is gazetteer.SURNAME \
            and any(_no_surname_here(m, texts) for m in mentions):
        listed_votes = [v for v in listed_votes if v is not gazetteer.SURNAME]
    if " of " in name and gazetteer.is_titled_of(name) and all(_work_verb_before(m, texts) for m in mentions):
        shape_forbid["person"] = "a title 'of' after a plain word (a game's or a book's name)"
    tally.add_entity(listed_votes)
    for t, why in shape_forbid.items():
        tally.forbidden[t] += 10**6
        tally.forbid_why[why] += 1
    places = gazetteer.words("places")
    key = gazetteer.key(name)
    listed = key in places or key in gazetteer.words("orgs")
    ambiguous = gazetteer.is_ambiguous_name(name)
    marque = key in gazetteer.words("marques")
    # a known given name alone ("Natalia", "Ruben"): the small model's ORG / GPE on it is mostly noise
    given = " " not in key and not listed and not ambiguous and gazetteer.is_given_name(key)
    spec = bool(shape.is_standard(name))
    if stats is None:
        stats = corpus.stats(texts)
    # (the store's figures about the name, read where a rule needs them: a word's counts are
    # made when asked, ``corpus.StoreCounts``)
    speaker = key in stats.speakers
    # Mentions with the same cues and evidence vote alike: each kind is voted once with its
    # count (same counts, weights and kinds; 5-10x fewer vote lists for a frequent name).
    # Groups end in the order of their last mention, so Tally.kinds' "last wins" is unchanged.
    groups: dict[tuple, list] = {}
    dialogue_ids, technical_ids = stats.dialogue, stats.technical
    informal = corpus.informal
    for i, m in enumerate(mentions):
        mid = m.memory_id
        text = texts.get(mid, "")
        dialogue = bool(m.speaker) or mid in dialogue_ids
        chatty = dialogue or informal(text)  # the small model's ORG / GPE are weak votes there
        technical = mid in technical_ids
        start, end, n = m.start, m.end, len(text)
        ev = None
        if text and 0 <= start <= end <= n:  # (a span inside the text: its context is read)
            ev = m.evidence if m.evidence is not None else prep.mention_evidence(m, text, dialogue)
        # _quoted(m, text), inline: 'Ed Sheeran's "Perfect"', 'the paper "Attention Is All You Need"'
        quoted = (0 < start and end < n and text[start - 1] in _OPEN_QUOTES
                  and text[end] in _CLOSE_QUOTES and text[start:end].strip() == text[start:end])
        cue_t = tuple(m.cues)
        if (ambiguous or marque or _has_appos(cue_t)) and ev is not None:
            sig: tuple = (id(m),)  # its votes also read the text around it: a group of its own
        else:
            sig = (cue_t, m.extractor, dialogue, chatty, technical, quoted,
                   None if ev is None else _NO_ROWS if ev is prep.NO_CONTEXT
                   else (ev[0], ev[1]) if len(ev) == 2  # (most: no vote rows)
                   else (ev[0], ev[1], *map(tuple, ev[2:])))
        group = groups.get(sig)
        if group is None:
            groups[sig] = [m, text, dialogue, chatty, technical, quoted, ev, 1, i]
        else:
            group[7] += 1
            group[8] = i  # (its last mention)
    entity = _EntityFlags(name, spec, given, listed and not speaker, ambiguous, marque, not listed_votes)
    # A group's mentions share its first one's cues and quotes (both are in its key, or it
    # holds one mention): what holds for some mention holds for some group's first.
    agent = quoted_any = False
    for m, text, dialogue, chatty, technical, quoted, ev, n, _ in sorted(groups.values(), key=_LAST):
        votes, forbid = _mention_votes(m, text, dialogue, chatty, technical, quoted, ev, entity)
        tally.add_mention(votes, forbid, n)
        agent = agent or "speaker:agent" in m.cues
        quoted_any = quoted_any or quoted
    tally.quoted = quoted_any
    if speaker and not listed and not agent:
        tally.add_entity([Vote("person", "speaker", 5.0, "speaker")])
    files = stats.packages.get(key, 0)
    if files >= 2 and " " not in key:  # "mempalace/cli.py", "mempalace/palace.py": the code being built,
        # a project even when it also ships a command ("mempalace mine"); grows with the file count
        tally.add_entity([Vote("project", "package of the store's code files", 4.0, "code")], files)
    if " " not in key and key.isalpha() and name[:1].isupper() and name[1:].islower():
        low = stats.lower.get(key, 0)
        if low >= 2 and corpus.capitals_at_most(stats, key, low):
            tally.add_entity([Vote("concept", f"ordinary word (lowercase x{low})", 1.5, "word"),
                              Vote("person", "ordinary word", -1.0, "word")])
    return tally


_LAST = itemgetter(8)  # a group's last mention: groups are tallied in that order
_NO_ROWS = (False, False)  # the evidence key of prep.NO_CONTEXT (a speaker prefix's)


@dataclass(slots=True, frozen=True)
class _EntityFlags:
    name: str
    spec: bool  # letters + number a standards body issues ("ISO 9001")
    given: bool  # a known given name alone
    not_a_speaker: bool  # a listed place / org name that never speaks two turns
    ambiguous: bool
    marque: bool  # a brand whose name is also its products' ("a Subaru", "my Casio")
    unknown: bool  # no list or name shape votes for it ("Erlangen", not "Spanish")


@functools.lru_cache(maxsize=1 << 14)
def _cue_votes(cue_list: tuple[str, ...], chatty: bool, technical: bool,
               extractor: str) -> tuple[tuple[Vote, ...], Mapping[str, str], bool]:
    """``cues.votes``, a pure function of these, once per distinct combination (a store
    repeats a few hundred of them over every mention); read-only results."""
    votes, forbid = cues.votes(cue_list, chatty, technical, extractor)
    place_noun = any(v.type == "place" and v.kind == "noun" for v in votes)  # ("X region")
    return tuple(votes), MappingProxyType(forbid), place_noun


class _Lazy:
    """A pattern compiled on its first use (rules that fire rarely add nothing to start-up)."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags, self.compiled = pattern, flags, None

    def __call__(self) -> re.Pattern[str]:
        if self.compiled is None:
            self.compiled = re.compile(self.pattern, self.flags)
        return self.compiled


@functools.lru_cache(maxsize=1 << 12)
def _has_appos(cue_t: tuple[str, ...]) -> bool:
    """spaCy's apposition cue among a mention's (its vote reads the text: ``opens_a_clause``)."""
    return any(c.startswith("appos:") for c in cue_t)


@functools.lru_cache(maxsize=1 << 14)
def _listed_thing(name: str) -> bool:
    return gazetteer.is_listed_thing(name)


def _mention_votes(m: Mention, text: str, dialogue: bool, chatty: bool, technical: bool,
                   quoted: bool, ev: list | None, e: _EntityFlags) -> tuple[list[Vote], dict[str, str]]:
    """One mention's votes and vetoes (``ev``: its prepared evidence, None when its span is
    not in the text; ``quoted``: the mention fills a pair of quotes exactly)."""
    cue_t = tuple(m.cues)
    votes, forbid, place_noun = _cue_votes(cue_t, chatty, technical, m.extractor)
    votes = list(votes)
    if place_noun and _listed_thing(e.name):  # spaCy's "X region": "the Azure region", "the Oracle region"
        votes = [v for v in votes if not (v.type == "place" and v.kind == "noun")]
    if not e.spec:  # "MP 5", "BF 4": letters and a number that no standards body issues
        votes = [_MODEL_NUMBER if v.label == "shape standard" else v for v in votes]
    if e.given:
        votes = [Vote(v.type, v.label, v.weight * 0.5, v.kind) if v.label in _NAMED_NER else v
                 for v in votes]
    if m.extractor == "speaker" or "speaker" in m.cues:
        if e.not_a_speaker:  # "Montana: ..." once is a dateline, not a turn
            votes = [v for v in votes if v.kind != "speaker"]
        else:
            votes.append(Vote("person", "speaker", 5.0, "speaker"))
    if ev is not None and context.gift_to_kin(m, text):  # "got my uncle Adidas trainers"
        votes = [v for v in votes if v.kind != "title"]
    if ev is not None:
        if e.ambiguous:
            votes.extend(context.ambiguous_votes(m, text))
        if e.marque and _ONE_OF.search(text[max(0, m.start - 16):m.start]):
            votes.append(_A_PRODUCT)
        elif e.marque and _person_noun_before(text, m.start, e.name):
            votes.append(_NOUN_BEFORE)  # "the pirate Captain Morgan": the man, not the rum
        prose = e.unknown and not (chatty or technical) and len(ev) > 2
        votes.extend(_prose_votes(ev, text, m.start) if prose else prep.votes_of(ev))
        modifier = any(c.startswith("compound_head:") for c in m.cues)  # "the Cepeda effect"
        # a sentence-opening "The" counts before a plural, listed or longer name ("The Beatles",
        # "The Hague", "The Lincoln Navigator"); an unknown single word may be a stage name
        # ("The Weeknd", "The Rock", "The Edge")
        if ev[0] and not e.ambiguous and not modifier and (
                ev[0] is True or " " in e.name or _plural(e.name) or _listed_anywhere(e.name)):
            if _plural(e.name):
                forbid = {**forbid, "person": "a plural name after an article (the Beatles)"}
            else:
                votes.append(Vote("person", "article before the name", -1.5, "article"))
        if ev[1]:
            votes.append(Vote("tool", "part of a product name", 1.0, "shape"))
            forbid = {**forbid, "person": "part of a product name"}
    if ev is not None and _has_appos(cue_t) and context.opens_a_clause(m, text):
        votes = [v for v in votes if not (v.kind in ("noun", "member", "pet") and v.label.startswith("X,"))]
    if (team := _team_staff(m, text, e.name)) is not None:
        votes.append(team)
    if quoted:
        votes.append(_QUOTED_TITLE)
    if text.startswith(" by ", m.end) and (_work_by_author(m, text) or _shop_named_by(m, text, e.name)):
        votes.append(_WORK_BY)
    if text.endswith(("named ", "called "), 0, m.start) and _pet_named(m, text):
        votes.append(_PET_NAMED)  # "a golden retriever named Biscuit": the pet, not a person
    if chatty and not dialogue:  # "Nice shooting, Tex!!!": a post's vocative is as direct as a chat's
        votes = [_ADDRESSED if v.kind == "address_weak" else v for v in votes]
    return votes, forbid


# A club's people and fans after its name: "Liverpool star Mo Salah", "Celtic fans", "Ajax coach X".
# The words cues' compound_head rule reads (spaCy), read from the text here for both extractors.
# A player's position is a sport's word itself; "coach", "boss", "manager", "star", "fans" ...
# name a firm's, a film's or a ship's people too (or are verbs: "Chelsea coach me"): only in a
# sentence about sport. Never before an object pronoun ("coach me", "manage us").
_STAFF_RIGHT = re.compile(r"\s+(striker|midfielder|goalkeeper|keeper|defender|winger|quarterback|pitcher|"
                          r"shortstop|linebacker|forward|skipper|boss|manager|coach|star|fans|supporters|"
                          r"captain)\b(?!\s+(?:me|us|him|her|them|you|it)\b)")
# "captain" / "coach" as verbs: before a determiner ("captain the side", "coach the kids"), or
# after a modal / "let" ("Can Jordan coach ...", "Let Chelsea captain ...").
_VERB_STAFF = frozenset({"captain", "coach", "skipper"})
_DETERMINER_RIGHT = re.compile(r"\s+(?:the|a|an|this|that|these|those|my|our|his|her|their|your|its|some|"
                               r"every|all)\b", re.IGNORECASE)
_MODAL_LEFT = re.compile(r"\b(?:can|could|will|would|should|shall|may|might|must|let|lets|did|does|do|to|"
                         r"won't|can't|cannot|didn't|doesn't)\s+$", re.IGNORECASE)
# A club's or a firm's head ("Liverpool manager Arne Slot", "Siemens boss X"): an org's either
# way, no sport needed (a film has stars, a ship a captain, a town fans; none has a manager).
_FIRM_STAFF = frozenset({"manager", "boss"})
_POSITIONS = frozenset({"striker", "midfielder", "goalkeeper", "defender", "winger", "quarterback",
                        "pitcher", "shortstop", "linebacker"})
# Sport-only evidence: a score ("3-1") or a word no other trade uses. Not "season", "scored",
# "stadium", "match", "fans", "goals", "squad": a singer's season, a film's rave reviews scored,
# a concert's stadium. ("Cup" only capitalised: "a cup of tea")
# A league's name ("NFL", "Cup") says what the sentence is about, not that "X star" is a club's
# ("Houston star Beyonce sang before the NFL game"); a range before a noun is no score ("3-4 new
# songs", "waited 2-3 hours"): a score ends there or goes on with a result or place word.
_SPORT = re.compile(r"(?i:\b(?:league(?!\s+of\b)|penalty\s+(?:kick|shoot-?out|spot)|"
                    r"transfer\s+(?:window|fee|deadline)|"
                    r"derby|kick-?off|hat-?trick|playoffs?|touchdowns?|innings|strikers?|goalkeepers?|"
                    r"midfielders?|quarterbacks?|free\s+kick|"
                    r"\d{1,3}[-\u2013]\d{1,3}(?![\d%\w\-\u2013])(?!\s+(?!(?:win|wins|won|victory|defeat|loss|"
                    r"draw|lead|home|away|at|in|on|against|after|before|with|to|for|and|over|aggregate|"
                    r"thriller|scoreline)\b)[a-z])))")


_TOWN_PREP = _Lazy(r"\b(?:in|from|to|into|near|via)\s+$", re.IGNORECASE)


# A lowercase word straight before a peer's title "of" a see that is no article, no
# preposition and no verb of saying: "finished / played / loved Prince of Persia" (a game's);
# not a possessive's "s" ("Wessex's Duke of Kent").
_WORK_VERB_BEFORE = _Lazy(r"(?<![\w'’])(?!(?:the|a|and|or|with|by|to|from|for|of|at|as|said|says|"
                               r"told|met|former|late|when|while)\s)[a-z]+\s+$")


def _work_verb_before(m: Mention, texts: Mapping[str, str]) -> bool:
    """"the Duke of Kent", ", Duchess of Kent": a person's title; "I finished Prince of
    Persia": a game's or a book's name."""
    start = max(0, m.start)
    return _WORK_VERB_BEFORE().search(texts.get(m.memory_id, ""), max(0, start - 20), start) is not None


def _no_surname_here(m: Mention, texts: Mapping[str, str]) -> bool:
    """A family-name ending says nothing after "in / from / to" (a town's: "stopped in
    Sandusky") nor on a name spaCy calls an ORG (a firm's: "Kaspersky flagged it")."""
    return "ner:ORG" in m.cues or _TOWN_PREP().search(
        texts.get(m.memory_id, ""), max(0, m.start - 8), max(0, m.start)) is not None


def _firm_or_club(name: str) -> bool:
    """A name the lists know as an organisation or a team, not as a town or a tool alone."""
    k = gazetteer.key(name)
    return (k in gazetteer.words("orgs") or k in gazetteer.words("team_names")) \
        and k not in gazetteer.words("tools")


_NAME_NEXT = _Lazy(r" [A-Z][a-z]+\b")
_OWN_BEFORE = _Lazy(r"\b(?:our|my|your|their|his|her|its)\s+$", re.IGNORECASE)


def _town_club_head(m: Mention, text: str, name: str, after: int) -> bool:
    """"Liverpool manager Arne Slot": a listed town, its manager's name straight after, no
    possessive before (not "our Lisbon manager, Rui": an office's); never a listed tool."""
    return (gazetteer.in_place_lists(gazetteer.key(name)) and not gazetteer.is_listed_thing(name)
            and _NAME_NEXT().match(text, after) is not None
            and _OWN_BEFORE().search(text, max(0, m.start - 8), max(0, m.start)) is None)


def _team_staff(m: Mention, text: str, name: str) -> Vote | None:
    """"<club> striker / star / fans": the club's vote. The one reading of a staff word after a
    name for both extractors: spaCy's ``compound_head:<staff>`` cue ("Liverpool manager Arne
    Slot") casts no vote of its own (``cues``), it stands in for the club list, so "Let's have
    Dylan coach Riley" passes the same verb and sport checks in both modes."""
    hit = _STAFF_RIGHT.match(text, m.end)
    if hit is None:
        return None
    word = hit.group(1).casefold()
    if not (gazetteer.is_club(name) or f"compound_head:{word}" in m.cues):
        return None
    if word in _FIRM_STAFF and not _firm_or_club(name) and not _town_club_head(m, text, name, hit.end()) \
            and _SPORT.search(text, max(0, m.sent_start), max(m.sent_end, m.end)) is None:
        return None  # "our Lisbon manager", "the Kubernetes manager": a town's or a tool's, no club's
    if word in _VERB_STAFF and (_DETERMINER_RIGHT.match(text, hit.end())
                                or _MODAL_LEFT.search(text, max(0, m.start - 12), m.start)):
        return None  # "Can Jordan coach the kids": a verb, no club's staff
    sport = _SPORT.search(text, max(0, m.sent_start), max(m.sent_end, m.end)) is not None
    if not sport and word not in _POSITIONS and word not in _FIRM_STAFF:
        return None
    # in a sentence about sport it outweighs a town's listing ("Liverpool star ... scored")
    # a manager's club outweighs the town's listing ("Liverpool manager Arne Slot")
    return Vote("org", f"X {word} (a team's)", 5.0 if sport else 3.5 if word in _FIRM_STAFF else 2.5, "team")


# In edited prose (news, reports) "in X" before an unknown capitalised name is a place's reading
# strong enough to type it alone ("a plant in Erlangen"). Not in a post or a chat, nor where the
# writer speaks as "I" / "you" (a post's "that scene in Fast Five", "in Minecraft" is a game
# or a show), nor in code ("in Python"); "from X" is as often a work's ("the girl from Orange Is
# the New Black") or a person's.
_PROSE_IN = Vote("place", "in X (prose)", 1.1, "prep")
_PERSONAL = re.compile(r"\b(?:I|me|my|we|us|our|you|your|u)\b")


# "in" after a share, a part or a change takes what one holds or plays a part in, no town: "a
# stake in Ferrovia", "her role in Brightwater", "growth in Zenlo orders", "starred in Halcyon".
_SHARE_IN = _Lazy(r"\b(?:stakes?|shares?|holdings?|roles?|parts?|growth|rise|fall|drop|declines?|"
                       r"increases?|interests?|investments?|invested|investing|appear(?:s|ed|ing)?|"
                       r"starr?(?:s|ed|ing)|featur(?:es|ed|ing)|cast|cameo)\s+in\s+$", re.IGNORECASE)


@functools.lru_cache(maxsize=4)
def _impersonal(text: str) -> bool:
    """No "I" / "we" / "you" in the memory: searched once per text (a memory of thousands of
    names after "in" searched it once per name)."""
    return _PERSONAL.search(text) is None


def _prose_votes(ev: list, text: str, start: int) -> list[Vote]:
    """``prep.votes_of`` for an unknown name outside chat and code: a bare "in X" counts in full
    where the memory is written impersonally."""
    votes = prep.votes_of(ev)
    for i, v in enumerate(votes):
        if v.label == "in X" and v.kind == "prep" and _impersonal(text) \
                and _SHARE_IN().search(text, max(0, start - 24), start) is None:
            votes[i] = _PROSE_IN
    return votes


def _listed_anywhere(name: str) -> bool:
    """A name a list knows as a place, city, organisation, brand, tool or event."""
    return gazetteer.is_listed(name) or gazetteer.in_place_lists(gazetteer.key(name))


_NOUN_BEFORE = Vote("person", "the <person noun> X (the pirate Captain Morgan)", 5.0, "noun")
_ARTICLE_NOUN = re.compile(r"\b(?:the|a|an|this|that)\s+([a-z]+)\s+$", re.IGNORECASE)


def _person_noun_before(text: str, start: int, name: str) -> bool:
    """"the pirate Captain Morgan": an article, a person noun, then a brand named like a titled
    person; the name is that person's, however the brand lists vote. Not "my dad Nike shoes"
    (a possessive and an indirect object) nor a brand that is no titled name."""
    toks = gazetteer.key(name).split()
    if len(toks) < 2 or toks[0] not in gazetteer.TITLE_FIRST:
        return False
    hit = _ARTICLE_NOUN.search(text, max(0, start - 30), start)
    return hit is not None and lexicon.noun_type(hit.group(1).casefold()) == "person"


_NAMED_LEFT = re.compile(r"(\w+)s?\s+(?:named|called)\s+$")
_PET_NAMED = Vote("concept", "a dog / cat named X (an animal's name)", 3.0, "pet")


def _pet_named(m: Mention, text: str) -> bool:
    hit = _NAMED_LEFT.search(text, max(0, m.start - 40), m.start)
    return hit is not None and hit.group(1).casefold() in lexicon.ANIMAL_NOUNS


_PLACE_FIRST = frozenset({"lake", "mount", "mt.", "mt"})


def _work_by_author(m: Mention, text: str) -> bool:
    """"X by Author" after a reading / watching verb or a work noun (not "the report by Friday")."""
    hit = _BY_AUTHOR.match(text, m.end)
    if hit is None or text.startswith(("'s", "’s"), hit.end()):
        return False  # "Watched Barbie by Jake's recommendation": no author
    k = gazetteer.key(m.text)
    if gazetteer.in_place_lists(k) or k.split()[0] in _PLACE_FIRST:
        return False  # "beat Boston by ...", "sunset over Lake Tahoe by Emerald Bay": a place, no work
    last = hit.group(0).split()[-1]
    if shapes.is_weekday(last) or shapes.is_month(last):
        return False
    return lexicon.WORK_LEFT.search(text, max(0, m.start - 60), m.start) is not None


def _shop_named_by(m: Mention, text: str, name: str) -> bool:
    """"Tom's Diner by Suzanne Vega": a shop-shaped name by a person (a given name) is a song's
    or a book's title; a shop has an owner, not an author."""
    hit = _BY_AUTHOR.match(text, m.end)
    return (hit is not None and gazetteer.is_shop_name(name)
            and gazetteer.is_given_name(hit.group(0)[4:].split()[0]))


def judge(name: str, tally: Tally, mentions: list[Mention], texts: Mapping[str, str]) -> TypeDecision:
    """Turn the tally into a decision; the person gate and junk drop live here."""
    scores = tally.scores()
    if _person_kinds(tally) & STRONG_PERSON_KINDS:  # strong evidence outweighs shape doubts
        scores["person"] = sum(tally.contribution(k) for k in tally.counts
                               if k[0] == "person" and tally.weights[k] > 0)
    n = max(tally.mentions, 1)
    banned = {t for t, k in tally.forbidden.items() if k >= 10**6 or 2 * k >= n}
    for t in banned:
        scores.pop(t, None)
    if "person" in scores and not _person_ok(tally, scores["person"], name):
        scores.pop("person")
    positive = {t: s for t, s in scores.items() if s > 0}
    if _is_junk(name, mentions, texts, positive, tally):
        return TypeDecision(None, 0.0, ["ordinary word at sentence start, no other evidence"])
    if not positive:
        why = [f"not {t}: {w}" for w, _ in tally.forbid_why.most_common(1) for t in ("a name",)]
        return TypeDecision(DEFAULT_TYPE, 0.3, why or ["no evidence"])
    best = max(positive, key=lambda t: (positive[t], -_ORDER.get(t, 99)))
    total = sum(positive.values())
    if positive[best] < MIN_SCORE:
        return TypeDecision(DEFAULT_TYPE, 0.3, ["weak evidence", *tally.reasons(best, 3)])
    conf = positive[best] / (total + 1.0)
    return TypeDecision(best, round(min(conf, 0.99), 3), tally.reasons(best))


def _plural(name: str) -> bool:
    last = name.split()[-1] if name.split() else ""
    return (len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is"))
            and last[0].isupper())


def _name_like(name: str) -> bool:
    """Not a greeting glued to a name ("Bye Caroline") nor a phrase of plain words ("Iron Man")."""
    toks = name.split()
    if len(toks) > 1 and gazetteer.is_nonentity(toks[0]):
        return False
    if len(toks) > 1 and not any(gazetteer.is_given_name(t) for t in toks):
        return not all(_dictionary_word(t) for t in toks)
    return True


_PLACE_SIGNS = frozenset({("place", "NER GPE"), ("place", "NER LOC"), ("place", "known place"),
                          ("place", "place-like ending"), ("place", "Town, State / dateline"),
                          ("place", "hometown (X, 8, of Y)"), ("place", "X native / residents")})


def _person_kinds(tally: Tally) -> set[str]:
    """Kinds of person evidence; "X, who" does not count for a name that also looks like a place
    ("... of Aumsville, whose slug won": the relative clause is about the person before it)."""
    kinds = tally.kinds_for("person")
    if "who" in kinds and any(tally.counts.get(k) for k in _PLACE_SIGNS):
        kinds.discard("who")
    return kinds


def _person_ok(tally: Tally, score: float, name: str = "") -> bool:
    """Person needs two kinds of evidence, or one strong kind; a pronoun alone is not one."""
    if score < 1.2:
        return False
    kinds = _person_kinds(tally)
    if any(tally.counts.get(("tool", k)) for k in ("known tool", "known language", "CI service (X CI)")):
        return bool(kinds & _FACE_TO_FACE)  # "Co-authored-by: Copilot" is a bot, "hey Claude" may not be
    pet = "pet" in tally.kinds_for("concept")
    if kinds & STRONG_PERSON_KINDS and not (pet and kinds & STRONG_PERSON_KINDS == {"born"}):
        return True  # (a pet is born too: "my dog Biscuit was born in May")
    if pet:
        return False  # "the good times you had with Max. Pets really..." : an animal's name
    real = kinds - {"pronoun"}
    if len(real) >= 2:
        return True
    ner = tally.counts.get(("person", "NER PERSON"), 0)
    ordinary = "word" in tally.kinds_for("concept")
    # evidence for another named reading: a place-like ending, a listed org, "in X", "near X"
    contrary = any(tally.kinds.get(k) in ("shape", "gazetteer", "prep") and tally.weights[k] >= 0.6
                   for k in tally.counts if k[0] not in ("person", DEFAULT_TYPE))
    if real == {"ner"} and name.islower() and "pronoun" not in kinds:
        return False  # "matchup", "kawm kawg": the model's PERSON on a lowercase word, nothing else
    if real == {"ner"} and 2 * ner >= tally.mentions and not ordinary and not contrary and _name_like(name):
        return True  # the model's PERSON on most mentions of a name that is not a common word
    if real == {"trait"} and not (ordinary or contrary or _dictionary_word(name)) and _name_like(name):
        return True  # "Zanele is so talented": said of a person, and the name is no ordinary word
    if real == {"verb"} and not (ordinary or contrary or _dictionary_word(name) or _named_otherwise(tally)) \
            and _name_like(name) and _plain_name(name):
        return True  # "Bernero said", "before Crissy wakes up": no model, list or shape says otherwise
    if real == {"given_name"} and not ordinary:
        return True  # a known given name used as a name (not also a lowercase word here)
    if real == {"ner"} and (contrary or not _name_like(name)):
        return False
    if real == {"coref"} and name.islower():
        return False  # "... and storytelling. She can ...": a lowercase word before "She" is no one
    return len(real) == 1 and "pronoun" in kinds and score >= 2.0


def _plain_name(name: str) -> bool:
    """Capitalised words of three letters or more, none a known place ("Lt", "Interfax Ukraine",
    "Eclipse Spyder thoo" are no one's name)."""
    toks = name.replace("-", " ").split()  # "INTERFAX-Ukraine"
    return all(len(t) > 2 and t[:1].isupper() and not t.isupper() and not gazetteer.is_place(t) for t in toks)


def _named_otherwise(tally: Tally) -> bool:
    """Any vote for another named type (the model's ORG / GPE, a list, a suffix, "in X")."""
    return any(k[0] in ("org", "place", "tool", "event") and tally.weights[k] > 0 for k in tally.counts)


def _is_junk(name: str, mentions: list[Mention], texts: Mapping[str, str], positive: dict,
             tally: Tally) -> bool:
    """A single ordinary word that only ever opens a sentence and has no real evidence."""
    if " " in name.strip() or not mentions:
        return False
    quoted = tally.quoted  # (collect looked at every mention)
    if quoted is None:
        quoted = any(_quoted(m, texts.get(m.memory_id, "")) for m in mentions)
    if quoted:
        return False  # 'Ed Sheeran's "Perfect"': a title in quotes, whatever word it is
    if gazetteer.is_nonentity(name) and not any("speaker:user" in m.cues for m in mentions):
        return True  # "Me", "Thanks", "Wow": never a node, whatever a model said
    strong = {t: s for t, s in positive.items() if t != DEFAULT_TYPE}
    if strong and max(strong.values()) >= 2.5:
        return False
    if gazetteer.is_nonentity(name):
        return True
    initial = all(
        m.sentence_initial or "sentence_initial" in m.cues
        or corpus.is_sentence_initial(m.start, m.sent_start, texts.get(m.memory_id, ""))
        for m in mentions
    )
    if not initial:
        return False
    return "word" in tally.kinds_for(DEFAULT_TYPE) or _dictionary_word(name)


_OPEN_QUOTES, _CLOSE_QUOTES = "\"“‘'", "\"”’'"


def _quoted(m: Mention, text: str) -> bool:
    """The mention fills a pair of quotes exactly ("Perfect", ‘Dune’)."""
    return (0 < m.start and m.end < len(text) and text[m.start - 1] in _OPEN_QUOTES
            and text[m.end] in _CLOSE_QUOTES and text[m.start:m.end].strip() == text[m.start:m.end])


def _dictionary_word(name: str) -> bool:
    try:
        from soulgraph.extract import lexicon
    except ImportError:  # pragma: no cover - extractor module absent
        return False
    return lexicon.available() and lexicon.is_word(name) and not gazetteer.is_given_name(name)


__all__ = ["TypeDecision", "decide", "collect", "judge", "STRONG_PERSON_KINDS"]
