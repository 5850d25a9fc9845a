"""events: accounts, events, registrations, decklists, rounds, matches, swaps, deck checks

Revision ID: 0002_events
Revises: 0001_catalog
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa

revision = "0002_events"
down_revision = "0001_catalog"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "app_user",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("email", name="uq_user_email"),
    )
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("venue", sa.String(200), nullable=False),
        sa.Column("format_id", sa.String(80), nullable=False),
        sa.Column("rounds_planned", sa.Integer(), nullable=True),
        sa.Column("top_cut", sa.Integer(), nullable=False),
        sa.Column("registration_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decklist_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("support_required", sa.Boolean(), nullable=False),
        sa.Column("registration_open", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("decklists_published", sa.Boolean(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("organizer_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "event_judge",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=False),
        sa.UniqueConstraint("event_id", "user_id", name="uq_event_judge"),
    )
    op.create_index("ix_event_judge_event_id", "event_judge", ["event_id"])
    op.create_table(
        "registration",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("dropped", sa.Boolean(), nullable=False),
        sa.Column("late_losses", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("event_id", "user_id", name="uq_registration_user"),
    )
    op.create_index("ix_registration_event_id", "registration", ["event_id"])
    op.create_table(
        "decklist_submission",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("registration_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("submitted_by", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("source", sa.String(20), nullable=False),
        sa.Column("raw_text", sa.Text(), nullable=False, server_default=""),
        sa.Column("resolved_json", sa.Text(), nullable=False, server_default="{}"),
        sa.Column("verdict_json", sa.Text(), nullable=False, server_default="{}"),
        sa.Column("legal", sa.Boolean(), nullable=False),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_decklist_submission_registration_id", "decklist_submission",
                    ["registration_id"])
    op.create_index("ix_decklist_submission_submitted_at", "decklist_submission", ["submitted_at"])
    op.create_table(
        "round",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("published", sa.Boolean(), nullable=False),
        sa.Column("timer_started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("timer_minutes", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("event_id", "number", name="uq_round_number"),
    )
    op.create_index("ix_round_event_id", "round", ["event_id"])
    op.create_table(
        "match",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("round.id"), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("player_a_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("player_b_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=True),
        sa.Column("result", sa.String(10), nullable=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("flags", sa.Text(), nullable=False, server_default="[]"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("round_id", "table_no", name="uq_match_table"),
    )
    op.create_index("ix_match_round_id", "match", ["round_id"])
    op.create_table(
        "match_seat",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("round.id"), nullable=False),
        sa.Column("registration_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.UniqueConstraint("round_id", "registration_id", name="uq_seat_player_round"),
    )
    op.create_index("ix_match_seat_round_id", "match_seat", ["round_id"])
    op.create_index("ix_match_seat_registration_id", "match_seat", ["registration_id"])
    op.create_index("ix_match_seat_match_id", "match_seat", ["match_id"])
    op.create_table(
        "result_report",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("registration_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("result", sa.String(10), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("match_id", "registration_id", name="uq_report_player"),
    )
    op.create_index("ix_result_report_match_id", "result_report", ["match_id"])
    op.create_table(
        "support_swap",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("registration_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("swaps_json", sa.Text(), nullable=False, server_default="[]"),
        sa.Column("entered_by", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("match_id", "registration_id", "game", name="uq_swap_player_game"),
    )
    op.create_index("ix_support_swap_match_id", "support_swap", ["match_id"])
    op.create_table(
        "deck_check",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("registration_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=True),
        sa.Column("game", sa.Integer(), nullable=False),
        sa.Column("judge_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True),
        sa.Column("counted_text", sa.Text(), nullable=False, server_default=""),
        sa.Column("differences_json", sa.Text(), nullable=False, server_default="[]"),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_deck_check_event_id", "deck_check", ["event_id"])


def downgrade() -> None:
    for index, table in [
        ("ix_deck_check_event_id", "deck_check"),
        ("ix_support_swap_match_id", "support_swap"),
        ("ix_result_report_match_id", "result_report"),
        ("ix_match_seat_match_id", "match_seat"),
        ("ix_match_seat_registration_id", "match_seat"),
        ("ix_match_seat_round_id", "match_seat"),
        ("ix_match_round_id", "match"),
        ("ix_round_event_id", "round"),
        ("ix_decklist_submission_submitted_at", "decklist_submission"),
        ("ix_decklist_submission_registration_id", "decklist_submission"),
        ("ix_registration_event_id", "registration"),
        ("ix_event_judge_event_id", "event_judge"),
    ]:
        op.drop_index(index, table)
    for table in ("deck_check", "support_swap", "result_report", "match_seat", "match", "round",
                  "decklist_submission", "registration", "event_judge", "event", "app_user"):
        op.drop_table(table)
