"""the language of an account and of a league

An account may choose the language of its pages, and a league's owner the language of its
printed sheets and read-only link. Both start unset: pages follow the browser, as before.

Revision ID: c9d4e1a7b250
Revises: b8e5d2a4c713
Create Date: 2026-11-26 08:40:00

"""

import sqlalchemy as sa
from alembic import op

revision = "c9d4e1a7b250"
down_revision = "b8e5d2a4c713"
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE on both databases, as for the league's time zone: a nullable column
    # needs no copy of the table.
    op.add_column("account", sa.Column("language", sa.String(length=8), nullable=True))
    op.add_column("league", sa.Column("language", sa.String(length=8), nullable=True))


def downgrade():
    op.drop_column("league", "language")
    op.drop_column("account", "language")
