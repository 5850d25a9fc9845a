"""the event's history: who changed what, when and why (event_history)

Revision ID: 0009_event_history
Revises: 0008_event_day
Create Date: 2026-12-01

Only adds one table: existing rows are untouched. Results entered before this migration have
no history rows (the history starts here); downgrading drops the history and nothing else.
"""
from alembic import op
import sqlalchemy as sa

revision = "0009_event_history"
down_revision = "0008_event_day"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event_history",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("actor_name", sa.String(120), nullable=False, server_default=""),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("summary", sa.String(500), nullable=False, server_default=""),
        sa.Column("reason", sa.String(500), nullable=False, server_default=""),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("subject_user_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("before_json", sa.Text(), nullable=False),
        sa.Column("after_json", sa.Text(), nullable=False),
        sa.Column("undoes_id", sa.Integer(), sa.ForeignKey("event_history.id"), nullable=True),
    )
    op.create_index("ix_event_history_event_id", "event_history", ["event_id"])
    op.create_index("ix_event_history_match_id", "event_history", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_event_history_match_id", table_name="event_history")
    op.drop_index("ix_event_history_event_id", table_name="event_history")
    op.drop_table("event_history")
