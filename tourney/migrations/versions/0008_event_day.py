"""event day: self-drop, catalog uploads, venue time

Revision ID: 0008_event_day
Revises: 0007_pools
Create Date: 2026-12-01

PLACEHOLDER owned by the event day (issue 13) work: fill upgrade()/downgrade(); only add (nullable
columns or server defaults), so existing rows keep their values.
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401

revision = "0008_event_day"
down_revision = "0007_pools"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
