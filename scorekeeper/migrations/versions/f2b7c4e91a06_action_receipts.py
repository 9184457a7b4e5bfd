"""action receipts: an action sent again with its key is answered as the first time

Each form that changes a game carries a one-time key; the answer its first request gave is
kept here, under the key, in the same transaction as the change. A new table: nothing that
is already here changes.

Revision ID: f2b7c4e91a06
Revises: a3c81f5e2d47
Create Date: 2026-11-26 06:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "f2b7c4e91a06"
down_revision = "a3c81f5e2d47"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "action_receipt",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("status", sa.SmallInteger(), nullable=False),
        sa.Column("location", sa.String(length=300), nullable=False),
        sa.Column("flashes", sa.JSON(), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_action_receipt_game_id_game"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_action_receipt")),
        sa.UniqueConstraint("game_id", "key", name=op.f("uq_action_receipt_game_id_key")),
    )


def downgrade() -> None:
    op.drop_table("action_receipt")
