"""Issue 26, finding 16: the staff form said «No hay ninguna cuenta…» for an unknown e-mail,
telling anybody with an event who has an account. Now it invites: the same answer either way,
a link the owner hands over, and the staff changes only when the invitee, logged in with that
e-mail, accepts — on that event only. The history records the invitation and its acceptance."""
from __future__ import annotations

import hashlib
import re
from datetime import timedelta

from sqlmodel import select

from tourney.models.events import EventJudge
from tourney.models.history import HISTORY_STAFF_ADDED, HISTORY_STAFF_INVITED, EventHistory
from tourney.models.staff import StaffInvitation
from tourney.services import invitations
from web_helpers import PASSWORD, invite, login


def _staff(world, event):
    return world.run(lambda s: {(j.user_id, j.role) for j in s.exec(
        select(EventJudge).where(EventJudge.event_id == event.id))})


def _answer(client, event_id, email):
    """The panel the staff form leads to, with the e-mail and the one-time link blanked."""
    resp = client.post(f"/eventos/{event_id}/jueces", data={"email": email, "rol": "juez"})
    page = client.get(resp.location).get_data(as_text=True)
    page = re.sub(r"/invitaciones/[A-Za-z0-9_-]+", "/invitaciones/CODE", page)
    page = re.sub(r"csrf_token\" value=\"[^\"]+\"", "csrf_token\" value=\"T\"", page)
    page = re.sub(r"invitaciones/\d+/anular", "invitaciones/N/anular", page)
    page = re.sub(r'nonce="[^"]+"', 'nonce="N"', page)
    return resp.status_code, page.replace(email, "CORREO")


def test_the_staff_form_answers_the_same_whether_the_email_has_an_account_or_not(client, cast, world):
    world.user("existe@x.cl", name="Ema Existe")
    login(client, cast.org.email)
    client.get(f"/eventos/{cast.event.id}/panel")  # the log-in's own messages shown first
    before = _staff(world, cast.event)
    known = _answer(client, cast.event.id, "existe@x.cl")
    world.run(lambda s: [setattr(i, "cancelled_at", i.created_at) or s.add(i)
                         for i in s.exec(select(StaffInvitation)).all()])  # the lists alike
    unknown = _answer(client, cast.event.id, "nadie@x.cl")
    assert known[0] == unknown[0] == 302
    assert known[1] == unknown[1]
    assert "No hay ninguna cuenta" not in known[1] and "Invitación creada" in known[1]
    assert _staff(world, cast.event) == before  # nobody joins before accepting


def test_the_invitee_accepts_and_is_staff_of_that_event_only(client, cast, world):
    ema = world.user("ema@x.cl", name="Ema Invitada")
    other = world.event(cast.org, name="Otro torneo")
    login(client, cast.org.email)
    code = invite(client, cast.event.id, ema.email)
    login(client, ema.email)
    assert client.get(f"/eventos/{cast.event.id}/revision").status_code == 403
    page = client.get(f"/invitaciones/{code}").get_data(as_text=True)
    assert "te invita a ser <strong>Juez</strong>" in page and "Aceptar" in page
    resp = client.post(f"/invitaciones/{code}/aceptar")
    assert resp.status_code == 302
    assert (ema.id, "juez") in _staff(world, cast.event)
    assert client.get(f"/eventos/{cast.event.id}/revision").status_code == 200
    assert client.get(f"/eventos/{other.id}/revision").status_code == 403


def test_an_invitation_to_an_email_without_account_is_accepted_by_the_account_made_with_it(client, cast, world):
    login(client, cast.org.email)
    code = invite(client, cast.event.id, "nueva@x.cl", "organizador")
    client.post("/salir")
    page = client.get(f"/invitaciones/{code}").get_data(as_text=True)
    assert "/cuenta/nueva?next=/invitaciones/" in page  # create the account, then come back
    resp = client.post(f"/cuenta/nueva?next=/invitaciones/{code}",
                       data={"email": "nueva@x.cl", "name": "Nora Nueva", "password": PASSWORD})
    assert resp.status_code == 302 and f"/invitaciones/{code}" in resp.location
    resp = client.post(f"/entrar?next=/invitaciones/{code}",
                       data={"email": "nueva@x.cl", "password": PASSWORD})
    assert resp.location == f"/invitaciones/{code}"
    assert client.post(f"/invitaciones/{code}/aceptar").status_code == 302
    assert client.get(f"/eventos/{cast.event.id}/panel").status_code == 200  # a co-organizer


def test_an_invitation_opens_once_and_only_for_its_email(app, client, cast, world):
    world.user("ema@x.cl", name="Ema Invitada")
    login(client, cast.org.email)
    code = invite(client, cast.event.id, "ema@x.cl")
    login(client, cast.ana.email)  # somebody else holding the link
    resp = client.post(f"/invitaciones/{code}/aceptar")
    assert resp.status_code == 400 and invitations.OTHER_EMAIL in resp.get_data(as_text=True)
    assert (cast.ana.id, "juez") not in _staff(world, cast.event)
    login(client, "ema@x.cl")
    assert client.post(f"/invitaciones/{code}/aceptar").status_code == 302
    again = app.test_client()
    login(again, "ema@x.cl")
    resp = again.post(f"/invitaciones/{code}/aceptar")
    assert resp.status_code == 404 and invitations.GONE in resp.get_data(as_text=True)
    assert again.get("/invitaciones/no-existe").status_code == 404


def test_a_cancelled_or_expired_invitation_opens_nothing(client, cast, world):
    world.user("ema@x.cl", name="Ema Invitada")
    login(client, cast.org.email)
    cancelled = invite(client, cast.event.id, "ema@x.cl")
    pending_id = world.run(lambda s: s.exec(select(StaffInvitation.id)).one())
    assert client.post(f"/eventos/{cast.event.id}/invitaciones/{pending_id}/anular").status_code == 302
    expired = invite(client, cast.event.id, "ema@x.cl")

    def expire(s):
        row = s.exec(select(StaffInvitation).where(StaffInvitation.cancelled_at.is_(None))).one()
        row.expires_at = row.created_at - timedelta(seconds=1)
        s.add(row)
    world.run(expire)
    login(client, "ema@x.cl")
    for code in (cancelled, expired):
        assert client.get(f"/invitaciones/{code}").status_code == 404
        assert client.post(f"/invitaciones/{code}/aceptar").status_code == 404
    assert not any(uid for uid, _ in _staff(world, cast.event) if uid != cast.judge.id)


def test_a_new_invitation_to_the_same_email_replaces_the_pending_one(client, cast, world):
    login(client, cast.org.email)
    first = invite(client, cast.event.id, "ema@x.cl")
    invite(client, cast.event.id, "ema@x.cl", "organizador")
    assert client.get(f"/invitaciones/{first}").status_code == 404
    assert world.run(lambda s: [(i.email, i.role) for i in invitations.pending(s, cast.event)]) \
        == [("ema@x.cl", "organizador")]


def test_the_history_records_the_invitation_and_its_acceptance(client, cast, world):
    ema = world.user("ema@x.cl", name="Ema Invitada")
    login(client, cast.org.email)
    code = invite(client, cast.event.id, ema.email)
    login(client, ema.email)
    client.post(f"/invitaciones/{code}/aceptar")
    rows = world.run(lambda s: [(h.kind, h.actor_id, h.subject_user_id, h.summary) for h in s.exec(
        select(EventHistory).where(EventHistory.event_id == cast.event.id,
                                   EventHistory.kind.in_([HISTORY_STAFF_INVITED, HISTORY_STAFF_ADDED]))
        .order_by(EventHistory.id))])
    assert rows[-2][:2] == (HISTORY_STAFF_INVITED, cast.org.id) and "invitó a ema@x.cl" in rows[-2][3]
    assert rows[-1][:3] == (HISTORY_STAFF_ADDED, ema.id, ema.id)
    assert f"aceptó la invitación de {cast.org.name}" in rows[-1][3]


def test_only_a_hash_of_the_code_is_stored(client, cast, world):
    login(client, cast.org.email)
    code = invite(client, cast.event.id, "ema@x.cl")
    stored = world.run(lambda s: s.exec(select(StaffInvitation.code_hash)).one())
    assert stored == hashlib.sha256(code.encode()).hexdigest() and code not in stored
    # the link is shown once: the panel opened again does not show it
    assert code not in client.get(f"/eventos/{cast.event.id}/panel").get_data(as_text=True)


def test_a_judge_or_a_stranger_cannot_invite_or_cancel(client, cast, world):
    world.run(lambda s: invitations.invite(s, cast.org, cast.event, "ema@x.cl"))
    pending_id = world.run(lambda s: s.exec(select(StaffInvitation.id)).one())
    for email in (cast.judge.email, cast.ana.email):
        login(client, email)
        assert client.post(f"/eventos/{cast.event.id}/jueces", data={"email": "x@x.cl"}).status_code == 403
        assert client.post(f"/eventos/{cast.event.id}/invitaciones/{pending_id}/anular").status_code == 403
    assert world.run(lambda s: len(invitations.pending(s, cast.event))) == 1


def test_migration_0012_only_adds_the_invitation_table(tmp_path):
    from sqlalchemy import create_engine, inspect, text

    from tourney import db

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    db.upgrade(url, "0011_play_tables")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO app_user (id, email, name, password_hash, role, created_at, "
                          "session_version) VALUES (1, 'org@x.cl', 'Olga', 'h', 'organizador', "
                          "'2026-11-01 10:00:00', 0), (2, 'juez@x.cl', 'Julia', 'h', 'jugador', "
                          "'2026-11-01 10:00:00', 0)"))
        conn.execute(text("INSERT INTO event (id, name, date, venue, format_id, top_cut, "
                          "support_required, registration_open, status, decklists_published, seed, "
                          "organizer_id, created_at, page_size) VALUES (1, 'Copa', '2026-12-05', '', "
                          "'unificado', 0, 1, 1, 'en_curso', 0, 7, 1, '2026-11-01 10:00:00', 'A4')"))
        conn.execute(text("INSERT INTO event_judge (id, event_id, user_id, role) VALUES (1, 1, 2, 'juez')"))
    engine.dispose()
    db.upgrade(url, "0012_staff_invitations")
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT event_id, user_id, role FROM event_judge")).all() == [(1, 2, "juez")]
        assert conn.execute(text("SELECT count(*) FROM staff_invitation")).scalar() == 0
    engine.dispose()
    db.downgrade(url, "0011_play_tables")
    engine = create_engine(url)
    assert "staff_invitation" not in inspect(engine).get_table_names()
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM event_judge")).scalar() == 1
    engine.dispose()
