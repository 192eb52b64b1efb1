"""Noun frames: copulas, appositions, role compounds, kinship, killings named by a noun."""

from __future__ import annotations

from soulgraph.classify import lexicon
from soulgraph.relations import vocab as V
from soulgraph.relations.context import Ctx, add, ends, kind, object_of_event, out_key, path, preps

_BOSS = frozenset({"boss", "manager", "supervisor", "chief"})
_ADMIRER = frozenset({"fan", "lover", "admirer", "supporter"})  # the described likes the possessor
_KILL_NOUNS = frozenset({"assassination", "murder", "killing", "slaying", "shooting", "stabbing",
                         "strangling", "execution"})
_VICTIM_POSS_NOUNS = frozenset({"assassination", "murder", "killing", "slaying"})


def role(n) -> str | None:
    if n.pos_ not in ("NOUN", "PROPN"):
        return None
    w = n.lower_
    r = V.ROLE_NOUN.get(w)
    if r is None and w.endswith("s"):
        r = V.ROLE_NOUN.get(w[:-1])
    return r

def noun_frame_sources(ctx: Ctx, n) -> None:
    """Find what a role/description noun describes: appositions and role compounds."""
    if n.lower_ == "one" and n.dep_ in ("appos", "conj"):
        # "Yisrael Tal, one of the top military strategists in Israel": the plural describes him
        # (also "X, an executive with Y and one of the leading experts in Z")
        who = n.head if n.dep_ == "appos" else n.head.head if n.head.dep_ == "appos" else None
        if who is not None and who.i in ctx.tok2men:
            for c, p in preps(n):
                if c.lower_ == "of" and p.i not in ctx.tok2men and p.pos_ == "NOUN" and role(p) is not None:
                    noun_frame(ctx, ends(ctx, who), p)
        return
    if n.i in ctx.tok2men or n.pos_ not in ("NOUN", "PROPN"):
        return
    # "Sarah, our lead designer,"
    if n.dep_ == "appos" and n.head.i in ctx.tok2men and not _runs_into_a_verb(n):
        noun_frame(ctx, ends(ctx, n.head), n)
        for c in n.conjuncts:  # "X, a professor at Y and president of Z"
            if c.i not in ctx.tok2men and role(c) is not None:
                noun_frame(ctx, ends(ctx, n.head), c)
    for c in n.children:
        if c.dep_ == "appos" and c.i in ctx.tok2men:  # "my sister Ana", "the CEO, Bob"
            noun_frame(ctx, ends(ctx, c), n)
    if n.dep_ == "compound" and n.head.i in ctx.tok2men and role(n):  # "CEO John Smith"
        me = ctx.tok2men[n.head.i]
        # "McKinley's assassin Leon Czolgosz", "Kennedy assassin Oswald": the parser hangs the
        # other name on the person's name, before the role word, not on the role word itself
        before = [(ctx.tok2men[s.i], s, "poss" if s.dep_ == "poss" else "compound") for s in n.head.children
                  if s.dep_ in ("poss", "compound") and s.i < n.i and s.i in ctx.tok2men
                  and ctx.tok2men[s.i] != me]
        noun_frame(ctx, [(me, n.head)], n, before)
    _site(ctx, n)
    _home(ctx, n)
    _origin(ctx, n)
    _turned(ctx, n)
    if n.lower_ == "friendship" and ctx.addressee is not None:  # "our friendship" said to someone
        if any(c.dep_ == "poss" and c.lower_ in ("our", "your") for c in n.children):
            if ctx.speaker is not None:
                add(ctx, "@speaker", ctx.addressee, "friend_of", (n,), 0.6, "our friendship")


def _runs_into_a_verb(n) -> bool:
    """"Yeah, Caroline, my family's been great", "Thanks, Jo, my sister is coming": the noun is
    the subject of the clause after a name said to someone, not an apposition (which a comma or
    the sentence end closes: "Ana, my sister, called")."""
    doc, name = n.doc, n.head
    k = n.i + 1
    if n.right_edge.i != n.i or k >= len(doc) or doc[k].pos_ not in ("AUX", "VERB"):
        return False
    before = doc[name.left_edge.i - 1] if name.left_edge.i > 0 else None
    opener = doc[before.i - 1] if before is not None and before.text == "," and before.i > 0 else None
    return before is None or before.is_sent_start or (
        opener is not None and (opener.pos_ == "INTJ" or opener.dep_ == "intj"))


_HOME_NOUNS = frozenset({"home", "hometown", "birthplace", "homeland", "residence", "house"})
_PLACE_KINDS = frozenset({"place", "unknown"})


def _home(ctx: Ctx, n) -> None:
    """"Sohn's New Jersey home", "Beaumont, Texas, Richardson's hometown", "his home in Larchmont":
    the one whose home it is lives in the place that names it."""
    if n.lower_ not in _HOME_NOUNS and not (n.lower_ in ("town", "state", "city", "country")
                                           and any(c.lower_ == "home" for c in n.children)):
        return
    owners = [(x, xt) for c in n.children if c.dep_ == "poss" for x, xt in ends(ctx, c)
              if kind(ctx, x) in ("person", "org", "unknown")]  # NER calls surnames ORG
    if not owners:
        return
    places = [(ctx.tok2men[c.i], c) for c in n.children if c.dep_ in ("compound", "nmod")
              and c.i in ctx.tok2men]
    if n.dep_ == "appos" and n.head.i in ctx.tok2men:  # "Beaumont, Richardson's hometown"
        places.append((ctx.tok2men[n.head.i], n.head))
    if n.dep_ == "attr":  # "Ohio is Smith's home state", "with South Carolina being Jackson's home state"
        places += [(x, xt) for c in n.head.children if c.dep_ in ("nsubj", "nsubjpass")
                   for x, xt in ends(ctx, c) if not isinstance(x, str)]
    places += [(x, xt) for c, p in preps(n) if c.lower_ in ("in", "of") for x, xt in ends(ctx, p)]
    for x, xt in places:
        if kind(ctx, x) not in _PLACE_KINDS:
            continue
        for o, ot in owners:
            add(ctx, o, x, "lives_in", (ot, n, xt), 0.7, f"{n.text}", loose=True)


def _origin(ctx: Ctx, n) -> None:
    """"Soviet historian Roy Medvedev", "Rochester teacher Ann Lee": a nationality or a place
    modifying a person noun placed before a name says where that person is from."""
    if n.dep_ != "compound" or n.head.i not in ctx.tok2men or n.i in ctx.tok2men:
        return
    if V.ROLE_NOUN.get(n.lower_) is None and lexicon.noun_type(n.lower_) != "person":
        return
    person = ctx.tok2men[n.head.i]
    if kind(ctx, person) != "person":
        return
    for c in n.children:
        if c.dep_ in ("amod", "compound", "nmod") and c.i in ctx.tok2men and c.i < n.i:
            x = ctx.tok2men[c.i]
            if x != person and kind(ctx, x) in ("place", "group"):
                add(ctx, person, x, "lives_in", (c, n, n.head), 0.6, f"{c.text} {n.text}")


def _turned(ctx: Ctx, n) -> None:
    """"Google engineer turned author Sarah Chen", "Goldman banker turned novelist Mark Hill": the
    name after "turned" and a second occupation held the first job at the name modifying it."""
    doc = ctx.doc
    if n.i + 1 >= len(doc) or doc[n.i + 1].lower_ != "turned":
        return  # (the parser hangs "turned" on either noun: the words decide)
    v = doc[n.i + 1]
    r = role(n)
    if r != "works_at" and (r is not None or lexicon.noun_type(n.lower_) != "person"):
        return  # a job ("engineer", "banker"), not kin or a fan
    orgs = [(ctx.tok2men[c.i], c) for c in n.children if c.dep_ == "compound" and c.i in ctx.tok2men]
    k = v.i + 1
    while k < len(doc) and k <= v.i + 2 and k not in ctx.tok2men and doc[k].text.islower() \
            and (role(doc[k]) is not None or lexicon.noun_type(doc[k].lower_) == "person"):
        k += 1
    if not orgs or k == v.i + 1 or k not in ctx.tok2men or kind(ctx, ctx.tok2men[k]) != "person":
        return
    for o, ot in orgs:
        add(ctx, ctx.tok2men[k], o, "works_at", (doc[k], n, ot), 0.6, f"{n.text} turned", loose=True)


def _site(ctx: Ctx, n) -> None:
    """"NRC headquarters in Rockville", "the Rocky Flats plant in Colorado": a name
    modifying a noun that is placed somewhere is placed there too (orgs and places only)."""
    owners = [(ctx.tok2men[c.i], c) for c in n.children
              if c.dep_ in ("compound", "poss") and c.i in ctx.tok2men
              and ctx.types[ctx.tok2men[c.i]] in ("org", "place")]
    if not owners:
        return
    for c in n.children:
        if c.dep_ == "prep" and c.lower_ in ("in", "at", "near", "outside"):
            for p in c.children:
                if p.dep_ == "pobj":
                    for x, xt in ends(ctx, p):
                        if not isinstance(x, str) and ctx.types[x] == "place":
                            for m, mt in owners:
                                # an owner finally typed a person is no site ("User's works in
                                # Chicago", a misparse): @in_place drops it rather than relabel
                                add(ctx, m, x, V.IN_PLACE, (mt, n, xt), 0.5, f"{n.text} {c.text}")


def noun_frame(ctx: Ctx, described, n, extra: list | None = None) -> None:
    """``described`` is/are ``n`` ("the CTO of Acme"); relate them to what ``n`` attaches
    (and to ``extra``: (name, token, how) attached elsewhere by the parser)."""
    rel_of_noun = role(n)
    related = list(extra or [])
    for c in n.children:
        if c.dep_ == "poss":
            related += [(x, xt, "poss") for x, xt in ends(ctx, c)]
        elif c.dep_ == "prep" and c.lower_ in V.ATTACH_PREPS:
            for p in c.children:
                if p.dep_ == "pobj":
                    found = ends(ctx, p)
                    related += [(x, xt, c.lower_) for x, xt in found]
                    if rel_of_noun in V.POSSESSOR_HEAD:
                        continue  # "a fan of Game of Thrones", "of Google's products": no employer there
                    if not found:  # "an engineer with the USDA's research service"
                        related += [(ctx.tok2men[g.i], g, "hop") for g in p.children
                                    if g.dep_ in ("poss", "compound", "nmod") and g.i in ctx.tok2men]
                    for c2, p2 in preps(p):  # "manager of Truck Stop in Ontario"
                        if c2.lower_ in ("in", "of", "at"):
                            related += [(x, xt, "hop") for x, xt in ends(ctx, p2)
                                        if not any(x == f for f, _ in found)]
                    if not found and rel_of_noun in ("works_at", "leads"):
                        related += _employer_down(ctx, p)
        elif c.dep_ in ("compound", "nmod") and c.i in ctx.tok2men:
            related.append((ctx.tok2men[c.i], c, "compound"))
        elif c.dep_ == "conj" and c.i not in ctx.tok2men and role(c) is None:
            # "a fan of classical like Bach, as well as modern music like Ed Sheeran's 'Perfect'"
            related += [(x, xt, "of") for x, xt in ends(ctx, c) if xt.i != c.i]
    for d, dt in described:
        for x, xt, how in related:
            if x == d:
                continue
            toks = (dt, n, xt)
            trig = f"{n.text} {how}"
            if rel_of_noun is None or how == "hop":
                if how in ("of", "at", "from", "in", "for", "compound", "hop", "poss", "with"):
                    if how == "from" and n.lower_ in V.MEASURES:
                        continue  # "Ines was two hours from Leeds": a distance, no tie
                    rel = V.TYPE_PREP.get((kind(ctx, d), kind(ctx, x)))
                    if rel == "works_at" and n.lower_ in V.NOT_JOB and how != "from":
                        continue  # "Ben is a customer at Chase": no job there ("the guy from Slack" is)
                    if rel == "lives_in" and (how == "at" or (how == "in" and object_of_event(n))):
                        continue  # "a nurse at Kaiser Permanente" (NER: a place): a workplace, no
                        # home; "got engaged to her boyfriend Luis in Paris": the event's place
                    if rel is None and how == "hop":  # "X, deputy leader of the RP group"
                        rel = rel_of_noun
                    if rel:
                        add(ctx, d, x, rel, toks, 0.55, trig)
                continue
            if how == "org_hop":  # "the head of the research division of Boeing": works there
                add(ctx, d, x, "works_at", toks, 0.55, f"{n.text} of/for/at")
            elif how == "poss" and n.lower_.rstrip("s") in _ADMIRER:  # "a former Beatles' fan": he likes them
                add(ctx, d, x, rel_of_noun, toks, 0.7, trig)
            elif how == "poss" and rel_of_noun in V.POSSESSOR_HEAD:  # "my sister Ana", "my top pick"
                # a kin word types both ends itself (NER calls "Riley" an ORG)
                rel = "knows" if _work_partner(n) else rel_of_noun
                add(ctx, x, d, rel, toks, 0.75, trig, loose=n.lower_ in V.KIN)
            elif how == "poss" and rel_of_noun == "works_at" and kind(ctx, x) == "person":
                # "our lead designer" knows; "my boss Linda" is over me, "my bank manager Tom" is not
                rel = "reports_to" if n.lower_ in _BOSS and not _someone_elses(n) else "knows"
                if rel == "reports_to":
                    add(ctx, x, d, rel, toks, 0.65, trig)
                else:
                    add(ctx, x, d, rel, toks, 0.55, trig)
            else:
                # a lead AT a company works there ("the tech lead at Acme"); of / for it, leads it
                rel = "works_at" if rel_of_noun == "leads" and how in ("at", "with") else rel_of_noun
                if rel == "works_at" and how == "compound" and kind(ctx, x) == "place":
                    rel = "lives_in"  # "Kenji Sato (NER: an ORG), a Tokyo lawyer": a home, no employer
                # "a nurse at Kaiser Permanente" (NER: a place): the job's site is a workplace, never
                # retyped into a home; the final types keep the job or drop it
                at_site = rel == "works_at" and how == "at" and kind(ctx, x) == "place"
                # the one a role noun describes is a person, whatever NER says ("Chloe (ORG), a
                # Juilliard student": attended, not org-org part_of); the final types still check
                if kind(ctx, d) == "org" and _kept(ctx, d, x, rel, toks, trig, rel == "member_of" or at_site):
                    continue
                add(ctx, d, x, rel, toks, 0.75, trig, retype=not at_site,
                    soft=rel == "member_of" or at_site)  # "Tamsin (a GPE to the model) is a member of"

# what may stand before "boss" / "manager" and leave them the speaker's own: "my new manager"
_OWN_BOSS_MODS = frozenset({"new", "current", "direct", "immediate", "line"})


def _someone_elses(n) -> bool:
    """"my bank manager Tom", "my property manager Greg", "my ex boss Linda": a modifier other
    than "new" / "current" makes the manager the bank's, the building's or a former one, not the
    one the speaker reports to."""
    return any(c.dep_ in ("compound", "amod", "nmod") and c.lower_ not in _OWN_BOSS_MODS
               for c in n.children)


def _work_partner(n) -> bool:
    """"his business partner, Evan", "my tennis partner Jo": a noun before "partner" makes it a
    partner in that, no family ("my life partner Sam", "her domestic partner" still are)."""
    return n.lower_ in ("partner", "partners") and any(
        c.dep_ in ("compound", "nmod") and c.pos_ == "NOUN" and c.lower_ not in ("life", "domestic")
        for c in n.children)


def _kept(ctx: Ctx, h, t, rel: str, toks, trig: str, soft: bool) -> bool:
    """Add h-rel-t with neither end's NER type vetoing it; whether that fact is recorded (by this
    candidate or an earlier one)."""
    add(ctx, h, t, rel, toks, 0.75, trig, soft=soft, loose=True)
    return out_key(ctx, h, t, rel) in ctx.out


_DOWN_PREPS = frozenset({"of", "for", "at", "with"})


def _employer_down(ctx: Ctx, p, depth: int = 0) -> list:
    """The organisation at the end of a job title's chain of plain nouns: "vice president of
    daytime programs for ABC Entertainment", "vice for development of new products at American
    Express", "an engineer in the research division of Boeing". Organisations only (the final
    types check it again): a place that deep in the chain is the field's, not the person's."""
    out = []
    for c, q in preps(p):
        if c.lower_ not in _DOWN_PREPS and not (depth == 0 and c.lower_ == "in"):
            continue
        names = [(x, xt, "org_hop") for x, xt in ends(ctx, q)
                 if not isinstance(x, str) and kind(ctx, x) == "org"]
        if names:
            out += names
        elif depth < 2 and q.pos_ == "NOUN" and q.i not in ctx.tok2men:
            out += _employer_down(ctx, q, depth + 1)
    return out


_CHARGE_VERBS = frozenset(f"{w}{e}" for w in ("convict", "charg", "accus", "indict", "sentenc", "arrest",
                                                "suspect", "jail", "imprison", "execut", "hang")
                          for e in ("", "e", "ed", "es", "s", "ing"))


def _charged_with(ctx: Ctx, n) -> list:
    """Who a charge verb over the noun names: "Sirhan was convicted of Kennedy's killing"."""
    if n.dep_ != "pobj" or n.head.dep_ != "prep" or n.head.lower_ not in ("of", "for", "in", "with"):
        return []
    v = n.head.head
    if v.pos_ not in ("VERB", "AUX") or v.lower_ not in _CHARGE_VERBS:
        return []
    return [(e, et) for s in v.children if s.dep_ in ("nsubj", "nsubjpass") for e, et in ends(ctx, s)
            if not isinstance(e, str) and ctx.types[e] in ("person", "unknown")]


def kill_nouns(ctx: Ctx, sent) -> None:
    """"the assassination of Kennedy", "charged with the slaying of John Walker".

    The victim is the "of" object; the killer is the possessor or the "by"
    agent, else the one other person nearest in the parse (the accused).
    """
    for n in sent:
        if (n.lower_ not in _KILL_NOUNS and n.lower_[:-1] not in _KILL_NOUNS) or n.pos_ != "NOUN":
            continue
        victims = [e for c in n.children if c.dep_ == "prep" and c.lower_ == "of"
                   for p in c.children if p.dep_ == "pobj" for e in ends(ctx, p)]
        owners = [e for c in n.children if c.dep_ == "poss" for e in ends(ctx, c)]
        if not victims and n.lower_.rstrip("s") in _VICTIM_POSS_NOUNS:
            # "convicted of Kennedy's killing", "Lincoln's assassination": with no "of", the
            # possessor is the one killed (a person's name; "the gang's killing" is no victim;
            # "Curry's shooting", "his execution of the plan" are no killing)
            victims = [(e, et) for e, et in owners if not isinstance(e, str) and ctx.types[e] == "person"]
            if victims:  # the killer only as the one charged with it: "Sirhan was convicted of ..."
                for k, kt in _charged_with(ctx, n):
                    for v, vt in victims:
                        add(ctx, k, v, "killed", (kt, n, vt), 0.6, n.text)
            continue
        if not victims:
            continue
        killers = owners
        killers += [e for c in n.children if c.dep_ in ("prep", "agent") and c.lower_ == "by"
                    for p in c.children if p.dep_ == "pobj" for e in ends(ctx, p)]
        conf = 0.75
        if not killers:
            vset = {v for v, _ in victims}
            best, bd = [], 8
            for t in sent:
                m = ctx.tok2men.get(t.i)
                if m is None or m in vset or ctx.types[m] != "person" or ctx.tok2men.get(t.head.i) == m:
                    continue
                route = path(t, n)
                d = len(route) - 1 if route else 99
                if d < bd:
                    best, bd = [(m, t)], d
                elif d == bd:
                    best.append((m, t))
            killers, conf = (best, 0.45) if len({m for m, _ in best}) == 1 else ([], 0)
        for k, kt in killers:
            for v, vt in victims:
                add(ctx, k, v, "killed", (kt, n, vt), conf, n.text)
