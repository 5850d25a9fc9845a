"""event day: a player can drop themselves (registration.self_dropped_at)

Revision ID: 0008_event_day
Revises: 0007_pools
Create Date: 2026-12-01

Additive only: one nullable column, so existing rows keep their values. ``self_dropped_at`` is
when the player dropped themselves from the web (the organizer sees it and can undo it before
the next round is paired); NULL for every drop the organizer made.
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401

revision = "0008_event_day"
down_revision = "0007_pools"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("registration") as batch:
        batch.add_column(sa.Column("self_dropped_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("registration") as batch:
        batch.drop_column("self_dropped_at")
