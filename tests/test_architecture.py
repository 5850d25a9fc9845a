"""House rules that keep the pure cores pure and the schema migratable."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sqlalchemy import inspect

from tourney import db

PACKAGE = Path(__file__).resolve().parent.parent / "tourney"
PURE = ("catalog", "legality", "swiss", "engine", "meta")
FORBIDDEN = ("flask", "sqlmodel", "sqlalchemy", "flask_wtf", "flask_login", "wtforms")


@pytest.mark.parametrize("package", PURE)
def test_pure_cores_import_no_web_or_database_code(package):
    offenders = []
    for path in (PACKAGE / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom) and node.level > 0 and node.module:
                top = node.module.split(".")[0]
                if node.level >= 2 and top in ("models", "db", "web", "services"):
                    names = [f"tourney.{top}"]
            for name in names:
                if name.split(".")[0] in FORBIDDEN or name.startswith(("tourney.models", "tourney.db", "tourney.web", "tourney.services")):
                    offenders.append(f"{path.relative_to(PACKAGE)}: {name}")
    assert offenders == []


def test_migrations_build_every_table_and_downgrade_cleanly(app, database_url):
    from sqlmodel import SQLModel

    import tourney.models  # noqa: F401

    engine = db.get_engine(database_url)
    tables = set(inspect(engine).get_table_names())
    assert set(SQLModel.metadata.tables) <= tables
    if database_url.startswith("sqlite"):
        db.downgrade(database_url, "base")
        engine.dispose()
        assert set(inspect(db.get_engine(database_url)).get_table_names()) <= {"alembic_version"}
        db.upgrade(database_url)


def test_health_page_answers(client):
    assert client.get("/salud").get_json() == {"estado": "ok"}


def test_ruff_finds_nothing_in_the_code():
    import shutil
    import subprocess
    import sys

    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff no está instalado")
    root = PACKAGE.parent
    done = subprocess.run([ruff, "check", "--no-cache", "tourney", "tests", "benchmarks"],
                          cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def test_an_installation_gets_its_own_secret_key(tmp_path, monkeypatch):
    from tourney import _instance_secret

    first = _instance_secret(tmp_path)
    assert len(first) > 40 and first != "dev-change-me"
    assert _instance_secret(tmp_path) == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def _pytest_without_data(tmp_path, ci: bool):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("CI", "DATABASE_URL")}
    env["TOURNEY_SHARED_DATA"] = str(tmp_path / "no-data")
    if ci:
        env["CI"] = "true"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests/catalog/test_catalog_resolve.py"], cwd=PACKAGE.parent,
                          env=env, capture_output=True, text=True, timeout=300)


def test_without_the_card_data_ci_fails_instead_of_skipping(tmp_path):
    done = _pytest_without_data(tmp_path, ci=True)
    assert done.returncode != 0
    assert "en CI (CI=true) las pruebas con cartas reales son obligatorias" in done.stdout + done.stderr


def test_without_the_card_data_a_local_run_says_how_many_tests_skipped_and_why(tmp_path):
    done = _pytest_without_data(tmp_path, ci=False)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "PRUEBAS SALTADAS" in done.stdout and "× no se encontró ../shared/data" in done.stdout


def test_mypy_finds_nothing_in_the_whole_package():
    # issue 27: every module of tourney/ type-checks (pyproject.toml [tool.mypy]): the cores, the
    # services (a saved row's id is ``row.pk``, SQL columns go through ``sqlmodel.col``), the
    # views, the command line, the documents and sheets
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "mypy", "tourney"],
                          cwd=PACKAGE.parent, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:]


def test_mypy_strict_finds_nothing_in_the_engine():
    # issue 20 item 4: every engine function annotated, no bare generics, no Any returned as a
    # typed value, only a package's declared ``__all__`` imported through it
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "tourney/engine"],
                          cwd=PACKAGE.parent, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:]


def test_every_command_module_registers_and_a_broken_one_fails_loudly(monkeypatch):
    import click

    from tourney.cli import lazy

    group = click.Group()
    lazy.register_commands(group)
    # the lazy table names exactly the top-level commands the modules register
    assert set(group.commands) == set(lazy.COMMANDS)
    assert {"compiler", "serve", "database"} <= set(lazy.COMMAND_MODULES)
    monkeypatch.setattr(lazy, "COMMAND_MODULES", (*lazy.COMMAND_MODULES, "no_existe"))
    with pytest.raises(lazy.CommandModuleError, match="tourney.cli.no_existe no se pudo importar"):
        lazy.register_commands(click.Group())


def test_tourney_help_imports_no_command_and_no_app():
    """`tourney --help` lists every command from the lazy table: no command module, no web app,
    no database layer is imported (issue 27: a quick command line)."""
    import subprocess
    import sys

    code = ("import sys; from tourney.cli.group import cli\n"
            "try:\n    cli(['--help'], prog_name='tourney')\nexcept SystemExit:\n    pass\n"
            "heavy = [m for m in sys.modules if m.startswith(('tourney.web', 'tourney.services', "
            "'tourney.engine', 'tourney.cli.deck', 'sqlalchemy', 'sqlmodel', 'openpyxl', "
            "'reportlab', 'alembic'))]\n"
            "print('HEAVY', heavy)")
    done = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parent, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "HEAVY []" in done.stdout, done.stdout[-2000:]
    for name in ("adjudicate", "deck", "serve", "engine"):
        assert name in done.stdout


def test_the_file_commands_start_without_flask():
    """`tourney adjudicate` and `tourney deck` run in a plain click group (tourney.cli.main):
    from start to their answer no Flask, Werkzeug or Jinja is imported (issue 27)."""
    import subprocess
    import sys

    for args in (["adjudicate", "--help"], ["deck", "formats"]):
        code = (f"import sys; sys.argv = ['tourney', *{args!r}]\n"
                "from tourney.cli import main\n"
                "try:\n    main()\nexcept SystemExit:\n    pass\n"
                "print('WEB', [m for m in sys.modules if m.startswith(('flask', 'werkzeug', 'jinja2'))])")
        done = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parent, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        assert "WEB []" in done.stdout, (args, done.stdout[-2000:])


def test_the_file_commands_do_not_load_the_database_layer_or_the_web_app():
    """`tourney adjudicate --catalog` and `tourney deck check --catalog` work on files alone:
    their modules import no database layer, no Alembic, no openpyxl, no web app (issue 27)."""
    import subprocess
    import sys

    code = ("import sys, tourney.cli.engine, tourney.cli.deck\n"
            "print('HEAVY', [m for m in sys.modules if m.startswith(('tourney.web', 'tourney.services', "
            "'tourney.db', 'sqlalchemy', 'sqlmodel', 'alembic', 'openpyxl', 'reportlab', 'flask', "
            "'werkzeug'))])")
    done = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parent, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "HEAVY []" in done.stdout, done.stdout[-2000:]


@pytest.mark.parametrize("package", ("web", "services", "printing", "sheets", "cli"))
def test_no_layer_outside_the_cores_asks_which_game_it_is(package):
    # what differs between games is declared in formats/games.toml (support_swaps, deck_sheet,
    # catalog, sections) and read from the format's game, never `game.id == "myl"`
    offenders = []
    for path in (PACKAGE / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(
                    isinstance(c, ast.Constant) and c.value in ("myl", "magic", "skyworld")
                    for c in [node.left, *node.comparators]):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders == []


def test_reading_a_workbook_does_not_load_the_pdf_library():
    import subprocess
    import sys

    code = "import sys, tourney.sheets; print('reportlab' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parent, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "False"  # the shared values live in tourney.document_values


def _every_command(command, path=()):
    yield path, command
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _every_command(sub, (*path, name))


def test_every_commands_help_is_in_spanish(tmp_path):
    """Reviewer R-A: `tourney X --help` and `tourney X Y --help` said click's English «Show
    this message and exit.»; Flask's run/routes options and Flask-Limiter's group too."""
    from click.testing import CliRunner

    from tourney.cli.group import cli

    runner = CliRunner()
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"}
    # closing the context pops the app context FlaskGroup.get_command pushed: left open, later
    # CLI tests would run their commands against this test's database
    with cli.make_context("tourney", [], resilient_parsing=True) as ctx:
        paths = [path for name in cli.list_commands(ctx)
                 for path, _command in _every_command(cli.get_command(ctx, name), (name,))
                 if path[0] != "limiter" or len(path) == 1]  # its subcommands need flask-limiter[cli]
    assert ("limiter",) in paths and ("deck", "check") in paths and len(paths) > 30
    for path in paths:
        result = runner.invoke(cli, [*path, "--help"], prog_name="tourney", env=env)
        where = "tourney " + " ".join(path)
        assert result.exit_code == 0, where
        assert "Muestra esta ayuda y termina." in result.output, where
        assert "Show this message" not in result.output, where
    for flask_words in ("The interface to bind to", "Method to sort routes by",
                        "Flask-Limiter maintenance"):
        outputs = [runner.invoke(cli, [c, "--help"], prog_name="tourney", env=env).output
                   for c in ("run", "routes", "limiter")]
        assert not any(flask_words in out for out in outputs), flask_words
    routes = runner.invoke(cli, ["routes", "--sort", "rule"], prog_name="tourney", env=env)
    assert routes.exit_code == 0 and "/catalogo" in routes.output


# --- the house: every name is imported from its home (issue 20, item 4) ---------------------

ROOT = PACKAGE.parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_package(module: str) -> bool:
    return MODULES[module].name == "__init__.py"


def _source_of(importer: str | None, node: ast.ImportFrom) -> str | None:
    """The absolute module an ``ImportFrom`` reads (relative imports resolved from ``importer``)."""
    if node.level == 0:
        return node.module
    if importer is None:
        return None
    base = importer.split(".") if _is_package(importer) else importer.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _top_statements(body):
    for st in body:
        yield st
        for field in ("body", "orelse", "finalbody"):
            if isinstance(st, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                yield from _top_statements(getattr(st, field, None) or [])
        for handler in getattr(st, "handlers", None) or []:
            yield from _top_statements(handler.body)


def _bound(target):
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _bound(element)
    elif isinstance(target, ast.Starred):
        yield from _bound(target.value)


def _defined_and_imported(module: str) -> tuple[set[str], dict[str, tuple[str | None, str]]]:
    """Names a module binds itself (def, class, assignment) and names it binds by importing."""
    defined: set[str] = set()
    imported: dict[str, tuple[str | None, str]] = {}
    for st in _top_statements(ast.parse(MODULES[module].read_text(encoding="utf-8")).body):
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(st.name)
        elif isinstance(st, ast.Assign):
            defined.update(n for t in st.targets for n in _bound(t))
        elif isinstance(st, (ast.AnnAssign, ast.AugAssign, ast.For)):
            defined.update(_bound(st.target))
        elif isinstance(st, ast.With):
            defined.update(n for item in st.items if item.optional_vars for n in _bound(item.optional_vars))
        elif isinstance(st, ast.ImportFrom):
            for alias in st.names:
                imported[alias.asname or alias.name] = (_source_of(module, st), alias.name)
    return defined, imported


_NAMES = {m: _defined_and_imported(m) for m in MODULES}


def _home(module: str, name: str, seen: frozenset = frozenset()) -> str | None:
    """The module of ours that defines ``name`` as seen from ``module`` (a submodule counts)."""
    defined, imported = _NAMES[module]
    if name in defined or f"{module}.{name}" in MODULES:
        return module
    source, original = imported.get(name, (None, name))
    if source in MODULES and (source, original) not in seen:
        return _home(source, original, seen | {(source, original)})
    return None


def _public_api(package: str, importer: str | None, name: str) -> bool:
    """A package's ``__init__`` may present, to code outside the package, the public names its
    own submodules define (``tourney.engine``: ``Game``, ``adjudicate``…; see its docstring)."""
    home = _home(package, name)
    return (_is_package(package) and not name.startswith("_") and home is not None
            and home.startswith(package + ".")
            and not (importer is not None and (importer == package or importer.startswith(package + "."))))


def _python_files():
    for top in ("tourney", "tests", "benchmarks"):
        yield from (ROOT / top).rglob("*.py")


def test_no_module_is_a_re_export_shim():
    shims = []
    for module, path in MODULES.items():
        if _is_package(module):
            continue
        body = [st for st in ast.parse(path.read_text(encoding="utf-8")).body
                if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant))]
        if all(isinstance(st, (ast.Import, ast.ImportFrom))
               or (isinstance(st, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in st.targets))
               for st in body):
            shims.append(module)
    assert shims == []


def test_every_name_is_imported_from_the_module_that_defines_it():
    # package code, tests and benchmarks, module-level and deferred (function-level) imports;
    # ``module.name`` attribute reads through an imported module in the package count too
    offenders = []
    for path in _python_files():
        importer = _module_name(path) if path.is_relative_to(PACKAGE) else None
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules: dict[str, str] = {}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = _source_of(importer, node)
            if source not in MODULES:
                continue
            for alias in node.names:
                if f"{source}.{alias.name}" in MODULES:
                    modules[alias.asname or alias.name] = f"{source}.{alias.name}"
                elif alias.name != "*" and _home(source, alias.name) != source \
                        and not _public_api(source, importer, alias.name):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {alias.name} from {source}"
                                     f" (defined in {_home(source, alias.name)})")
        if importer is None:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
                source = modules[node.value.id]
                if _home(source, node.attr) != source and not _public_api(source, importer, node.attr):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value.id}.{node.attr}")
    assert offenders == []


ENGINE = PACKAGE / "engine"
# (the one-function effect dispatchers became per-kind handlers: issue 20 item 3)
PRIVATE_PENDING: set[tuple[str, str]] = set()


def _engine_imports():
    """(importer, imported module, names, deferred?) for every import in tourney/engine; imports
    under ``if TYPE_CHECKING:`` are left out (never executed: annotations only)."""
    for path in ENGINE.rglob("*.py"):
        importer = _module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {id(st) for st in _top_statements(tree.body)}
        typing_only = {id(n) for st in ast.walk(tree)
                       if isinstance(st, ast.If) and "TYPE_CHECKING" in ast.unparse(st.test)
                       for part in st.body for n in ast.walk(part)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom):
                source = _source_of(importer, node)
                if source in MODULES:
                    yield importer, source, [a.name for a in node.names], id(node) not in top
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in MODULES:
                        yield importer, alias.name, [], id(node) not in top


def test_no_private_name_is_imported_across_modules_in_the_engine():
    offenders = sorted({f"{importer}: {name} from {source}"
                        for importer, source, names, _deferred in _engine_imports() for name in names
                        if name.startswith("_") and not name.startswith("__")
                        and (source, name) not in PRIVATE_PENDING})
    assert offenders == []


def test_the_engine_has_no_import_circles_deferred_imports_included():
    graph: dict[str, set[str]] = {}
    for importer, source, names, _deferred in _engine_imports():
        targets = {f"{source}.{n}" if f"{source}.{n}" in MODULES else source for n in names} or {source}
        graph.setdefault(importer, set()).update(t for t in targets if t != importer and t.startswith("tourney.engine"))
    circles, state = [], {}

    def visit(module, path):
        state[module] = "open"
        for nxt in sorted(graph.get(module, ())):
            if state.get(nxt) == "open":
                circles.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert circles == []


# Which package of tourney may import which (docs/architecture.md, «Allowed imports»). A core
# imports only the cores below it and the pure helper modules; the engine judges a game from
# cards and does not read decklists (the caller parses them with tourney.legality).
PURE_HELPERS = {"xlsx_bounds", "paths", "collation"}
CORE_EDGES = {
    "catalog": {"catalog"},
    "swiss": {"swiss"},
    "legality": {"legality", "catalog"},
    "engine": {"engine", "catalog"},
    "meta": {"meta", "catalog", "swiss"},
}


def _imports(path: Path):
    """(line, absolute module, imported names) of every import in ``path``."""
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if package[-1] == "__init__":
        package = package[:-1]
    else:
        package = package[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ((node.module,) if node.module else ()))
            else:
                module = node.module or ""
            names = tuple(a.name for a in node.names)
            if not node.module and node.level:  # from .. import x: x are modules
                for name in names:
                    yield node.lineno, f"{module}.{name}", ()
            else:
                yield node.lineno, module, names


def _tourney_part(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "tourney" and len(parts) > 1 else None


@pytest.mark.parametrize("core", sorted(CORE_EDGES))
def test_each_core_imports_only_the_cores_it_may(core):
    allowed = CORE_EDGES[core] | PURE_HELPERS
    offenders = []
    for path in (PACKAGE / core).rglob("*.py"):
        for line, module, _ in _imports(path):
            part = _tourney_part(module)
            if part is not None and part not in allowed:
                offenders.append(f"{path.relative_to(PACKAGE)}:{line} {module}")
    assert offenders == []


def test_views_reach_the_models_only_through_services():
    """tourney.web may read the states and limits the models define (UPPER_CASE constants);
    tables, sessions and queries go through tourney.services."""
    offenders = []
    for path in (PACKAGE / "web").rglob("*.py"):
        for line, module, names in _imports(path):
            if _tourney_part(module) != "models":
                continue
            if not names or any(not n.isupper() for n in names):
                offenders.append(f"{path.relative_to(PACKAGE)} {module} {', '.join(names)}")
    assert offenders == []


# --- the house: no engine function past 80 lines (issue 20, item 4) ------------------------

MAX_FUNCTION_LINES = 80
# functions still past the limit, each at most as long as it is listed; an entry that shrinks
# to the limit must leave the list (split by responsibility, never cut at line 80)
LONG_FUNCTIONS_PENDING: dict[str, int] = {
    "compiler/lower_filters.py::card_filter": 89,
    "compiler/effects.py::effects": 99,
    "compiler/nouns.py::_modifiers": 117,
}


def _function_lengths(node, prefix):
    """(``path::Class.function``, lines from ``def`` to its last line) for every function,
    methods and nested functions included."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + child.name, child.end_lineno - child.lineno + 1
            yield from _function_lengths(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.ClassDef):
            yield from _function_lengths(child, f"{prefix}{child.name}.")
        else:
            yield from _function_lengths(child, prefix)


def test_no_engine_function_is_longer_than_80_lines():
    lengths = {name: length for path in sorted(ENGINE.rglob("*.py"))
               for name, length in _function_lengths(
                   ast.parse(path.read_text(encoding="utf-8")), f"{path.relative_to(ENGINE).as_posix()}::")}
    too_long = sorted(f"{name}: {length} lines" for name, length in lengths.items()
                      if length > MAX_FUNCTION_LINES and name not in LONG_FUNCTIONS_PENDING)
    grown = sorted(f"{name}: {lengths[name]} lines, listed at {limit}"
                   for name, limit in LONG_FUNCTIONS_PENDING.items()
                   if name in lengths and lengths[name] > limit)
    stale = sorted(name for name in LONG_FUNCTIONS_PENDING
                   if lengths.get(name, 0) <= MAX_FUNCTION_LINES)
    assert too_long == [], "split these by responsibility"
    assert grown == [], "a listed function may only shrink"
    assert stale == [], "no longer past the limit (or gone): remove from LONG_FUNCTIONS_PENDING"
