"""round kind: Swiss rounds and top-cut (single elimination) rounds

Revision ID: 0003_round_kind
Revises: 0002_events
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa

revision = "0003_round_kind"
down_revision = "0002_events"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("round") as batch:
        batch.add_column(sa.Column("kind", sa.String(10), nullable=False,
                                   server_default="suizo"))


def downgrade() -> None:
    with op.batch_alter_table("round") as batch:
        batch.drop_column("kind")
