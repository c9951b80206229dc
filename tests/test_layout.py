"""The package's rooms, from its sources: imports go one way (README, Layout).

Every import a module runs counts, at its top or inside a function, and so do the names
imported under ``if TYPE_CHECKING:``: they load nothing, but a reader (and the type
checker) follows them the same way, so no circle may run through them either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cpuzzler"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")) + sorted(PACKAGE.rglob("*.pyi")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found.setdefault(name, path)
    return found


def _imports(tree: ast.AST, typing: bool = False):
    """(import node, under TYPE_CHECKING) for every import in ``tree``."""
    for child in ast.iter_child_nodes(tree):
        inside = typing or (isinstance(child, ast.If)
                            and "TYPE_CHECKING" in ast.unparse(child.test))
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, inside
        yield from _imports(child, inside)


@pytest.fixture(scope="module")
def graphs() -> tuple[nx.DiGraph, nx.DiGraph]:
    """The runtime imports and the type-only ones, module to module."""
    modules = _modules()
    runtime, typing = nx.DiGraph(), nx.DiGraph()
    runtime.add_nodes_from(modules)
    for name, path in modules.items():
        package = name if path.stem == "__init__" else name.rpartition(".")[0]
        for node, type_only in _imports(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
                targets = subs + ([base] if len(subs) < len(node.names) else [])
            for target in targets:
                if target in modules and target != name:
                    (typing if type_only else runtime).add_edge(name, target)
    return runtime, typing


def test_the_graph_sees_the_package(graphs):
    runtime, _ = graphs
    assert {"cpuzzler.engines.frontier", "cpuzzler.engines.frontier.disk",
            "cpuzzler.engines.estimate.layer_sample", "cpuzzler.engines.sweep"} <= set(runtime)
    assert runtime.has_edge("cpuzzler.engines.frontier.cluster", "cpuzzler.engines.frontier.disk")
    assert runtime.has_edge("cpuzzler.models.tiling", "cpuzzler.render.svg")  # in a function


def test_no_module_imports_itself_round_a_circle_not_even_for_types(graphs):
    circles = sorted(nx.simple_cycles(nx.compose(*graphs)), key=len)
    assert not circles, [" -> ".join(circle) for circle in circles[:5]]


def test_no_circle_runs_through_a_package_s_init_either(graphs):
    """Importing ``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` first, so an
    import of a submodule is an import of every package above it too (unless the
    importer lives inside that package, which is loaded already)."""
    both = nx.compose(*graphs)
    strict = nx.DiGraph(both)
    for importer, target in both.edges:
        parts = target.split(".")
        for upto in range(2, len(parts)):
            package = ".".join(parts[:upto])
            if package in both and not (importer + ".").startswith(package + "."):
                strict.add_edge(importer, package)
    circles = sorted(nx.simple_cycles(strict), key=len)
    assert not circles, [" -> ".join(circle) for circle in circles[:5]]


def test_renderers_import_no_model_not_even_for_types(graphs):
    both = nx.compose(*graphs)
    for name in both:
        if name.startswith("cpuzzler.render"):
            models = [t for t in both.successors(name) if t.startswith("cpuzzler.models")]
            assert not models, (name, models)


def test_engines_know_exact_cover_not_puzzles_and_the_counters_not_the_estimator(graphs):
    both = nx.compose(*graphs)
    higher = ("cpuzzler.models", "cpuzzler.catalog", "cpuzzler.cli", "cpuzzler.render",
              "cpuzzler.grids")
    for name in both:
        if name.startswith(("cpuzzler.engines", "cpuzzler.encoders")):
            up = [t for t in both.successors(name) if t.startswith(higher)]
            assert not up, (name, up)
        counter = name.startswith("cpuzzler.engines.") and not name.startswith(
            "cpuzzler.engines.estimate")  # the registry (engines/__init__) hands on to it
        if counter:
            assert not [t for t in both.successors(name)
                        if t.startswith("cpuzzler.engines.estimate")], name
    # the frontier engine takes its sweep from the module both counters share
    assert not both.has_edge("cpuzzler.engines.frontier", "cpuzzler.engines.memo")
    assert both.has_edge("cpuzzler.engines.frontier", "cpuzzler.engines.sweep")
    assert both.has_edge("cpuzzler.engines.memo", "cpuzzler.engines.sweep")


def test_the_top_level_keeps_the_entry_points_and_each_package_says_what_it_holds(graphs):
    runtime, _ = graphs
    top = {name for name in runtime if name.count(".") == 1}
    packages = {"cpuzzler." + p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert top - packages == {"cpuzzler.__main__", "cpuzzler.catalog", "cpuzzler.errors",
                              "cpuzzler.exact_cover", "cpuzzler.jobs", "cpuzzler.matrix",
                              "cpuzzler.progress",
                              "cpuzzler.results"}
    assert {"cpuzzler.symmetry", "cpuzzler.parts", "cpuzzler.constraints", "cpuzzler.design",
            "cpuzzler.pieces", "cpuzzler.placements", "cpuzzler.uniqueness"} <= packages
    for init in PACKAGE.rglob("__init__.py"):
        assert ast.get_docstring(ast.parse(init.read_text())), init


def test_symmetry_of_exact_covers_knows_no_puzzle(graphs):
    both = nx.compose(*graphs)
    for name in ("automorphisms", "burnside", "lex_leader", "symmetric_search"):
        up = [t for t in both.successors(f"cpuzzler.symmetry.{name}")
              if t.startswith(("cpuzzler.models", "cpuzzler.grids", "cpuzzler.catalog"))]
        assert not up, (name, up)
    for name in ("tilings", "tiling_counts", "tiling_solutions"):
        up = [t for t in both.successors(f"cpuzzler.symmetry.{name}")
              if t.startswith("cpuzzler.models")]
        assert not up, (name, up)


def test_no_python_module_past_700_lines_and_no_c_file_past_800():
    long = {str(path.relative_to(PACKAGE)): n for pattern, most in (("*.py", 700), ("*.c", 800))
            for path in PACKAGE.rglob(pattern)
            if (n := len(path.read_text().splitlines())) > most}
    assert not long, long


def test_the_engine_registry_imports_no_engine(graphs):
    """Importing any engine runs ``engines/__init__.py`` first: were it to import an
    engine back (even inside a function), the imports would run round through it. The
    engines register their own jobs (``sample``: memo, ``estimate``: estimate)."""
    both = nx.compose(*graphs)
    inside = [t for t in both.successors("cpuzzler.engines") if t.startswith("cpuzzler.engines.")]
    assert not inside, inside
