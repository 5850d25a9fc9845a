"""Catalog tables: editions, card printings, formats as loaded."""
from __future__ import annotations

import json
from datetime import UTC, date, datetime

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from ..catalog.model import Card, Edition
from .rows import IdRow


def utcnow() -> datetime:
    return datetime.now(UTC)


class EditionRow(SQLModel, table=True):
    __tablename__ = "edition"

    slug: str = Field(primary_key=True, max_length=80)
    name: str = Field(max_length=200)
    released: date | None = None
    era: str | None = Field(default=None, max_length=80)

    def to_value(self) -> Edition:
        return Edition(slug=self.slug, name=self.name, released=self.released, era=self.era)


class CardRow(IdRow, table=True):
    __tablename__ = "card"
    __table_args__ = (UniqueConstraint("code", name="uq_card_code"),)

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=40, index=True)
    name: str = Field(max_length=200, index=True)
    edition: str = Field(foreign_key="edition.slug", max_length=80, index=True)
    type: str = Field(max_length=40)
    identity: str = Field(max_length=200, index=True)
    cost: int | None = None
    strength: int | None = None
    race: str | None = Field(default=None, max_length=80)
    school: str | None = Field(default=None, max_length=80)
    attribute: str | None = Field(default=None, max_length=40)
    rarity: str | None = Field(default=None, max_length=40)
    text: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    keywords: str = Field(default="[]", sa_column=Column(Text, nullable=False, default="[]"))
    illustrator: str | None = Field(default=None, max_length=200)
    origin: str | None = Field(default=None, max_length=80)
    source: str | None = Field(default=None, max_length=200)  # importer that brought it
    updated_at: datetime = Field(default_factory=utcnow)

    def to_value(self) -> Card:
        return Card(
            code=self.code,
            name=self.name,
            edition=self.edition,
            type=self.type,
            identity=self.identity,
            cost=self.cost,
            strength=self.strength,
            race=self.race,
            school=self.school,
            attribute=self.attribute,
            rarity=self.rarity,
            text=self.text or "",
            keywords=frozenset(json.loads(self.keywords or "[]")),
            illustrator=self.illustrator,
            origin=self.origin,
        )

    @staticmethod
    def column_values(card: Card, source: str | None = None) -> dict:
        """The row's columns for a card value (for bulk inserts without ORM objects)."""
        return {
            "code": card.code, "name": card.name, "edition": card.edition, "type": card.type,
            "identity": card.identity, "cost": card.cost, "strength": card.strength,
            "race": card.race, "school": card.school, "attribute": card.attribute,
            "rarity": card.rarity, "text": card.text,
            "keywords": json.dumps(sorted(card.keywords), ensure_ascii=False),
            "illustrator": card.illustrator, "origin": card.origin, "source": source,
            "updated_at": utcnow(),
        }

    @classmethod
    def from_value(cls, card: Card, source: str | None = None) -> CardRow:
        row = cls(code=card.code, name=card.name, edition=card.edition, type=card.type,
                  identity=card.identity)
        row.update_from(card, source)
        return row

    def update_from(self, card: Card, source: str | None = None) -> bool:
        """Copy the value's fields; return True when anything changed."""
        values = {
            "name": card.name, "edition": card.edition, "type": card.type,
            "identity": card.identity, "cost": card.cost, "strength": card.strength,
            "race": card.race, "school": card.school, "attribute": card.attribute,
            "rarity": card.rarity, "text": card.text,
            "keywords": json.dumps(sorted(card.keywords), ensure_ascii=False),
            "illustrator": card.illustrator, "origin": card.origin,
        }
        changed = False
        for key, value in values.items():
            if getattr(self, key) != value:
                setattr(self, key, value)
                changed = True
        if source is not None and self.source != source:
            self.source = source
        if changed:
            self.updated_at = utcnow()
        return changed


class FormatRow(SQLModel, table=True):
    """A format file as last loaded (the TOML stays the source of truth)."""

    __tablename__ = "format"

    id: str = Field(primary_key=True, max_length=80)
    name: str = Field(max_length=200)
    game: str = Field(default="myl", max_length=40)
    path: str = Field(max_length=500)
    sha256: str = Field(max_length=64)
    definition: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))
    loaded_at: datetime = Field(default_factory=utcnow)
