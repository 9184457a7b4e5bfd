"""URL builders written on first use: none while the app starts, the same URLs after."""

from flask import url_for
from werkzeug.routing import Map, Rule

from scorekeeper import create_app
from scorekeeper.web.routing import LazyRule


def counting_builders(monkeypatch) -> list[str]:
    written = []
    real = Rule._compile_builder

    def compile_builder(rule, append_unknown=True):
        written.append(rule.endpoint)
        return real(rule, append_unknown)

    monkeypatch.setattr(Rule, "_compile_builder", compile_builder)
    return written


def test_the_app_starts_without_writing_a_url_builder(monkeypatch, tmp_path):
    written = counting_builders(monkeypatch)
    app = create_app({"TESTING": True}, instance_path=tmp_path)
    assert app.url_rule_class is LazyRule
    assert written == ["static", "static"]  # Flask adds that rule before the app can say
    with app.test_request_context():
        first = url_for("table.show", game_id=7)
        again = url_for("table.show", game_id=8, paper="a4")
    assert first == "/games/7"
    assert again == "/games/8?paper=a4"
    # The builder url_for uses, written when first needed, then kept.
    assert written.count("table.show") == 1


def test_lazy_rules_build_the_urls_werkzeug_builds():
    def rules(kind):
        return [
            kind("/games/<int:game_id>", endpoint="game"),
            kind("/leagues/<int:league_id>/blank.pdf", endpoint="blank", defaults={"x": 1}),
            kind("/p/<path:rest>", endpoint="path"),
            kind("/s/<name>", endpoint="name"),
            kind("/f/<name>", endpoint="first"),
        ]

    asked = [
        ("game", {"game_id": 3}),
        ("game", {"game_id": 3, "next": "/a b?c"}),
        ("blank", {"league_id": 2, "x": 1, "players": [4, 5]}),
        ("path", {"rest": "a/b c"}),
        ("name", {"name": "Zoë & co"}),
        # Values named as the builders' own arguments, in a rule's first URL.
        ("first", {"name": "x", "rule": "a", "self": "b"}),
    ]
    eager = Map(rules(Rule)).bind("kitchen.local")
    lazy = Map(rules(LazyRule)).bind("kitchen.local")
    for endpoint, values in asked:
        for absolute in (False, True):
            expected = eager.build(endpoint, values, force_external=absolute)
            assert lazy.build(endpoint, values, force_external=absolute) == expected
