"""The documents bridge and CLI on a real event (tourney demo's event: real cards, legal lists,
rounds played through tourney.swiss), on SQLite or on PostgreSQL (DATABASE_URL)."""
from __future__ import annotations

import io
import json
import os
import re
import shutil
from datetime import date

import pytest
from openpyxl import Workbook
from sqlmodel import func, select

from tourney import create_app, db
from tourney.models.events import DecklistSubmission, Event, Registration, User
from tourney.document_values import to_json

PG_URL = os.environ.get("DATABASE_URL")


def _build_demo(app, shared_data) -> dict:
    """A 9-player event (so one bye per round), 2 rounds played, a top 4, one swap recorded."""
    from tourney.catalog.importers.deckforge import load_deckforge_cards
    from tourney.legality import load_formats
    from tourney.services import catalog as catalog_service
    from tourney.services import rounds as round_service
    from tourney.services import swaps as swap_service
    from tourney.services.demo import demo_event

    cards, editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    with app.app_context(), db.session_scope(app) as session:
        catalog_service.import_cards(session, cards, editions, source="deckforge")
        session.flush()
        catalog_service.clear_cache()
        catalog = catalog_service.load_catalog(session, use_cache=False)
        formats = load_formats(app.config["FORMATS_DIR"])
        event = demo_event(session, catalog, formats, players=9, rounds_played=2, seed=7)
        event.top_cut = 4
        event.rounds_planned = 2  # the Swiss is over: the top 4 can be seeded
        session.add(event)
        organizer = session.get(User, event.organizer_id)
        rnd = round_service.event_rounds(session, event)[-1]
        match = next(m for m in round_service.round_matches(session, rnd) if m.player_b_id)
        reg = session.get(Registration, match.player_a_id)
        deck = swap_service.expected_deck(session, event, reg, match, 1)
        out_code = min(deck.castle)
        in_code = min(c for c in deck.side if c not in deck.castle)
        swap_service.record_swaps(session, organizer, event, match, reg, 2,
                                  f"1 {deck.names[out_code]} ({out_code})",
                                  f"1 {deck.names[in_code]} ({in_code})")
        info = {"event_id": event.id, "swap": (reg.name, deck.names[out_code], deck.names[in_code]),
                "organizer_id": organizer.id}
    catalog_service.clear_cache()
    return info


def _make_app(url: str, tmp_path):
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                       "WTF_CSRF_ENABLED": False, "UPLOAD_FOLDER": str(tmp_path / "uploads")})


@pytest.fixture(scope="session")
def _demo_template(tmp_path_factory, shared_data, request):
    """On SQLite the demo event is built once (password hashing and the catalog import are
    slow) and each test gets a copy of the file; on PostgreSQL it is built for each test."""
    if PG_URL:
        return None
    template = request.getfixturevalue("_sqlite_template")
    folder = tmp_path_factory.mktemp("demo")
    path = folder / "demo.sqlite3"
    shutil.copy(template, path)
    url = f"sqlite:///{path}"
    info = _build_demo(_make_app(url, folder), shared_data)
    db.get_engine(url).dispose()
    db._engines.pop(db.normalize_url(url), None)
    return path, info


@pytest.fixture
def demo_app(request, tmp_path, shared_data, _demo_template):
    from tourney.services import catalog as catalog_service

    if _demo_template is None:
        app = request.getfixturevalue("app")
        info = _build_demo(app, shared_data)
        yield app, info
        return
    path, info = _demo_template
    target = tmp_path / "demo.sqlite3"
    shutil.copy(path, target)
    url = f"sqlite:///{target}"
    catalog_service.clear_cache()
    app = _make_app(url, tmp_path)
    yield app, info
    catalog_service.clear_cache()
    db.get_engine(url).dispose()
    db._engines.pop(db.normalize_url(url), None)


@pytest.fixture
def app_demo(demo_app):
    return demo_app[0]


@pytest.fixture
def demo(demo_app):
    return demo_app[1]


@pytest.fixture
def cli(app_demo):
    return app_demo.test_cli_runner()


def _documents(app, event_id, **kwargs):
    from tourney.legality import load_formats
    from tourney.services import catalog as catalog_service
    from tourney.services.documents import event_documents

    with app.app_context(), db.session_scope(app) as session:
        event = session.get(Event, event_id)
        return event_documents(session, event, catalog=catalog_service.load_catalog(session),
                               formats=load_formats(app.config["FORMATS_DIR"]), **kwargs)


def test_documents_service_builds_every_value_from_the_event_tables(app_demo, demo):
    from tourney.services import rounds as round_service

    docs = _documents(app_demo, demo["event_id"], table_round=2)
    assert len(docs.players) == 9 and all(p.player_id.endswith("@demo.cl") for p in docs.players)
    assert len(docs.decks) == 9
    for deck in docs.decks:
        assert deck.castle_count == 50 and deck.support_count in (0, 10) and deck.legal is True
        assert sum(1 for ln in deck.castle if ln.initial_gold) == 1
        gold = next(ln for ln in deck.castle if ln.initial_gold)
        assert gold.type == "Oro"
        assert all(ln.race for ln in deck.castle if ln.type == "Aliado")
        assert deck.table.isdigit()  # from round 2's pairings
        assert deck.version == 1 and deck.registered_at is not None
    assert [r.number for r in docs.rounds] == [1, 2]
    first = docs.rounds[0].pairings
    assert all(p.player_points == 0 and (p.opponent_points in (0, None)) for p in first)
    assert sum(1 for p in first if p.is_bye) == 1
    assert all(p.result for p in first if not p.is_bye)
    with app_demo.app_context(), db.session_scope(app_demo) as session:
        expected = round_service.standings(session, session.get(Event, demo["event_id"]))
    assert [(s.rank, s.player, s.points, s.record) for s in docs.standings] == [
        (s.rank, s.name, s.points, s.record) for s in expected]
    assert [pytest.approx(s.omw) for s in docs.standings] == [float(s.omw) for s in expected]
    assert docs.bracket is not None and docs.bracket.size == 4
    assert [(m.seed_a, m.seed_b) for m in docs.bracket.rounds[0]] == [(1, 4), (2, 3)]
    seeds = [s.player for s in docs.standings if not s.dropped][:4]
    assert [(m.a, m.b) for m in docs.bracket.rounds[0]] == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    assert _documents(app_demo, demo["event_id"], standings_round=1).bracket is None  # mid-Swiss
    player, card_out, card_in = demo["swap"]
    assert [(s.round, s.player, s.game, s.card_out, s.card_in, s.qty) for s in docs.swaps] == [
        (2, player, 2, card_out, card_in, 1)]


def test_documents_cli_prints_every_document_and_the_workbook(app_demo, cli, demo, tmp_path, read_pdf):
    ev = str(demo["event_id"])
    out = {name: tmp_path / f"{name}.pdf" for name in ("decks", "blank", "pairings", "slips", "standings")}
    commands = [
        ["print", "decksheets", ev, "-o", str(out["decks"])],
        ["print", "decksheets", ev, "--blank", "--count", "2", "--page-size", "Letter", "-o",
         str(out["blank"])],
        ["print", "pairings", ev, "--round", "1", "-o", str(out["pairings"])],
        ["print", "slips", ev, "-o", str(out["slips"])],
        ["print", "standings", ev, "-o", str(out["standings"])],
        ["export", ev, "-o", str(tmp_path / "evento.xlsx")],
    ]
    outputs = []
    for args in commands:
        result = cli.invoke(args=args)
        assert result.exit_code == 0, (args, result.output)
        outputs.append(result.output)
    assert "Hojas de registro de 9 jugadores (9 con lista inscrita)" in outputs[0]
    assert "9 páginas" in outputs[0] and "1 página)" in outputs[3]
    decks = read_pdf(out["decks"].read_bytes())
    assert len(decks) == 9
    names = [re.search(r"Jugador:\s*(.+)", page).group(1).strip() for page in decks]
    assert names == sorted(names, key=str.casefold)
    assert len(read_pdf(out["blank"].read_bytes())) == 2
    assert "BYE" in " ".join(read_pdf(out["pairings"].read_bytes()))
    assert len(read_pdf(out["slips"].read_bytes())) == 1  # 4 tables, one page
    standings = " ".join(read_pdf(out["standings"].read_bytes()))
    assert "Corte final: Top 4" in standings and "Ronda 2" in standings


def test_documents_cli_prints_from_a_json_file_without_the_database(app_demo, cli, demo, tmp_path,
                                                                    read_pdf):
    docs = _documents(app_demo, demo["event_id"])
    source = tmp_path / "evento.json"
    source.write_text(json.dumps(to_json(docs), ensure_ascii=False), encoding="utf-8")
    target = tmp_path / "p.pdf"
    result = cli.invoke(args=["print", "pairings", str(source), "--page-size", "Letter",
                                 "-o", str(target)])
    assert result.exit_code == 0, result.output
    text = " ".join(read_pdf(target.read_bytes()))
    for p in docs.rounds[-1].pairings:
        assert p.player in text
    bad = tmp_path / "malo.json"
    bad.write_text('{"event": {"name": "X"}, "rondas": []}', encoding="utf-8")
    result = cli.invoke(args=["print", "pairings", str(bad), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "campos desconocidos: rondas" in result.output
    assert not (tmp_path / "x.pdf").exists()


def _new_event(app, organizer_id: int) -> int:
    with app.app_context(), db.session_scope(app) as session:
        event = Event(name="Torneo importado", date=date(2026, 12, 5), format_id="unificado",
                      organizer_id=organizer_id)
        session.add(event)
        session.flush()
        return event.id


def test_documents_xlsx_round_trip_through_the_database(app_demo, cli, demo, tmp_path):
    """Export an event, import its players and lists into a new event, export that: same
    players, same lists."""
    first = tmp_path / "uno.xlsx"
    assert cli.invoke(args=["export", str(demo["event_id"]), "-o", str(first)]).exit_code == 0
    new = _new_event(app_demo, demo["organizer_id"])
    result = cli.invoke(args=["import", "players", str(new), str(first)])
    assert result.exit_code == 0, result.output
    assert "9 jugadores inscritos" in result.output
    result = cli.invoke(args=["import", "decklists", str(new), str(first)])
    assert result.exit_code == 0, result.output
    assert "9 listas importadas" in result.output and "9 legales" in result.output
    before = _documents(app_demo, demo["event_id"])
    after = _documents(app_demo, new)
    assert [(p.name, p.player_id, p.dropped) for p in after.players] == [
        (p.name, p.player_id, p.dropped) for p in before.players]

    def lists(docs):
        return {d.player_id: (sorted((ln.qty, ln.code) for ln in d.castle),
                              sorted((ln.qty, ln.code) for ln in d.support)) for d in docs.decks}

    assert lists(after) == lists(before)


def _count(app, model) -> int:
    with app.app_context(), db.session_scope(app) as session:
        return session.exec(select(func.count()).select_from(model)).one()


def _xlsx(rows: list[list]) -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Mazos"
    for row in rows:
        ws.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_documents_import_with_any_bad_row_imports_nothing(app_demo, cli, demo, tmp_path):
    with app_demo.app_context(), db.session_scope(app_demo) as session:
        reg = session.exec(select(Registration).where(Registration.event_id == demo["event_id"])
                           .order_by(Registration.name)).first()
        name = reg.name
    submissions = _count(app_demo, DecklistSubmission)
    sheet = tmp_path / "mazos.xlsx"
    sheet.write_bytes(_xlsx([
        ["Jugador", "Sección", "Cantidad", "Carta"],
        [name, "Castillo", 50, "Oro"],
        ["Nadie Inscrito", "Castillo", 50, "Oro"],
        [name, "Soporte", 1, "Carta Que No Existe Jamás"],
    ]))
    result = cli.invoke(args=["import", "decklists", str(demo["event_id"]), str(sheet)])
    assert result.exit_code == 2
    assert "no se importó nada" in result.output
    assert "hoja «Mazos», fila 3, columna A (Jugador): «Nadie Inscrito» no está inscrito" in result.output
    assert re.search(r"hoja «Mazos», fila 4, columna Carta: .*Carta Que No Existe Jamás", result.output)
    assert _count(app_demo, DecklistSubmission) == submissions

    registrations = _count(app_demo, Registration)
    players = tmp_path / "jugadores.xlsx"
    wb = Workbook()
    wb.active.title = "Jugadores"
    for row in (["Nombre", "Correo"], ["Nueva Jugadora", None], [name, None]):
        wb.active.append(row)
    wb.save(players)
    result = cli.invoke(args=["import", "players", str(demo["event_id"]), str(players)])
    assert result.exit_code == 2
    assert f"fila 3, columna Nombre: «{name}» ya está inscrito" in result.output
    assert _count(app_demo, Registration) == registrations  # "Nueva Jugadora" was not added either

    not_xlsx = tmp_path / "lista.xlsx"
    not_xlsx.write_text("Jugador;Sección;Cantidad;Carta\n", encoding="utf-8")
    result = cli.invoke(args=["import", "decklists", str(demo["event_id"]), str(not_xlsx)])
    assert result.exit_code == 2 and "no es una planilla XLSX" in result.output


def test_documents_render_document_gives_each_download_for_the_web_buttons(app_demo, demo, read_pdf):
    from tourney.services.documents import DOCUMENT_KINDS, render_document
    from tourney.services.errors import ServiceError

    with app_demo.app_context(), db.session_scope(app_demo) as session:
        event = session.get(Event, demo["event_id"])
        got = {kind: render_document(session, event, kind, round_number=1 if kind == "slips" else None)
               for kind in DOCUMENT_KINDS}
        empty = Event(name="Sin rondas", date=date(2026, 12, 1), format_id="unificado",
                      organizer_id=demo["organizer_id"])
        session.add(empty)
        session.flush()
        with pytest.raises(ServiceError, match="no tiene rondas"):
            render_document(session, empty, "pairings")
        with pytest.raises(ServiceError, match="no hay clasificación"):
            render_document(session, empty, "standings")
    assert got["workbook"].filename.endswith(".xlsx") and got["workbook"].data.startswith(b"PK")
    assert got["slips"].filename.endswith("hojas-de-resultado-ronda-1.pdf")
    assert len(read_pdf(got["decksheets"].data)) == 9
    assert "Ronda 2" in read_pdf(got["pairings"].data)[0]
    for kind in ("decksheets", "blank", "pairings", "slips", "standings"):
        assert got[kind].mimetype == "application/pdf" and got[kind].data.startswith(b"%PDF")


def test_documents_cli_writes_into_a_pipe_without_replacing_it(app_demo, cli, demo, tmp_path):
    """Output files are replaced atomically, but a pipe or a device (/dev/stdout) is written to,
    never replaced by a regular file."""
    import stat
    import threading

    source = tmp_path / "evento.json"
    source.write_text(json.dumps(to_json(_documents(app_demo, demo["event_id"]))), encoding="utf-8")
    fifo = tmp_path / "salida"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    result = cli.invoke(args=["print", "standings", str(source), "-o", str(fifo)])
    reader.join(timeout=30)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert received and received[0].startswith(b"%PDF")
