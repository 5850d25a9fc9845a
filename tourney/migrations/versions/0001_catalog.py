"""catalog: editions, cards, formats

Revision ID: 0001_catalog
Revises:
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa

revision = "0001_catalog"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "edition",
        sa.Column("slug", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("released", sa.Date(), nullable=True),
        sa.Column("era", sa.String(80), nullable=True),
    )
    op.create_table(
        "card",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("code", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("edition", sa.String(80), sa.ForeignKey("edition.slug"), nullable=False),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("identity", sa.String(200), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=True),
        sa.Column("strength", sa.Integer(), nullable=True),
        sa.Column("race", sa.String(80), nullable=True),
        sa.Column("school", sa.String(80), nullable=True),
        sa.Column("attribute", sa.String(40), nullable=True),
        sa.Column("rarity", sa.String(40), nullable=True),
        sa.Column("text", sa.Text(), nullable=False, server_default=""),
        sa.Column("keywords", sa.Text(), nullable=False, server_default="[]"),
        sa.Column("illustrator", sa.String(200), nullable=True),
        sa.Column("origin", sa.String(80), nullable=True),
        sa.Column("source", sa.String(200), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("code", name="uq_card_code"),
    )
    op.create_index("ix_card_code", "card", ["code"])
    op.create_index("ix_card_name", "card", ["name"])
    op.create_index("ix_card_edition", "card", ["edition"])
    op.create_index("ix_card_identity", "card", ["identity"])
    op.create_table(
        "format",
        sa.Column("id", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("game", sa.String(40), nullable=False, server_default="myl"),
        sa.Column("path", sa.String(500), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("definition", sa.Text(), nullable=False, server_default="{}"),
        sa.Column("loaded_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("format")
    op.drop_index("ix_card_identity", "card")
    op.drop_index("ix_card_edition", "card")
    op.drop_index("ix_card_name", "card")
    op.drop_index("ix_card_code", "card")
    op.drop_table("card")
    op.drop_table("edition")
