"""Sellado / Lanzamiento pools: sealed_event (Castillo size, pool editions, lock) and player_pool

Revision ID: 0007_pools
Revises: 0006_adjudications
Create Date: 2026-12-01

Only adds two new tables: existing rows are untouched.
"""
from alembic import op
import sqlalchemy as sa

revision = "0007_pools"
down_revision = "0006_adjudications"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sealed_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("castle_size", sa.Integer(), nullable=False, server_default="40"),
        sa.Column("editions_json", sa.Text(), nullable=False),
        sa.Column("player_entry", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("pools_locked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("locked_by", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("event_id", name="uq_sealed_event"),
    )
    op.create_index("ix_sealed_event_event_id", "sealed_event", ["event_id"])
    op.create_table(
        "player_pool",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("registration_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("cards_json", sa.Text(), nullable=False),
        sa.Column("card_count", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("source", sa.String(20), nullable=False, server_default="texto"),
        sa.Column("raw_text", sa.Text(), nullable=False),
        sa.Column("entered_by", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("locked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("locked_by", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.UniqueConstraint("registration_id", name="uq_player_pool"),
    )
    op.create_index("ix_player_pool_event_id", "player_pool", ["event_id"])


def downgrade() -> None:
    op.drop_index("ix_player_pool_event_id", table_name="player_pool")
    op.drop_table("player_pool")
    op.drop_index("ix_sealed_event_event_id", table_name="sealed_event")
    op.drop_table("sealed_event")
