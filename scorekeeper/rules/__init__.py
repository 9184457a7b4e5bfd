"""The game's rules as pure Python: rule sets as data and the functions the table needs.

Each module holds one area of the rules (dealing, scoring, the fairness rules, ...); callers
import what they use from the module that defines it, e.g.
`from scorekeeper.rules.dealing import cards_dealt`.
"""
