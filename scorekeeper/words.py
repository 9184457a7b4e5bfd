"""How words read inside a sentence: the one home of the possessive, and of the verb that
agrees with a count."""

from __future__ import annotations


def possessive_ending(name: str) -> str:
    """The ending that makes `name` possessive: "'s", or a bare apostrophe after an s."""
    # "The Parkers" is plural, and "James'" is as right as "James's": one rule fits both.
    return "'" if name.endswith(("s", "S")) else "'s"


def possessive(name: str) -> str:
    """`name` as an owner: "Ann's", "The Parkers'"."""
    return name + possessive_ending(name)


def was_or_were(count: int) -> str:
    """The verb that agrees with a count of things: "1 hand was", "0 hands were"."""
    return "was" if count == 1 else "were"
