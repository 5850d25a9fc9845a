"""adjudicated game records stored per match and game

Revision ID: 0006_adjudications
Revises: 0005_event_staff
Create Date: 2026-12-01

Only adds a table (``adjudication``): no existing row is touched.
"""
from alembic import op
import sqlalchemy as sa

revision = "0006_adjudications"
down_revision = "0005_event_staff"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "adjudication",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("uploaded_by", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("uploaded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("source", sa.String(10), nullable=False, server_default="texto"),
        sa.Column("filename", sa.String(255), nullable=False, server_default=""),
        sa.Column("record_text", sa.Text(), nullable=False),
        sa.Column("players_json", sa.Text(), nullable=False),
        sa.Column("verdict_json", sa.Text(), nullable=False),
        sa.Column("deck_check_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False, server_default=""),
        sa.Column("line", sa.Integer(), nullable=True),
        sa.Column("rule", sa.String(40), nullable=True),
        sa.Column("winner_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=True),
        sa.Column("decks_ok", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.UniqueConstraint("match_id", "game", "revision", name="uq_adjudication_revision"),
    )
    op.create_index("ix_adjudication_event_id", "adjudication", ["event_id"])
    op.create_index("ix_adjudication_match_id", "adjudication", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_adjudication_match_id", table_name="adjudication")
    op.drop_index("ix_adjudication_event_id", table_name="adjudication")
    op.drop_table("adjudication")
