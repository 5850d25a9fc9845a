"""A row a foreign key points at: it exists, or the data is not what the caller was given."""
from __future__ import annotations

from typing import TypeVar

from sqlmodel import Session, SQLModel

from .errors import NotFound

RowT = TypeVar("RowT", bound=SQLModel)


def existing(session: Session, model: type[RowT], row_id: int) -> RowT:
    """``session.get`` for a row that must be there (the match of an adjudication, the player of a
    seat, an event's owner); NotFound when it is not."""
    row = session.get(model, row_id)
    if row is None:
        raise NotFound(f"No existe {model.__name__} {row_id}.")
    return row
