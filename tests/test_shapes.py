"""Name-shape predicates: each junk class, and the real names they must not catch."""

from __future__ import annotations

import pytest

from soulgraph import shapes


@pytest.mark.parametrize("s", ["MERGED", "SEPARATE", "NOT", "PYTHONPATH", "USERPROFILE"])
def test_shouting(s):
    assert shapes.is_shouting(s)
    assert shapes.junk_kind(s) == "shouting"


@pytest.mark.parametrize("s", ["NASA", "ONNX", "IBM", "Soul", "MCP"])
def test_not_shouting(s):
    assert not shapes.is_shouting(s)


@pytest.mark.parametrize("s", ["v2", "0.15.15", "v3.3.2", "M3", "M2a", "3.9", "1.0.0rc1"])
def test_versions(s):
    assert shapes.is_version(s) and shapes.junk_kind(s) == "version"


@pytest.mark.parametrize("s", ["Nov-2025", "2024-11-05", "March 2024", "05/11/2024", "Q3", "Q3-2025", "FY24"])
def test_dates(s):
    assert shapes.is_date_like(s) and shapes.junk_kind(s) == "date"


def test_weekday_and_month_words():
    assert shapes.is_weekday("Friday") and shapes.is_month("Nov") and not shapes.is_weekday("Riley")


@pytest.mark.parametrize("s", ["CI-green", "tests-passing", "build-red"])
def test_status_tokens(s):
    assert shapes.is_status_token(s) and shapes.junk_kind(s) == "status"


@pytest.mark.parametrize("s", ["--mode", "-v", "--out=x.json", "--bench-report"])
def test_flags(s):
    assert shapes.is_flag(s) and shapes.junk_kind(s) == "flag"


@pytest.mark.parametrize("s", ["file_already_mined", "POCKETPAW_POCKET_REFRESH_SCHEDULER_ENABLED",
                               "os.path.abspath", "hashlib.md5()", "_clean()", "__del__", "`make_client`"])
def test_code_identifiers(s):
    assert shapes.is_code_identifier(s)
    assert shapes.junk_kind(s) == "code_identifier"


@pytest.mark.parametrize("s", ["TaskSpec", "CloudLifecycleHook", "ValueError", "addPoint", "protocolVersion",
                               "TestKGLazyCache", "KnowledgeGraph", "ChromaBackend", "RetryPolicy",
                               "AuthMiddleware", "JsonSerializer", "getUser", "onClick", "eventBus",
                               "isValid"])
def test_camel_identifiers(s):
    assert shapes.is_camel_identifier(s)
    assert shapes.junk_kind(s) == "camel_identifier"


@pytest.mark.parametrize("s", ["TikTok", "GitHub", "WorkBuddy", "ChatGPT", "macOS", "iPhone", "OpenAI",
                               # a listed tool in lowerCamel, and the one-letter brand shape, whose
                               # "Message" read as a code part
                               "spaCy", "iMessage", "iCloud", "eBay"])
def test_product_camel_names_are_not_identifiers(s):
    assert shapes.is_camel_case(s)
    assert not shapes.is_camel_identifier(s)
    assert shapes.junk_kind(s) is None


@pytest.mark.parametrize("s", ["LeBron", "McDonald", "DiCaprio", "MacKenzie", "DeShawn", "VanDyke"])
def test_surname_prefixes_are_no_camel_case(s):
    assert not shapes.is_camel_case(s) and shapes.junk_kind(s) is None


@pytest.mark.parametrize("s", ["API", "CI", "PR", "PRs", "JSON", "LGTM", "JSONL"])
def test_common_acronyms(s):
    assert shapes.is_common_acronym(s) and shapes.junk_kind(s) == "common_acronym"


@pytest.mark.parametrize("s", ["src/x.py", "README.md", "~/.mempalace",
                               "~/.claude/projects/<slug>/<id>.jsonl",
                               "tests/benchmarks/", "chroma.sqlite3", "website/.vitepress/config.mts"])
def test_paths_are_documents_not_junk(s):
    assert shapes.is_path(s)
    assert shapes.junk_kind(s) is None
    assert shapes.junk_reason(s) == "file path"  # never a person / org / place


@pytest.mark.parametrize("s", ["and/or", "backends/chroma", "Gardena/Compton", "Node.js", "/"])
def test_not_paths(s):
    assert not shapes.is_path(s)


def test_tech_names_refs_and_handles():
    assert shapes.is_tech_name("Node.js") and shapes.is_tech_name("llama.cpp")
    assert not shapes.is_code_identifier("Node.js")
    assert shapes.is_issue_ref("PR #1628") and shapes.is_issue_ref("#733") and shapes.is_issue_ref("issue #4")
    assert shapes.is_handle("@igorls") and not shapes.is_handle("a@b")
    assert shapes.is_doc_name("README") and shapes.is_doc_name("CHANGELOG")
    assert shapes.is_commit_hash("df33550") and not shapes.is_commit_hash("deadbeef")
    assert shapes.is_numeric("10,000") and not shapes.is_numeric("v2")


@pytest.mark.parametrize("s", ["Soul Protocol", "Riley", "Ed Sheeran", "Acme Corp", "New York", "LM Studio",
                               "Zoë", "João", "C++", "NASA"])
def test_real_names_are_not_junk(s):
    assert shapes.junk_kind(s) is None
    assert shapes.junk_reason(s) is None
