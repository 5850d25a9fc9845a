"""A real install (issue 27): where an installed tourney finds its files and keeps its data.
The wheel itself is built, installed and used from a temporary directory by .ci/wheel-smoke."""
from __future__ import annotations

from pathlib import Path

from tourney import create_app, paths


def test_tourney_instance_says_where_the_data_lives(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNEY_INSTANCE", str(tmp_path / "torneos"))
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    assert Path(app.instance_path) == (tmp_path / "torneos").resolve()
    assert (tmp_path / "torneos").is_dir()


def test_a_checkout_keeps_its_data_in_instance(monkeypatch):
    monkeypatch.delenv("TOURNEY_INSTANCE", raising=False)
    assert paths.running_from_checkout()
    assert paths.instance_dir() == paths.CHECKOUT_DIR / "instance"


def test_an_installed_package_without_the_variable_uses_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("TOURNEY_INSTANCE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "datos"))
    monkeypatch.setattr(paths, "running_from_checkout", lambda: False)
    assert paths.instance_dir() == tmp_path / "datos" / "tourney"


def test_templates_and_formats_are_found_in_the_checkout():
    assert (paths.TEMPLATES_DIR / "base.html").is_file()
    assert (paths.FORMATS_DIR / "games.toml").is_file()

