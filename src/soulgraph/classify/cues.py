"""Votes from the extractors' cues (see the cue table in ``extract/spacy_np.py``).

spaCy's entity label is a vote, not a verdict: the small model calls chat
names ORG or GPE, so each label carries a modest weight and the context
patterns can outvote it.
"""

from __future__ import annotations

from soulgraph.classify import lexicon
from soulgraph.classify.evidence import Vote

NER: dict[str, tuple[str, float]] = {
    "PERSON": ("person", 1.4), "ORG": ("org", 1.2), "GPE": ("place", 1.6), "LOC": ("place", 1.4),
    "FAC": ("place", 0.9), "NORP": ("concept", 1.5), "EVENT": ("event", 1.3),
    "PRODUCT": ("tool", 1.1), "WORK_OF_ART": ("concept", 1.2), "LAW": ("concept", 1.0),
    "LANGUAGE": ("concept", 1.0), "DATE": ("concept", 2.5), "TIME": ("concept", 2.5),
    "PERCENT": ("concept", 3.0), "MONEY": ("concept", 3.0), "QUANTITY": ("concept", 3.0),
    "CARDINAL": ("concept", 2.5), "ORDINAL": ("concept", 2.5),
}
_TECH_WEAK = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "WORK_OF_ART", "LAW", "EVENT"})
_CHAT_WEAK = frozenset({"ORG", "GPE", "LOC", "FAC", "PRODUCT", "NORP", "WORK_OF_ART", "LAW"})
# One label per fact, shared with the context patterns, so a fact seen by both counts once.
LABEL = {"place": "lives in / moved to X", "org": "works at / joined X", "tool": "using / install X",
         "project": "building / working on X"}
# "the PocketPaw release", "the Soul Protocol PR": things a software project has.
_PROJECT_HEADS = frozenset("release releases repo repository codebase roadmap sprint milestone changelog "
                           "pr prs issue issues backlog maintainers contributors build ci docs spec "
                           "specification".split())
# A team's people named after the team: "Liverpool manager Arne Slot", "Celtics coach Joe Mazzulla"
# (not "star": a film's or a show's too, "Oppenheimer star Cillian Murphy", "Broadway star X").
_TEAM_STAFF = frozenset("striker midfielder goalkeeper keeper defender winger quarterback pitcher "
                        "shortstop linebacker forward skipper boss manager coach".split())
_PREP_PLACE = {"in": 0.9, "from": 0.8, "near": 1.0, "to": 0.5, "at": 0.5}
_SHAPE: dict[str, tuple[str, float]] = {
    "path": ("document", 5.0), "file": ("document", 5.0), "issue_ref": ("document", 5.0),
    "docname": ("document", 4.0), "url": ("document", 5.0), "handle": ("person", 3.0),
    "tech": ("tool", 1.5), "camel": ("tool", 1.0), "numeric": ("concept", 4.0),
    "standard": ("document", 4.0), "alnum": ("tool", 0.8),
}
# The regex fallback's cues (see extract/regex_fallback.py), labels shared with ours.
# Only software has release numbers: "Kite Protocol 0.3" (context.py), "X v2" (regex signal).
VERSION_VOTE = Vote("tool", "X 2.1 (release number)", 2.0, "code")
_REGEX: dict[str, Vote] = {
    "regex:person": Vote("person", "person by signal scoring", 2.5, "regex_verdict"),
    "regex:document": Vote("document", "document by shape", 3.0, "shape"),
    "dialogue": Vote("person", "quoted speech", 2.0, "dialogue"),
    "pronoun": Vote("person", "pronoun nearby", 0.7, "pronoun"),
    "email": Vote("person", "e-mail address", 1.2, "email"),
    "versioned": VERSION_VOTE,
    "imported": Vote("tool", "import X", 2.5, "code"),
}


def votes(cues: list[str], dialogue: bool = True, technical: bool = False,
          extractor: str = "spacy") -> tuple[list[Vote], dict[str, str]]:
    """(votes, forbidden types) for one mention's cues.

    ``dialogue``: the mention sits in a conversation turn; outside one a comma
    before a name is usually a list ("Groq, Together, Fireworks"), not a vocative.
    """
    out: list[Vote] = []
    forbid: dict[str, str] = {}
    for cue in cues:
        head, _, rest = cue.partition(":")
        if head == "ner" and rest in NER:
            t, w = NER[rest]
            if dialogue and t != "person" and rest in _CHAT_WEAK:
                w *= 0.5  # the small model calls chat names ORG / GPE: a weaker vote there
            if technical and rest in _TECH_WEAK:
                w *= 0.5  # ... and code words (Popen, DEVNULL) PERSON / ORG / GPE
            out.append(Vote(t, f"NER {rest}", w, "ner"))
        elif cue in _REGEX:
            out.append(_REGEX[cue])
        elif cue == "regex:project":
            out.extend((Vote("project", "project-like (signal scoring)", 0.8, "regex_verdict"),
                        Vote("tool", "project-like (signal scoring)", 0.8, "regex_verdict")))
        elif head == "verb":
            from soulgraph.classify.context import _lemma

            out.append(Vote("person", lexicon.verb_label(_lemma(rest.lower())), 1.5, "verb"))
        elif head == "project_verb":
            out.append(Vote("project", "building / working on X", 1.2, "project"))
        elif cue == "speaker":
            out.append(Vote("person", "speaker", 5.0, "speaker"))
        elif cue == "speaker:user":
            out.append(Vote("person", "the user (speaker)", 5.0, "speaker"))
        elif cue == "speaker:agent":
            out.append(Vote("concept", "the agent (speaker)", 3.0, "speaker"))
            forbid["person"] = "agent speaker"
        elif cue == "addressed":
            if dialogue:
                out.append(Vote("person", "addressed directly", 3.0, "address"))
            else:
                out.append(Vote("person", "addressed directly?", 0.6, "address_weak"))
        elif cue in ("place_pair", "dateline_place"):  # "Morgan City, La.", "BANGKOK, Thailand (AP)"
            out.append(Vote("place", "Town, State / dateline", 4.0, "shape"))
        elif cue == "dateline_source":  # "Moscow IZVESTIYA" (extract/trim.py)
            out.append(Vote("org", "news source of a dateline", 3.0, "shape"))
        elif head == "title":
            out.append(Vote("person", f"title '{rest}'", 3.0, "title"))
        elif head == "subj_of":
            out.extend(_subject(rest))
        elif head == "subjpass_of":
            if rest in lexicon.PERSON_PASSIVE:
                out.append(Vote("person", f"was {lexicon.verb_label(rest)}", 1.5, "verb"))
            elif rest in ("found", "establish", "incorporate", "acquire"):
                out.append(Vote("org", f"was {lexicon.verb_label(rest)}", 1.2, "verb"))
        elif head == "obj_of" and rest in lexicon.OBJ_VERBS:
            t, w = lexicon.OBJ_VERBS[rest]
            out.append(Vote(t, LABEL.get(t, f"{rest} X"), w, "verb" if t == "person" else "prep"))
        elif head == "pobj_of":
            prep, _, gov = rest.partition(":")
            hit = lexicon.POBJ.get((prep, gov))
            if hit:
                out.append(Vote(hit[0], LABEL.get(hit[0], f"{gov} {prep} X"), hit[1], "prep"))
            elif prep in _PREP_PLACE:
                out.append(Vote("place", f"{prep} X", _PREP_PLACE[prep], "prep"))
        elif head in ("appos", "is_a") and rest in ("member", "members"):
            # "Grace is a member of the choir": a member is a person or a body (a country of a
            # union): a person vote of its own kind, not strong, so a listed place still wins
            out.append(Vote("person", f"{'is a' if head == 'is_a' else 'X,'} member", 1.2, "member"))
        elif head == "appos" and rest in lexicon.ANIMAL_NOUNS:  # "a golden retriever, Max"
            out.append(Vote("concept", f"X, {rest} (an animal's name)", 2.5, "pet"))
        elif head in ("appos", "is_a"):
            t = lexicon.noun_type(rest)
            if t:
                out.append(Vote(t, f"{'is a' if head == 'is_a' else 'X,'} {rest}", 2.5, "noun"))
        elif head == "compound_head" and rest in _TEAM_STAFF:  # "Liverpool manager Arne Slot":
            pass  # read with the text, as in regex mode (classify._team_staff: verb and sport checks)
        elif head == "compound_head" and rest in _PROJECT_HEADS:
            out.append(Vote("project", f"X {rest}", 1.5, "project"))
        elif head == "compound_head":
            t = lexicon.noun_type(rest)
            if t and t != "person":
                out.append(Vote(t, f"X {rest}", 1.5, "noun"))
        elif head == "poss_of":
            out.extend(_possessed(rest))
        elif head == "cmd":
            out.append(Vote("tool", f"{rest} X (command)", 3.0, "code"))
        elif cue == "cli_tool":  # "migrate to uv", "replace mapfile with sed" in technical text
            out.append(Vote("tool", "command-line tool", 2.0, "code"))
        elif cue == "cmd_head":
            out.append(Vote("tool", "command name", 2.0, "code"))
        elif cue == "backticked":
            out.append(Vote("concept", "backticked", 0.8, "code"))
            forbid.update(person="backticked", place="backticked", org="backticked")
        elif cue == "lower_nonword":  # pytest, chromadb in code; in a chat as often slang as a name: no vote
            if technical or not dialogue:
                out.append(Vote("tool", "lowercase non-word", 0.9 if technical else 0.4, "shape"))
        elif cue == "dict_word":
            out.append(Vote("concept", "dictionary word", 0.5, "dict"))
        elif cue == "shape:lower" and extractor == "regex":  # a package name seen at "pip install x"
            out.append(Vote("tool", "package name", 1.5, "code"))
        elif head == "shape" and rest in _SHAPE:
            t, w = _SHAPE[rest]
            out.append(Vote(t, f"shape {rest}", w, "shape"))
        elif head == "junk":
            out.append(Vote("concept", rest.replace("_", " "), 3.0, "junk"))
            forbid.update(dict.fromkeys(("person", "org", "place"), rest))
    return out, forbid


def _subject(lemma: str) -> list[Vote]:
    if lemma in lexicon.PERSON_SUBJ_VERBS:
        return [Vote("person", lexicon.verb_label(lemma), 1.5, "verb")]
    if lemma in lexicon.ORG_SUBJ_VERBS:
        return [Vote("org", lexicon.verb_label(lemma), 0.8, "verb")]
    return []


# What a town or country has: "Winterset's busiest street", "Italy's economy".
_PLACE_HAS = frozenset("""capital government population economy border coast army streets street downtown
outskirts suburbs neighborhoods neighbourhoods skyline""".split())


# A firm's officers: "Acme's chairman", "Google's CEO" (kin and personal roles, "Maya's
# manager", stay person: a person has a manager, rarely a chairman or a spokesman).
_ORG_OFFICERS = frozenset("""ceo cto cfo coo chairman chairwoman chairperson spokesman spokeswoman
spokesperson cofounder co-founder shareholders workforce""".split())


def _possessed(noun: str) -> list[Vote]:
    if noun in _ORG_OFFICERS:
        return [Vote("org", f"X's {noun}", 1.5, "possession")]
    if noun in ("birthday", "wedding", "funeral", "graduation"):
        return [Vote("person", f"X's {noun}", 2.0, "possession")]
    if noun in ("mayor", "governor", "residents", "citizens", "townspeople"):  # "Boston's mayor"
        return [Vote("place", f"X's {noun}", 1.5, "possession")]
    t = lexicon.noun_type(noun)
    if t == "person":
        return [Vote("person", f"X's {noun}", 2.0, "possession")]
    if noun in _PLACE_HAS:
        return [Vote("place", f"X's {noun}", 1.5, "possession")]
    if noun in ("shares", "stock", "board", "headquarters", "employees", "subsidiary", "products"):
        return [Vote("org", f"X's {noun}", 1.5, "possession")]
    if t in ("tool", "project", "document"):
        return [Vote("project" if t == "project" else "tool", f"X's {noun}", 0.8, "possession")]
    return []
