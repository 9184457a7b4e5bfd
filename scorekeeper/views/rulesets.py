"""House rules: copy a preset or a rule set of the league, edit it in a form, delete it."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.forms.fairplay import ActionForm
from scorekeeper.forms.fields import given
from scorekeeper.forms.ruleset import NewRuleSetForm, RuleSetForm
from scorekeeper.forms.ruleset_data import build_ruleset, form_data, gap_links
from scorekeeper.forms.ruleset_refusals import refusal_links
from scorekeeper.league import rulesets
from scorekeeper.models import League, LeagueRuleSet
from scorekeeper.rules.bonuses import bonuses_text
from scorekeeper.rules.contracts import melds_in_words, rank_name
from scorekeeper.rules.dealing import ruleset_name
from scorekeeper.rules.fairness import FAIRNESS_WORDS
from scorekeeper.rules.ruleset import JOKER, RANKS, Bonus, Meld, Payouts, RuleSet, Settlement
from scorekeeper.rules.settlement import schedule_text
from scorekeeper.web import language
from scorekeeper.web.access import owner_only
from scorekeeper.web.database import transaction

bp = Blueprint("rulesets", __name__, url_prefix="/leagues/<int:league_id>/rules")


def _league_ruleset(league_id: int, ruleset_id: int) -> tuple[League, LeagueRuleSet]:
    league = db.get_or_404(League, league_id)
    return league, rulesets.league_ruleset(league, ruleset_id) or abort(404)


@bp.route("/new", methods=["GET", "POST"])
@owner_only
@transaction
def new(league_id: int) -> Response | tuple[str, int]:
    """Make house rules: copy a preset or one of the league's rule sets under a new name."""
    league = db.get_or_404(League, league_id)
    own = gettext("%(owner)s rules", owner=language.possessive_words(league.name))
    form = NewRuleSetForm(league, own, origin=request.args.get("from", "preset:continental"))
    if form.validate_on_submit():
        origin = rulesets.origin_rules(league, form.origin.data)
        record = rulesets.copy_ruleset(league, origin, given(form.name.data))
        copied = gettext(
            "“%(name)s” is a copy of %(origin)s: change what you play differently.",
            name=record.name,
            origin=ruleset_name(origin),
        )
        flash(copied, "success")
        return redirect(url_for("rulesets.edit", league_id=league.id, ruleset_id=record.id))
    status = 422 if form.is_submitted() else 200
    return render_template("rulesets/new.html", league=league, form=form), status


@bp.route("/<int:ruleset_id>", methods=["GET", "POST"])
@owner_only
@transaction
def edit(league_id: int, ruleset_id: int) -> Response | tuple[str, int]:
    """Edit a rule set of the league; games already started keep their own copy."""
    league, record = _league_ruleset(league_id, ruleset_id)
    original = record.rules
    unset, buying = original.unset, original.may_i.buying
    if request.method != "POST":
        form = RuleSetForm(league, record, unset, buying, data=form_data(original))
        return _edit_page(league, record, form, original)
    form = RuleSetForm(league, record, unset, buying)
    # The rules' checks run whatever the boxes' own answer, so one save reports every fault.
    boxes_valid = form.validate()
    edited = build_ruleset(form, original)
    if edited is None or not boxes_valid:
        return _edit_page(league, record, form, original, 422)
    rulesets.save_ruleset(record, edited)
    saved = gettext(
        "“%(name)s” saved. New games use it; games already started keep theirs.",
        name=ruleset_name(edited),
    )
    flash(saved, "success")
    return redirect(url_for("rulesets.edit", league_id=league.id, ruleset_id=record.id))


def _edit_page(
    league: League,
    record: LeagueRuleSet,
    form: RuleSetForm,
    saved: RuleSet,
    status: int = 200,
) -> tuple[str, int]:
    return render_template(
        "rulesets/edit.html",
        league=league,
        record=record,
        form=form,
        gaps=gap_links(saved),
        fairness_words={key: gettext(words) for key, words in FAIRNESS_WORDS.items()},
        ranks=RANKS,
        refused=refusal_links(form),
        deletable=rulesets.deletion_refusal(record) is None,
        examples=_examples(),
    ), status


def _examples() -> dict[str, str]:
    """What the editor's hints show as examples, in the rules' own words so they read back."""
    down_and_out = Bonus(gettext("Down and out in one turn"), -10, out_only=True)
    four = Settlement((Payouts(4, (6, 2, -2, -6)),))
    set_of_3, run_of_4, run_of_7 = Meld("set", 3), Meld("run", 4), Meld("run", 7)
    return {
        "contract": melds_in_words((set_of_3, set_of_3, run_of_4)),
        "lengths": melds_in_words((set_of_3, run_of_7), show_lengths=True),
        "bonus": bonuses_text((down_and_out,)),
        "schedule": schedule_text(four),
        "joker": rank_name(JOKER),
    }


@bp.route("/<int:ruleset_id>/delete", methods=["GET", "POST"])
@owner_only
@transaction
def delete(league_id: int, ruleset_id: int) -> Response | tuple[str, int]:
    """Ask, then delete a rule set that no game used and that is not the league's last."""
    league, record = _league_ruleset(league_id, ruleset_id)
    form = ActionForm()
    refusal = rulesets.deletion_refusal(record)
    if form.validate_on_submit() and refusal is None:
        name = ruleset_name(record.rules)
        rulesets.delete_ruleset(record)
        flash(gettext("The rules “%(name)s” are deleted.", name=name), "success")
        return redirect(url_for("leagues.show", league_id=league.id) + "#rules")
    status = 422 if form.is_submitted() else 200
    return render_template(
        "rulesets/delete.html", league=league, record=record, form=form, refusal=refusal
    ), status
