"""The first run: while no organizer account exists, the home page offers to create the first
one, only from the machine itself or with a one-time code that `make run` / `tourney serve`
print (and keep in a 0600 file of the instance folder, so every process reads the same code).

Rights are asked of ``services.access.may_create_first_organizer``; the file is removed as soon
as the first organizer exists (the code is good once).
"""
from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from sqlmodel import Session, select

from ..models.events import ROLE_ORGANIZER, User
from .access import may_create_first_organizer
from .accounts import create_user
from .errors import Forbidden

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or copied by hand
CODE_LENGTH = 10


def organizer_exists(session: Session) -> bool:
    return session.exec(select(User.id).where(User.role == ROLE_ORGANIZER)).first() is not None


def _read(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text or None


def issue_code(session: Session, path: Path) -> str | None:
    """The one-time code while no organizer exists (made once, then the same for every
    process and restart), None when an organizer exists (and the old file is removed)."""
    if organizer_exists(session):
        forget_code(path)
        return None
    code = _read(path)
    if code:
        return code
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(code + "\n")
    return code


def forget_code(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def code_matches(path: Path, given: str | None) -> bool:
    code = _read(path)
    wanted = "".join((given or "").split()).upper().replace("-", "")
    if not code or not wanted:
        return False
    return hmac.compare_digest(code.encode(), wanted.encode())


def create_first_organizer(session: Session, *, email: str, name: str, password: str,
                           from_machine: bool, code: str | None, code_path: Path) -> User:
    """The first organizer account (flush, never commit). Refused once an organizer exists,
    and from another machine without the right code."""
    exists = organizer_exists(session)
    if not may_create_first_organizer(exists, from_machine, code_matches(code_path, code)):
        if exists:
            raise Forbidden("Ya hay una cuenta de organizador: entra con ella. Otra cuenta se "
                            "hace organizadora con `tourney users role CORREO organizador`.")
        raise Forbidden("Desde otra máquina hace falta el código de un solo uso que mostró "
                        "`make run` o `tourney serve` al arrancar (también está en el archivo "
                        f"{code_path.name} de la carpeta instance).")
    user = create_user(session, email, name, password, ROLE_ORGANIZER)
    forget_code(code_path)
    return user
