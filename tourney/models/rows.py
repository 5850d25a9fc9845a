"""The base of the tables whose ``id`` the database assigns."""
from __future__ import annotations

from sqlmodel import SQLModel


class UnsavedRow(RuntimeError):
    """A new row's id was read before the session flushed it (a bug in the caller)."""


class IdRow(SQLModel):
    """A table row with an integer ``id`` primary key: ``None`` until the session flushes the
    row, an ``int`` for every row loaded or flushed. ``pk`` is that id, typed ``int``."""

    @property
    def pk(self) -> int:
        value = getattr(self, "id", None)
        if value is None:
            raise UnsavedRow(f"{type(self).__name__} sin guardar: no tiene id hasta el flush")
        return value
