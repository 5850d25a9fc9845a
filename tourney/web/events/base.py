"""What every event page shares: the blueprint, the header links, the game's section names,
the labels of match states, and looking up the event and the visitor's registration."""
from __future__ import annotations

from flask import Blueprint, request, url_for

from ...legality import swaps as support_rules
from ...models.events import MATCH_CONFIRMED, MATCH_DISPUTED, MATCH_PENDING, MATCH_REPORTED
from ...services import access, events as ev, rounds
from ...swiss import Result
from ...services.errors import Forbidden
from ..common import actor, db, format_name, formats


bp = Blueprint("events", __name__)


@bp.app_context_processor
def inject():
    return {"format_name": format_name, "sections": sections, "event_nav": event_nav,
            "status_label": status_label, "outcome_for": outcome_for}


STATUS_LABELS = {
    MATCH_PENDING: "sin resultado",
    MATCH_REPORTED: "reportado: falta que el rival lo confirme",
    MATCH_DISPUTED: "en disputa: decide el organizador",
    MATCH_CONFIRMED: "confirmado",
}


def status_label(status: str) -> str:
    """A match status in words a player understands."""
    return STATUS_LABELS.get(status, status)


def outcome_for(table, registration_id: int) -> str:
    """The match result told from one player's side: «Ganaste 2-1», «Perdiste 0-2»,
    «Empate 1-1 (1 juego empatado)»; empty while there is no result."""
    match = table.match
    if table.b is None:
        return "Bye: cuenta como partida ganada."
    if not match.result:
        return ""
    side = "a" if registration_id == match.player_a_id else "b"
    return Result.parse(match.result).seen_by(side).words()


def event_nav(event) -> list[tuple[str, str, bool]]:
    """The links every event page shows under the header, for whoever is looking:
    (label, url, is_current_page). Everyone: event, last visible round, standings; players:
    their matches and list; judges: lists, deck check, documents; organizers: the dashboard."""
    session = db()
    me = actor()
    judge = access.is_judge(session, me, event)
    reg = _my_registration(event)
    visible = [r for r in rounds.event_rounds(session, event) if access.can_see_round(session, me, event, r)]
    links = [("Evento", url_for("events.home", event_id=event.id))]
    if visible:
        last = visible[-1]
        links.append((f"Ronda {last.number}",
                      url_for("events.pairings", event_id=event.id, number=last.number)))
    links.append(("Clasificación", url_for("events.standings", event_id=event.id)))
    if reg is not None:
        links.append(("Mis partidas", url_for("events.my_matches", event_id=event.id)))
        links.append(("Mi lista", url_for("events.my_decklist", event_id=event.id)))
    if access.can_view_decklists(session, me, event):
        links.append(("Listas", url_for("events.decklist_index", event_id=event.id)))
        links.append(("Metagama", url_for("events.metagame", event_id=event.id)))
    if judge:
        links.append(("Revisión de mazo", url_for("events.deck_check", event_id=event.id)))
        links.append(("Arbitrajes", url_for("adjudication.index", event_id=event.id)))
        if visible:
            links.append(("Mesas pendientes", url_for("events.outstanding", event_id=event.id,
                                                      number=visible[-1].number)))
            links.append(("Marcador", url_for("scorekeeper.grid", event_id=event.id,
                                              number=visible[-1].number)))
    if access.is_organizer(me, event, db()):
        links.append(("Panel", url_for("events.dashboard", event_id=event.id)))
    here = request.path
    return [(label, url, url == here) for label, url in links]


def sections(event) -> dict:
    """The game's own deck section names for an event's pages (Mazo Castillo / Mazo de Soporte;
    Magic: Mazo principal / Sideboard; Sky World: Mazo / Héroe), whether cards come from the
    imported catalog (card search) and whether the side is a Mazo de Soporte swapped between
    games (§11): the game's capabilities in formats/games.toml."""
    fmt = formats().get(event.format_id)
    if fmt is None:
        return {"main": "Mazo Castillo", "side": "Mazo de Soporte", "catalog": True, "swaps": True}
    return {"main": fmt.main_name, "side": fmt.side_name,
            "catalog": fmt.game.has_catalog, "swaps": support_rules.applies(fmt)}



def _my_registration(event):
    return ev.registration_of(db(), actor(), event)


def _require_registration(event):
    reg = _my_registration(event)
    if reg is None:
        raise Forbidden("No estás inscrito en este evento.")
    return reg


def _planned(event):
    return rounds.planned_rounds(db(), event)
