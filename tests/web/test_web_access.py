"""Roles on every view: anonymous, player, other player, judge, organizer (who gets in)."""
from __future__ import annotations

import re

import pytest
from sqlmodel import select

from tourney.models.events import Match, SupportSwap
from web_helpers import login

ROLES = ("anonimo", "jugador", "otro_jugador", "juez", "organizador")
EVERYONE = set(ROLES)
LOGGED = EVERYONE - {"anonimo"}
ORG = {"organizador"}
JUDGES = {"juez", "organizador"}
REGISTERED = {"jugador", "otro_jugador"}

# (method, url template, roles allowed). {e}=event, {m}=Ana-side match, {r}=player's reg.
ROUTES = [
    ("GET", "/", EVERYONE),
    ("GET", "/salud", EVERYONE),
    ("GET", "/entrar", EVERYONE),
    ("GET", "/cuenta/nueva", EVERYONE),
    ("POST", "/entrar", EVERYONE),
    ("POST", "/cuenta/nueva", EVERYONE),
    ("POST", "/primera-vez", set()),  # issue 23: closed once an organizer exists
    ("POST", "/salir", LOGGED),
    ("GET", "/cuenta/clave", LOGGED),  # issue 15: change the password (revokes the other sessions)
    ("POST", "/cuenta/clave", LOGGED),
    ("GET", "/eventos/{e}", EVERYONE),
    ("GET", "/eventos/{e}/rondas/1", EVERYONE),
    ("GET", "/eventos/{e}/clasificacion", EVERYONE),
    ("GET", "/eventos/{e}/metagama", JUDGES),
    ("GET", "/eventos/{e}/listas", JUDGES),
    ("GET", "/eventos/{e}/listas/{r}", JUDGES | {"jugador"}),
    ("GET", "/eventos/{e}/listas/{r}/editar", ORG),
    ("POST", "/eventos/{e}/listas/{r}/editar", ORG),
    ("GET", "/eventos/nuevo", ORG),
    ("POST", "/eventos/nuevo", ORG),
    ("GET", "/eventos/{e}/panel", ORG),
    ("GET", "/eventos/{e}/editar", ORG),
    ("POST", "/eventos/{e}/editar", ORG),
    ("POST", "/eventos/{e}/inscripcion", ORG),
    ("POST", "/eventos/{e}/jugadores", ORG),
    ("POST", "/eventos/{e}/jugadores/{r}/retiro", ORG),
    ("POST", "/eventos/{e}/jueces", ORG),
    ("POST", "/eventos/{e}/listas/publicacion", ORG),
    ("POST", "/eventos/{e}/finalizar", ORG),
    ("POST", "/eventos/{e}/rondas", ORG),
    ("POST", "/eventos/{e}/rondas/1/publicar", ORG),
    ("POST", "/eventos/{e}/rondas/1/reemparejar", ORG),
    ("POST", "/eventos/{e}/rondas/1/intercambio", ORG),
    ("POST", "/eventos/{e}/rondas/1/reloj", ORG),
    ("POST", "/eventos/{e}/rondas/1/deshacer", ORG),
    ("POST", "/eventos/{e}/rondas/1/a-mano", ORG),
    ("POST", "/eventos/{e}/parejas-prohibidas", ORG),
    ("POST", "/eventos/{e}/parejas-prohibidas/1/quitar", ORG),
    ("POST", "/eventos/{e}/equipo/1/quitar", ORG),
    # staff invitations (issue 26, finding 16); {i}: the code of a pending invitation
    ("POST", "/eventos/{e}/invitaciones/1/anular", ORG),
    ("GET", "/invitaciones/{i}", EVERYONE),
    ("POST", "/invitaciones/{i}/aceptar", LOGGED),
    ("GET", "/eventos/{e}/rondas/1/pendientes", JUDGES),
    ("GET", "/eventos/{e}/mesas/{m}/resultado", JUDGES | {"jugador"}),
    ("POST", "/eventos/{e}/mesas/{m}/resultado", ORG | {"jugador"}),
    ("POST", "/eventos/{e}/inscribirme", LOGGED),
    ("GET", "/eventos/{e}/mi-lista", REGISTERED),
    ("POST", "/eventos/{e}/mi-lista", REGISTERED),
    ("POST", "/eventos/{e}/mi-lista/verificar", REGISTERED | ORG),
    ("GET", "/eventos/{e}/cartas", LOGGED),
    ("GET", "/eventos/{e}/mis-partidas", REGISTERED),
    ("GET", "/eventos/{e}/mesas/{m}/cambios", JUDGES | {"jugador"}),
    ("POST", "/eventos/{e}/mesas/{m}/cambios", JUDGES | {"jugador"}),
    ("POST", "/eventos/{e}/mesas/{m}/cambios/verificar", JUDGES | {"jugador"}),
    ("GET", "/eventos/{e}/revision", JUDGES),
    ("POST", "/eventos/{e}/revision", JUDGES),
    ("GET", "/eventos/{e}/documentos", JUDGES),
    ("GET", "/eventos/{e}/documentos/decksheets", JUDGES),
    ("GET", "/eventos/{e}/documentos/blank", JUDGES),
    ("GET", "/eventos/{e}/documentos/pairings", JUDGES),
    ("GET", "/eventos/{e}/documentos/slips", JUDGES),
    ("GET", "/eventos/{e}/documentos/standings", JUDGES),
    ("GET", "/eventos/{e}/documentos/workbook", ORG),
    ("POST", "/eventos/{e}/importar/jugadores", ORG),
    ("POST", "/eventos/{e}/importar/listas", ORG),
    # event day (issue 13): catalog, scorekeeper grid, confirmations, self-drop, wall
    ("GET", "/catalogo", ORG),
    ("POST", "/catalogo", ORG),
    ("GET", "/eventos/{e}/rondas/1/marcador", JUDGES),
    ("GET", "/eventos/{e}/revision/esperado", JUDGES),
    ("POST", "/eventos/{e}/rondas/1/marcador", JUDGES),
    ("POST", "/eventos/{e}/mesas/{m}/confirmar", REGISTERED),
    ("POST", "/eventos/{e}/retirarme", REGISTERED),
    ("POST", "/eventos/{e}/jugadores/{r}/deshacer-retiro", ORG),
    # the event's history (issue 23 / 26 item 13): who changed what, when and why
    ("GET", "/eventos/{e}/historial", JUDGES),
    ("POST", "/eventos/{e}/historial/1/deshacer", ORG),
    ("GET", "/eventos/{e}/mesas/{m}/correccion", ORG),
    ("POST", "/eventos/{e}/mesas/{m}/correccion", ORG),
    ("GET", "/favicon.ico", EVERYONE),
    ("GET", "/e/{e}", EVERYONE),
    ("GET", "/eventos/{e}/qr.svg", EVERYONE),
    ("GET", "/eventos/{e}/proyector", EVERYONE),
    # adjudication (issue 12): upload a recorded game, its verdict, the board viewer
    ("GET", "/eventos/{e}/arbitrajes", LOGGED),
    ("GET", "/eventos/{e}/mesas/{m}/arbitraje", JUDGES),
    ("POST", "/eventos/{e}/mesas/{m}/arbitraje", JUDGES),
    ("GET", "/eventos/{e}/mesas/{m}/juegos/1/veredicto", JUDGES | {"jugador"}),
    ("GET", "/eventos/{e}/mesas/{m}/juegos/1/tablero", JUDGES | {"jugador"}),
    ("GET", "/eventos/{e}/documentos/adjudications", JUDGES),
    # Sellado / Lanzamiento pools (issue 16)
    ("GET", "/eventos/{e}/sellado", JUDGES),
    ("POST", "/eventos/{e}/sellado", ORG),
    ("POST", "/eventos/{e}/sellado/cerrar", ORG),
    ("POST", "/eventos/{e}/sellado/importar", ORG),
    ("GET", "/eventos/{e}/sellado/pools.xlsx", JUDGES),
    ("GET", "/eventos/{e}/sellado/hojas.pdf", JUDGES),
    ("GET", "/eventos/{e}/mi-pool", REGISTERED),
    ("GET", "/eventos/{e}/pools/{r}", JUDGES | {"jugador"}),
    ("POST", "/eventos/{e}/pools/{r}", ORG | {"jugador"}),
    ("POST", "/eventos/{e}/pools/{r}/cerrar", ORG),
    ("GET", "/eventos/{e}/pools/{r}/hoja.pdf", JUDGES | {"jugador"}),
    ("GET", "/eventos/{e}/pools/{r}/mazo", JUDGES | {"jugador"}),
    ("POST", "/eventos/{e}/pools/{r}/mazo", ORG | {"jugador"}),
    ("POST", "/eventos/{e}/pools/{r}/mazo/verificar", ORG | {"jugador"}),
    # metagame and leagues (issue 25); {l}: a league of the organizer with the event, {k}: Ana
    ("GET", "/eventos/{e}/metagama.csv", JUDGES),
    ("GET", "/eventos/{e}/metagama.pdf", JUDGES),
    ("POST", "/eventos/{e}/metagama/arquetipos", ORG),
    ("GET", "/ligas", EVERYONE),
    ("GET", "/ligas/nueva", ORG),
    ("POST", "/ligas/nueva", ORG),
    ("GET", "/ligas/{l}", EVERYONE),
    ("GET", "/ligas/{l}/editar", ORG),
    ("POST", "/ligas/{l}/editar", ORG),
    ("POST", "/ligas/{l}/eventos", ORG),
    ("POST", "/ligas/{l}/eventos/{e}/quitar", ORG),
    ("GET", "/ligas/{l}/metagama", EVERYONE),
    # play tables (issue 24); {t}: a casual table the player opened (seat A), seat B still free
    ("GET", "/mesas", LOGGED),
    ("POST", "/mesas", LOGGED),
    ("GET", "/mesa/{t}", EVERYONE),
    ("POST", "/mesa/{t}/unirse", LOGGED),
    ("POST", "/mesa/{t}/barajar", {"jugador"}),
    ("POST", "/mesa/{t}/accion", {"jugador"}),
    ("POST", "/mesa/{t}/efecto", {"jugador"}),
    ("GET", "/mesa/{t}/estado", EVERYONE),
    ("GET", "/mesa/{t}/registro", set()),  # nobody while the game is played (hidden cards)
    ("GET", "/mesa/{t}/eventos", EVERYONE),
    # the match's current game at a play table: its two players only (the bye player is not)
    ("POST", "/eventos/{e}/mesas/{m}/jugar", {"jugador"}),
    ("POST", "/mesa/{t}/confirmar", {"jugador"}),  # a seated player (a casual table: 400)
    ("POST", "/mesa/{t}/deshacer", set()),  # a judge of the table's event (a casual one: none)
    ("POST", "/mesa/{t}/juez", {"jugador"}),  # a seated player (a casual table: 400, no judges)
    ("POST", "/mesa/{t}/reanudar", set()),  # a judge of the table's event (a casual one: none)
    ("GET", "/eventos/{e}/llamadas", JUDGES),
    ("GET", "/ligas/{l}/libro.xlsx", EVERYONE),
    ("GET", "/jugadores/{k}", EVERYONE),
    ("POST", "/jugadores/perfil", LOGGED),
]


def test_every_route_of_the_app_is_in_the_walk(app):
    listed = {(m, re.sub(r"/documentos/\w+$", "/documentos/<kind>", u)
               .replace("{e}", "<int:event_id>").replace("{m}", "<int:match_id>")
               .replace("{r}", "<int:reg_id>").replace("{l}", "<int:league_id>")
               .replace("{k}", "<key>").replace("{t}", "<token>").replace("{i}", "<code>")
               .replace("/1/", "/<int:number>/")
               .replace("/rondas/1", "/rondas/<int:number>")
               .replace("prohibidas/<int:number>/", "prohibidas/<int:pair_id>/")
               .replace("historial/<int:number>/", "historial/<int:history_id>/")
               .replace("equipo/<int:number>/", "equipo/<int:user_id>/")
               .replace("invitaciones/<int:number>/", "invitaciones/<int:invitation_id>/"))
              for m, u, _ in ROUTES}
    actual = {(method, rule.rule) for rule in app.url_map.iter_rules()
              if rule.endpoint != "static" for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert actual == listed


def _login_as(client, role, paired):
    player = paired.playing[0]
    email = {
        "jugador": paired.users[player].email,
        "otro_jugador": paired.users[paired.bye].email,
        "juez": paired.judge.email,
        "organizador": paired.org.email,
    }.get(role)
    if email:
        login(client, email)


def _table(world, paired) -> str:
    """A casual play table opened by the walk's player (seat A)."""
    from tourney.services import play

    user = paired.users[paired.playing[0]]

    def make(s):
        from tourney.models.events import User

        return play.open_table(s, s.get(User, user.id), world.deck(1, with_support=False),
                               world.catalog()).token

    return world.run(make)


def _invitation(world, paired) -> str:
    """The code of a pending invitation to the event's staff (for nobody of the walk)."""
    from tourney.services import invitations

    return world.run(lambda s: invitations.invite(s, paired.org, paired.event, "invitada@x.cl").code)


def _league(world, paired) -> int:
    from tourney.services import leagues

    def make(s):
        league = leagues.create_league(s, paired.org, "Liga de prueba")
        leagues.add_event(s, paired.org, league, paired.event, world.formats())
        return league.id

    return world.run(make)


@pytest.mark.parametrize("role", ROLES)
def test_roles_walk_every_route(role, client, paired, world):
    _login_as(client, role, paired)
    player = paired.playing[0]
    ids = {"e": paired.event.id, "m": paired.match.id, "r": paired.regs[player].id,
           "l": _league(world, paired), "k": f"u{paired.users[player].id}",
           "t": _table(world, paired), "i": _invitation(world, paired)}
    before = world.run(lambda s: (s.get(Match, paired.match.id).version,
                                  len(s.exec(select(SupportSwap)).all())))
    for method, template, allowed in ROUTES:
        url = template.format(**ids)
        if method == "POST" and role in allowed:
            continue  # allowed writes are exercised by the flow tests
        resp = client.get(url) if method == "GET" else client.post(url, data={})
        where = f"{method} {url} as {role}: {resp.status_code}"
        if role in allowed:
            assert resp.status_code == 200, where
        elif role == "anonimo":
            assert resp.status_code in (302, 403), where
            if resp.status_code == 302:
                assert "/entrar" in resp.location, where
        else:
            assert resp.status_code == 403, where
        if role not in allowed:
            assert "Traceback" not in resp.get_data(as_text=True)
    after = world.run(lambda s: (s.get(Match, paired.match.id).version,
                                 len(s.exec(select(SupportSwap)).all())))
    assert after == before  # nobody changed anything they may not change


def test_a_player_cannot_read_another_players_list_before_publication(client, paired, world):
    a, b = paired.playing
    login(client, paired.users[a].email)
    other = paired.regs[b].id
    assert client.get(f"/eventos/{paired.event.id}/listas/{other}").status_code == 403
    own = client.get(f"/eventos/{paired.event.id}/listas/{paired.regs[a].id}")
    assert own.status_code == 200
    login(client, paired.org.email)
    assert client.post(f"/eventos/{paired.event.id}/listas/publicacion",
                       data={"publicar": "1"}).status_code == 302
    login(client, paired.users[a].email)
    assert client.get(f"/eventos/{paired.event.id}/listas/{other}").status_code == 200
    client.post("/salir")
    assert client.get(f"/eventos/{paired.event.id}/listas/{other}").status_code == 200
    assert client.get(f"/eventos/{paired.event.id}/metagama").status_code == 200


def test_unpublished_pairings_are_hidden_from_players(client, cast, world):
    from tourney.services import rounds

    world.run(lambda s: rounds.pair_next_round(s, cast.org, cast.event))
    login(client, cast.ana.email)
    assert client.get(f"/eventos/{cast.event.id}/rondas/1").status_code == 404
    login(client, cast.judge.email)
    assert client.get(f"/eventos/{cast.event.id}/rondas/1").status_code == 200


def test_metagame_after_publication_shows_each_lists_archetype(client, paired, world):
    from tourney.services import events as event_service
    from tourney.services.metagame import archetype_rule, deck_archetype

    world.run(lambda s: event_service.set_decklists_published(s, paired.org, paired.event, True))
    page = client.get(f"/eventos/{paired.event.id}/metagama").get_data(as_text=True)
    assert "3 listas inscritas" in page and "Arquetipos" in page
    from web_helpers import deck_lines

    lines = deck_lines(paired.decks[paired.playing[0]])
    fmt = world.formats()[paired.event.format_id]
    name = deck_archetype({"castle": [{"code": c, "qty": q} for q, _, c in lines["castle"]]},
                          paired.catalog, fmt, archetype_rule(fmt, paired.event.format_id))
    assert name and name in page


def test_organizer_buttons_do_not_redirect_off_site(client, cast):
    login(client, cast.org.email)
    resp = client.post(f"/eventos/{cast.event.id}/inscripcion",
                       data={"abrir": "0", "next": "https://malo.example/"})
    assert resp.status_code == 302 and resp.location == f"/eventos/{cast.event.id}/panel"
    resp = client.post(f"/eventos/{cast.event.id}/inscripcion",
                       data={"abrir": "1", "next": f"/eventos/{cast.event.id}"})
    assert resp.location == f"/eventos/{cast.event.id}"
