"""`python -m scorekeeper`: the `scorekeeper` command, for a checkout not installed."""

from scorekeeper.commands.main import scorekeeper

scorekeeper()
