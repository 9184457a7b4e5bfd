"""seat net parts: a game played for pennies keeps each player's net

A finished game whose rules settle up in pennies writes each seat's net (payments by place,
share of the kitty, buys paid in) in 1/7560ths of a penny, so a season's net is one sum.
Games finished before this revision have none; they count no pennies.

Revision ID: c4e2a9d1f7b3
Revises: 8bf07e713de5
Create Date: 2026-11-22 17:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "c4e2a9d1f7b3"
down_revision = "8bf07e713de5"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("net_parts", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("net_parts")
