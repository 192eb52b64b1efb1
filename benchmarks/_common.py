"""Helpers shared by the benchmark scripts: paths, subprocess timing, markdown tables.

Benchmarks run the real CLI in subprocesses (what users run) and read timings from its
``--json`` report; nothing here imports soulgraph, so a broken stage fails one row, not the
whole script.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "out"
PY = sys.executable
BIN = Path(PY).parent


def eval_dir() -> Path:
    """``../shared/eval`` beside the checkout (or $SOULGRAPH_EVAL)."""
    env = os.environ.get("SOULGRAPH_EVAL")
    return Path(env) if env else ROOT.parent / "shared" / "eval"


def soulgraph_cmd() -> list[str]:
    exe = BIN / "soulgraph"
    return [str(exe)] if exe.exists() else [PY, "-m", "soulgraph"]


def soul_cmd() -> list[str] | None:
    """soul-protocol's CLI, when the package is installed next to this interpreter."""
    exe = BIN / "soul"
    return [str(exe)] if exe.exists() else (shutil.which("soul") and [shutil.which("soul")])


def run(
    cmd: list[str], *, env: dict | None = None, timeout: float = 3600
) -> tuple[float, subprocess.CompletedProcess]:
    """Run a command, return (wall seconds, completed process)."""
    e = dict(os.environ, **(env or {}))
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=e, timeout=timeout)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc.cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)  # CPU s of the child tree
    return wall, proc


def run_json(cmd: list[str], **kw) -> tuple[float, dict]:
    """Run a command that prints JSON on stdout; raise with its stderr tail when it fails."""
    wall, proc = run(cmd, **kw)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:]
        raise RuntimeError(f"exit {proc.returncode}: {' | '.join(tail)} ({Path(cmd[0]).name} {cmd[1]})")
    text = proc.stdout
    start = text.find("{")
    data = json.loads(text[start:]) if start >= 0 else {}
    if isinstance(data, dict):
        data.setdefault("proc_cpu", proc.cpu)
    return wall, data


def median(xs: list[float]) -> float | None:
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt(v, nd: int = 3) -> str:
    """Numbers for humans: thousands separators for big ones, a few decimals for small ones."""
    if v is None:
        return "-"
    if isinstance(v, float):
        if abs(v) >= 1000:
            return f"{v:,.0f}"
        if abs(v) >= 100:
            return f"{v:.0f}"
        if abs(v) >= 10:
            return f"{v:.1f}"
        return f"{v:.{nd}f}"
    return str(v)


def table(headers: list[str], rows: list[list]) -> str:
    """A GitHub markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    for r in rows:
        lines.append("| " + " | ".join(fmt(c) for c in r) + " |")
    return "\n".join(lines)


def machine() -> dict:
    """What the numbers were measured on, including the load at the time."""
    from soulgraph import speedups

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {"python": platform.python_version(), "platform": platform.platform(),
            "soulgraph_build": speedups.status(),
            "cpus": os.cpu_count(), "loadavg": [round(x, 2) for x in load] if load else None,
            "time": time.strftime("%Y-%m-%d %H:%M:%S %Z")}


def write_out(name: str, data: dict) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    return path


class Bar:
    """A minimal stderr progress line (rate and ETA) for long benchmark loops; off when not a TTY."""

    def __init__(self, total: int, label: str) -> None:
        self.total, self.label, self.done, self.t0 = total, label, 0, time.perf_counter()
        self.on = sys.stderr.isatty()

    def step(self, what: str = "") -> None:
        self.done += 1
        if not self.on:
            return
        el = time.perf_counter() - self.t0
        rate = self.done / el if el else 0.0
        eta = (self.total - self.done) / rate if rate else 0.0
        line = f"\r{self.label} {self.done}/{self.total} {rate:.2f}/s ETA {eta:.0f}s {what[:40]:40}"
        sys.stderr.write(line)
        sys.stderr.flush()
        if self.done >= self.total:
            sys.stderr.write("\n")
