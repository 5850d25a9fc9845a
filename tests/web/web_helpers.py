"""Helpers for the web tests (imported by conftest.py and the test modules)."""
from __future__ import annotations

import random
import re
from datetime import date

from tourney import db

PASSWORD = "clave-segura-1"
FORMAT = "unificado"


# -- helpers -------------------------------------------------------------------------------
class World:
    """Service-level helpers bound to an app (each call is its own committed unit of work)."""

    def __init__(self, app):
        self.app = app
        self._rng = random.Random(7)

    def user(self, email: str, role: str = "jugador", name: str | None = None):
        from tourney.services import accounts

        with self.app.app_context(), db.session_scope() as s:
            return accounts.create_user(s, email, name or email.split("@")[0].title(), PASSWORD,
                                        role)

    def formats(self):
        from tourney.web.common import formats

        with self.app.test_request_context():
            return formats()

    def catalog(self):
        from tourney.services.catalog import load_catalog

        with self.app.app_context(), db.session_scope() as s:
            return load_catalog(s)

    def deck(self, seed: int = 1, with_support: bool = True) -> str:
        from tourney.services.demo import build_deck

        return build_deck(self.catalog(), self.formats()[FORMAT], random.Random(seed),
                          with_support=with_support)

    def event(self, organizer, **kw):
        from tourney.services import events

        fields = dict(name="Torneo de prueba", date=date(2026, 12, 5), format_id=FORMAT,
                      venue="Club", seed=11)
        fields.update(kw)
        with self.app.app_context(), db.session_scope() as s:
            return events.create_event(s, organizer, formats=self.formats(), **fields)

    def run(self, fn):
        """Run ``fn(session)`` in a committed unit of work inside the app context."""
        with self.app.app_context(), db.session_scope() as s:
            return fn(s)



def login(client, email: str, password: str = PASSWORD):
    client.post("/salir")
    resp = client.post("/entrar", data={"email": email, "password": password})
    assert resp.status_code == 302, resp.data.decode()[:500]
    return client


def invite(client, event_id: int, email: str, role: str = "juez") -> str:
    """The logged-in organizer invites ``email`` from the panel; returns the link's code
    (shown once on the panel the form redirects to)."""
    resp = client.post(f"/eventos/{event_id}/jueces", data={"email": email, "rol": role})
    assert resp.status_code == 302, resp.data.decode()[:500]
    page = client.get(resp.location).get_data(as_text=True)
    match = re.search(r"/invitaciones/([A-Za-z0-9_-]+)</code>", page)
    assert match, "no invitation link on the panel"
    return match.group(1)


def join_staff(client, event_id: int, organizer_email: str, email: str, role: str = "juez") -> None:
    """The organizer invites ``email``, who logs in and accepts; the organizer logs in again."""
    login(client, organizer_email)
    code = invite(client, event_id, email, role)
    login(client, email)
    assert client.post(f"/invitaciones/{code}/aceptar").status_code == 302
    login(client, organizer_email)


def csrf_from(html: str) -> str:
    match = re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"', html)
    assert match, "no CSRF token in page"
    return match.group(1)




def deck_lines(text: str) -> dict[str, list[tuple[int, str, str]]]:
    """Split a built deck text into {"castle": [(qty, name, code)], "support": [...]}."""
    out: dict[str, list] = {"castle": [], "support": []}
    section = "castle"
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line == "Mazo Castillo":
            section = "castle"
            continue
        if line == "Mazo de Soporte":
            section = "support"
            continue
        qty, rest = line.split(" ", 1)
        name, code = rest.rsplit(" (", 1)
        out[section].append((int(qty), name, code.rstrip(")")))
    return out


def deck_text(sections: dict[str, list[tuple[int, str, str]]]) -> str:
    lines = ["Mazo Castillo"] + [f"{q} {n} ({c})" for q, n, c in sections["castle"] if q]
    if sections.get("support"):
        lines += ["", "Mazo de Soporte"] + [f"{q} {n} ({c})" for q, n, c in sections["support"] if q]
    return "\n".join(lines) + "\n"
