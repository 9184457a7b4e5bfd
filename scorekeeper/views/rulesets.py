"""House rules: copy a preset or a rule set of the league, edit it in a form, delete it."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.forms.fairplay import ActionForm
from scorekeeper.forms.fields import given
from scorekeeper.forms.ruleset import NewRuleSetForm, RuleSetForm
from scorekeeper.forms.ruleset_data import build_ruleset, form_data, gap_links
from scorekeeper.forms.ruleset_refusals import refusal_links
from scorekeeper.league import rulesets
from scorekeeper.models import League, LeagueRuleSet
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
    form = NewRuleSetForm(league, origin=request.args.get("from", "preset:continental"))
    if form.validate_on_submit():
        origin = rulesets.origin_rules(league, form.origin.data)
        record = rulesets.copy_ruleset(league, origin, given(form.name.data))
        flash(
            f"“{record.name}” is a copy of {origin.name}: change what you play differently.",
            "success",
        )
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
    unset, claim = original.unset, rules.claim_noun(original)
    if request.method != "POST":
        form = RuleSetForm(league, record, unset, claim, data=form_data(original))
        return _edit_page(league, record, form, original)
    form = RuleSetForm(league, record, unset, claim)
    # The rules' checks run whatever the boxes' own answer, so one save reports every fault.
    boxes_valid = form.validate()
    edited = build_ruleset(form, original)
    if edited is None or not boxes_valid:
        return _edit_page(league, record, form, original, 422)
    rulesets.save_ruleset(record, edited)
    flash(f"“{edited.name}” saved. New games use it; games already started keep theirs.", "success")
    return redirect(url_for("rulesets.edit", league_id=league.id, ruleset_id=record.id))


def _edit_page(
    league: League,
    record: LeagueRuleSet,
    form: RuleSetForm,
    saved: rules.RuleSet,
    status: int = 200,
) -> tuple[str, int]:
    return render_template(
        "rulesets/edit.html",
        league=league,
        record=record,
        form=form,
        gaps=gap_links(saved),
        fairness_words=rules.FAIRNESS_WORDS,
        ranks=rules.RANKS,
        refused=refusal_links(form),
        deletable=rulesets.deletion_refusal(record) is None,
    ), status


@bp.route("/<int:ruleset_id>/delete", methods=["GET", "POST"])
@owner_only
@transaction
def delete(league_id: int, ruleset_id: int) -> Response | tuple[str, int]:
    """Ask, then delete a rule set that no game used and that is not the league's last."""
    league, record = _league_ruleset(league_id, ruleset_id)
    form = ActionForm()
    refusal = rulesets.deletion_refusal(record)
    if form.validate_on_submit() and refusal is None:
        name = record.name
        rulesets.delete_ruleset(record)
        flash(f"The rules “{name}” are deleted.", "success")
        return redirect(url_for("leagues.show", league_id=league.id) + "#rules")
    status = 422 if form.is_submitted() else 200
    return render_template(
        "rulesets/delete.html", league=league, record=record, form=form, refusal=refusal
    ), status
