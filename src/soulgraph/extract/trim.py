"""Trimming a candidate token range down to the name itself.

"the Soul Protocol PR" -> "Soul Protocol"; "Ed Sheeran's" -> "Ed Sheeran";
"my sister Ana" -> "Ana" (via the proper-noun run); "Bye Caroline" -> "Caroline".
Functions take a Doc and half-open token indices ``[i, j)`` and return new ones.
"""

from __future__ import annotations

import re

from soulgraph import shapes
from soulgraph.classify import gazetteer
from soulgraph.extract import context, dateline, lexicon, possessive
from soulgraph.extract.regex_words import PAST_BEFORE_NAME, opens_term

# Tags that never start a name: determiners, pronouns, possessive markers, punctuation.
_LEAD_TAGS = frozenset({"DT", "PDT", "PRP", "PRP$", "WP", "WP$", "POS", "IN", "CC", "TO", "RB",
                        "UH", "MD", ",", ":", ".", "``", "''", "-LRB-", "-RRB-", "HYPH", "NFP",
                        "SYM", "$", "#", "_SP", "LS", "ADD"})
_TAIL_TAGS = frozenset({"POS", "PRP", "PRP$", "DT", "IN", "CC", "TO", ",", ":", ".", "``", "''",
                        "-LRB-", "-RRB-", "HYPH", "NFP", "SYM", "_SP", "UH", "ADD", "$", "#"})
# Words glued in front of names by greetings and sentence openers ("Hey Riley", "Maybe Riley").
GREETINGS = frozenset(
    "hey hi hello hiya howdy yo bye goodbye thanks thank cheers dear congrats congratulations welcome "
    "sorry ok okay oh ah wow yay maybe yes yeah no nope well so and but or please ps lol haha omg "
    "good morning evening night great nice love miss hug hugs yep yup yea nah aw aww whoa woah hehe "
    "wanna gonna gotta lemme dunno woohoo hooray yass".split()
)
# Chat openers NER glues onto the given name after them ("Anytime Nate!", "Glad Max is better"),
# at a sentence start only: words that open a reply and never a person's name ("Proud Mary" can).
_OPENERS_BEFORE_NAME = frozenset("anytime glad".split())
# Imperative openers of commit messages and notes ("Add Milla's notes", "Fix Soul Protocol").
IMPERATIVES = frozenset(
    "add fix update remove bump merge refactor rename move drop revert use make allow support handle ensure "
    "implement improve clean document test set replace introduce enable disable prevent avoid skip show hide "
    "call run pass return wire ship release prefer switch restore guard raise migrate port convert expose "
    "extract split inline simplify thank thanks credit ask tell email ping invite meet".split()
)
# The same verbs in the past, as change logs and stand-up notes open ("Bumped React to 18.3",
# "Upgraded Node on the agents", "Paired with Fatima"); only at a sentence start, before a name.
PAST_OPENERS = frozenset(
    "added fixed updated removed bumped merged refactored renamed moved dropped reverted replaced "
    "introduced enabled disabled upgraded downgraded migrated ported converted switched restored shipped "
    "released deployed pinned patched rewrote reviewed paired benchmarked rotated configured "
    "installed uninstalled tested debugged profiled documented implemented improved simplified".split()
)
# Trailing words that name a thing about the name, not the name ("Soul Protocol PR", "Acme team").
TRAILING_HEADS = frozenset(
    "pr prs mr issue issues repo repos repository team teams project release branch fork folks people "
    "community crew guys docs codebase account page site app server channel thread".split()
)


def trim(doc, i: int, j: int) -> tuple[int, int]:
    """Strip leading/trailing tokens that cannot be part of a name."""
    while i < j and (doc[i].tag_ in _LEAD_TAGS and not _keep_lead(doc[i])):
        i += 1
    while i < j and ((doc[j - 1].tag_ in _TAIL_TAGS and not _keep_lead(doc[j - 1]))
                     or doc[j - 1].text in ("'s", "’s", "'", "’")):
        if doc[j - 1].text in (".",) and j - 1 > i and doc[j - 2].whitespace_ == "":
            # "Corp." / "Inc." keep their dot when tokenised apart
            if doc[j - 2].text in ("Corp", "Inc", "Ltd", "Co", "Jr", "Sr", "St"):
                break
        if doc[j - 1].text in ("'s", "’s") and j - 1 > i and owns_s(doc, i, j):
            break  # "Trader Joe's", "McDonald's": the shop's own name
        j -= 1
    # "Manchester United 3-1": a match score is not part of the team's name
    if j - i >= 4 and doc[j - 2].text in ("-", "–") and doc[j - 1].text.isdigit() \
            and doc[j - 3].text.isdigit() and len(doc[j - 1]) <= 2 and len(doc[j - 3]) <= 2 \
            and doc[j - 4].text[:1].isupper() \
            and doc[j - 1].ent_type_ not in ("DATE", "TIME") and doc[j - 4].ent_type_ not in ("DATE", "TIME"):
        j -= 3
    # "OpenAI SDK v1.40", "Python 3.9": the version is not part of the name (one node per tool)
    while j - i >= 2 and shapes.is_version(doc[j - 1].text) and doc[j - 2].text[:1].isalpha():
        j -= 1
    return i, j


def owns_s(doc, i: int, j: int) -> bool:
    """The span's last token "'s" is its name's own (extract.possessive.keeps_s)."""
    after = doc[j].text if j < len(doc) and doc[j].is_alpha else ""
    return possessive.keeps_s(doc[i:j - 1].text, after)


# Words after a span of time that make it a date relative to the telling ("35 years ago",
# "four years later"): the span itself ("35 years") is what the sentence counts.
_RELATIVE_TAIL = frozenset({"ago", "later", "earlier"})


# Verbs of trading one thing for another: "leaving Acme for Vercel", "swapped Spotify for Tidal".
_TRADE_VERBS = frozenset("leave leaves left leaving quit quits quitting ditch ditched ditching dump dumped "
                         "swap swapped swapping trade traded trading drop dropped dropping".split())


def two_names_around_for(doc, i: int, k: int) -> bool:
    """Whether "for" at ``k`` joins two names rather than being part of one ("Center for Strategic
    Studies"): a verb of trading before the run ("leaving Acme for Vercel"), or a given name after
    "for" when the name before it ends in no organisation word ("Ticketmaster for Phoebe Bridgers")."""
    last = doc[k - 1].lower_
    if i > 0 and doc[i - 1].lower_ in _TRADE_VERBS:
        # not "quit Teachers for America", "left Students for Fair Admissions": a plural noun
        # before "for" opens an advocacy group's name
        return not (last.endswith("s") and lexicon.is_word(last))
    return k + 2 < len(doc) and gazetteer.is_plain_given_name(doc[k + 1].text) \
        and doc[k + 2].text[:1].isupper() and last not in gazetteer.words("orgs_suffix") \
        and last not in gazetteer.words("places_suffix") and not lexicon.is_word(last)


def strip_relative_tail(doc, i: int, j: int) -> int:
    """"35 years ago" -> "35 years", "1000 today" -> "1000" (a date entity's counted span)."""
    while j - i >= 2 and (doc[j - 1].lower_ in _RELATIVE_TAIL
                          or (doc[j - 1].lower_ in ("today", "tonight") and doc[j - 2].like_num)):
        j -= 1
    return j


def _keep_lead(tok) -> bool:
    # "The Associated Press", "The Beatles": a capitalised The inside an ORG/WORK entity
    if tok.lower_ == "the" and tok.text == "The" and tok.ent_iob_ == "I":
        return True
    # the tagger guesses RB/UH/IN for unknown words ("chromadb"): keep non-words
    return tok.tag_ in _GUESS_TAGS and tok.is_alpha and not tok.is_stop and (
        not lexicon.is_word(tok.lower_) or shapes.is_camel_case(tok.text)  # "iOS" (RB), not "ios"
        or gazetteer.is_plain_given_name(tok.text))  # "my cousin Raj" (RB)


_GUESS_TAGS = frozenset({"RB", "UH", "MD", "IN", "CC"})


# Labels whose spans the small model cuts short of the name ("Kite [Protocol 0.3]" LAW,
# "Elden [Ring]" WORK_OF_ART): a proper noun before them is the name's own first word.
_LOOSE_LABELS = frozenset({"LAW", "WORK_OF_ART", "PRODUCT"})


def strip_openers(doc, i: int, j: int, sent_initial: bool, ner_start: int | None) -> int:
    """Drop greeting words and sentence-opening ordinary words glued before a name.

    Only drops words outside the NER span that starts later (``ner_start``), so
    "New York" at a sentence start survives when NER covers it.
    """
    while j - i > 1:
        tok = doc[i]
        low = tok.lower_
        if sent_initial and (low in IMPERATIVES or low in PAST_OPENERS) and tok.text[:1].isupper() \
                and not opens_term(tok.text, doc[i + 1].text):
            i += 1  # imperative opener: "Add Milla's notes", "Fix Soul Protocol" (NER often swallows it)
            sent_initial = False
            continue
        if sent_initial and low in PAST_BEFORE_NAME and tok.text[:1].isupper() \
                and gazetteer.is_given_name(doc[i + 1].text):
            i += 1  # "Met Olivia's new boyfriend", "Saw Tom at the gym": a diary line's verb
            sent_initial = False
            continue
        if sent_initial and tok.text[:1].isupper() and (low.endswith("ed") or low in PAST_BEFORE_NAME) \
                and doc[i + 1].text[:1].isupper() and tok.ent_iob_ != "I" \
                and lexicon.pos_of(low) == {"verb"} and not gazetteer.is_given_name(low) \
                and (low in PAST_BEFORE_NAME or not _plain_noun(doc[i + 1].text)):
            i += 1  # "Watched Arsenal beat ...", "Took Pickles to the vet": a diary line's past verb
            # (not "Unboxed Therapy", "Arrested Development": a verb before an ordinary noun, a name)
            sent_initial = False
            continue
        if low in GREETINGS and tok.ent_iob_ != "I":  # inside an entity begun before it: "The Night Circus"
            i += 1  # "Yo Tim", "Yep John": never part of the name, whatever NER says
            sent_initial = False
            continue
        if sent_initial and tok.text[:1].isupper() and low.endswith("ing") \
                and lexicon.pos_of(low) == {"verb"} and not gazetteer.is_given_name(low):
            i += 1  # "Evaluating Juppe's visit, ...": a gerund NER glued onto the name
            sent_initial = False
            continue
        after = doc[i + 1].lower_
        if sent_initial and low in _OPENERS_BEFORE_NAME and (gazetteer.is_given_name(after)
                                                             or gazetteer.is_ambiguous_name(after)):
            i += 1  # "Glad Max is better", "Anytime Nate!": a chat opener glued to a given name
            sent_initial = False
            continue
        if ner_start is not None and i >= ner_start:
            break
        if (sent_initial and lexicon.is_word(low) and tok.tag_ not in ("NNP", "NNPS")):
            i += 1
            sent_initial = False
            continue
        if sent_initial and ner_start is not None and ner_start > i and lexicon.is_word(low) \
                and not (gazetteer.is_given_name(low) and tok.tag_ in ("NNP", "NNPS")) \
                and not (doc[ner_start].ent_type_ in _LOOSE_LABELS and tok.tag_ in ("NNP", "NNPS")) \
                and not (tok.tag_ in ("NNP", "NNPS") and tok.text.isupper() and tok.is_alpha):
            # "Anna Sandhu Ray"; "LM Studio", "VS Code": an acronym opening a product's name
            i += 1
            sent_initial = False
            continue
        break
    return i


def strip_trailing_heads(doc, i: int, j: int) -> tuple[int, str | None]:
    """Cut a trailing "PR"/"team"/"repo" off a multi-word name; return it as a cue."""
    if j - i >= 2 and doc[j - 1].lower_ in TRAILING_HEADS and doc[j - 1].ent_iob_ != "I":
        return j - 1, doc[j - 1].lower_
    if j - i >= 2 and doc[j - 1].lower_ in TRAILING_HEADS and doc[j - 1].text.isupper():
        return j - 1, doc[j - 1].lower_
    return j, None


# Titles and role words that precede a person's name but are not part of it ("President Boris
# Yeltsin", "Sen. Robert F. Kennedy", "Ambassador Herbert S. Okun"); kept as a ``title:`` cue.
PERSON_TITLES = frozenset(
    "president vice-president premier chancellor senator sen sen. representative rep rep. congressman "
    "congresswoman governor gov gov. mayor judge justice ambassador secretary attorney minister "
    "prime-minister chairman chairwoman commissioner general gen gen. lt lt. col col. sgt sgt. capt "
    "capt. cmdr adm adm. admiral major maj maj. lieutenant colonel sergeant corporal officer detective "
    "sheriff deputy prosecutor commander professor prof prof. dr dr. rev rev. reverend father bishop "
    "cardinal archbishop rabbi imam pope king queen prince princess archduke emperor empress sultan sheik "
    "sheikh actress actor composer novelist poet singer author economist spokesman spokeswoman "
    "correspondent director chief sir dame lord lady ceo cto cfo coo founder co-founder "
    # a party, a profession or a peerage written before a name ("Democrat Richard Celeste",
    # "Academician M. F. Reshetnov", "Count Folke Bernadotte"): how news introduces people
    "democrat republican socialist communist academician anthropologist archaeologist astronaut "
    "cosmonaut physicist chemist biologist scientist historian sociologist psychologist journalist "
    "columnist editor reporter lawyer count countess baron baroness duke duchess earl marquis "
    # the arts and the trades news puts before a name ("Photographer Annie Leibovitz", "Comedian X")
    "photographer filmmaker screenwriter playwright painter sculptor comedian rapper musician guitarist "
    "pianist drummer songwriter blogger podcaster entrepreneur billionaire businessman "
    "businesswoman philanthropist activist".split()
)


# Titles of rank that stay part of how a person is named ("Prince Charles", "King Hussein",
# "Pope John Paul II": a given name under a title, the bare name ambiguous): a person cue, but
# never stripped from the name.
KEEP_TITLES = frozenset(
    "prince princess archduke king queen pope emperor empress sultan sheik sheikh father sir dame "
    "lord lady".split()
)
# Honorifics and offices that open a name but are not part of it when NER calls the rest a
# person ("President Reagan" -> "Reagan", "Dr. Ernesto Perez Balladares"): stripped like other
# titles, but they are honorifics rather than roles, so they never split an organisation from a
# person inside a run ("Officer Bob" is no "X Officer, Y") and a bare one is never stripped
# when NER has no person after it ("President Lincoln" untagged stays whole).
HONORIFICS = frozenset("president dr dr. rev rev. reverend officer actress".split())
_NOT_ROLE = KEEP_TITLES | HONORIFICS


def title_word(tok) -> str | None:
    """The title a token is ("Sen." -> "sen"), or None."""
    low = tok.lower_
    if low in PERSON_TITLES and tok.text[:1].isupper():
        return low.rstrip(".")
    return None


def strip_title(doc, i: int, j: int, person: bool) -> tuple[int, str | None]:
    """Drop a leading title from a person's name; return it as a cue word.

    ``person``: NER (or the run shape) says the rest is a person. At least one
    capitalised token must remain, so "President" alone or "General Motors"
    (not a person) stay whole.
    """
    if j - i >= 3 and doc[i].lower_ in _SERVICES and doc[i].text[:1].isupper():
        k = i + 1  # "Police Major Pramot Pansakun", "Army Gen. Wesley Clark": service, rank, name
        rank = title_word(doc[k])
        if rank is not None and doc[k].lower_ not in _NOT_ROLE:
            k += 1
            if k < j and doc[k].text == "." and not doc[k - 1].whitespace_:
                k += 1
            if j - k >= 1 and all(t.text[:1].isupper() for t in doc[k:j] if t.is_alpha) \
                    and doc[k].lower_ not in _NOT_NAME_START \
                    and doc[j - 1].lower_.rstrip(".") not in gazetteer.words("orgs_suffix"):
                return k, rank
    if j - i >= 5 and doc[i + 1].lower_ == "of" and title_word(doc[i]) in _OFFICES:
        k = _office_body_end(doc, i + 2, j)  # "the Secretary of Defense Lloyd Austin" as one span
        if k > i + 2:
            return k, title_word(doc[i])
    k = _office_body_end(doc, i, j)
    if k > i:
        a = i + 1 if doc[i].lower_ == "of" else i
        return k, title_word(doc[a - 2])  # "Secretary of [State] Antony Blinken": the office
    if not person and 3 <= j - i <= 4 and title_word(doc[i]) in _OFFICES \
            and gazetteer.is_plain_given_name(doc[i + 1].text) and _capitalised_name(doc, i + 1, j):
        person = True  # "Chancellor Olaf Scholz" that NER calls ORG: an office, a given name, a surname
    if not person or j - i < 2:
        return i, None
    word = title_word(doc[i])
    if word is None or doc[i].lower_ in KEEP_TITLES:
        return i, None
    k = i + 1
    if doc[k].text == "." and not doc[i].whitespace_ and k + 1 < j:
        k += 1  # "Sen" "." tokenised apart
    if k >= j or not doc[k].text[:1].isupper() or doc[k].lower_ in _NOT_NAME_START:
        return i, None
    if _place_or_org_head(doc[j - 1]) and (j - k == 1 or not gazetteer.is_given_name(doc[k].text)):
        return i, None  # "the Ambassador Hotel", "Judge Rotenberg Center": a building, whatever NER says
    return k, word


# Offices held by one person that news names as "Secretary of State X", "Minister of Finance X".
_OFFICES = frozenset("president chancellor premier secretary minister governor senator mayor "
                     "ambassador commissioner chairman chairwoman".split())


def _office_body_end(doc, i: int, j: int) -> int:
    """Where the person starts in a span opening with the body of an office ("[State] Antony Blinken"
    after "Secretary of", "[Foreign Affairs] Sergei Lavrov" after "Minister of"): the first of
    two or more capitalised words left, opening with a given name or a PERSON entity; else ``i``."""
    a = i + 1 if doc[i].lower_ == "of" and doc[i].text.islower() else i
    if a < 2 or doc[a - 1].lower_ != "of" or title_word(doc[a - 2]) not in _OFFICES:
        return i
    for k in range(a + 1, min(a + 4, j - 1)):
        if not all(t.text[:1].isupper() for t in doc[a:k]) or doc[k].text[:1].islower() \
                or doc[k - 1].lower_.rstrip(".") in gazetteer.words("orgs_suffix"):
            return i  # "President of Acme Corp Jane Ng": an organisation, not an office's body
        if (doc[k].ent_type_ == "PERSON" and doc[k].ent_iob_ == "B"
                or gazetteer.is_plain_given_name(doc[k].text)) and _capitalised_name(doc, k, j):
            return k
    return i


def _capitalised_name(doc, a: int, b: int) -> bool:
    """Two or three capitalised alphabetic proper nouns, not ending in a place or organisation head."""
    return 2 <= b - a <= 3 and all(t.is_alpha and t.tag_ in ("NNP", "NNPS") and t.text[:1].isupper()
                                   and not t.text.isupper() for t in doc[a:b]) \
        and not _place_or_org_head(doc[b - 1])


def _place_or_org_head(tok) -> bool:
    low = tok.lower_.rstrip(".")
    return low in gazetteer.words("places_suffix") or low in gazetteer.words("orgs_suffix")


_NOT_NAME_START = frozenset({"of", "for", "the"})


def place_before_title(doc, k: int) -> int:
    """Start of the place or nationality naming the office of the title at ``k`` ("U.S." in
    "U.S. Sen. Robert F. Kennedy", "Austrian" in "Austrian Archduke Franz Ferdinand"), else ``k``."""
    if k < 1 or doc[k - 1].ent_type_ not in ("GPE", "NORP") or doc[k - 1].ent_iob_ == "O" \
            or "\n" in doc[k - 1].whitespace_ or doc[k].ent_type_ in ("GPE", "NORP") \
            or doc[k].lower_ in _NAME_OPENERS:  # an office has a place, "Ms." has none
        return k
    a = k - 1
    while a > 0 and doc[a].ent_iob_ == "I":
        a -= 1
    while a < k - 1 and doc[a].lower_ == "the":
        a += 1
    if a > 0 and doc[a - 1].text == ",":
        return k  # "Belen, N.M. Gov. X": the state closes a "Town, State" pair
    return a if all(t.text[:1].isupper() for t in doc[a:k] if t.is_alpha) else k


def title_start(doc, i: int) -> int | None:
    """Where the title right before a name at ``i`` starts ("Sen." in "Sen. Bob Dole", "Prime"
    in "Prime Minister Felipe Gonzalez"), or None when no capitalised title precedes it."""
    k = i - 1
    if k >= 1 and doc[k].text == "." and not doc[k - 1].whitespace_:
        k -= 1  # "Sen" "." tokenised apart
    if k < 0 or "\n" in doc[k].whitespace_ or not doc[k].text[:1].isupper() \
            or not (title_word(doc[k]) or doc[k].lower_ in context.TITLES):
        return None
    while k > 0 and doc[k - 1].lower_ in _TITLE_MODIFIERS and doc[k - 1].text[:1].isupper() \
            and "\n" not in doc[k - 1].whitespace_:
        k -= 1
    return k
# Words that only qualify the title after them: "Prime Minister", "Foreign Secretary", "Deputy Mayor".
_TITLE_MODIFIERS = frozenset(
    "prime vice deputy foreign interior defense defence finance health education justice home chief "
    "senior acting former first assistant associate executive managing general".split())
# Services whose rank stands before a name: "Police Major X", "Navy Capt. X".
_SERVICES = frozenset({"police", "army", "navy", "marine", "marines", "militia", "guard", "military"})


def split_inner_title(doc, i: int, j: int) -> list[tuple[int, int]] | None:
    """"Cape Town Supreme Court Judge J.H. Berman", "State Duma Deputy Konstantin Zatulin": an
    organisation, a role word, then a person's name; return the two names (title dropped)."""
    legal = _legal_form_then_person(doc, i, j)  # "Acme Corp Jane Ng": no role word between
    if legal is not None:
        return legal
    last = j - 1  # "Coast Guard Lt." + "Steve Hardy": a run ending in a title before a person
    if last > i and title_word(doc[last]) is not None and doc[last].lower_ not in _NOT_ROLE:
        nxt = j + 1 if j < len(doc) and doc[j].text == "." else j
        if nxt < len(doc) and doc[nxt].ent_type_ == "PERSON" and doc[nxt].text[:1].isupper():
            return [(i, last)]
    for k in range(i + 1, j - 1):
        if doc[k].lower_ in _NAME_OPENERS and doc[k].text[:1].isupper() \
                and doc[k - 1].ent_type_ in _NOT_PERSON_ENTS:  # not "Datuk Sri Dr. Siti Hasmah"
            n = k + 2 if doc[k + 1].text == "." and not doc[k].whitespace_ else k + 1
            if n < j and doc[n].text[:1].isupper():  # "Belen, N.M. Ms. Calico": Ms. opens a new name
                return [(i, k), (n, j)]
    for k in range(i + 1, j - 1):
        low = doc[k].lower_
        if title_word(doc[k]) is None or low in ("general", "chief") or (
                low in _NOT_ROLE and low not in _INNER_OK):
            continue
        left_org = k - i >= 2 or doc[i].ent_type_ in ("ORG", "GPE", "NORP")  # not "Vice President X"
        n = k + 1
        if k + 4 <= j and doc[k + 1].text == "-" and doc[k + 2].lower_ == "general" \
                and not doc[k].whitespace_ and not doc[k + 1].whitespace_:
            n = k + 3  # "UN Secretary-General Antonio Guterres": one hyphenated title
        if doc[k - 1].ent_type_ != "PERSON" and doc[n].text[:1].isupper() \
                and any(t.ent_type_ == "PERSON" for t in doc[n:j]) \
                and (left_org or low not in _INNER_OK):
            if all(t.lower_ in _TITLE_MODIFIERS for t in doc[i:k]):
                return [(n, j)]  # "Prime Minister Kishida", "Foreign Minister X": all title, no org
            return [(i, k), (n, j)]
        if left_org and low in _INNER_OK and doc[k + 1].text[:1].isupper() and doc[k + 1].tag_ == "NNP":
            return [(i, k), (k + 1, j)]  # "National Congress President Vinicio Villar Anleu"
        if low not in _NOT_ROLE and _whole_entity(doc, i, k) and bare_name(doc, k + 1, j):
            return [(i, k), (k + 1, j)]  # "Crimean Deputy Yevhen Saburov": NER missed the person
    return None


# Words that close a firm's name: a person's name right after one is a second name.
_LEGAL_FORMS = frozenset("inc corp corporation co ltd llc llp plc gmbh ag sa labs group holdings".split())


def _legal_form_then_person(doc, i: int, j: int) -> list[tuple[int, int]] | None:
    """"Acme Corp Jane Ng", "Globex Inc. Mark Diaz": a firm's name closed by its legal form, then
    a given name (no ordinary word) and a capitalised surname."""
    for k in range(i + 1, j - 2):
        if doc[k].lower_.rstrip(".") not in _LEGAL_FORMS or not doc[k].text[:1].isupper():
            continue
        n = k + 2 if doc[k + 1].text == "." else k + 1
        rest = [t for t in doc[n:j]]
        if 2 <= len(rest) <= 3 and gazetteer.is_plain_given_name(rest[0].text) \
                and all(t.is_alpha and t.text[:1].isupper() and not t.text.isupper() for t in rest):
            return [(i, k + 1 if n == k + 1 else n), (n, j)]
        return None
    return None


def _whole_entity(doc, i: int, k: int) -> bool:
    """Whether ``doc[i:k]`` is exactly one place / nationality / organisation entity."""
    return doc[i].ent_iob_ == "B" and doc[i].ent_type_ in ("GPE", "NORP", "ORG") \
        and all(t.ent_iob_ == "I" for t in doc[i + 1:k]) and doc[k].ent_iob_ != "I"


def bare_name(doc, a: int, b: int) -> bool:
    """Two or more capitalised proper nouns outside any place/organisation entity, not ending in a
    place or organisation head: the shape of a person's name."""
    toks = [t for t in doc[a:b] if t.is_alpha]
    return len(toks) >= 2 and all(t.tag_ in ("NNP", "NNPS") and t.text[:1].isupper()
                                  and t.ent_type_ not in ("NORP", "ORG", "FAC")
                                  and not (t.ent_type_ in ("GPE", "LOC") and gazetteer.is_place(t.text))
                                  and t.lower_ not in _TITLE_MODIFIERS and title_word(t) is None
                                  for t in toks) and not _place_or_org_head(toks[-1])


# Honorifics that only ever open a person's name: inside a proper-noun run one starts a new name.
_NAME_OPENERS = frozenset({"mr", "mr.", "mrs", "mrs.", "ms", "ms.", "dr", "dr."})
_NOT_PERSON_ENTS = frozenset({"GPE", "LOC", "ORG", "NORP", "FAC"})
_INNER_OK = frozenset({"president", "officer"})  # honorifics, but after an organisation a role


_WIRE_ID = re.compile(r"(?=(?:.*\d){5})(?=(?:.*[A-Z]){2})[A-Z0-9]{8,}")  # OW3004022094, 94WD0125D
_SOURCE_WORDS = frozenset({"radio", "television", "tv", "network", "service", "agency"})


def wire_id(tok) -> bool:
    """A wire-service document number ("PM2303111794"): never part of a name."""
    return bool(_WIRE_ID.fullmatch(tok.text))


def split_dateline(doc, i: int, j: int, initial: set[int], places: frozenset[str]
                   ) -> list[tuple[int, int, bool | str]]:
    """Pieces of a proper-noun run, splitting news datelines: "Moscow IZVESTIYA", "Paris Radio
    France International", "PM2303111794 Sofia BTA" are a place then a news source.

    Returns (start, end, kind), kind "place" for a dateline town in capitals ("BELGRADE,
    Yugoslavia (AP)"), True for a news source, False otherwise. A dateline opens a line or
    sentence (or follows a document number), starts with a known place, and the rest is in
    capitals, names a broadcaster, or ends the line; "Paris Hilton said" stays whole.
    """
    pieces: list[tuple[int, int, bool]] = []
    a, after_id = i, False
    for k in range(i, j + 1):
        if k < j and not wire_id(doc[k]):
            continue
        if a < k:
            pieces.extend(_dateline_piece(doc, a, k, initial, places, after_id))
        a, after_id = k + 1, True
    return pieces


def _dateline_piece(doc, a: int, b: int, initial: set[int], places: frozenset[str], after_id: bool):
    opens = after_id or a in initial or (a > 0 and (doc[a - 1].lower_ == "the" and a - 1 in initial
                                                    or wire_id(doc[a - 1])))
    if opens and _caps_dateline(doc, a, b):
        return [(a, b, "place")]
    if not opens or b - a < 2:
        return [(a, b, False)]
    for cut in (a + 2, a + 1):  # two- and one-word places: "Buenos Aires", "Paris"
        if cut >= b or not doc[cut].text[:1].isupper() or not (
                doc[a:cut].text.casefold() in places or _place_city(doc, a, cut, places)):
            continue
        rest = doc[cut:b]
        line_end = b >= len(doc) or "\n" in doc[b - 1].whitespace_ or doc[b].is_space \
            or (doc[b].lower_ == "in" and b + 1 < len(doc) and doc[b + 1].ent_type_ in ("NORP", "LANGUAGE"))
        caps = sum(c.isalpha() for c in doc[cut].text) >= 2 and doc[cut].text.isupper()
        if caps or line_end or any(t.lower_ in _SOURCE_WORDS for t in rest):
            return [(a, cut, False), (cut, b, True)]
    return [(a, b, False)]


def _place_city(doc, a: int, cut: int, places: frozenset[str]) -> bool:
    """"Guatemala City", "Kuwait City": a known place named with "City" is a city."""
    return cut - a == 2 and doc[a + 1].text == "City" and doc[a].text.casefold() in places


def _caps_dateline(doc, a: int, b: int) -> bool:
    """"BELGRADE, Yugoslavia (AP) _", "NEW ORLEANS (AP)": a town in capitals opening the text."""
    if any(not doc[k].is_punct and not doc[k].is_space for k in range(a)):
        return False
    words = [t.text for t in doc[a:b] if t.is_alpha]
    if not words or not all(w.isupper() and len(w) >= 2 for w in words):
        return False
    m = _CAPS_TAIL.match(doc[b:b + 6].text)
    return m is not None and dateline.credited(doc[a:b].text, m.group(2), m.group(1))  # not "BLOCKER (INFRA)"


_CAPS_TAIL = re.compile(r"(?:,\s*([A-Z][\w.]*(?:\s[A-Z][\w.]*)?)\s*)?(?:\(\s*([A-Za-z-]+)|_\s)")


def split_person_of(doc, i: int, j: int, given: frozenset[str]) -> list[tuple[int, int]] | None:
    """"Leroy Ivy of Oxford", "Peggy Say of Batavia": a person's full name, "of", where they are
    from; two names. Only when the left part is a given name and a surname (so "Bank of
    America", "University of Nigeria" and "Catherine of Aragon" stay whole)."""
    for k in range(i + 2, j - 1):
        if doc[k].lower_ != "of" or not doc[k].text.islower():
            continue
        left = [t for t in doc[i:k] if t.is_alpha]
        if len(left) >= 2 and left[0].lower_ in given and left[-1].text[:1].isupper() \
                and doc[k + 1].text[:1].isupper():
            return [(i, k), (k + 1, j)]
        return None
    return None


# Corporate roles that never open an organisation's name: "CTO of Fathom Analytics" is a role and its
# employer ("Chris is the CTO of Fathom Analytics"); the employer is the name.
_ROLE_OF = frozenset("ceo cto cfo coo cio cmo cpo ciso vp svp evp founder co-founder cofounder".split())


def _known_place(text: str) -> bool:
    return gazetteer.in_place_lists(gazetteer.key(text))


# Offices held over a place: "Mayor of Chicago", "Governor of Texas" (only before a known place,
# so "Secretary of State X" and "King of Pop" are left alone).
_OFFICE_OF = frozenset("mayor governor premier president prime-minister chancellor".split())


def drop_role_of(doc, i: int, j: int) -> int:
    """Start of the name after a leading "CEO of" / "Founder of" (``i`` when there is none)."""
    if j - i >= 3 and doc[i].lower_ in _ROLE_OF and doc[i + 1].lower_ == "of" \
            and doc[i + 2].text[:1].isupper():
        return i + 2
    if j - i >= 3 and doc[i].lower_ in _OFFICE_OF and doc[i + 1].lower_ == "of" \
            and _known_place(doc[i + 2:j].text):
        return i + 2  # "the Mayor of Chicago": an office; the name is the place it governs
    return i


def _plain_noun(word: str) -> bool:
    """An ordinary word the lists know as no name ("Therapy", "Development"; not "Arsenal", "Kyoto",
    nor the tools and languages "Consul", "Spark")."""
    k = gazetteer.key(word)
    return (lexicon.is_word(word.lower()) and not gazetteer.is_known_body(word)
            and not gazetteer.is_given_name(word) and k not in gazetteer.words("tools")
            and k not in gazetteer.words("languages"))
