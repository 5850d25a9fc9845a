"""`tourney catalog …` commands through Flask's CLI runner."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def test_import_all_deckforge_files_stats_and_reimport(runner, public_cards_path, src_paths):
    args = ["catalog", "import", str(public_cards_path), *map(str, src_paths)]
    result = runner.invoke(args=args)
    assert result.exit_code == 0, result.output
    assert "2600 nuevas" in result.output
    again = runner.invoke(args=args)
    assert again.exit_code == 0 and "0 nuevas, 0 actualizadas, 2600 sin cambios" in again.output
    stats = runner.invoke(args=["catalog", "stats", "--json"])
    data = json.loads(stats.output)
    assert data["cards"] == 2600 and data["editions"]["arte-alternativo"] == ["Arte Alternativo", 419]
    text = runner.invoke(args=["catalog", "stats"]).output
    assert "Águila Imperial (aguila-imperial): 261" in text


def test_show_ambiguous_unknown_and_with_code(runner, public_cards_path):
    assert runner.invoke(args=["catalog", "import", str(public_cards_path)]).exit_code == 0
    shuri = runner.invoke(args=["catalog", "show", "shuri"])
    assert shuri.exit_code == 0
    assert "nombra 2 cartas distintas" in shuri.output and "DO-213" in shuri.output
    one = runner.invoke(args=["catalog", "show", "Shuri (DO-213)"])
    assert "nombra" not in one.output and "Coste 2" in one.output
    unknown = runner.invoke(args=["catalog", "show", "Kirn"])
    assert unknown.exit_code == 1 and "¿Quisiste decir: Kirin" in unknown.output
    assert "Traceback" not in unknown.output


def test_malformed_file_exit_2_names_record_and_field_catalog_unchanged(runner, tmp_path,
                                                                         public_cards_path):
    runner.invoke(args=["catalog", "import", str(public_cards_path)])
    bad = tmp_path / "malo.json"
    bad.write_text(json.dumps([{"codigo": "PR-1", "nombre": "X", "edicion": "p",
                                "tipo": "Ogro"}]), encoding="utf-8")
    result = runner.invoke(args=["catalog", "import", str(public_cards_path), str(bad)])
    assert result.exit_code == 2
    assert "registro 1 (código PR-1), campo «tipo»" in result.output
    assert "el catálogo no cambió" in result.output and "Traceback" not in result.output
    stats = json.loads(runner.invoke(args=["catalog", "stats", "--json"]).output)
    assert stats["cards"] == 2181


def test_dry_run_reports_and_saves_nothing(runner, shared_data):
    folder = str(shared_data / "deckforge" / "data-src")
    result = runner.invoke(args=["catalog", "import", "--dry-run", folder])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Simulación") and "1680 nuevas" in result.output
    stats = json.loads(runner.invoke(args=["catalog", "stats", "--json"]).output)
    assert stats["cards"] == 0


def test_import_a_directory_reads_its_card_files(runner, shared_data):
    result = runner.invoke(args=["catalog", "import", str(shared_data / "deckforge" / "data-src")])
    assert result.exit_code == 0, result.output
    assert "1680 cartas leídas: 1680 nuevas" in result.output


def test_import_missing_file_and_unknown_content(runner, tmp_path):
    missing = runner.invoke(args=["catalog", "import", str(tmp_path / "nada.json")])
    assert missing.exit_code == 2 and "no existe" in missing.output
    odd = tmp_path / "raro.json"
    odd.write_text('{"hola": 1}', encoding="utf-8")
    result = runner.invoke(args=["catalog", "import", str(odd)])
    assert result.exit_code == 2 and "no se reconoce el formato" in result.output


def test_import_api_response_file_and_csv(runner, tmp_path):
    result = runner.invoke(args=["catalog", "import", str(DATA / "api_escuelas_elementales.json")])
    assert result.exit_code == 0, result.output
    assert "4 nuevas" in result.output
    csv = tmp_path / "extra.csv"
    csv.write_text("codigo,nombre,edicion,tipo\nPR-1,Oro de Casa,casera,Oro\n", encoding="utf-8")
    assert runner.invoke(args=["catalog", "import", str(csv)]).exit_code == 0
    shown = runner.invoke(args=["catalog", "show", "oro de casa"])
    assert "Oro sin habilidad" in shown.output


class _Api(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/cards/edition/escuelas_elementales":
            body = (DATA / "api_escuelas_elementales.json").read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_response(404)
            self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def fake_api():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Api)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_sync_fetches_the_edition_with_the_api_slug(runner, fake_api):
    result = runner.invoke(args=["catalog", "sync", "--edition", "escuelas-elementales",
                                 "--base-url", fake_api])
    assert result.exit_code == 0, result.output
    assert "4 nuevas" in result.output
    again = runner.invoke(args=["catalog", "sync", "--edition", "escuelas-elementales",
                                "--base-url", fake_api])
    assert "0 nuevas, 0 actualizadas" in again.output
    shown = runner.invoke(args=["catalog", "show", "Guardián de la Prueba"])
    assert "EE-001" in shown.output and "Única" in shown.output


def test_sync_unknown_edition_and_unreachable_server(runner, fake_api):
    missing = runner.invoke(args=["catalog", "sync", "--edition", "nada", "--base-url", fake_api])
    assert missing.exit_code == 2 and "404" in missing.output
    down = runner.invoke(args=["catalog", "sync", "--edition", "bushido",
                               "--base-url", "http://127.0.0.1:9"])
    assert down.exit_code == 2 and "no se pudo conectar" in down.output
