"""Catalog service: upsert by code, idempotent, all-or-nothing, cached load."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from sqlmodel import func, select

from tourney import db
from tourney.catalog.errors import CatalogImportError
from tourney.models.catalog import CardRow, EditionRow
from tourney.services.catalog import import_cards, import_files, load_catalog


def count_cards(app) -> int:
    with db.session_scope(app) as session:
        return session.exec(select(func.count(CardRow.id))).one()


def test_import_public_data_then_reimport_changes_nothing(app, public_cards_path):
    with db.session_scope(app) as session:
        first = import_files(session, [public_cards_path])
    assert (first.added, first.updated, first.cards_read) == (2181, 0, 2181)
    assert first.editions_added == 12
    with db.session_scope(app) as session:
        again = import_files(session, [public_cards_path])
    assert again.changes == 0 and again.unchanged == 2181
    with db.session_scope(app) as session:
        catalog = load_catalog(session)
        assert len(catalog) == 2181
        assert catalog.resolve("Shuri").ambiguous
        assert catalog.editions["aguila-imperial"].name == "Águila Imperial"
        assert session.exec(select(func.count(EditionRow.slug))).one() == 12


def test_data_src_after_the_built_catalog_keeps_identities(app, public_cards_path, shared_data):
    with db.session_scope(app) as session:
        import_files(session, [public_cards_path])
    dominio = shared_data / "deckforge" / "data-src" / "dominio.json"
    with db.session_scope(app) as session:
        report = import_files(session, [dominio])
    # the six texts that differ between the two DeckForge files include DO-001 and DO-004
    assert {"DO-001", "DO-004"} <= set(report.updated_codes)
    with db.session_scope(app) as session:
        catalog = load_catalog(session)
        assert catalog.by_code("DO-001").identity == "adapa"
        assert "entra en juego bajo tu control" in catalog.by_code("DO-001").text
        assert catalog.by_code("DO-001").text != catalog.by_code("CA-002").text
        assert catalog.resolve("Adapa").ok


def test_bad_batch_is_rejected_whole_and_the_catalog_stays(app, tmp_path):
    good = [{"codigo": "PR-001", "nombre": "Uno", "edicion": "prueba", "tipo": "Oro",
             "habilidad": "", "keywords": []}]
    good_path = tmp_path / "good.json"
    good_path.write_text(json.dumps(good), encoding="utf-8")
    with db.session_scope(app) as session:
        import_files(session, [good_path])
    bad = good + [{"codigo": "PR-002", "nombre": "Dos", "edicion": "prueba", "tipo": "Oro",
                   "coste": "x"}]
    changed = [dict(good[0], nombre="Uno Cambiado")]
    changed_path = tmp_path / "changed.json"
    changed_path.write_text(json.dumps(changed), encoding="utf-8")
    bad_path = tmp_path / "bad.json"
    bad_path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(CatalogImportError) as exc, db.session_scope(app) as session:
        import_files(session, [changed_path, bad_path])
    assert exc.value.field == "coste" and "registro 2" in str(exc.value)
    with db.session_scope(app) as session:
        catalog = load_catalog(session)
        assert [c.name for c in catalog] == ["Uno"]


def test_a_failure_after_writing_rolls_everything_back(app):
    from tourney.catalog import Card

    cards = [Card(code="PR-1", name="Uno", edition="prueba", type="Oro", identity="uno")]
    with db.session_scope(app) as session:
        import_cards(session, cards)
    batch = [replace(cards[0], name="Uno Cambiado"),
             Card(code="PR-2", name="Dos", edition="prueba", type="Oro", identity="dos"),
             Card(code="pr-2", name="Dos bis", edition="prueba", type="Oro", identity="dos")]
    with pytest.raises(CatalogImportError, match="repetido"), db.session_scope(app) as session:
        import_cards(session, batch)
    assert count_cards(app) == 1

    class Boom(RuntimeError):
        pass

    with pytest.raises(Boom), db.session_scope(app) as session:
        import_cards(session, batch[:2])
        raise Boom  # e.g. the command fails after the service flushed
    with db.session_scope(app) as session:
        assert [c.name for c in load_catalog(session)] == ["Uno"]


def test_load_catalog_is_cached_until_the_catalog_changes(app):
    from tourney.catalog import Card

    with db.session_scope(app) as session:
        import_cards(session, [Card(code="PR-1", name="Uno", edition="prueba", type="Oro",
                                    identity="uno")])
    with db.session_scope(app) as session:
        first = load_catalog(session)
        assert load_catalog(session) is first
    with db.session_scope(app) as session:
        import_cards(session, [Card(code="PR-1", name="Uno", edition="prueba", type="Oro",
                                    identity="uno", text="Roba una carta.")])
    with db.session_scope(app) as session:
        second = load_catalog(session)
    assert second is not first and second.by_code("PR-1").text == "Roba una carta."


def test_card_search_finds_names_without_accents_once_each(public_catalog):
    from tourney.services.catalog import search_names

    found = search_names(public_catalog, "aguila")
    names = [c["name"] for c in found]
    assert "Águila y Serpiente" in names and len(names) == len(set(names)) <= 20
    assert all("aguila" in c["name"].lower().replace("á", "a") for c in found)
    assert search_names(public_catalog, "a") == []  # at least 2 characters
    assert len(search_names(public_catalog, "de", limit=5)) == 5
