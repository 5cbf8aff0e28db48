"""The compiled build and the pure switch: what runs is what the environment asked for."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from matchmaker import compiled

ROOT = Path(__file__).resolve().parent.parent


def test_the_build_is_what_the_run_expects() -> None:
    found = compiled.status()
    assert set(found) == set(compiled.MODULES)
    if compiled.pure_requested():
        assert not any(found.values()), "MATCHMAKER_PURE must load every module from source"
    elif os.environ.get("MATCHMAKER_EXPECT_COMPILED") == "1":
        missing = [name for name, done in found.items() if not done]
        assert not missing, f"not compiled (run make to rebuild): {missing}"


def test_no_compiled_module_is_older_than_its_source() -> None:
    stale = []
    for name in compiled.MODULES:
        module = importlib.import_module(name)
        if compiled.is_compiled(module):
            binary = Path(str(module.__file__))
            source = binary.parent / (name.rpartition(".")[2] + ".py")
            if source.stat().st_mtime > binary.stat().st_mtime:
                stale.append(name)
    assert not stale, f"sources changed since the build (run make to rebuild): {stale}"


def test_every_listed_module_exists_as_source() -> None:
    for name in compiled.MODULES:
        assert (ROOT / "src" / Path(*name.split("."))).with_suffix(".py").is_file(), name


def test_the_pure_switch_loads_sources_in_a_fresh_interpreter() -> None:
    code = (
        "import matchmaker.compiled as c, json; "
        "print(json.dumps([c.pure_requested(), any(c.status().values()), c.summary()]))"
    )
    env = {**os.environ, "MATCHMAKER_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == '[true, false, "pure Python (MATCHMAKER_PURE is set)"]'


@pytest.mark.parametrize("value", ["", "0"])
def test_an_empty_or_zero_switch_is_off(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(compiled.PURE_VARIABLE, value)
    assert not compiled.pure_requested()
