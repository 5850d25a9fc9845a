"""Issue 26, finding 19: names are normalised (NFC, single spaces) and refuse invisible and
right-to-left control characters in every name field: an account's, a player's entered at the
desk or imported, an event's."""
from __future__ import annotations

import io
from datetime import date

import pytest
from sqlmodel import select

from tourney.models.events import Registration, User
from tourney.services.errors import ServiceError
from web_helpers import login
from xlsx_helpers import xlsx_bytes

HOSTILE = ["Ana\u202e", "An\u200ba", "Ana\u2066x\u2069", "Ana\x07", "\ufeffAna", "Ana\u200f"]


@pytest.mark.parametrize("name", HOSTILE)
def test_sign_up_refuses_a_name_with_an_invisible_or_control_character(client, world, name):
    resp = client.post("/cuenta/nueva", data={"email": "nueva@x.cl", "name": name,
                                               "password": "clave-segura-1"})
    assert resp.status_code == 400 and "carácter invisible o de control" in resp.get_data(as_text=True)
    assert world.run(lambda s: s.exec(select(User).where(User.email == "nueva@x.cl")).first()) is None


def test_an_account_name_is_normalised_to_nfc_and_single_spaces(world):
    from tourney.services import accounts

    user = world.run(lambda s: accounts.create_user(s, "jose@x.cl", "  Jose\u0301   Pe\u0301rez ",
                                                    "clave-segura-1"))
    assert user.name == "José Pérez"


@pytest.mark.parametrize("name", HOSTILE)
def test_the_desk_refuses_a_player_name_with_an_invisible_character(cast, world, name):
    from tourney.services import events

    with pytest.raises(ServiceError) as exc:
        world.run(lambda s: events.add_player_at_desk(s, cast.org, cast.event, name))
    assert exc.value.field == "name"


def test_an_event_name_with_a_right_to_left_override_is_refused(cast, world):
    with pytest.raises(ServiceError, match="invisible"):
        world.event(cast.org, name="Torneo\u202e", date=date(2026, 12, 6))


def test_an_imported_player_name_with_an_invisible_character_names_its_row(client, cast, world):
    login(client, cast.org.email)
    data = xlsx_bytes({"Jugadores": [["Nombre", "ID / correo"], ["Diego", ""], ["Ele\u200bna", ""]]})
    resp = client.post(f"/eventos/{cast.event.id}/importar/jugadores",
                       data={"jugadores-file": (io.BytesIO(data), "jugadores.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert "<td>3</td><td>Nombre</td>" in page and "invisible" in page
    names = world.run(lambda s: [r.name for r in s.exec(select(Registration).where(
        Registration.event_id == cast.event.id))])
    assert "Diego" not in names  # nothing half-imported
