"""The decoded lemma tables are cached as JSON; the cache must give exactly what decoding gives."""

from __future__ import annotations

import subprocess
import sys

import pytest

from soulgraph.extract import lexicon


@pytest.fixture
def lookups():
    found = lexicon._lookups_file()
    if found is None:
        pytest.skip("spaCy model not installed")
    return found


def test_cache_round_trip_equals_decoding(tmp_path, monkeypatch, lookups):
    monkeypatch.setenv("SOULGRAPH_CACHE_DIR", str(tmp_path))
    decoded = lexicon._decode(lookups)
    first = lexicon._read_tables()  # decodes and writes the cache
    cached_files = list(tmp_path.glob("lexicon-*.json"))
    assert len(cached_files) == 1
    second = lexicon._read_tables()  # read back from the cache
    assert first == decoded
    assert second == decoded
    assert "noun" in second[0] and "quickly" in second[0]["adv"]


def test_damaged_cache_is_decoded_again(tmp_path, monkeypatch, lookups):
    monkeypatch.setenv("SOULGRAPH_CACHE_DIR", str(tmp_path))
    cache = lexicon._cache_path(lookups)
    cache.write_bytes(b'{"not": "tables"')
    assert lexicon._read_tables() == lexicon._decode(lookups)
    assert lexicon._load_cached(cache) is not None  # rewritten whole


def test_unwritable_cache_still_reads(tmp_path, monkeypatch, lookups):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SOULGRAPH_CACHE_DIR", str(blocker / "sub"))
    assert lexicon._read_tables() == lexicon._decode(lookups)


def test_warm_cache_does_not_import_numpy(tmp_path, lookups):
    code = ("import sys; from soulgraph.extract import lexicon; "
            "assert lexicon.available(); print('numpy' in sys.modules)")
    env = {"SOULGRAPH_CACHE_DIR": str(tmp_path), "PATH": ""}
    for _ in range(2):  # the first run fills the cache, the second reads it
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                             check=True).stdout.strip()
    assert out == "False"
