"""Sellado / Lanzamiento pools

Revision ID: 0007_pools
Revises: 0006_adjudications
Create Date: 2026-12-01

PLACEHOLDER owned by the sellado (issue 16) work: fill upgrade()/downgrade(); only add (nullable
columns or server defaults), so existing rows keep their values.
"""
from alembic import op  # noqa: F401
import sqlalchemy as sa  # noqa: F401

revision = "0007_pools"
down_revision = "0006_adjudications"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
