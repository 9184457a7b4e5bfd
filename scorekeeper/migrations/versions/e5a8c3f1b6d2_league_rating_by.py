"""how a league pools its players' ratings

A league's owner picks one rating over all its games, or one for each family of rules (a
preset and the league's copies of it). Every league already here starts with one rating.

Revision ID: e5a8c3f1b6d2
Revises: c9d4e1a7b250
Create Date: 2026-11-26 11:30:00

"""

import sqlalchemy as sa
from alembic import op

revision = "e5a8c3f1b6d2"
down_revision = "c9d4e1a7b250"
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE on both databases, as for the league's time zone: a column with a
    # server default needs no copy of the table.
    op.add_column(
        "league",
        sa.Column("rating_by", sa.String(length=10), server_default="league", nullable=False),
    )


def downgrade():
    op.drop_column("league", "rating_by")
