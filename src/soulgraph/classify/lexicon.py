"""Word classes the context rules and the cue mapping share.

Common nouns and verb lemmas that say what kind of thing a name is when they
stand next to it ("X, our lead designer", "the X library", "works at X").
"""

from __future__ import annotations

import re

PERSON_NOUNS = frozenset("""
friend friends buddy pal mate colleague coworker co-worker boss manager lead designer engineer developer
founder cofounder co-founder ceo cto cfo coo president chairman chairwoman director secretary minister
senator governor mayor judge lawyer attorney officer spokesman spokeswoman spokesperson analyst
professor teacher student doctor nurse actor actress singer rapper musician artist painter author writer
poet player coach captain sister brother mother father mom mum dad son daughter wife husband
girlfriend boyfriend partner cousin uncle aunt grandma grandpa grandmother grandfather niece nephew
kid child baby neighbor neighbour roommate mentor intern contributor maintainer reviewer customer
leader spouse fiance fiancee widow suspect victim king queen prince princess
pope priest bishop rabbi general colonel sergeant soldier candidate nominee economist scientist
researcher historian journalist reporter editor producer comedian dancer athlete champion
star superstar legend hero idol guy girl man woman boy dude lady gentleman youtuber vlogger streamer
gamer blogger influencer official aide adviser advisor envoy diplomat lawmaker legislator delegate deputy
commander activist businessman businesswoman executive banker physician surgeon pianist violinist composer
novelist playwright assassin gunman killer prisoner defendant defector emperor empress
""".split())
# People of everyday life that an apposition names ("Our new nanny, Sky,"): person nouns for
# typing only, kept out of PERSON_NOUNS, whose words the regex relation patterns spell out.
EVERYDAY_PERSON_NOUNS = frozenset("""
therapist physiotherapist dentist trainer tutor instructor counselor counsellor psychiatrist psychologist
pediatrician dermatologist optometrist chiropractor pharmacist veterinarian nanny babysitter caregiver
landlord landlady housemate flatmate classmate teammate barber hairdresser realtor accountant recruiter
grandson granddaughter stepmother stepfather stepson stepdaughter stepbrother stepsister sibling
pirate privateer buccaneer sailor explorer navigator admiral
""".split())

ORG_NOUNS = frozenset("""
company firm startup start-up organization organisation org nonprofit non-profit charity agency bank
university college school institute corporation corp group team party union newspaper network
studio band club league federation association council committee ministry
department government manufacturer maker retailer airline carrier publisher vendor provider lab
laboratory foundation fund church army navy court parliament administration brand business
""".split())

PLACE_NOUNS = frozenset("""
city town village country state province county region capital island neighborhood neighbourhood
suburb district area coast peninsula continent nation republic kingdom territory street road
avenue park beach lake river mountain valley bay harbor harbour port airport hospital museum
restaurant cafe bar hotel stadium parish township borough canton prefecture municipality oblast cave
canyon desert forest volcano glacier reef gulf strait plateau
""".split())

TOOL_NOUNS = frozenset("""
library lib tool framework package module plugin extension language database db editor ide
service app application platform model llm api sdk cli binary command runtime engine driver server
client backend frontend browser os system compiler interpreter linter formatter extension bot
assistant device phone laptop console car camera game product software script container image
adapter adaptor loader connector wrapper bindings integration parser shim wheel
""".split())

PROJECT_NOUNS = frozenset("project repo repository codebase roadmap fork monorepo initiative".split())

DOCUMENT_NOUNS = frozenset("""
file doc docs document paper article book report spec specification page section chapter readme
changelog note notes post thread issue pr ticket guide manual
""".split())

EVENT_NOUNS = frozenset("""
conference summit festival event meetup wedding party ceremony concert gala hackathon workshop
tournament championship match game race parade show launch release birthday anniversary
""".split())

# Creative works: "the X movie", "X, a sitcom" name a title (concept), not its maker.
WORK_NOUNS = frozenset("""
movie movies film films series episode episodes season trailer song songs album track soundtrack remix
sequel prequel cutscene sitcom documentary anime manga cartoon musical novel comic franchise
""".split())

# Animals people keep and name: "a golden retriever, Max" names the dog (no person, no one addressed).
ANIMAL_NOUNS = frozenset("""
dog puppy pup cat kitten kitty hamster parrot bunny rabbit retriever labrador poodle terrier beagle husky
corgi dachshund bulldog chihuahua pug spaniel collie goldendoodle labradoodle tabby pony horse tortoise
turtle gecko budgie cockatiel goldfish
""".split())

NOUN_CLASSES: tuple[tuple[str, frozenset[str]], ...] = (
    ("person", PERSON_NOUNS | EVERYDAY_PERSON_NOUNS), ("org", ORG_NOUNS), ("place", PLACE_NOUNS),
    ("tool", TOOL_NOUNS),
    ("project", PROJECT_NOUNS), ("document", DOCUMENT_NOUNS), ("event", EVENT_NOUNS),
    ("concept", WORK_NOUNS),
)


_SINGULAR = PERSON_NOUNS | EVERYDAY_PERSON_NOUNS | ORG_NOUNS | TOOL_NOUNS | PLACE_NOUNS


# Plurals that name something else than people of the singular ("trainers": British for sneakers).
OTHER_PLURALS = frozenset({"trainers"})


def noun_type(noun: str) -> str | None:
    n = noun.casefold().strip()
    singular = _SINGULAR
    if n.endswith("es") and n[:-2] in singular:  # parishes, churches
        n = n[:-2]
    elif n.endswith("s") and n[:-1] in singular:
        if n in OTHER_PLURALS:
            return None  # "new running trainers": shoes, not people
        n = n[:-1]
    for t, nouns in NOUN_CLASSES:
        if n in nouns:
            return t
    return None


# Verb lemmas whose subject is a person ("Riley said", "Arjun decided").
PERSON_SUBJ_VERBS = frozenset("""
say tell ask laugh smile cry reply answer explain mention agree argue add note think feel believe
decide want love hate like know go come meet marry die bear hug text call email sigh shrug nod grin
whisper shout admit testify plead confess vow insist recall wonder worry promise apologize apologise
remember forget hope wish enjoy miss visit travel move live grow study graduate retire resign marry
adopt paint sing dance cook write draw play win lose eat drink sleep wake walk run swim hike
""".split())
# Verb lemmas whose subject is more often an organisation.
ORG_SUBJ_VERBS = frozenset("announce acquire hire sue file employ manufacture sell report".split())
# Verbs whose subject is a doer worth naming, person or organisation: a sentence-opening
# dictionary word in that role is a name ("Maya founded Brightline"), not grammar.
AGENT_SUBJ_VERBS = PERSON_SUBJ_VERBS | ORG_SUBJ_VERBS | frozenset(
    "found cofound join lead start launch review approve build create invest sign".split())
# Verb lemmas whose passive subject is a person ("X was arrested").
PERSON_PASSIVE = frozenset("""
bear arrest kill elect sentence convict charge shoot injure wound appoint name hire fire marry
murder assassinate execute jail indict nominate interview quote
""".split())
# Verb lemma of the clause that has the name as object -> type.
OBJ_VERBS: dict[str, tuple[str, float]] = {
    **dict.fromkeys("use install import run upgrade bump configure deploy replace support pin "
                    "uninstall downgrade adopt integrate vendor patch wrap".split(), ("tool", 1.2)),
    **dict.fromkeys("build ship launch develop maintain fork release".split(), ("project", 1.0)),
    **dict.fromkeys("visit".split(), ("place", 1.5)),
    **dict.fromkeys("join".split(), ("org", 1.2)),
    **dict.fromkeys("meet tell ask thank hug marry kill elect text email invite date assassinate "
                    "murder interview congratulate miss".split(), ("person", 1.3)),
    **dict.fromkeys("attend".split(), ("event", 1.5)),
    **dict.fromkeys("read edit merge review open".split(), ("document", 0.8)),
}
# Governor (verb lemma or noun) of a prepositional object -> type, per preposition.
POBJ: dict[tuple[str, str], tuple[str, float]] = {
    **{("at", g): ("org", 2.0) for g in "work intern job engineer analyst employee".split()},
    # a school: "graduated from Princeton", "teaches at Berkeley High" (a town by its university's name)
    **{("at", g): ("org", 2.0) for g in "study teach enroll student professor lecturer".split()},
    ("from", "graduate"): ("org", 2.0),
    # not ("for", "work"): "the scheduler work for PocketPaw" is a project's work, not a job
    **{("for", g): ("org", 2.0) for g in "spokesman spokeswoman spokesperson".split()},
    **{("of", g): ("org", 1.5) for g in "ceo founder chairman chairwoman employee spokesman "
       "spokeswoman cofounder co-founder member shares stock head".split()},
    **{("in", g): ("place", 2.0) for g in "live bear base locate stay grow headquarter reside "
       "settle vacation raise".split()},
    **{("to", g): ("place", 1.6) for g in "move go travel fly drive return come head trip "
       "relocate emigrate immigrate".split()},
    **{("from", g): ("place", 1.0) for g in "come return fly move hail".split()},
    # where a traveller arrives: "she lands at JFK", "we arrived in Porto", "touched down at Heathrow"
    **{(p, g): ("place", 1.6) for p in ("at", "in") for g in "land arrive touch".split()},
    **{("of", g): ("place", 1.5) for g in "capital city state province people citizen town "
       "village government resident outskirts north south east west".split()},
    **{("in", g): ("tool", 1.5) for g in "write implement code rewrite port".split()},
    **{("with", g): ("tool", 1.0) for g in "build integrate replace compatible".split()},
}


_PAST = {"say": "said", "tell": "told", "think": "thought", "feel": "felt", "go": "went", "come": "came",
         "meet": "met", "know": "knew", "bear": "born", "win": "won", "lose": "lost", "eat": "ate",
         "drink": "drank", "sleep": "slept", "wake": "woke", "run": "ran", "swim": "swam", "sing": "sang",
         "draw": "drew", "write": "wrote", "grow": "grew", "forget": "forgot", "be": "is",
         "hug": "hugged", "stick": "stuck", "shrug": "shrugged", "nod": "nodded", "grin": "grinned",
         "admit": "admitted", "plan": "planned", "shoot": "shot", "sell": "sold", "hire": "hired",
         "sue": "sued", "file": "filed", "lead": "led", "leave": "left", "get": "got", "make": "made"}


def verb_label(lemma: str) -> str:
    """How a person-verb vote reads in reasons: ``said``, ``laughed``, ``decided``."""
    if lemma in _PAST:
        return _PAST[lemma]
    if lemma.endswith("e"):
        return lemma + "d"
    if lemma.endswith("y") and len(lemma) > 2 and lemma[-2] not in "aeiou":
        return lemma[:-1] + "ied"
    return lemma + "ed"


# Words before a creative work's title within its sentence: "reading X", "the podcast X",
# "recommended the book X" (then "X by Author" names its author).
WORK_LEFT = re.compile(
    r"\b(?:read|reading|reread|re-reading|watch(?:ed|ing)?|listen(?:ed|ing)?\s+to|recommended|book|books|novel|"
    r"memoir|biography|film|movie|documentary|album|song|podcast|essay|audiobook|series|show|play)\b[^.!?;:]{0,40}$",
    re.I)
