"""each league's time zone

The IANA zone a league's dates and times are shown in, chosen by its owner in its settings.
Times were shown in UTC until now, so every league already here starts in UTC.

Revision ID: a3c81f5e2d47
Revises: 5d1f3a7c9e20
Create Date: 2026-11-26 04:30:00

"""

import sqlalchemy as sa
from alembic import op

revision = "a3c81f5e2d47"
down_revision = "5d1f3a7c9e20"
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE on both databases, as for the standings stamp: a batch copy of
    # `league` could not drop the table its players and games point to.
    op.add_column(
        "league",
        sa.Column("time_zone", sa.String(length=64), server_default="UTC", nullable=False),
    )


def downgrade():
    op.drop_column("league", "time_zone")
