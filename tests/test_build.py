"""Installing without a C compiler gives the pure-Python package, which plays."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_wheel_built_without_a_compiler_is_pure_python_and_plays(tmp_path: Path) -> None:
    source = tmp_path / "source"
    # A copy of the sources (no build products), so no extension built here can slip in.
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\0")
    for name in filter(None, files):
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((ROOT / name).read_bytes())
    env = {**os.environ, "CC": str(tmp_path / "no-such-compiler")}
    env.pop("MATCHMAKER_PURE_BUILD", None)
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), "."],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("matchmaker-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "matchmaker/bots/purrfect/fastplay.py" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
    site = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "-t", str(site), wheel],
        capture_output=True,
        text=True,
    )
    assert installed.returncode == 0, installed.stderr
    code = (
        "import sys, matchmaker, matchmaker.compiled as c; "
        "from matchmaker.bots import make_bot, play_game; "
        "g = matchmaker.load_game('purrfect', players=3); "
        "s = play_game(g, [make_bot('medium', g, i, 1) for i in range(3)], 1).state; "
        "print(matchmaker.__file__.startswith(sys.argv[1]), s.is_over, c.summary())"
    )
    run_env = {**os.environ, "PYTHONPATH": str(site)}
    run_env.pop("MATCHMAKER_PURE", None)
    out = subprocess.run(
        [sys.executable, "-c", code, str(site)],
        env=run_env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[:2] == ["True", "True"], out.stdout
    assert "pure Python (no compiled build)" in out.stdout
