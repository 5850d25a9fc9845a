"""event page size; registration external id, e-mail and pre-assigned byes; forbidden pairs;
when each Mazo de Soporte swap form was opened

Revision ID: 0004_event_documents
Revises: 0003_round_kind
Create Date: 2026-11-29

Only adds: every new column is nullable or has a server default, so existing rows keep
their values (tests/web/test_web_migration.py upgrades from 0003 with rows present).
"""
from alembic import op
import sqlalchemy as sa

revision = "0004_event_documents"
down_revision = "0003_round_kind"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("page_size", sa.String(10), nullable=False,
                                   server_default="A4"))
    with op.batch_alter_table("registration") as batch:
        batch.add_column(sa.Column("external_id", sa.String(254), nullable=True))
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("byes", sa.Integer(), nullable=False, server_default="0"))
        batch.create_unique_constraint("uq_registration_external", ["event_id", "external_id"])
    with op.batch_alter_table("support_swap") as batch:
        batch.add_column(sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "forbidden_pair",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False,
                  index=True),
        sa.Column("player_x_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("player_y_id", sa.Integer(), sa.ForeignKey("registration.id"), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False, server_default=""),
        sa.UniqueConstraint("event_id", "player_x_id", "player_y_id", name="uq_forbidden_pair"),
    )


def downgrade() -> None:
    op.drop_table("forbidden_pair")
    with op.batch_alter_table("support_swap") as batch:
        batch.drop_column("started_at")
    with op.batch_alter_table("registration") as batch:
        batch.drop_constraint("uq_registration_external", type_="unique")
        batch.drop_column("byes")
        batch.drop_column("email")
        batch.drop_column("external_id")
    with op.batch_alter_table("event") as batch:
        batch.drop_column("page_size")
