"""Memories whose created_at is Unix epoch seconds (soul-protocol's loader accepts them)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile

import pytest
from soulkit import entry, make_zip_soul

from soulgraph import times


@pytest.mark.parametrize("value, iso", [
    (1700000000, "2023-11-14T22:13:20"),
    ("1700000000", "2023-11-14T22:13:20"),
    ("1700000000.5", "2023-11-14T22:13:20.500000"),
    ("1700000000000", "2023-11-14T22:13:20"),  # milliseconds
    ("2023-11-14T22:13:20", "2023-11-14T22:13:20"),
    ("20231114", "2023-11-14T00:00:00"),  # an ISO basic date, not an epoch
])
def test_epoch_and_iso_times_parse(value, iso):
    assert times.parse(value).isoformat() == iso


@pytest.mark.parametrize("value", [None, "", "soon", "12345", True, "9999999999999999"])
def test_unreadable_times_are_none(value):
    assert times.parse(value) is None


def test_a_soul_with_epoch_times_gets_timed_edges(tmp_path):
    """The edges of memories timed in epoch seconds had no valid_from in the soul's graph."""
    soul = make_zip_soul(tmp_path / "e.soul", {"episodic": [
        entry("m1", "My sister Ana lives in Lisbon with her husband.", created_at=1700000000),
        entry("m2", "Ana works at Acme Corp in Lisbon.", created_at="1700086400"),
    ]})
    run = subprocess.run([sys.executable, "-m", "soulgraph", "repair", "--rebuild-graph", str(soul),
                          "--extractor", "spacy"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    graph = json.loads(zipfile.ZipFile(soul).read("memory/graph.json"))
    assert graph["edges"], graph
    starts = {e.get("valid_from") for e in graph["edges"]}
    assert starts <= {"2023-11-14T22:13:20", "2023-11-15T22:13:20"}, starts
