"""Issue 26, findings 17 and 18 (and issue 23's QR item): public links are built from the
configured public address only, and every flashed text is bounded."""
from __future__ import annotations

import io
import random
import string

from tourney import create_app
from web_helpers import login
from xlsx_helpers import xlsx_bytes

EVIL = "evil.example"


def _app(database_url, **extra):
    return create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": database_url,
                       "WTF_CSRF_ENABLED": False, **extra})


def test_the_projector_link_and_qr_use_the_configured_public_url_not_the_host_header(database_url, paired):
    client = _app(database_url, PUBLIC_URL="https://torneo.club.cl/").test_client()
    page = client.get(f"/eventos/{paired.event.id}/proyector", headers={"Host": EVIL}).get_data(as_text=True)
    assert f"https://torneo.club.cl/e/{paired.event.id}" in page and EVIL not in page
    first = client.get(f"/eventos/{paired.event.id}/qr.svg", headers={"Host": EVIL})
    second = client.get(f"/eventos/{paired.event.id}/qr.svg", headers={"Host": "localhost"})
    assert first.data == second.data  # the same code whoever asked
    assert first.headers["Cache-Control"] == "public, max-age=3600"


def test_public_url_comes_from_the_environment_too(database_url, monkeypatch):
    monkeypatch.setenv("PUBLIC_URL", "http://192.168.1.10:8000")
    assert _app(database_url).config["PUBLIC_URL"] == "http://192.168.1.10:8000"


def test_without_public_url_the_qr_of_a_host_header_is_cached_for_nobody_and_the_wall_says_so(
        database_url, paired, monkeypatch):
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    client = _app(database_url).test_client()
    resp = client.get(f"/eventos/{paired.event.id}/qr.svg", headers={"Host": EVIL})
    assert "public" not in resp.headers["Cache-Control"] and "no-store" in resp.headers["Cache-Control"]
    page = client.get(f"/eventos/{paired.event.id}/proyector").get_data(as_text=True)
    assert "sin PUBLIC_URL" in page


def _noise(size: int) -> str:
    """Text that does not compress (the session cookie is zlib-compressed when it pays)."""
    rng = random.Random(26)
    return "".join(rng.choice(string.ascii_letters) for _ in range(size))


def _cookie_bytes(resp) -> int:
    return sum(len(v) for k, v in resp.headers.items() if k.lower() == "set-cookie")


def test_a_200k_character_marcador_result_does_not_grow_the_session_cookie(client, paired):
    login(client, paired.org.email)
    resp = client.post(f"/eventos/{paired.event.id}/rondas/1/marcador",
                       data={"match_id": paired.match.id, "result": _noise(200000)})
    assert resp.status_code in (302, 400)
    assert _cookie_bytes(resp) < 4096


def test_a_long_import_file_name_does_not_grow_the_session_cookie(client, paired):
    login(client, paired.org.email)
    name = _noise(100000) + ".xlsx"
    data = xlsx_bytes({"Jugadores": [["Nombre", "ID / correo"], ["Diego Núñez", ""]]})
    resp = client.post(f"/eventos/{paired.event.id}/importar/jugadores",
                       data={"jugadores-file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")
    assert resp.status_code == 302
    assert _cookie_bytes(resp) < 4096


def test_every_flashed_text_is_bounded():
    from tourney.web.security import FLASH_MAX_CHARS, FLASH_MAX_COUNT, bound_flashes

    store = {"_flashes": [("error", "x" * 100000)] * 20}
    bound_flashes(store)
    assert len(store["_flashes"]) == FLASH_MAX_COUNT
    assert all(len(message) <= FLASH_MAX_CHARS for _c, message in store["_flashes"])
