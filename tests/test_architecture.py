"""The shape of the code (docs/architecture.md): imports go one way, from the faces down to
the rules, and no module imports itself back through others.

The imports are read from the source (module level and inside functions; imports made for
type checkers only, under ``if TYPE_CHECKING:``, do not run and are not counted).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "matchmaker"

#: Each layer and the layers its modules may import (besides themselves).
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "games": {"core"},
    "bots": {"core", "games"},
    "words": {"core", "games", "bots"},
    "sim": {"core", "games", "bots"},
    "interop": {"core", "games", "bots"},
    "analysis": {"core", "games", "bots", "words"},
    "server": {"core", "games", "bots", "words", "analysis"},
    "cli": {"core", "games", "bots", "words", "sim", "server", "interop", "analysis", "compiled"},
    # which modules run compiled: the standard library only, imported first by the package
    "compiled": set(),
    # the package itself, the library's front door; and ``python -m matchmaker``
    "": {"core", "compiled"},
    "__main__": {"cli"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(path: Path) -> set[str]:
    """The matchmaker modules ``path`` imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and is_type_checking(node):
            skipped.update(id(inner) for inner in ast.walk(node))
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in modules else node.module)
    return {name for name in found if name in modules}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def graph() -> dict[str, set[str]]:
    return {module_name(p): runtime_imports(p) for p in PACKAGE.rglob("*.py")}


def test_imports_go_one_way() -> None:
    wrong = []
    for module, imported in graph().items():
        mine = layer(module)
        for target in imported:
            theirs = layer(target)
            if theirs != mine and theirs not in ALLOWED[mine]:
                wrong.append(f"{module} imports {target}")
    assert not wrong, "imports against the layers:\n" + "\n".join(sorted(wrong))


def test_a_game_knows_nothing_of_the_other_game() -> None:
    for module, imported in graph().items():
        if module.startswith("matchmaker.games."):
            game = module.split(".")[2]
            for target in imported:
                if target.startswith("matchmaker.games."):
                    assert target.split(".")[2] == game, f"{module} imports {target}"


def test_no_import_circle() -> None:
    edges = graph()
    circles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(edges.get(module, ())):
            if state.get(target) == 1:
                circles.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in state:
                visit(target, path)
        path.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [])
    assert not circles, "import circles:\n" + "\n".join(circles)


def test_the_server_does_not_load_the_terminal() -> None:
    """The web app runs without the terminal package or rich (the terminal's library)."""
    code = (
        "import sys, matchmaker.server.app, matchmaker.server.lobby; "
        "print(sorted(m for m in sys.modules if m == 'rich' or m.startswith('matchmaker.cli')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=SRC
    )
    assert done.stdout.strip() == "[]"
