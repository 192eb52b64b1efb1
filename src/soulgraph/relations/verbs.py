"""Verb frames: subject-verb-object, verb + preposition, passives, participles."""

from __future__ import annotations

from functools import partial

from soulgraph.classify import gazetteer
from soulgraph.classify.lexicon import PERSON_NOUNS
from soulgraph.relations import vocab as V
from soulgraph.relations.context import (
    COPULAS,
    REL_PRONOUNS,
    Ctx,
    add,
    clause_ends,
    ends,
    kind,
    preps,
    subjects,
)
from soulgraph.relations.nouns import noun_frame, role

_vadd = partial(add, soft=True)  # verb triggers: NER's person/org/place guesses do not veto
_IRREALIS = frozenset({"want", "hope", "plan", "wish", "need", "try", "intend", "would", "dream",
                       "aim", "consider", "think", "expect"})
_RUN_VERBS = frozenset({"lead", "manage", "run", "head", "join", "build", "mentor", "coach"})
_UNITS = frozenset({"team", "group", "department", "division", "lab", "squad", "office", "unit", "desk",
                    "branch", "staff", "crew", "committee"})
_WED = frozenset({"married", "engaged", "wed"})
# Nouns of photography and filming: "the cover was shot by Annie Leibovitz", "Zendaya, shot by X
# for Vogue": there "shoot" takes pictures, kills no one.
_CAMERA_NOUNS = frozenset({"photo", "photos", "photograph", "photographs", "photographer", "portrait",
                           "portraits", "picture", "pictures", "pic", "pics", "cover", "covers", "photoshoot",
                           "shoot", "camera", "magazine", "film", "movie", "video", "videos", "footage",
                           "scene", "scenes", "episode", "campaign", "commercial", "documentary", "editorial",
                           "selfie", "snapshot", "lens", "studio", "fashion"})
_SCHOOLING = frozenset({"kindergarten", "preschool", "school", "classes", "class", "college", "university",
                        "studies", "semester", "term", "degree", "course", "courses", "training"})


_PLURAL_PRONOUNS = frozenset({"we", "they"})


def _patients(t) -> list:
    pats = [c for c in t.children if c.dep_ == "nsubjpass"]
    if pats:
        return [t.head if (p.lower_ in REL_PRONOUNS and t.dep_ == "relcl") else p for p in pats]
    if t.dep_ == "acl" and t.tag_ == "VBN":
        return [t.head]
    if t.dep_ == "conj" and t.tag_ == "VBN":
        return _patients(t.head)
    if _dangling(t):  # "Born in Athens, Psacharopoulos came ...": the main clause's subject
        return [c for c in t.head.children if c.dep_ in ("nsubj", "nsubjpass")]
    return []


def _described_by_subject(ctx: Ctx, v) -> None:
    """"User's daughter is Riley": the subject is the role noun, the name is the attribute."""
    for s in subjects(v):
        if s.i in ctx.tok2men or role(s) is None:
            continue
        for c in v.children:
            if c.dep_ == "attr" and c.i in ctx.tok2men:
                noun_frame(ctx, ends(ctx, c), s)


def _dangling(t) -> bool:
    """A participle clause with no subject of its own, hanging off a clause ("Based in Paris, ...")."""
    return t.dep_ == "advcl" and t.tag_ == "VBN" and not any(
        c.dep_ in ("nsubj", "nsubjpass", "mark") for c in t.children)

_ORDERS = frozenset({"order", "orders", "command", "commands"})


# Rooms and grounds where a killing happens: a "by" hung on one of them is the killer's. Any other
# noun may have an author or a host of its own ("shot during a parade by the mayor", "killed in
# a thriller by its writer", "at a concert by a band"), so its "by" is never read as the killer.
_SCENES = frozenset({"home", "house", "apartment", "flat", "room", "bedroom", "kitchen", "bathroom",
                     "office", "courtyard", "yard", "backyard", "garden", "street", "alley", "car",
                     "cell", "garage", "driveway", "hallway", "lobby", "basement", "doorway", "bed"})


def _displaced_agents(ctx: Ctx, v) -> list:
    """The killer of a passive killing whose "by" the parser hung on the scene of the act ("was
    shot to death in his apartment by Carl Ames"), or who gave the order ("was murdered on the
    orders of Ivo Brandt": a general idiom of killings); never a place ("killed in a cabin by
    Lake Tahoe"), never the author or host of an event or work (see _SCENES)."""
    found = []
    for prep, pobj in preps(v):
        for p2, pobj2 in preps(pobj):
            if (p2.lower_ == "by" and pobj.lower_ in _SCENES) or (
                    prep.lower_ == "on" and pobj.lower_ in _ORDERS and p2.lower_ == "of"):
                found += [(x, xt) for x, xt in ends(ctx, pobj2)
                          if not isinstance(x, str) and kind(ctx, x) != "place"]
    return found


_BACK = frozenset({"back", "home", "away", "fresh", "returning", "coming", "here", "there"})


def _back_from(v) -> bool:
    """"I'm back from Paris", "we're just home from Lisbon": a trip's end, not where one is from."""
    return any(c.lower_ in _BACK for c in v.children if c.dep_ in ("advmod", "acomp", "prt", "attr"))


def not_origin(head, prep, pobj) -> bool:
    """A "from" that names no home town: a trip's end ("back from Paris"), a distance ("was ten
    miles from Reno", "two hours from Leeds") or a department ("Sam is from Legal")."""
    k = prep.i - 1
    return _back_from(head) or (k >= 0 and prep.doc[k].lower_ in V.MEASURES) or pobj.lower_ in V.DEPARTMENTS


def _opens_next_clause(t) -> bool:
    """"killed by his brother and Elena Cruz survived the attack": the parser hangs the name on the
    agent as a conjunct, but the verb right after it, with no subject of its own, is hers; she
    opens the next clause and is no agent ("killed by his brother and Elena Cruz." keeps her)."""
    while t.dep_ in ("appos", "compound") and t.head.i != t.i:  # "by her husband and her son Tom Park"
        t = t.head
    if t.dep_ != "conj":
        return False
    k = t.right_edge.i + 1
    if k >= len(t.doc):
        return False
    v = t.doc[k]
    return v.pos_ in ("VERB", "AUX") and v.tag_ != "VBG" and not any(
        c.dep_ in ("nsubj", "nsubjpass") for c in v.children)


def _verb_key(t) -> tuple[str, str]:
    lem = V.lemma(t.text)
    prt = next((c.lower_ for c in t.children if c.dep_ == "prt"), None)
    return lem, f"{lem} {prt}" if prt else lem

def verb_frame(ctx: Ctx, v) -> None:
    if v.pos_ not in ("VERB", "AUX") and not any(c.dep_ in ("nsubj", "nsubjpass") for c in v.children):
        return
    lem, key = _verb_key(v)
    if not _asserted(v, lem in COPULAS) or (lem == "live" and _seen_live(v)):
        return
    _appointed_root(ctx, v)
    passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in v.children) or (
        v.dep_ == "acl" and v.tag_ == "VBN") or _dangling(v)
    if passive:
        patients = clause_ends(ctx, v, _patients(v))
        agents = [e for w in (v, *(c for c in v.children if c.dep_ == "conj"))  # "shot and wounded by"
                  for c in w.children if c.dep_ == "agent"
                  for p in c.children if p.dep_ == "pobj" for e in ends(ctx, p)
                  if not _opens_next_clause(e[1])]
        rel = V.VERB_OBJ.get(key) or V.VERB_OBJ.get(lem)
        if rel == "killed" and _camera(v):
            rel = None
        if rel == "killed" and not agents:
            agents = _displaced_agents(ctx, v)
        for a, at in agents:
            for p, pt in patients:
                _vadd(ctx, a, p, rel, (at, pt, v), 0.85, f"{v.text} by")
        for c in v.children:  # "Brian Tull was appointed chairman of Westcott Media"
            if c.dep_ == "oprd" and c.i not in ctx.tok2men and role(c) is not None and patients \
                    and _office_here(c):
                noun_frame(ctx, patients, c)
        for prep, pobj in preps(v):
            prel = V.VERB_PREP.get((key, prep.lower_)) or V.VERB_PREP.get((lem, prep.lower_))
            if prel is None:
                continue
            for x, xt in ends(ctx, pobj):
                for p, pt in patients:
                    _vadd(ctx, p, x, prel, (pt, xt, v), 0.8, f"{v.text} {prep.text}")
        return
    subs = clause_ends(ctx, v, subjects(v))
    if not subs and lem in COPULAS and not _irrealis(v):
        _described_by_subject(ctx, v)
    if not subs or _irrealis(v):
        return
    if lem == "be" and v.tag_ == "VBD":
        _past_place_copula(ctx, v, subs)
    if lem in COPULAS:
        for c in v.children:
            if c.dep_ in ("attr", "oprd"):
                noun_frame(ctx, subs, c)
    if lem in COPULAS or lem == "get":  # "Lucia is married to Marco", "got engaged to Sam": an adjective
        for c in v.children:
            if c.dep_ in ("acomp", "oprd") and c.lower_ in _WED:
                for prep, pobj in preps(c):
                    if prep.lower_ == "to":
                        for x, xt in ends(ctx, pobj):
                            for s, st in subs:
                                add(ctx, s, x, "family_of", (st, xt, c), 0.8, f"{c.text} to", loose=True)
    objs = [c for c in v.children if c.dep_ in ("dobj", "oprd") or (c.dep_ == "attr" and lem not in COPULAS)]
    objs = [o for o in objs if not _said_to(o, objs)]
    rel = V.VERB_OBJ.get(key) or V.VERB_OBJ.get(lem)
    if rel == "killed" and _camera(v):
        rel = None  # "Leibovitz shot the cover of Vogue"
    if rel == "member_of" and _as_a_job(v):
        rel = "works_at"  # "Dana joined Shopify as a staff engineer": a job, not a membership
    if rel is None and v.lower_ in _APPOINT and _as_a_job(v, offices_only=True):
        rel = "@works_at_rev"  # "Westcott Media named Brian Tull as its new chairman": he works there
    if rel is None and v.lower_ in _APPOINT:
        _office_object(ctx, v, subs, objs)
    roles = []
    for o in objs:
        if role(o) is not None and o.i not in ctx.tok2men:
            if o.tag_ == "NNS" and lem not in COPULAS and len(subs) == 1 \
                    and subs[0][1].lower_ not in _PLURAL_PRONOUNS:
                continue  # "met students in Osaka", "made friends at X": others, not what the subject is
                # (a plural subject takes a plural role: "Jenna and Mike became partners at Deloitte")
            if role(o) == "lives_in" and lem not in COPULAS:
                continue  # "Omar met the mayor of Leeds", "married a native of Cork": another's home
            roles.append(o)
            noun_frame(ctx, subs, o)
            continue
        if rel is None:
            continue
        for x, xt in ends(ctx, o):
            for s, st in subs:
                _vadd(ctx, s, x, rel, (st, xt, v), 0.85, v.text)
        if not ends(ctx, o) and not _part_not_whole(rel, o):  # "building the Soul Protocol SDK":
            for ch in o.children:  # the name inside the object
                if ch.dep_ == "compound" and ch.i in ctx.tok2men:
                    for s, st in subs:
                        add(ctx, s, ctx.tok2men[ch.i], rel, (st, ch, v), 0.55, v.text)
    for prep, pobj in preps(v):
        p = prep.lower_
        prel = V.VERB_PREP.get((key, p)) or V.VERB_PREP.get((lem, p))
        if prel is None and p in ("as",):
            continue
        xs = ends(ctx, pobj)
        if prel is None:
            if not roles and p in ("at", "for") and lem in _RUN_VERBS and any(
                    o.lower_ in _UNITS and o.i not in ctx.tok2men for o in objs):
                for s, st in subs:  # "Omar leads the payments team at Revolut"
                    for x, xt in xs:
                        add(ctx, s, x, "works_at", (st, xt, v), 0.7, f"{v.text} {p}", retype=True)
            elif roles and p in V.ATTACH_PREPS:  # "lost my job at Door Dash"
                for r in roles:
                    if role(r) in V.POSSESSOR_HEAD:
                        continue  # "visited my mom in Tucson": her home, or the visit's place; not mine
                    for s, st in subs:
                        for x, xt in xs:
                            add(ctx, s, x, role(r), (st, r, xt), 0.7, f"{r.text} {p}", retype=True)
            elif lem in COPULAS and p == "in":  # "Acme is in Berlin"
                for s, st in subs:
                    if kind(ctx, s) in ("org", "place"):
                        for x, xt in xs:
                            add(ctx, s, x, "located_in", (st, xt), 0.6, f"{v.text} in")
            continue
        if prel == "lives_in" and p == "from" and not_origin(v, prep, pobj):
            continue
        if prel == "works_at" and any(o.lower_ in _SCHOOLING for o in objs):
            prel = "attended"  # "Mia starts kindergarten at Lincoln Elementary": a pupil, no job
        for x, xt in xs:
            for s, st in subs:
                _vadd(ctx, s, x, prel, (st, xt, v), 0.8, f"{v.text} {prep.text}")
    for c in v.children:  # "works as a designer at Acme", "serves as CEO of Acme"
        if c.dep_ == "prep" and c.lower_ == "as":
            for n in c.children:
                if n.dep_ == "pobj":
                    noun_frame(ctx, subs, n)

# Heads that name the kind of thing the name before them is ("founded the Acme company", "wrote
# the Harry Potter books"): making one makes the name.
_KIND_HEADS = frozenset("company startup firm business band podcast blog newsletter project library "
                        "app book books novel novels series album song show film movie game channel "
                        "brand label magazine website site".split())


def _part_not_whole(rel: str | None, o) -> bool:
    """"wrote the Helm chart", "launched 22 Starlink satellites": the name modifying the object is
    what the thing made is for or of, not the thing made (created / founded); "ran the Red Cross
    blood drive", "heads the Microsoft partnership": an event or a deal of the name, which the
    subject does not lead; "is building a Slack bot": a thing made for the name."""
    if rel == "leads":
        return True
    if rel == "builds":
        return o.lower_ in V.ADDON_HEADS
    if rel not in ("created", "founded"):
        return False
    return o.lower_ not in _KIND_HEADS or any(c.dep_ == "nummod" for c in o.children)


def _camera(v) -> bool:
    """"shoot" in a sentence about photos or filming ("shot the cover", "shot by X for Vogue")."""
    return V.lemma(v.text) == "shoot" and any(
        t.lower_ in _CAMERA_NOUNS and t.pos_ == "NOUN" and t.i != v.i for t in v.sent)


# verbs that give someone a post, a job only when "as <role>" says which: "named Tull as its chairman"
# (the forms themselves: these verbs are not in the lemma table)
_APPOINT = frozenset({"named", "names", "naming", "appointed", "appoints", "appointing", "elected", "elects",
                      "promoted", "promotes", "tapped", "taps", "picked", "picks", "chose", "chooses",
                      "selected", "selects"})


def _as_a_job(v, offices_only: bool = False) -> bool:
    """"... as a staff engineer", "... as its new CTO": the verb's "as" names a job (with
    ``offices_only``, an office of a closed list and nothing after it: "named Messi as its player
    of the decade", "as its top designer" give no job)."""
    return any(c.dep_ == "prep" and c.lower_ == "as" and any(
        n.dep_ == "pobj" and (_an_office(n) if offices_only
                              else role(n) in ("works_at", "leads") or n.lower_ in PERSON_NOUNS)
        for n in c.children) for c in v.children)


def _appointed_root(ctx: Ctx, v) -> None:
    """"The Falcons named Tom Reyes as head coach on Friday": the parser reads the sentence as one
    noun phrase ("Falcons", with "named" a participle on it); an "as <office>" after the name (on
    the verb or on the root) says the root's name gave that person the post ("a startup named
    Loomly" has no office after it)."""
    if v.dep_ != "acl" or v.lower_ not in _APPOINT or v.head.dep_ != "ROOT" or v.head.i not in ctx.tok2men:
        return
    if not (_as_a_job(v, offices_only=True) or _as_a_job(v.head, offices_only=True)):
        return
    for c in v.children:
        if c.dep_ in ("oprd", "dobj") and c.i in ctx.tok2men:
            for x, xt in ends(ctx, c):
                _vadd(ctx, x, ctx.tok2men[v.head.i], "works_at", (xt, v, v.head), 0.75, v.text)


def _office_object(ctx: Ctx, v, subs, objs) -> None:
    """"Harbor Bank named Rosa Diaz its new chief executive", "The Falcons appointed Tom Reyes head
    coach": a name and an office of the closed list, both objects of the appointing verb; the one
    named works for the subject ("named Ada Kerr its player of the decade": no office)."""
    if not any(o.i not in ctx.tok2men and _an_office(o) for o in objs):
        return
    for o in objs:
        if o.i in ctx.tok2men:
            for x, xt in ends(ctx, o):
                for s, st in subs:
                    if isinstance(s, str) or kind(ctx, s) != "place":  # "Peru elected X president": no job
                        _vadd(ctx, x, s, "works_at", (st, xt, v), 0.8, v.text)


def _an_office(n) -> bool:
    """"its new chairman", "interim head coach": a listed office, its modifiers listed too, no
    phrase after it ("its player of the year", "its greatest player ever": a title given)."""
    return n.lower_ in V.OFFICES and all(
        c.dep_ in ("det", "poss") or (c.dep_ in ("amod", "compound") and c.lower_ in V.OFFICE_MODS)
        or _when(c) for c in n.children)


def _when(c) -> bool:
    """"... as its executive editor in 2014", "... on Friday": a date the parser hung on the office."""
    return c.dep_ == "prep" and all(p.ent_type_ in ("DATE", "TIME") for p in c.children if p.dep_ == "pobj") \
        and any(p.dep_ == "pobj" for p in c.children)


def _office_here(n) -> bool:
    """Whether "was elected <office> of X" gives a post at X: not across a line break ("named
    chairman of\nAcme Corp: ..." is a chat name's line), not a country's or state's office ("was
    elected president of the United States": no job there, and no home it says)."""
    if "\n" in n.doc[n.i: n.right_edge.i + 1].text:
        return False
    for _, pobj in preps(n):
        words = [t.text for t in pobj.subtree if t.lower_ != "the"]
        k = gazetteer.key(" ".join(words))
        if k in gazetteer.words("places") and k not in gazetteer.words("cities"):
            return False
    return True


# Auxiliaries of what may, will or should happen: "I'll move to Berlin", "she could join Acme".
_MODALS = frozenset({"will", "'ll", "wo", "would", "'d", "shall", "should", "may", "might", "could", "can",
                     "ca", "must"})


# Verbs of seeing a show: "we saw Coldplay live in Chicago" is a concert, where "live" is an
# adverb the parser reads as the verb of a clause ("Coldplay live in Chicago").
# the parse's heads of a show clause: hearing too (the surface pattern leaves "heard X live in
# Y", which may report a home, alone)
_SHOW_HEADS = V.SEE_SHOW | {"catching", "hear", "hears", "heard", "hearing"}


def _seen_live(v) -> bool:
    """Bare "live" in a clause under a verb of seeing: a performance, no home."""
    return v.lower_ == "live" and v.dep_ in ("ccomp", "xcomp") and v.head.lower_ in _SHOW_HEADS


def _asserted(v, copula: bool) -> bool:
    """Whether the clause of ``v`` says something happened or holds: not negated ("I haven't been
    to Edinburgh"), no modal on a verb of action ("I'll be visiting", "we could move to Lisbon";
    a role keeps its ties: "X would be the next president of Mexico"), not a question
    ("have you been to Italy?"; a clause under it, "did you know Priya works at Google?", is).
    ``copula``: ``v`` is a form of "be" (or another copula), whose modal keeps the role's ties."""
    for c in v.children:
        if c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in _MODALS and not copula):
            return False
    inverted = _inverted(v)
    if v.dep_ == "ROOT" or inverted:  # (an inverted clause asks even where the parser hung it
        last = v.sent[-1]            # under a tag: "Does Noor live in Leeds, right?")
        while last.is_space and last.i > v.sent.start:
            last = last.doc[last.i - 1]
        if last.text == "?" and (inverted or not _tag_question(last)):
            return False
    return True


def _inverted(v) -> bool:
    """"Does Kofi live in Bergen, yeah?": an auxiliary before the subject asks, tag or no tag."""
    subj = max((c.i for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), default=None)
    return subj is not None and any(
        c.dep_ in ("aux", "auxpass") and c.i < subj for c in v.children)


# the tags that turn a statement into a check ("Sofia works at Zalando, right?"): still said
_TAG_WORDS = frozenset({"right", "yeah", "no", "huh", "eh", "ok", "okay", "correct", "innit"})
_TAG_AUX = frozenset({"is", "was", "are", "were", "do", "does", "did", "has", "have", "had", "ca", "wo"})
_TAG_PRONOUNS = frozenset({"he", "she", "it", "they", "you", "we", "i"})


def _tag_question(q) -> bool:
    """"Priya works at Google, right?", "Ben lives in Leeds, doesn't he?": a statement with a tag
    (a comma, then one tag word, or an auxiliary, "n't" and a pronoun) is asserted; "Does Ben
    live in Leeds?", "Ok, is Ben in Leeds?" and "So, have you been to Italy?" are asked."""
    doc, k = q.doc, q.i - 1
    while k > q.sent.start and doc[k].text != "," and q.i - k <= 4:
        k -= 1
    words = [t.lower_ for t in doc[k + 1: q.i]]
    if doc[k].text != "," or not words:
        return False
    if len(words) == 1:
        return words[0] in _TAG_WORDS
    return words[0] in _TAG_AUX and words[-1] in _TAG_PRONOUNS and (len(words) == 2 or words[1] == "n't")


def _irrealis(v) -> bool:
    """"I want to visit Paris", "we plan to move to Lisbon": wished, not done."""
    t = v
    for _ in range(3):
        if t.dep_ not in ("xcomp", "ccomp") or t.head.i == t.i:
            return False
        t = t.head
        w = t.lower_  # ("wanting", "hoping": forms the lemma table may not know)
        if {V.lemma(w), w[:-3], w[:-3] + "e", w[:-2], w[:-1]} & _IRREALIS:
            return True
    return False

def _past_place_copula(ctx: Ctx, v, subs) -> None:
    """A speaker saying "Italy was awesome!" is telling of a visit there."""
    if ctx.speaker is None or not any(c.dep_ == "acomp" for c in v.children):
        return
    for s, st in subs:
        if not isinstance(s, str) and ctx.types[s] == "place":
            add(ctx, "@speaker", s, "visited", (st, v), 0.4, f"{st.text} {v.text}")


def _said_to(o, objs) -> bool:
    """A name the parser made an object that is the person spoken to: "I love you Nate!" (a
    second object beside "you"), "I love the thought Nate!" (a given name closing the
    exclamation, a common noun glued before it). "I love the band Radiohead." keeps its object."""
    if o.pos_ != "PROPN":
        return False
    if any(x is not o and x.lower_ == "you" for x in objs):
        return True
    doc, k = o.doc, o.i + 1
    if k >= len(doc) or doc[k].text not in ("!", ",") or not gazetteer.is_given_name(o.lower_):
        return False
    kids = list(o.lefts)
    return any(c.dep_ == "det" for c in kids) and any(
        c.dep_ == "compound" and c.pos_ == "NOUN" and c.text.islower() for c in kids)
