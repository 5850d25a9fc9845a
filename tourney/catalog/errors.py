"""Errors raised while reading card files.

``CatalogImportError`` is *invalid input*: the file (or one record/row of it) is
malformed. Its message is Spanish and names the place (file, record or row, field)
so the organizer can fix the file; the whole file is rejected.
"""
from __future__ import annotations


class CatalogImportError(ValueError):
    def __init__(self, message: str, record: int | str | None = None, field: str | None = None,
                 source: str | None = None):
        self.reason = message
        self.record = record
        self.field = field
        self.source = source
        super().__init__(self.describe())

    def describe(self) -> str:
        where = []
        if self.source:
            where.append(f"archivo {self.source}")
        if self.record is not None:
            where.append(self.record if isinstance(self.record, str) else f"registro {self.record}")
        if self.field:
            where.append(f"campo «{self.field}»")
        return (", ".join(where) + ": " if where else "") + self.reason

    def with_source(self, source: str) -> "CatalogImportError":
        if self.source is None:
            self.source = source
            self.args = (self.describe(),)
        return self

    def __str__(self) -> str:
        return self.describe()
