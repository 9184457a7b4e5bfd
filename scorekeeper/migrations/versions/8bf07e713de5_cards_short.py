"""cards short: hand_score.missing_cards is named short_cards

"Missing" is kept for a missing score; the cards a short hand lacks are "short cards". The
history of corrections keeps each player's report as JSON, so its key is renamed too.

Revision ID: 8bf07e713de5
Revises: 6b6c56b23932
Create Date: 2026-11-22 16:45:00

"""

import sqlalchemy as sa
from alembic import op

revision = "8bf07e713de5"
down_revision = "6b6c56b23932"
branch_labels = None
depends_on = None

correction = sa.table(
    "correction", sa.column("id", sa.Integer), sa.column("old", sa.JSON), sa.column("new", sa.JSON)
)


def _rename_in_history(old_key: str, new_key: str) -> None:
    """Rename the key in every player's report kept in the history of corrections."""
    connection = op.get_bind()
    for row in connection.execute(sa.select(correction)).all():
        changed = {}
        for side in ("old", "new"):
            snapshot = dict(getattr(row, side) or {})
            players = {
                name: {(new_key if key == old_key else key): value for key, value in report.items()}
                for name, report in (snapshot.get("players") or {}).items()
            }
            if players != snapshot.get("players"):
                changed[side] = {**snapshot, "players": players}
        if changed:
            connection.execute(
                sa.update(correction).where(correction.c.id == row.id).values(**changed)
            )


def upgrade():
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.alter_column("missing_cards", new_column_name="short_cards")
    _rename_in_history("missing_cards", "short_cards")


def downgrade():
    _rename_in_history("short_cards", "missing_cards")
    with op.batch_alter_table("hand_score", schema=None) as batch_op:
        batch_op.alter_column("short_cards", new_column_name="missing_cards")
