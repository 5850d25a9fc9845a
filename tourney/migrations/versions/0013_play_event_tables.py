"""play tables of an event's match: play_table.match_id, game_no, judge_log

Revision ID: 0013_play_event_tables
Revises: 0012_staff_invitations
Create Date: 2026-12-02

Only adds columns (issue 24): existing tables are casual (match_id NULL), game 1, no take-backs.
"""
from alembic import op
import sqlalchemy as sa

revision = "0013_play_event_tables"
down_revision = "0012_staff_invitations"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("play_table") as batch:
        batch.add_column(sa.Column("match_id", sa.Integer(), sa.ForeignKey(
            "match.id", name="fk_play_table_match"), nullable=True))
        batch.add_column(sa.Column("game_no", sa.Integer(), nullable=False, server_default="1"))
        batch.add_column(sa.Column("judge_log", sa.Text(), nullable=False, server_default="[]"))
        batch.create_index("ix_play_table_match_id", ["match_id"])


def downgrade() -> None:
    with op.batch_alter_table("play_table") as batch:
        batch.drop_index("ix_play_table_match_id")
        batch.drop_column("judge_log")
        batch.drop_column("game_no")
        batch.drop_column("match_id")
