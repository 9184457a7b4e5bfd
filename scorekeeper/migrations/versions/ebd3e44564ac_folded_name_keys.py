"""folded name keys, joined phones, sessions that end on the server

A unique index on each account's and player's name folded for comparison:

"Kim", "kim" and "KIM" are one user name, and "Ann" and "ANN" one player of a league; the
check in Python alone let two requests racing each other both win. The key is the name in
NFKC, case-folded. Rows that already clash (made by such a race) keep their names; the later
ones get a key of their own with their id, so the index can be built and nothing is lost.

Sessions: `account.session_generation` ("sign out everywhere"), `signed_out_session` (a
signed-out cookie, even copied, signs nobody in), and `joined_phone`, the phones that joined a
league's table with its passcode (phones joined before this revision join again).

Revision ID: ebd3e44564ac
Revises: c4e2a9d1f7b3
Create Date: 2026-11-22 17:28:06

"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "ebd3e44564ac"
down_revision = "c4e2a9d1f7b3"
branch_labels = None
depends_on = None


def _fold(name: str) -> str:
    # As scorekeeper.rules.limits.fold_name did when this migration was written.
    return unicodedata.normalize("NFKC", name).casefold()


def _fill(table: str, name_column: str, key_column: str, scope: str | None) -> None:
    connection = op.get_bind()
    scope_column = f", {scope}" if scope else ""
    rows = connection.execute(
        sa.text(f"SELECT id, {name_column}{scope_column} FROM {table} ORDER BY id")
    ).all()
    seen: set[tuple[object, str]] = set()
    for row in rows:
        where = row[2] if scope else None
        key = _fold(row[1])[:100]
        if (where, key) in seen:
            key = f"{key}#{row[0]}"
        seen.add((where, key))
        connection.execute(
            sa.text(f"UPDATE {table} SET {key_column} = :key WHERE id = :id"),
            {"key": key, "id": row[0]},
        )


def upgrade():
    op.create_table(
        "signed_out_session",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_signed_out_session")),
    )
    with op.batch_alter_table("signed_out_session", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_signed_out_session_until"), ["until"], unique=False)
    op.create_table(
        "joined_phone",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("device", sa.String(length=80), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["league.id"],
            name=op.f("fk_joined_phone_league_id_league"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_joined_phone")),
        sa.UniqueConstraint("league_id", "token", name=op.f("uq_joined_phone_league_id_token")),
    )
    with op.batch_alter_table("joined_phone", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_joined_phone_league_id"), ["league_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_joined_phone_token"), ["token"], unique=False)
    with op.batch_alter_table("account", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("session_generation", sa.Integer(), server_default="0", nullable=False)
        )
    with op.batch_alter_table("account", schema=None) as batch_op:
        batch_op.add_column(sa.Column("username_key", sa.String(length=120), nullable=True))
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(length=120), nullable=True))
    _fill("account", "username", "username_key", None)
    _fill("player", "name", "name_key", "league_id")
    with op.batch_alter_table("account", schema=None) as batch_op:
        batch_op.alter_column("username_key", existing_type=sa.String(length=120), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_account_username_key"), ["username_key"])
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.alter_column("name_key", existing_type=sa.String(length=120), nullable=False)
        batch_op.create_unique_constraint(
            batch_op.f("uq_player_league_id_name_key"), ["league_id", "name_key"]
        )


def downgrade():
    with op.batch_alter_table("account", schema=None) as batch_op:
        batch_op.drop_column("session_generation")
    op.drop_table("joined_phone")
    op.drop_table("signed_out_session")
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_player_league_id_name_key"), type_="unique")
        batch_op.drop_column("name_key")
    with op.batch_alter_table("account", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_account_username_key"), type_="unique")
        batch_op.drop_column("username_key")
