"""Word lists for the regex fallback extractor (no model, so the lists carry the knowledge).

Kept small and general: function words and sentence openers that are capitalised
only by grammar, interjections, speech verbs, address words and project verbs.
All entries are lowercase; callers compare ``word.casefold()``.
"""

from __future__ import annotations

# Capitalised only because they open a sentence or line; never a name on their own.
STOPWORDS = frozenset("""
a an the and or but nor so yet if then than that this these those there here when where why how what
which who whom whose while because although though since until unless whether as at by for from in into
of off on onto out over per to up upon via with within without about above after before below between
during against among around across along behind beyond despite except inside near outside past through
throughout toward towards under underneath unlike
i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she
her hers herself it its itself they them their theirs themselves one ones someone anyone everyone
nobody somebody anybody everybody something anything everything nothing
is am are was were be been being do does did done doing have has had having can could shall should
will would may might must let lets lemme gonna wanna gotta ought need needs
not no yes yeah yep yup nope nah ok okay sure right well oh ah aw aww awww hey hi hello heya hiya bye
goodbye thanks thank thx ty please wow woah whoa yay hooray haha hahaha lol omg hmm hm mm mmm umm uh
um huh oops ouch ugh phew cool nice great good awesome amazing wonderful fantastic lovely sweet perfect
congrats congratulations cheers welcome sorry pardon indeed absolutely definitely totally exactly
agreed agree true false fine glad happy sad alright gotcha dang bummer darn damn ha hah hehe lmao
yikes woohoo yass
also just still even ever never always again maybe perhaps probably possibly actually basically really
honestly seriously literally certainly clearly obviously apparently fortunately unfortunately
hopefully luckily sadly anyway anyways besides however therefore thus hence meanwhile otherwise instead
moreover furthermore plus overall nevertheless nonetheless likewise similarly anyways
finally first second third next last lastly later earlier soon now today tonight
tomorrow yesterday lately recently currently often sometimes usually already almost quite very too
much many more most less least few fewer some any all each every both either neither none other
another such same own only
monday tuesday wednesday thursday friday saturday sunday weekend weekday
january february march april june july august september october november december
mr mrs ms dr prof sir madam sen gov rep gen col capt lt sgt rev hon
note notes update updates todo fixme fix fixes fixed add adds added remove removes removed see step
tip warning error example summary result results status reason why
""".split())

# Speech and decision verbs: "Riley said", "Riley laughed". Only people do these.
PERSON_VERBS = frozenset("""
said says say asked asks ask told tells replied replies answered answers laughed laughs smiled smiles
cried cries shouted yelled whispered screamed sighed nodded grinned giggled joked jokes joking
decided decides thinks thought feels felt wants wanted loves loved hates hated likes liked
believes believed wrote writes called calls texted texts emailed messaged mentioned mentions
explained explains suggested suggests agreed agrees argued argues promised promises admitted
insisted complained complains wondered wonders remembered remembers forgot forgets
went goes came comes visited visits met meets married marries hugged hugs kissed
fixed reviewed reported contributed authored noticed pointed proposed requested approved
""".split())

# Negations and contractions never name anyone: "Don't", "I'll", "It's".
CONTRACTION_SUFFIXES = frozenset({"ll", "ve", "m", "re", "d", "s"})

# Address words directly before a name: "hey Riley", "thanks, Riley". Counted as
# ``addressed`` only, never also as a verb (a known flaw of such detectors).
ADDRESS_WORDS = frozenset("""
hey hi hello heya hiya yo dear bye goodbye thanks thank thx ty cheers congrats congratulations sorry
wow oh aw aww awww yes yeah yep ok okay welcome morning night evening afternoon
""".split())
ADDRESS_PAIRS = frozenset({
    ("thank", "you"), ("love", "you"), ("miss", "you"), ("good", "morning"), ("good", "night"),
    ("good", "luck"), ("see", "you"), ("well", "done"), ("hi", "there"), ("hey", "there"),
})

# Verbs that take a project / tool as object: "building Acme", "deployed Foo".
PROJECT_VERBS = frozenset("""
build building built builds ship shipping shipped ships deploy deploying deployed deploys launch
launching launched launches release releasing released releases install installing installed
upgrade upgrading upgraded migrate migrating migrated fork forking forked maintain maintaining
maintained refactor refactoring refactored compile compiling compiled run running ran benchmark
benchmarking benchmarked configure configuring configured integrate integrating integrated
""".split())

# Package-manager words: "pip install X", "npm add X", "import X".
INSTALLERS = frozenset("pip pip3 uv npm pnpm yarn brew cargo gem conda apt apt-get go poetry pipx".split())
INSTALL_VERBS = frozenset({"install", "add", "i"})
IMPORT_WORDS = frozenset({"import", "from", "require", "use"})

# Prepositions worth a cue (the classifier reads prep:in/at/from/to as place-or-org hints).
PREPOSITIONS = frozenset("in at from to near into via with for by".split())

# Third-person pronouns that point back at a person.
PERSON_PRONOUNS = frozenset("he she him her his hers himself herself".split())

# Speaker prefixes that name a role, not a person.
ROLE_SPEAKERS = {"user": "speaker:user", "agent": "speaker:agent", "assistant": "speaker:agent",
                 "ai": "speaker:agent", "bot": "speaker:agent", "system": "speaker:agent",
                 "human": "speaker:user", "me": "speaker:user"}

# Imperatives that open a reminder or a request before a name: "Call Mom", "Ask Priya about it".
IMPERATIVES = frozenset("""
call email text ask tell remind ping message invite thank meet visit pay send contact congratulate help
""".split())
# Irregular past tenses that open a diary line before a name: "Met Olivia's boyfriend", "Saw Tom"
# (both extractors strip them).
PAST_BEFORE_NAME = frozenset("""
met saw took told gave sent brought caught left found heard taught drove flew ran rode
""".split())


def opens_term(first: str, second: str) -> bool:
    """A past-tense opener that begins a compound term, not a verb to strip: "Fixed Income"
    (finance's word for bonds: a desk's or a firm's name). Both extractors ask this."""
    return first[:1] == "F" and first.casefold() == "fixed" and second == "Income"
# What a family calls its members, as a name: "Call Mom".
KIN_NAMES = frozenset("mom mum dad mommy mummy daddy mama papa grandma grandpa granny nana".split())

# Title words glued before a surname: "Dr. Smith" stays one name.
TITLES = ("Mr", "Mrs", "Ms", "Dr", "Prof", "St", "Sen", "Gov", "Rep", "Gen", "Col", "Capt", "Lt", "Sgt",
          "Rev", "Hon")
# Role words glued before a name inside one run: "President Boris Yeltsin" -> "Boris Yeltsin".
ROLE_TITLES = frozenset("""
president senator governor judge pope mayor chancellor minister premier prince princess queen king
sheikh ayatollah rabbi reverend bishop cardinal ambassador coach uncle aunt auntie grandma grandpa
professor attorney secretary prime spokesman spokeswoman lawyer commissioner lieutenant sergeant
colonel detective deputy chairman chairwoman congressman congresswoman councilman councilwoman
treasurer superintendent
""".split())
# Role words before a name only when a given name (or another title) follows: "Actor Tom Hanks",
# "Chief Justice John Roberts", not "Author Services", "Inspector Gadget".
NAMED_ROLES = frozenset("""
actor actress author novelist poet columnist editor reporter correspondent journalist anchor photographer
singer rapper composer musician comedian astronaut scientist economist historian officer sheriff
prosecutor inspector justice chief captain commander admiral general
""".split())

# Lowercase words allowed inside a capitalised run: "Cliffs of Moher", "Ludwig van Beethoven".
CONNECTORS = ("of", "de", "van", "von", "da", "del", "di", "du", "der", "bin")

# Chat words scan() drops as a run of their own, commonest first ("I" alone is a tenth of all
# runs in a chat log): NAME_RUN does not match them there at all. Each must be a capitalised
# stopword or a stopword's contraction ("It's", "Can't"), so that dropping it is what scan()
# would do (tests/test_regex_scan_openers.py).
CHAT_OPENERS = ("I", "I'm", "It's", "Thanks", "It", "Wow", "Yeah", "What", "That's", "We", "Your", "I've",
                "That", "How", "The", "You", "I'll", "Have", "They", "Let's", "Glad", "Do", "You're", "So",
                "What's", "Can't", "No", "Congrats", "Cool", "Here's", "My", "Yes", "Oh", "This", "I'd",
                "Hey", "Hi", "Nice", "Great", "Just", "And", "But", "Sure", "Don't")
