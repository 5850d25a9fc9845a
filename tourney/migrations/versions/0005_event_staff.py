"""event owner and staff; per-user session version; shared rate-limit counters

Revision ID: 0005_event_staff
Revises: 0004_event_documents
Create Date: 2026-12-01

Only adds, so every existing row keeps working:

* ``event_judge.role`` ("juez" | "organizador"), default "juez": existing judges stay judges
  of their event; an event's owner is its creator (``event.organizer_id``, unchanged);
* ``app_user.session_version`` (default 0): bumped by logout and password changes, which
  revokes every session signed with the old value;
* ``page_note``: long summaries (an XLSX import of 500 players) shown once on the next page,
  kept here instead of the session cookie;
* ``rate_limit``: the counters of the rate limits (login per account and per address), kept in
  the database so every process of ``tourney serve`` shares them (Redis when REDIS_URL is set).
"""
from alembic import op
import sqlalchemy as sa

revision = "0005_event_staff"
down_revision = "0004_event_documents"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event_judge") as batch:
        batch.add_column(sa.Column("role", sa.String(20), nullable=False, server_default="juez"))
    with op.batch_alter_table("app_user") as batch:
        batch.add_column(sa.Column("session_version", sa.Integer(), nullable=False,
                                   server_default="0"))
    op.create_table(
        "page_note",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("app_user.id"), nullable=True, index=True),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rate_limit",
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("hits", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("expires_at", sa.Float(), nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("rate_limit")
    op.drop_table("page_note")
    with op.batch_alter_table("app_user") as batch:
        batch.drop_column("session_version")
    with op.batch_alter_table("event_judge") as batch:
        batch.drop_column("role")
