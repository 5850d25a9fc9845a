"""play tables: play_table

Revision ID: 0011_play_tables
Revises: 0010_leagues
Create Date: 2026-12-01

Only adds a new table (issue 24): existing rows are untouched.
"""
from alembic import op
import sqlalchemy as sa

revision = "0011_play_tables"
down_revision = "0010_leagues"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_table",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token", sa.String(40), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("seat_a_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=False),
        sa.Column("seat_b_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("deck_a", sa.Text(), nullable=False),
        sa.Column("deck_b", sa.Text(), nullable=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("seed_commit", sa.String(64), nullable=False),
        sa.Column("seed_a", sa.String(128), nullable=False),
        sa.Column("seed_b", sa.String(128), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("proposal", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_play_table_token", "play_table", ["token"], unique=True)
    op.create_index("ix_play_table_seat_a_id", "play_table", ["seat_a_id"])
    op.create_index("ix_play_table_seat_b_id", "play_table", ["seat_b_id"])


def downgrade() -> None:
    op.drop_index("ix_play_table_seat_b_id", table_name="play_table")
    op.drop_index("ix_play_table_seat_a_id", table_name="play_table")
    op.drop_index("ix_play_table_token", table_name="play_table")
    op.drop_table("play_table")
