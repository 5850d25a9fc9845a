"""Who may see and upload the adjudications of an event (issue 12): the judges of the event
and the organizers upload and see every one; the two players of a match see their own games;
everyone else only once the organizer has published the decklists, and a match only once its
round is published. A deck check's differences are shown like the list itself."""
from __future__ import annotations

import json

from sqlmodel import Session, col, select

from ..models.adjudication import Adjudication
from ..models.events import Event, Match, Registration, User
from .access import can_see_round, can_view_decklist, is_judge, owns
from .errors import Forbidden, NotFound
from .rounds import round_of


def match_registrations(session: Session, match: Match) -> list[Registration]:
    """The registrations of the two players of the match (one for a bye)."""
    ids = [rid for rid in (match.player_a_id, match.player_b_id) if rid is not None]
    return list(session.exec(select(Registration).where(col(Registration.id).in_(ids))))



def is_staff(session: Session, actor: User | None, event: Event) -> bool:
    """Judges of the event and organizers: they upload and see every adjudication."""
    return is_judge(session, actor, event)


def plays_in(actor: User | None, match: Match, regs: dict[int, Registration]) -> bool:
    return any(owns(actor, regs[rid]) for rid in (match.player_a_id, match.player_b_id)
               if rid in regs)


def round_published(session: Session, event: Event, match: Match) -> bool:
    """Players and the public see a match only once its round is published (like its result)."""
    rnd = round_of(session, match)
    return rnd is not None and rnd.event_id == event.id and can_see_round(session, None, event, rnd)


def can_view(session: Session, actor: User | None, event: Event, match: Match) -> bool:
    if is_staff(session, actor, event):
        return True
    if not round_published(session, event, match):
        return False
    if event.decklists_published:
        return True
    regs = {r.pk: r for r in match_registrations(session, match)}
    return plays_in(actor, match, regs)


def require_view(session: Session, actor: User | None, event: Event, match: Match) -> None:
    if not is_staff(session, actor, event) and not round_published(session, event, match):
        raise NotFound("Esa ronda todavía no está publicada.")
    if not can_view(session, actor, event, match):
        raise Forbidden("Solo los jugadores de esta mesa y los jueces ven este arbitraje hasta "
                        "que el organizador publique las listas.")


def can_upload(session: Session, actor: User | None, event: Event) -> bool:
    return is_staff(session, actor, event)


def sees_deck(session: Session, actor: User | None, event: Event,
              registration: Registration) -> bool:
    """The deck check's card-by-card differences tell what a registered list holds: they are
    shown like the list itself (its owner, the staff, everyone once lists are published)."""
    return can_view_decklist(session, actor, event, registration)


def hidden_players(session: Session, actor: User | None, event: Event,
                   adj: Adjudication) -> set[str]:
    """The record's player ids whose deck the actor may not see (their list is private until
    published: the rival sees only whether the deck matches)."""
    seats = json.loads(adj.players_json or "{}")
    hidden = set()
    for pid, reg_id in seats.items():
        reg = session.get(Registration, reg_id) if reg_id is not None else None
        if reg is None or not sees_deck(session, actor, event, reg):
            hidden.add(str(pid))
    return hidden


def require_upload(session: Session, actor: User | None, event: Event) -> None:
    if not is_staff(session, actor, event):
        raise Forbidden("Solo los jueces de este evento y los organizadores suben partidas "
                        "registradas.")
