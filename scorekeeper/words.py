"""How a name reads inside a sentence: the one home of the possessive."""

from __future__ import annotations


def possessive_ending(name: str) -> str:
    """The ending that makes `name` possessive: "'s", or a bare apostrophe after an s."""
    # "The Parkers" is plural, and "James'" is as right as "James's": one rule fits both.
    return "'" if name.endswith(("s", "S")) else "'s"


def possessive(name: str) -> str:
    """`name` as an owner: "Ann's", "The Parkers'"."""
    return name + possessive_ending(name)
