"""Accounts: sign-up, login check, roles. Passwords are stored hashed (werkzeug)."""
from __future__ import annotations

import re

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select
from werkzeug.security import check_password_hash, generate_password_hash

from ..models.events import ROLES, User
from .names import clean_name
from .errors import Conflict, ServiceError

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MIN_PASSWORD = 8
# werkzeug method for new hashes; tests may lower the cost (check_password_hash reads any method)
PASSWORD_METHOD = "scrypt"


def session_user(session: Session, user_id: str) -> User | None:
    """The account of a login session, from ``User.get_id``'s "id:version": None when the id
    names no account or the session's version was revoked (logout, password change); a bare
    "id" is a session from before versions (version 0)."""
    raw_id, _, version = str(user_id).partition(":")
    try:
        user = session.get(User, int(raw_id))
        if user is not None and int(version or 0) != (user.session_version or 0):
            return None
        return user
    except (TypeError, ValueError):
        return None


def normalize_email(email: str) -> str:
    return (email or "").strip().lower()


def create_user(session: Session, email: str, name: str, password: str,
                role: str = "jugador") -> User:
    email = normalize_email(email)
    if not EMAIL_RE.match(email):
        raise ServiceError("El correo no es válido.", "email")
    name = clean_name(name, "name", "Tu nombre")
    if not name:
        raise ServiceError("Escribe tu nombre.", "name")
    if len(password or "") < MIN_PASSWORD:
        raise ServiceError(f"La contraseña debe tener al menos {MIN_PASSWORD} caracteres.",
                           "password")
    if role not in ROLES:
        raise ServiceError(f"Rol desconocido: {role} (usa {' o '.join(ROLES)}).", "role")
    if session.exec(select(User).where(User.email == email)).first() is not None:
        raise Conflict("Ya existe una cuenta con ese correo.", "email")
    user = User(email=email, name=name, role=role,
                password_hash=generate_password_hash(password, method=PASSWORD_METHOD))
    session.add(user)
    try:
        session.flush()
    except IntegrityError:  # a concurrent sign-up with the same e-mail; the edge rolls back
        raise Conflict("Ya existe una cuenta con ese correo.", "email") from None
    return user


_DUMMY_HASHES: dict[str, str] = {}


def _dummy_hash() -> str:
    """A hash of the current method, checked when the account does not exist: an unknown
    e-mail costs the same work as a wrong password (no enumeration by timing)."""
    found = _DUMMY_HASHES.get(PASSWORD_METHOD)
    if found is None:
        found = _DUMMY_HASHES[PASSWORD_METHOD] = generate_password_hash(
            "no-es-una-clave", method=PASSWORD_METHOD)
    return found


def authenticate(session: Session, email: str, password: str) -> User | None:
    user = session.exec(select(User).where(User.email == normalize_email(email))).first()
    if user is None:
        check_password_hash(_dummy_hash(), password or "")
        return None
    if not check_password_hash(user.password_hash, password or ""):
        return None
    return user


def sign_up(session: Session, email: str, name: str, password: str) -> User | None:
    """Self-service sign-up that does not tell whether the e-mail has an account: the new
    User, or None when the e-mail is taken, after the same work (a password hash) either
    way. Input errors (e-mail, name, short password) are still ServiceErrors."""
    try:
        return create_user(session, email, name, password)
    except Conflict:
        generate_password_hash(password or "", method=PASSWORD_METHOD)  # same cost as creating
        return None


def revoke_sessions(session: Session, user: User) -> None:
    """Every session and remember-me cookie of ``user`` stops working (logout, new password)."""
    user.session_version = (user.session_version or 0) + 1
    session.add(user)
    session.flush()


def change_password(session: Session, user: User, current: str, new: str) -> User:
    if not check_password_hash(user.password_hash, current or ""):
        raise ServiceError("La contraseña actual no es correcta.", "current")
    if len(new or "") < MIN_PASSWORD:
        raise ServiceError(f"La contraseña debe tener al menos {MIN_PASSWORD} caracteres.",
                           "password")
    user.password_hash = generate_password_hash(new, method=PASSWORD_METHOD)
    revoke_sessions(session, user)
    return user


def existing(session: Session, email: str) -> User:
    """The account of ``email`` for a command run on the machine (which may say it is missing)."""
    user = session.exec(select(User).where(User.email == normalize_email(email))).first()
    if user is None:
        raise ServiceError(f"No hay ninguna cuenta con el correo {email}.", "email")
    return user


def set_role(session: Session, email: str, role: str) -> User:
    if role not in ROLES:
        raise ServiceError(f"Rol desconocido: {role} (usa {' o '.join(ROLES)}).", "role")
    user = session.exec(select(User).where(User.email == normalize_email(email))).first()
    if user is None:
        raise ServiceError(f"No hay ninguna cuenta con el correo {email}.", "email")
    user.role = role
    session.add(user)
    session.flush()
    return user
