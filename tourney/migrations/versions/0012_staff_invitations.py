"""staff invitations: staff_invitation (issue 26, finding 16)

Revision ID: 0012_staff_invitations
Revises: 0011_play_tables
Create Date: 2026-12-02

Only adds a new table: existing rows (the staff already on each event) are untouched.
Downgrading drops the pending and used invitations and nothing else.
"""
from alembic import op
import sqlalchemy as sa

revision = "0012_staff_invitations"
down_revision = "0011_play_tables"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "staff_invitation",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("created_by_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("accepted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("accepted_by_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("cancelled_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_staff_invitation_event_id", "staff_invitation", ["event_id"])
    op.create_index("ix_staff_invitation_code_hash", "staff_invitation", ["code_hash"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_staff_invitation_code_hash", table_name="staff_invitation")
    op.drop_index("ix_staff_invitation_event_id", table_name="staff_invitation")
    op.drop_table("staff_invitation")
