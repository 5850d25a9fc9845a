"""adjudicated game records stored per match and game

Revision ID: 0006_adjudications
Revises: 0005_event_staff
Create Date: 2026-12-01

PLACEHOLDER owned by the adjudication (issue 12) work: fill upgrade()/downgrade(); only add (nullable
columns or server defaults), so existing rows keep their values.
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401

revision = "0006_adjudications"
down_revision = "0005_event_staff"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
