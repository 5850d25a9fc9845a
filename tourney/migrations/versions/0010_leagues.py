"""leagues: league, league_event, archetype_alias, player_profile

Revision ID: 0010_leagues
Revises: 0009_event_history
Create Date: 2026-12-01

Only adds four new tables: existing rows are untouched. ``league`` (an organizer's season and
its points table), ``league_event`` (the events of a league), ``archetype_alias`` (an
organizer's rename or merge of an archetype in one event) and ``player_profile`` (a player's
public page hidden or not).
"""
from alembic import op
import sqlalchemy as sa

revision = "0010_leagues"
down_revision = "0009_event_history"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "league",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=False),
        sa.Column("game_id", sa.String(40), nullable=False),
        sa.Column("points_toml", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_league_organizer_id", "league", ["organizer_id"])
    op.create_table(
        "league_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("league_id", sa.Integer(), sa.ForeignKey("league.id"), nullable=False),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("league_id", "event_id", name="uq_league_event"),
    )
    op.create_index("ix_league_event_league_id", "league_event", ["league_id"])
    op.create_index("ix_league_event_event_id", "league_event", ["event_id"])
    op.create_table(
        "archetype_alias",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("source", sa.String(60), nullable=False),
        sa.Column("target", sa.String(60), nullable=False),
        sa.UniqueConstraint("event_id", "source", name="uq_archetype_alias"),
    )
    op.create_index("ix_archetype_alias_event_id", "archetype_alias", ["event_id"])
    op.create_table(
        "player_profile",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("user_id", name="uq_player_profile_user"),
    )


def downgrade() -> None:
    op.drop_table("player_profile")
    op.drop_index("ix_archetype_alias_event_id", table_name="archetype_alias")
    op.drop_table("archetype_alias")
    op.drop_index("ix_league_event_event_id", table_name="league_event")
    op.drop_index("ix_league_event_league_id", table_name="league_event")
    op.drop_table("league_event")
    op.drop_index("ix_league_organizer_id", table_name="league")
    op.drop_table("league")
