"""proposed corrections: a report a phone sent after waiting, kept for the table to decide

A phone that kept a save while offline, and finds the hand saved first by another phone with
a different report, has its report kept here for the table to accept or drop. A new table:
nothing that is already here changes.

Revision ID: b8e5d2a4c713
Revises: f2b7c4e91a06
Create Date: 2026-11-26 08:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "b8e5d2a4c713"
down_revision = "f2b7c4e91a06"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "proposed_correction",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("report", sa.JSON(), nullable=False),
        sa.Column("sent_by", sa.String(length=80), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "state",
            sa.Enum(
                "WAITING",
                "ACCEPTED",
                "DROPPED",
                name="proposalstate",
                native_enum=False,
                length=20,
            ),
            nullable=False,
        ),
        sa.Column("decided_by", sa.String(length=80), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("correction_id", sa.Integer(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["correction_id"],
            ["correction.id"],
            name=op.f("fk_proposed_correction_correction_id_correction"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_proposed_correction_game_id_game"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hand.id"],
            name=op.f("fk_proposed_correction_hand_id_hand"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_proposed_correction")),
    )
    with op.batch_alter_table("proposed_correction", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_proposed_correction_game_id"), ["game_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_proposed_correction_hand_id"), ["hand_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("proposed_correction", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_proposed_correction_hand_id"))
        batch_op.drop_index(batch_op.f("ix_proposed_correction_game_id"))
    op.drop_table("proposed_correction")
