"""Issue 26, findings 8–11 (and 6, the board page of a long record, at the end): no input gives
a 500 or a traceback.

Ids past the database's INTEGER are a 404 on the web and exit 2 on the console; hostile
adjudication records are a Spanish error; a judge may open a finished table; the last-resort
500 page carries the security headers; and a hypothesis fuzz over every route's parameters and
every upload's bytes never sees a 500 (the test app propagates any exception: a traceback fails
the test)."""
from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from sqlmodel import select

from tourney.models.adjudication import Adjudication
from web_helpers import login

HUGE_IDS = ("2147483648", "9223372036854775808", "99999999999999999999999")


# -- finding 8: ids ≥ 2^31 --------------------------------------------------------------------
@pytest.mark.parametrize("huge", HUGE_IDS)
def test_an_id_past_the_integer_column_is_a_404_without_logging_in(client, huge):
    assert client.get(f"/eventos/{huge}").status_code == 404
    assert client.get(f"/eventos/{huge}/clasificacion").status_code == 404


@pytest.mark.parametrize("huge", HUGE_IDS)
def test_an_id_past_the_integer_column_in_a_table_url_or_query_is_not_found(client, paired, huge):
    login(client, paired.org.email)
    assert client.get(f"/eventos/{paired.event.id}/mesas/{huge}/resultado").status_code == 404
    assert client.get(f"/eventos/{paired.event.id}/arbitrajes?mesa={huge}&ronda={huge}").status_code == 200
    resp = client.post(f"/eventos/{paired.event.id}/rondas/1/marcador",
                       data={"match_id": huge, "result": "2-0"})
    assert resp.status_code in (302, 404)
    resp = client.post(f"/eventos/{paired.event.id}/rondas/1/marcador", data={"tap": f"{huge}:1:2-0"})
    assert resp.status_code in (302, 404)


@pytest.mark.parametrize("huge", HUGE_IDS)
def test_the_console_exits_2_with_a_message_on_ids_past_the_integer_column(runner, tmp_path, huge):
    record = tmp_path / "r.jsonl"
    record.write_text('{"game": "myl"}\n', encoding="utf-8")
    players = tmp_path / "p.xlsx"
    players.write_bytes(b"PK\x03\x04")
    invocations = [
        ["print", "pairings", huge, "-o", str(tmp_path / "x.pdf")],
        ["print", "standings", huge, "-o", str(tmp_path / "x.pdf")],
        ["print", "decksheets", huge, "-o", str(tmp_path / "x.pdf")],
        ["export", huge, "-o", str(tmp_path / "x.xlsx")],
        ["import", "players", huge, str(players)],
        ["engine", "adjudicate", str(record), "--event", huge, "--match", "1", "--game", "1"],
        ["engine", "adjudicate", str(record), "--event", "1", "--match", huge, "--game", "1"],
    ]
    for args in invocations:
        result = runner.invoke(args=args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output and "inesperado" not in result.output, args


# -- finding 9: hostile adjudication records --------------------------------------------------
def _upload(client, paired, text):
    return client.post(f"/eventos/{paired.event.id}/mesas/{paired.match.id}/arbitraje",
                       data={"game": "1", "first_player": "0", "record": text},
                       content_type="multipart/form-data")


def test_an_adjudication_record_with_a_lone_surrogate_name_is_refused_in_spanish(client, paired, world):
    from tourney.services.adjudication_demo import demo_record

    text = world.run(lambda s: demo_record(s, paired.event, paired.match, 1, paired.catalog, seed=12))
    lines = text.splitlines()
    header = json.loads(lines[0])
    header["players"][0]["name"] = "Ana"
    lines[0] = json.dumps(header).replace('"Ana"', '"\\ud800Ana"')
    login(client, paired.judge.email)
    resp = _upload(client, paired, "\n".join(lines))
    assert resp.status_code == 400
    assert "ud800" in resp.get_data(as_text=True)
    assert world.run(lambda s: s.exec(select(Adjudication)).all()) == []


def test_an_adjudication_record_nested_half_a_million_times_is_refused_in_spanish(client, paired, world):
    login(client, paired.judge.email)
    resp = _upload(client, paired, "[" * 500000)
    assert resp.status_code == 400
    assert "anida" in resp.get_data(as_text=True)
    assert world.run(lambda s: s.exec(select(Adjudication)).all()) == []


# -- finding 10: a judge opens a finished table ------------------------------------------------
def test_a_judge_opens_the_result_page_of_a_finished_table(client, paired, world):
    from tourney.services import rounds

    world.run(lambda s: rounds.enter_result(s, paired.org, paired.event, s.get(type(paired.match), paired.match.id),
                                            "2-0-0", paired.match.version))
    login(client, paired.judge.email)
    resp = client.get(f"/eventos/{paired.event.id}/mesas/{paired.match.id}/resultado")
    assert resp.status_code == 200


# -- finding 11: the 500 page -----------------------------------------------------------------
HEADERS = ("X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Content-Security-Policy")


def _production_app(database_url):
    from tourney import create_app

    app = create_app({"TESTING": False, "SECRET_KEY": "x", "DATABASE_URL": database_url})

    @app.get("/prueba-error")
    def boom():
        raise RuntimeError("boom")

    return app


def test_a_500_page_carries_the_security_headers(database_url):
    resp = _production_app(database_url).test_client().get("/prueba-error")
    assert resp.status_code == 500
    assert all(h in resp.headers for h in HEADERS)
    assert "Traceback" not in resp.get_data(as_text=True)


def test_when_even_the_error_page_fails_the_bare_500_carries_the_security_headers(database_url, monkeypatch):
    from tourney.web import security

    app = _production_app(database_url)

    def broken(*_a, **_k):
        raise RuntimeError("the error page itself fails")

    monkeypatch.setattr(security, "render_template", broken)
    resp = app.test_client().get("/prueba-error")
    assert resp.status_code == 500
    assert all(h in resp.headers for h in HEADERS)
    assert "error inesperado" in resp.get_data(as_text=True)


# -- finding 11: the fuzz ---------------------------------------------------------------------
NUMBERS = st.one_of(st.integers(min_value=0, max_value=40), st.integers(min_value=2**31 - 2, max_value=2**70))
# a real client sends bytes: a lone surrogate reaches the app only as an escape in a body
TEXT = st.one_of(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
                 st.sampled_from(["\\ud800", "[" * 2000, "0", "-1", "1e9", "²", "é" * 300, "\u202e"]))


def _rules(app):
    skip = ("static",)
    return sorted((r for r in app.url_map.iter_rules() if r.endpoint not in skip),
                  key=lambda r: r.rule)


@pytest.fixture
def fuzz_client(app, paired):
    client = app.test_client()
    login(client, paired.org.email)
    return client, paired


def _fill(rule, draw, paired):
    values = {}
    for arg in rule.arguments:
        converter = rule._converters[arg]  # noqa: SLF001 - reading werkzeug's rule
        if type(converter).__name__ in ("RowId", "IntegerConverter"):
            values[arg] = draw(st.one_of(st.sampled_from([paired.event.id, paired.match.id, 1]), NUMBERS))
        else:
            values[arg] = draw(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=20))
    path = rule.rule
    for arg, value in values.items():
        path = re.sub(r"<(?:[^:>]+:)?" + re.escape(arg) + r">", str(value).replace("/", "_"), path)
    return path


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_fuzz_every_route_with_hostile_parameters_never_answers_500(fuzz_client, data):
    client, paired = fuzz_client
    rules = _rules(client.application)
    rule = data.draw(st.sampled_from(rules))
    path = _fill(rule, data.draw, paired)
    keys = ["ronda", "mesa", "revision", "juego", "linea", "jugador", "filas", "segundos", "next", "q",
            "abiertas", "pagina", "page"]
    params = data.draw(st.dictionaries(st.sampled_from(keys), st.one_of(TEXT, NUMBERS.map(str)), max_size=4))
    methods = sorted(m for m in rule.methods if m in ("GET", "POST"))
    method = data.draw(st.sampled_from(methods))
    if method == "GET":
        resp = client.get(path, query_string=params)
    else:
        form_keys = ["result", "match_id", "table", "version", "tap", "text", "name", "email", "game",
                     "first_player", "record", "reason", "role", "a_games", "b_games", "draws", "como"]
        form = data.draw(st.dictionaries(st.sampled_from(form_keys), st.one_of(TEXT, NUMBERS.map(str)), max_size=5))
        resp = client.post(path, query_string=params, data=form)
    assert resp.status_code < 500, (method, path, params)


UPLOADS = [
    ("/eventos/{event}/mi-lista", "file", {}),
    ("/eventos/{event}/listas/{reg}/editar", "file", {}),
    ("/eventos/{event}/importar/jugadores", "jugadores-file", {}),
    ("/eventos/{event}/importar/listas", "listas-file", {}),
    ("/eventos/{event}/mesas/{match}/arbitraje", "file", {"game": "1", "first_player": "0"}),
    ("/catalogo", "files", {}),
    ("/eventos/{event}/sellado/importar", "file", {}),
    ("/eventos/{event}/pools/{reg}", "file", {}),
]
BYTES = st.one_of(
    st.binary(max_size=2000),
    st.binary(max_size=2000).map(lambda b: b"PK\x03\x04" + b),
    st.binary(max_size=200).map(lambda b: b"\xef\xbb\xbf" + b),
    st.sampled_from([b"[" * 100000, b'{"game": "myl", "players": [{"id": "a", "name": "\\ud800"}]}',
                     b"3 Tres Tres Tres\n" * 50, b"\x00" * 100]),
)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_fuzz_every_upload_with_hostile_bytes_never_answers_500(fuzz_client, data):
    client, paired = fuzz_client
    app = client.application
    known = {r.rule.replace("<int:event_id>", "{event}").replace("<int:reg_id>", "{reg}")
             .replace("<int:match_id>", "{match}") for r in app.url_map.iter_rules()}
    uploads = [u for u in UPLOADS if u[0] in known] + [
        (r.rule.replace("<int:event_id>", "{event}"), "file", {}) for r in app.url_map.iter_rules()
        if "POST" in r.methods and "importar" in r.rule and r.rule.count("<") == 1
        and r.rule.replace("<int:event_id>", "{event}") not in {u[0] for u in UPLOADS}]
    path, field, extra = data.draw(st.sampled_from(uploads))
    reg = paired.regs[paired.playing[0]].id
    url = path.format(event=paired.event.id, reg=reg, match=paired.match.id)
    body = data.draw(BYTES)
    name = data.draw(st.sampled_from(["x.xlsx", "x.jsonl", "x.txt", "x.csv", "x.json", "\u202ex.xlsx"]))
    payload = dict(extra)
    payload[field] = (io.BytesIO(body), name)
    resp = client.post(url, data=payload, content_type="multipart/form-data")
    assert resp.status_code < 500, (url, name, body[:60])


# -- finding 6: the board page of a long record ------------------------------------------------
def test_a_board_page_lists_a_bounded_window_of_the_records_lines(client, paired, world, monkeypatch):
    from tourney.services.adjudication_demo import demo_record
    from tourney.web import adjudication as board_view

    text = world.run(lambda s: demo_record(s, paired.event, paired.match, 1, paired.catalog, seed=12))
    login(client, paired.judge.email)
    assert _upload(client, paired, text).status_code == 302
    monkeypatch.setattr(board_view, "LINES_PER_PAGE", 4)
    board = f"/eventos/{paired.event.id}/mesas/{paired.match.id}/juegos/1/tablero"
    page = client.get(f"{board}?linea=6").get_data(as_text=True)
    listed = page.split('<ol id="lineas"', 1)[1].split("</ol>", 1)[0]
    assert listed.count("<li ") == 4
    assert 'id="lineas-anteriores"' in page and 'id="lineas-siguientes"' in page
    first = client.get(f"{board}?linea=1").get_data(as_text=True)
    assert 'id="lineas-anteriores"' not in first


def test_the_window_of_a_long_record_is_bounded():
    from tourney.web.adjudication import LINES_PER_PAGE, _window

    class Step:
        def __init__(self, line):
            self.line = line

    steps = [Step(i + 1) for i in range(20_000)]
    listed, earlier, later = _window(steps, steps[10_000])
    assert len(listed) == LINES_PER_PAGE and steps[10_000] in listed
    assert earlier is not None and later is not None
