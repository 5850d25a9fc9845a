"""Smaller event-day wording (issue 23 item 6): the CLI's password prompt is Spanish and every
page names a top-cut round as the PDFs do («Cuartos de final»), from one place
(services.rounds.round_title)."""
from __future__ import annotations

from web_helpers import login


def test_the_password_confirmation_prompt_is_in_spanish(runner):
    out = runner.invoke(args=["users", "create", "ana@club.cl"],
                        input="clave-segura-1\nclave-segura-1\n")
    assert out.exit_code == 0, out.output
    assert "Repite la contraseña" in out.output and "Repeat" not in out.output


def test_a_mistyped_confirmation_and_a_cancelled_prompt_are_told_in_spanish(runner, world):
    from sqlmodel import select

    from tourney.models.events import User

    out = runner.invoke(args=["users", "create", "beto@club.cl"],
                        input="clave-segura-1\nclave-segura-2\nclave-segura-3\nclave-segura-3\n")
    assert out.exit_code == 0, out.output
    assert "las dos contraseñas no coinciden" in out.output
    assert "do not match" not in out.output and "entered values" not in out.output
    cancelled = runner.invoke(args=["users", "create", "carla@club.cl"], input="clave-segura-1\n")
    assert cancelled.exit_code != 0 and "Cancelado: no se creó la cuenta." in cancelled.output
    assert "Aborted" not in cancelled.output
    emails = world.run(lambda s: [u.email for u in s.exec(select(User))])
    assert "beto@club.cl" in emails and "carla@club.cl" not in emails
    login_ok = runner.invoke(args=["users", "create", "dora@club.cl", "--password",
                                   "clave-segura-4"])
    assert login_ok.exit_code == 0 and "Contraseña" not in login_ok.output


def test_the_marcador_names_the_cut_round_like_the_pdfs(client, world):
    from tourney.services import events, rounds

    org = world.user("org@x.cl", "organizador", "Olga")
    event = world.event(org, rounds_planned=1, top_cut=8)

    def play(s):
        for i in range(8):
            events.add_player_at_desk(s, org, event, f"Jugador {i + 1}")
        for _ in range(2):
            rnd = rounds.pair_next_round(s, org, event)
            for m in rounds.round_matches(s, rnd):
                if m.player_b_id is not None and rnd.number == 1:
                    rounds.enter_result(s, org, event, m, "2-0-0", m.version)
        return rnd.number

    cut = world.run(play)
    login(client, "org@x.cl")
    page = client.get(f"/eventos/{event.id}/rondas/{cut}/marcador").get_data(as_text=True)
    assert f"Ronda {cut} (Cuartos de final): marcador" in page and "(corte final)" not in page


def test_every_page_and_the_pdf_name_a_cut_round_alike(client, world):
    from io import BytesIO

    from pypdf import PdfReader

    from tourney.services import rounds

    org = world.user("org@x.cl", "organizador", "Olga")
    event = world.event(org, rounds_planned=1, top_cut=8)

    def play(s):
        from tourney.services import events

        for i in range(8):
            events.add_player_at_desk(s, org, event, f"Jugador {i + 1}")
        rnd = rounds.pair_next_round(s, org, event)
        for m in rounds.round_matches(s, rnd):
            rounds.enter_result(s, org, event, m, "2-0-0", m.version)
        cut = rounds.pair_next_round(s, org, event)
        rounds.publish_round(s, org, cut)
        return cut.number, rounds.cut_name(s, cut), rounds.round_title(s, cut)

    number, name, title = world.run(play)
    assert (name, title) == ("Cuartos de final", f"Ronda {number} (Cuartos de final)")
    login(client, "org@x.cl")
    pages = {url: client.get(url).get_data(as_text=True) for url in (
        f"/eventos/{event.id}", f"/eventos/{event.id}/rondas/{number}",
        f"/eventos/{event.id}/proyector?ronda={number}", f"/eventos/{event.id}/panel",
        f"/eventos/{event.id}/rondas/{number}/pendientes", f"/eventos/{event.id}/documentos")}
    for url, page in pages.items():
        assert title in page, url
        assert "corte final)" not in page and "· corte final<" not in page, url
    pdf = client.get(f"/eventos/{event.id}/documentos/pairings?ronda={number}").data
    assert f"Emparejamientos · {name}" in PdfReader(BytesIO(pdf)).pages[0].extract_text()
