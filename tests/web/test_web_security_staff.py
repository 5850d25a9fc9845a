"""Issue 15, finding 2: any organizer could act on any organizer's event.

Each event has its owner (its creator) and its staff (co-organizers and judges) per event;
the global organizer role only allows creating events. The role walk of test_web_access runs
again for a second organizer (owner of another event), a judge of another event, and a
co-organizer of this event (who may do what the owner does)."""
from __future__ import annotations

import pytest
from sqlmodel import select

from tourney.models.events import Match, SupportSwap
from web_helpers import join_staff, login

from test_web_access import JUDGES, LOGGED, ORG, ROUTES, _invitation, _league, _table

# creating events and leagues, the shared catalog: any organizer account
GLOBAL_ORGANIZER_ROUTES = {"/eventos/nuevo", "/catalogo", "/ligas/nueva"}


def _league_owner_only(template: str, allowed) -> bool:
    """A league's own pages for staff (edit, add or remove events): its organizer only — being
    staff of one of its events gives no say over the league."""
    return template.startswith("/ligas/{l}") and bool(allowed & ORG) and not _public(allowed)


def _public(allowed) -> bool:
    return "anonimo" in allowed or allowed == LOGGED


def _expected(role: str, template: str, allowed) -> bool:
    if role == "otro_organizador":  # owns another event: a stranger here
        return _public(allowed) or template in GLOBAL_ORGANIZER_ROUTES
    if role == "juez_de_otro":  # judges another event: a stranger here
        return _public(allowed)
    if role == "coorganizador":  # a player account made co-organizer of this event
        return ((bool(allowed & (ORG | JUDGES)) or _public(allowed))
                and template not in GLOBAL_ORGANIZER_ROUTES and not _league_owner_only(template, allowed))
    raise AssertionError(role)


@pytest.fixture
def strangers(paired, world):
    from tourney.services import events

    org2 = world.user("org2@x.cl", "organizador", "Osvaldo Otro")
    judge2 = world.user("juez2@x.cl", name="Juana de Otro")
    coorg = world.user("coorg@x.cl", name="Cora Coorganiza")
    other_event = world.event(org2, name="Otro torneo")
    world.run(lambda s: events.add_judge(s, org2, other_event, judge2.email))
    world.run(lambda s: events.add_judge(s, paired.org, paired.event, coorg.email, "organizador"))
    return {"otro_organizador": org2, "juez_de_otro": judge2, "coorganizador": coorg,
            "other_event": other_event}


@pytest.mark.parametrize("role", ["otro_organizador", "juez_de_otro", "coorganizador"])
def test_roles_hold_on_their_own_event_only(role, client, paired, world, strangers):
    login(client, strangers[role].email)
    player = paired.playing[0]
    ids = {"e": paired.event.id, "m": paired.match.id, "r": paired.regs[player].id,
           "l": _league(world, paired), "k": f"u{paired.users[player].id}",
           "t": _table(world, paired), "i": _invitation(world, paired)}
    before = world.run(lambda s: (s.get(Match, paired.match.id).version,
                                  len(s.exec(select(SupportSwap)).all())))
    for method, template, allowed in ROUTES:
        url = template.format(**ids)
        expected = _expected(role, template, allowed)
        if method == "POST" and expected:
            continue  # allowed writes are exercised by the flow tests
        resp = client.get(url) if method == "GET" else client.post(url, data={})
        where = f"{method} {url} as {role}: {resp.status_code}"
        assert resp.status_code == (200 if expected else 403), where
    after = world.run(lambda s: (s.get(Match, paired.match.id).version,
                                 len(s.exec(select(SupportSwap)).all())))
    assert after == before


def test_the_organizer_of_event_2_cannot_change_event_1s_timer_or_download_its_workbook(client, paired, strangers):
    login(client, strangers["otro_organizador"].email)
    e = paired.event.id
    assert client.post(f"/eventos/{e}/rondas/1/reloj", data={"minutes": "5"}).status_code == 403
    resp = client.get(f"/eventos/{e}/documentos/workbook")
    assert resp.status_code == 403
    assert b"PK" not in resp.data[:2]


def test_services_check_the_role_on_that_event(world, paired, strangers):
    from tourney.services import rounds
    from tourney.services.errors import Forbidden

    with pytest.raises(Forbidden, match="organizadores de este evento"):
        world.run(lambda s: rounds.start_timer(s, strangers["otro_organizador"], paired.round, 5))
    world.run(lambda s: rounds.start_timer(s, strangers["coorganizador"], paired.round, 5))


def test_a_global_organizer_still_creates_events_and_owns_them(client, strangers, world):
    from tourney.services import access

    org2, event = strangers["otro_organizador"], strangers["other_event"]
    assert world.run(lambda s: access.staff_role(s, org2, event)) == "owner"
    login(client, org2.email)
    assert client.get("/eventos/nuevo").status_code == 200
    assert client.get(f"/eventos/{event.id}/panel").status_code == 200


def test_a_judge_of_an_event_is_a_judge_there_only(client, paired, strangers):
    login(client, strangers["juez_de_otro"].email)
    other = strangers["other_event"].id
    assert client.get(f"/eventos/{other}/revision").status_code == 200
    assert client.get(f"/eventos/{paired.event.id}/revision").status_code == 403


def test_the_event_page_offers_the_panel_only_to_that_events_organizers(client, paired, strangers):
    url = f"/eventos/{paired.event.id}"
    panel = f"/eventos/{paired.event.id}/panel"
    login(client, strangers["otro_organizador"].email)
    assert panel not in client.get(url).get_data(as_text=True)
    login(client, strangers["coorganizador"].email)
    assert panel in client.get(url).get_data(as_text=True)


def test_the_owner_adds_a_co_organizer_from_the_panel(client, paired, world):
    helper = world.user("ayuda@x.cl", name="Ayudante")
    login(client, helper.email)
    assert client.get(f"/eventos/{paired.event.id}/panel").status_code == 403
    join_staff(client, paired.event.id, paired.org.email, helper.email, "organizador")
    login(client, helper.email)
    assert client.get(f"/eventos/{paired.event.id}/panel").status_code == 200


@pytest.mark.parametrize("role", ["otro_organizador", "juez_de_otro"])
def test_staff_of_another_event_cannot_reach_this_events_tables_or_players_through_their_own_event(
        role, client, paired, world, strangers):
    """Reviewer R-A: the staff of event 2 put event 1's table, registration and forbidden
    pair ids under their own event's URLs (/eventos/2/mesas/<mesa del evento 1>/…): every
    route answers 403/404 (or a redirect
    that says the table or player is not of this event) and nothing of event 1 changes."""
    from tourney.models.events import ForbiddenPair, Registration
    from tourney.services import events

    a, b = paired.playing
    world.run(lambda s: events.add_forbidden_pair(s, paired.org, paired.event,
                                                  paired.regs[a].id, paired.regs[b].id))
    pair_id = world.run(lambda s: s.exec(select(ForbiddenPair.id)).first())

    def snapshot(s):
        match = s.get(Match, paired.match.id)
        regs = s.exec(select(Registration).where(Registration.event_id == paired.event.id)).all()
        return (match.version, match.result, len(s.exec(select(SupportSwap)).all()),
                len(s.exec(select(ForbiddenPair)).all()), sorted((r.id, r.dropped, r.byes) for r in regs))

    before = world.run(snapshot)
    login(client, strangers[role].email)
    ids = {"e": strangers["other_event"].id, "m": paired.match.id, "r": paired.regs[a].id}
    probed = 0
    for method, template, _allowed in ROUTES:
        if not any(key in template for key in ("{m}", "{r}", "prohibidas/1/")):
            continue
        url = template.format(**ids).replace("prohibidas/1/", f"prohibidas/{pair_id}/")
        data = {"result": "2-0-0", "resultado": "2-0-0", "confirm": "1"}
        resp = client.get(url) if method == "GET" else client.post(url, data=data)
        where = f"{method} {url} as {role}: {resp.status_code}"
        assert resp.status_code in (302, 403, 404), where
        if resp.status_code == 302:  # a write refused with a flashed reason, never a success
            page = client.get(resp.headers["Location"]).get_data(as_text=True)
            assert "no está inscrito en este evento" in page or "no existe" in page, where
        probed += 1
    assert probed >= 20
    assert world.run(snapshot) == before
