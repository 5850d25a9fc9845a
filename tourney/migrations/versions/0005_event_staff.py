"""event owner and staff; per-user session version; login throttling

Revision ID: 0005_event_staff
Revises: 0004_event_documents
Create Date: 2026-12-01

PLACEHOLDER owned by the security (issue 15) work: fill upgrade()/downgrade(); only add (nullable
columns or server defaults), so existing rows keep their values.
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401

revision = "0005_event_staff"
down_revision = "0004_event_documents"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
