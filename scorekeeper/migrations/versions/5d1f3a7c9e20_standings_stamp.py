"""the league's standings stamp; pennies in the standings' covering index

A number on each league that moves, in the same transaction, with every change that can
change its standings (a game started, finished, fixed, discarded or deleted; a player added,
renamed or removed; a season edited). The standings page keeps what it computed under it.

`ix_seat_settled` also holds each seat's net in pennies, so the season's sums (pennies
included, now one query) are still read from the index alone.

Revision ID: 5d1f3a7c9e20
Revises: d7a3f0c2b915
Create Date: 2026-11-22 19:40:00

"""

import sqlalchemy as sa
from alembic import op

revision = "5d1f3a7c9e20"
down_revision = "d7a3f0c2b915"
branch_labels = None
depends_on = None


SETTLED = ["game_id", "player_id", "final_total", "place", "total_posted", "hands_out"]


def upgrade():
    # Plain ALTER TABLE on both databases (SQLite adds and drops a column in place): a
    # batch copy of `league` could not drop the table its players and games point to.
    op.add_column(
        "league", sa.Column("standings_stamp", sa.Integer(), server_default="0", nullable=False)
    )
    op.drop_index("ix_seat_settled", table_name="seat")
    op.create_index("ix_seat_settled", "seat", [*SETTLED, "posted_hands", "net_parts"])


def downgrade():
    op.drop_index("ix_seat_settled", table_name="seat")
    op.create_index("ix_seat_settled", "seat", [*SETTLED, "posted_hands"])
    op.drop_column("league", "standings_stamp")
