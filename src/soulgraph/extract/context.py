"""Syntactic context cues of a mention, read from the dependency parse.

See the cue table in ``spacy_np``: subj_of / obj_of / prep / pobj_of / poss /
poss_of / appos / is_a / compound_head / title / addressed.
"""

from __future__ import annotations

from soulgraph.classify.lexicon import ANIMAL_NOUNS, OTHER_PLURALS
from soulgraph.extract import lexicon

TITLES = frozenset(
    "mr mr. mrs mrs. ms ms. miss dr dr. prof prof. professor sir madam lady lord president senator "
    "governor mayor judge rev rev. captain capt. gen. general coach aunt uncle grandma grandpa".split()
)
_GREET = frozenset("hey hi hello thanks thank bye goodbye dear congrats congratulations yo cheers".split())
_NOUN = ("NN", "NNS")


def _lemma(tok) -> str:
    tag = tok.tag_
    if tag.startswith("VB") or tag == "MD":
        return lexicon.lemma(tok.lower_, "verb")
    if tag in _NOUN and tok.lower_ not in OTHER_PLURALS:  # "trainers" (shoes) stay plural
        return lexicon.lemma(tok.lower_, "noun")
    return tok.lower_


def role_cues(doc, i: int, j: int, initial: bool = False) -> list[str]:
    """Cues from the grammatical role of the span's root token."""
    root = doc[i]
    for t in doc[i:j]:
        h = t.head
        if h.i < i or h.i >= j or h.i == t.i:
            root = t
            break
    cues: list[str] = []
    # coordination: "Alice and Bob work at Acme" -> Bob takes Alice's role
    node = root
    hops = 0
    while node.dep_ == "conj" and node.head.i != node.i and hops < 4:
        node = node.head
        hops += 1
    dep, gov = node.dep_, node.head
    if dep == "nsubj":
        lem = _lemma(gov)
        cues.append(f"subj_of:{lem}")
        if lem == "be":
            for c in gov.children:
                if c.dep_ == "attr" and c.tag_ in _NOUN:
                    cues.append(f"is_a:{_lemma(c)}")
                    break
    elif dep == "nsubjpass":
        cues.append(f"subjpass_of:{_lemma(gov)}")
    elif dep in ("dobj", "obj"):
        cues.append(f"obj_of:{_lemma(gov)}")
    elif dep == "pobj" and gov.dep_ in ("prep", "agent", "dative") or dep == "pobj":
        prep = gov.lower_
        cues.append(f"prep:{prep}")
        g2 = gov.head
        if g2.i != gov.i:
            # "moved the docs to Confluence": what moves is the object, so the destination is
            # not where someone moved to (":obj" keeps it out of the residence reading)
            moved_obj = prep in ("to", "from", "into") and any(c.dep_ == "dobj" for c in g2.children)
            cues.append(f"pobj_of:{prep}:{_lemma(g2)}" + (":obj" if moved_obj else ""))
    elif dep == "poss":
        cues.append("poss")
        if gov.tag_ in _NOUN:
            cues.append(f"poss_of:{_lemma(gov)}")
    elif dep == "appos" and gov.tag_ in _NOUN:
        cues.append(f"appos:{_lemma(gov)}")
    elif dep == "compound" and gov.tag_ in _NOUN and (gov.i >= j or gov.i < i):
        cues.append(f"compound_head:{_lemma(gov)}")
    elif dep == "attr" and gov.i != node.i:
        for c in gov.children:
            if c.dep_ == "nsubj" and c.tag_ in _NOUN:
                cues.append(f"appos:{_lemma(c)}")  # "the designer is Sarah"
                break
    for c in root.children:
        if c.dep_ == "appos" and c.tag_ in _NOUN and not (i <= c.i < j):
            cues.append(f"appos:{_lemma(c)}")
            break
    if i > 0:
        prev = doc[i - 1]
        if prev.lower_ in TITLES:
            cues.append(f"title:{prev.lower_.rstrip('.')}")
    if _addressed(doc, i, j, initial) and not any(  # "a golden retriever, Max.": an apposition
            c.startswith("appos:") and c[6:] in ANIMAL_NOUNS for c in cues):
        cues.append("addressed")
    return cues


def _addressed(doc, i: int, j: int, initial: bool) -> bool:
    """Vocative: "Thanks, Mel!", "hey Riley", "..., Jo?" / "Caroline, awesome news"."""
    k = i - 1
    if k >= 0 and doc[k].text == ",":
        k -= 1
    if k >= 0 and (doc[k].lower_ in _GREET
                   or (doc[k].lower_ == "you" and k > 0 and doc[k - 1].lower_ == "thank")):
        return True
    nxt = doc[j].text if j < len(doc) else ""
    prev = doc[i - 1].text if i > 0 else ""
    # (no Token.is_sent_end here: it rescans the whole doc on every call)
    if prev == "," and nxt in ("!", "?", ".", "") and (j + 1 >= len(doc) or doc[j + 1].is_space
                                                       or doc[j + 1].text[:1].isupper()):
        return True
    if initial and nxt == "," and j - i == 1:
        # sentence-opening vocative: "Caroline, awesome news" (not "Paris, France")
        after = doc[j + 1] if j + 1 < len(doc) else None
        return after is not None and after.tag_ not in ("NNP", "NNPS")
    return False
