"""ended games' hand in play: left unplayed

Games ended before the "unplayed" hand state existed kept their hand in play as "playing".
Since then, ending a game marks that hand unplayed with a note, and pages, sheets and the
league file read it so. This revision does the same for the games ended earlier; going down,
unplayed hands are in play again, as the earlier code expects.

Revision ID: d7a3f0c2b915
Revises: ebd3e44564ac
Create Date: 2026-11-22 19:40:00

"""

from alembic import op

revision = "d7a3f0c2b915"
down_revision = "ebd3e44564ac"
branch_labels = None
depends_on = None

NOTE = "Not played: the game ended."


def upgrade() -> None:
    op.execute(
        "UPDATE hand SET state = 'UNPLAYED', note = '" + NOTE + "' "
        "WHERE state = 'PLAYING' AND game_id IN "
        "(SELECT id FROM game WHERE status IN ('FINISHED', 'INCOMPLETE'))"
    )


def downgrade() -> None:
    op.execute(
        "UPDATE hand SET state = 'PLAYING', "
        "note = CASE WHEN note = '" + NOTE + "' THEN '' ELSE note END "
        "WHERE state = 'UNPLAYED'"
    )
