"""`tourney adjudicate FILE --event ID --match N --game G`: store the record and its verdict in
the event, exactly as the web upload does (``services.adjudication``). A helper of
``cli.engine``'s command, not a command module of its own."""
from __future__ import annotations

from pathlib import Path

from .. import db
from ..legality import load_formats
from ..services.adjudication import upload_from_console
from ..services.errors import ServiceError
from .common import EXIT_UNREADABLE, CliError


def store(app, path: str, text: str, event_id: int | None, match_id: int | None,
          game: int | None, catalog, first_player: str | None = None) -> str:
    """Adjudicate and store; the Spanish line to print. CliError (exit 2) when the event, the
    match, the game or the players do not fit: nothing is stored then. ``first_player`` (the
    registration's name or id) says which player of the match is the record's first one."""
    missing = [flag for flag, value in (("--event", event_id), ("--match", match_id),
                                        ("--game", game)) if value is None]
    if missing or event_id is None or match_id is None or game is None:
        raise CliError("para guardar el veredicto en el evento faltan " + ", ".join(missing)
                       + " (van juntos: --event ID --match N --game G)", EXIT_UNREADABLE)
    formats = load_formats(Path(app.config["FORMATS_DIR"]))
    try:
        with db.session_scope(app) as session:
            row = upload_from_console(session, event_id, match_id, game, text, catalog, formats,
                                      filename=Path(path).name, first_player=first_player)
            where = (f"/eventos/{row.event_id}/mesas/{row.match_id}/juegos/{row.game}/veredicto")
            revision = row.revision
    except ServiceError as exc:
        field = {"game": "--game", "match": "--match", "first_player": "--first-player",
                 "record": "el registro"}.get(exc.field or "", "")
        raise CliError(f"no se guardó{' (' + field + ')' if field else ''}: {exc.message}",
                       EXIT_UNREADABLE) from None
    return f"Guardado como juego {game} de la mesa {match_id} (revisión {revision}): {where}"
