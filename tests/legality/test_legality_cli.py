"""`tourney deck check` and `tourney deck formats`: exit codes 0/1/2, --json, no tracebacks."""
from __future__ import annotations

import json

import pytest
from legality_decks import DRAGON_CASTLE, DRAGON_SUPPORT


def write_deck(tmp_path, castle, support=(), name="mazo.txt"):
    lines = ["Mazo Castillo"] + [f"{q} {n}" for n, q in dict(castle).items()]
    if support:
        lines += ["", "Mazo de Soporte"] + [f"{q} {n}" for n, q in dict(support).items()]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def cards_json(shared_data):
    return str(shared_data / "deckforge" / "public-data" / "cards.json")


def check(runner, *args):
    return runner.invoke(args=["deck", "check", *map(str, args)])


def test_legal_deck_exits_0(runner, tmp_path, cards_json):
    path = write_deck(tmp_path, DRAGON_CASTLE, DRAGON_SUPPORT)
    result = check(runner, "--format", "escuelas-elementales", path, "--catalog", cards_json)
    assert result.exit_code == 0, result.output
    assert "LEGAL" in result.output and "Mazo Castillo 50" in result.output


def test_illegal_deck_exits_1_with_citations_and_hints(runner, tmp_path, cards_json):
    path = write_deck(tmp_path, dict(DRAGON_CASTLE, Carbón=4, Go=9), {"Kirin": 1, "Karma": 4})
    result = check(runner, "--format", "unificado", path, "--catalog", cards_json)
    assert result.exit_code == 1, result.output
    assert "ILEGAL" in result.output
    assert "10.13 Copias" in result.output and "11 Mazo de Soporte" in result.output
    assert "quita 1 copia de Carbón: hay 4 en el Castillo" in result.output
    assert "Traceback" not in result.output


def test_json_output_has_the_issue_shape(runner, tmp_path, cards_json):
    path = write_deck(tmp_path, dict(DRAGON_CASTLE, Go=9, Gris=1), {"Karma": 3, "Danza Macabra": 2})
    result = check(runner, "--format", "escuelas-elementales", path, "--json", "--catalog", cards_json)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert set(data) == {"legal", "format", "castle_count", "support_count", "violations"}
    assert data == {**data, "legal": False, "format": "escuelas-elementales", "castle_count": 50,
                    "support_count": 5}
    by_code = {v["code"]: v for v in data["violations"]}
    assert set(by_code) == {"side_size", "unknown_card"}
    assert by_code["unknown_card"]["cards"] == ["Gris"]
    assert "Gris-Gris" in by_code["unknown_card"]["hint"]
    for v in data["violations"]:
        assert {"code", "rule", "message", "cards"} <= set(v)


def test_unreadable_decklist_exits_2_with_the_line(runner, tmp_path, cards_json):
    path = tmp_path / "mala.txt"
    path.write_text("Mazo Castillo\n3 Kirin\ntres Go\n-1 Koto\n", encoding="utf-8")
    result = check(runner, "--format", "unificado", path, "--catalog", cards_json)
    assert result.exit_code == 2
    assert "línea 4" in result.output and "negativa" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content,words", [
    (b"", "vacía"),
    (b"3 Kirin\n3 Carb\xf3n\n", "UTF-8"),
    (b"0 Kirin\n", "cantidad 0"),
    (b"1000 Kirin\n", "absurda"),
    (b"3.5 Kirin\n", "no numérica"),
])
def test_bad_input_exits_2(runner, tmp_path, cards_json, content, words):
    path = tmp_path / "mala.txt"
    path.write_bytes(content)
    result = check(runner, "--format", "unificado", path, "--catalog", cards_json)
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Traceback" not in result.output


def test_a_5_mb_file_exits_2(runner, tmp_path, cards_json):
    path = tmp_path / "enorme.txt"
    path.write_bytes(b"3 Kirin\n" * (5 * 1024 * 1024 // 8))
    result = check(runner, "--format", "unificado", path, "--catalog", cards_json)
    assert result.exit_code == 2
    assert "demasiado grande" in result.output


def test_unknown_format_id_exits_2_and_lists_formats(runner, tmp_path, cards_json):
    path = write_deck(tmp_path, DRAGON_CASTLE)
    result = check(runner, "--format", "estandar-2030", path, "--catalog", cards_json)
    assert result.exit_code == 2
    assert "formato desconocido «estandar-2030»" in result.output and "infanteria" in result.output


def test_missing_file_exits_2(runner, cards_json):
    result = check(runner, "--format", "unificado", "/no/existe.txt", "--catalog", cards_json)
    assert result.exit_code == 2 and "no existe" in result.output


def test_xlsx_decklist(runner, tmp_path, cards_json):
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["seccion", "cantidad", "carta"])
    for name, qty in DRAGON_CASTLE.items():
        ws.append(["Mazo Castillo", qty, name])
    for name, qty in DRAGON_SUPPORT.items():
        ws.append(["Mazo de Soporte", qty, name])
    path = tmp_path / "lista.xlsx"
    wb.save(path)
    result = check(runner, "--format", "unificado", path, "--catalog", cards_json)
    assert result.exit_code == 0, result.output


def test_catalog_from_the_database(runner, tmp_path, cards_json):
    path = write_deck(tmp_path, DRAGON_CASTLE, DRAGON_SUPPORT)
    result = check(runner, "--format", "unificado", path)
    assert result.exit_code == 2 and "catálogo" in result.output and "vacío" in result.output
    imported = runner.invoke(args=["catalog", "import", cards_json])
    assert imported.exit_code == 0, imported.output
    result = check(runner, "--format", "unificado", path)
    assert result.exit_code == 0, result.output
    bad = write_deck(tmp_path, dict(DRAGON_CASTLE, Kirin=2, Go=8), name="malo.txt")
    result = check(runner, "--format", "unificado", bad)
    assert result.exit_code == 1 and "Única" in result.output


def test_formats_lists_every_shipped_format(runner):
    result = runner.invoke(args=["deck", "formats"])
    assert result.exit_code == 0
    for fid in ("unificado", "imperio", "infanteria", "escuelas-elementales", "genesis"):
        assert f"{fid}:" in result.output
    data = json.loads(runner.invoke(args=["deck", "formats", "--json"]).stdout)
    assert {row["id"] for row in data} >= {"unificado", "genesis"}
    assert all(row["game"] for row in data)


def test_a_broken_format_file_exits_2_naming_file_and_key(runner, tmp_path, cards_json):
    import shutil

    from tourney.legality import DEFAULT_FORMATS_DIR

    fdir = tmp_path / "formats"
    shutil.copytree(DEFAULT_FORMATS_DIR, fdir)
    (fdir / "roto.toml").write_text('id = "roto"\nname = "Roto"\ngame = "myl"\nextends = "unificado"\n'
                                    '[copies]\nlimit = -3\n', encoding="utf-8")
    path = write_deck(tmp_path, DRAGON_CASTLE)
    result = check(runner, "--format", "unificado", path, "--catalog", cards_json, "--formats-dir", fdir)
    assert result.exit_code == 2
    assert "roto.toml" in result.output and "copies.limit" in result.output


def test_formats_record_writes_the_format_table(runner, app):
    from sqlmodel import Session, select

    from tourney import db
    from tourney.models.catalog import FormatRow

    from tourney.legality import load_formats

    shipped = len(load_formats())  # every concrete format file in formats/
    result = runner.invoke(args=["deck", "formats", "--record"])
    assert result.exit_code == 0, result.output
    assert f"Formatos registrados: {shipped} ({shipped} nuevos" in result.output
    again = runner.invoke(args=["deck", "formats", "--record"])
    assert "(0 nuevos o cambiados)" in again.output
    with Session(db.get_engine(app.config["DATABASE_URL"])) as session:
        rows = {row.id: row for row in session.exec(select(FormatRow))}
    assert rows["magic-construido"].game == "magic"
    definition = json.loads(rows["escuelas-elementales"].definition)
    assert "Gris-Gris" in definition["banned"] and definition["limited"]["Scarbo"] == 1
    assert len(rows["unificado"].sha256) == 64


def test_decklist_from_standard_input(runner, cards_json):
    text = "\n".join(f"{q} {n}" for n, q in DRAGON_CASTLE.items())
    result = runner.invoke(args=["deck", "check", "--format", "unificado", "-", "--catalog", cards_json],
                           input=text.encode("utf-8"))
    assert result.exit_code == 0, result.output
    assert "LEGAL" in result.output


def test_check_against_a_database_without_tables_says_what_to_do(tmp_path):
    from tourney import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'vacia.sqlite3'}"})
    deck_file = tmp_path / "lista.txt"
    deck_file.write_text("Mazo Castillo\n3 Kirin\n47 Go\n", encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["deck", "check", "--format", "unificado",
                                                str(deck_file)])
    assert result.exit_code == 2
    assert "tourney db upgrade" in result.output and "Traceback" not in result.output
