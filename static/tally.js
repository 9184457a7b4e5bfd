// The hand form, quicker by touch: each tap adds or takes back one card, and each player's
// score shows as it is counted. The prices, the short-card charge and the totals cards can
// make are rendered by the server from the rule set (data-price, data-short-charge,
// data-total-step, data-total-gaps; a bonus's tick is marked data-bonus, its data-price its
// points), and the most cards and points an input may hold from
// the server's bounds (data-most-cards, data-most-points); the browser tests check these
// scores against the rules' entry_score. Its words are the page's, in its language
// (data-points-words, data-out-words, data-posted-words, data-replay-words). Without this
// script the counts are typed into the number fields, and the server computes and checks
// everything just the same.
(function () {
  "use strict";
  var form = document.querySelector("[data-hand-form]");
  if (!form) return;
  var shortCharge = whole(form.dataset.shortCharge);
  var step = whole(form.dataset.totalStep);
  var gaps = (form.dataset.totalGaps || "").split(" ").filter(Boolean).map(whole);
  var mostCards = whole(form.dataset.mostCards);
  var mostPoints = whole(form.dataset.mostPoints);
  var cards = Array.prototype.slice.call(form.querySelectorAll("[data-player]"));
  var CARDS = "input[data-price]:not([data-bonus])";  // a count of cards, not a bonus's tick

  function whole(text) {
    var value = parseInt(text, 10);
    return isNaN(value) || value < 0 ? 0 : value;
  }

  // Mirrors rules.limits.whole_number: a few ASCII digits within the input's bound, else
  // null (the server refuses it); a blank input counts none.
  function bounded(text, most) {
    text = (text || "").trim();
    if (text === "") return 0;
    if (!/^[+-]?[0-9]{1,10}$/.test(text)) return null;
    var value = parseInt(text, 10);
    return value >= 0 && value <= most ? value : null;
  }

  // Each input read within its bound; one that is not is marked, and flags the entry.
  function reader(entry) {
    return function (input, most) {
      if (!input) return 0;
      var value = bounded(input.value, most);
      input.setAttribute("aria-invalid", value === null ? "true" : "false");
      if (value === null) entry.invalid = true;
      return value === null ? 0 : value;
    };
  }

  function value(input) { return input ? bounded(input.value, mostCards) || 0 : 0; }

  function canMake(total) {
    // Mirrors rules.scoring.PossibleTotals.allows.
    if (step === 0) return total === 0;
    return total % step === 0 && gaps.indexOf(total) < 0;
  }

  function read(card) {
    var typed = card.querySelector("[data-total]");
    var noScore = card.querySelector("[data-no-score]");
    var counts = Array.prototype.slice.call(card.querySelectorAll(CARDS));
    var ticks = Array.prototype.slice.call(card.querySelectorAll("input[data-bonus]"));
    var entry = {
      out: card.querySelector("[data-out]").checked,
      noScore: !!(noScore && noScore.checked),
      invalid: false,
      tallied: 0,
      cards: 0,
      bonus: 0,
      ticked: false
    };
    var take = reader(entry);
    var typedPoints = take(typed, mostPoints);
    entry.typed = typed && typed.value.trim() !== "" ? typedPoints : null;
    entry.short = take(card.querySelector("[data-short]"), mostCards);
    entry.penalty = take(card.querySelector("[data-penalty]"), mostPoints);
    counts.forEach(function (input) {
      var count = take(input, mostCards);
      entry.cards += count;
      entry.tallied += count * whole(input.dataset.price);
    });
    // Mirrors rules.bonuses.bonus_points: each bonus ticked counts once, at its points (below zero
    // for a reward).
    ticks.forEach(function (input) {
      if (take(input, mostCards) === 0) return;
      entry.ticked = true;
      entry.bonus += parseInt(input.dataset.price, 10) || 0;
    });
    entry.counted = entry.cards > 0 || entry.typed !== null;
    entry.reported = entry.out || entry.counted;
    return entry;
  }

  function score(entry) {
    // Mirrors rules.entries.entry_score: the cards (or the typed total), the bonuses, short cards,
    // the penalty. A number the server would refuse makes no score.
    if (entry.noScore || entry.invalid) return null;
    var held = entry.out ? 0 : (entry.typed !== null ? entry.typed : entry.tallied);
    return held + entry.bonus + entry.short * shortCharge + entry.penalty;
  }

  function posted(card, entries) {
    // The missing-score rule: the two highest scores the others gave, added.
    var given = [];
    entries.forEach(function (other, i) {
      if (cards[i] !== card && other.reported && score(other) !== null) given.push(score(other));
    });
    given.sort(function (a, b) { return b - a; });
    if (given.length < 2) return form.dataset.replayWords;
    return form.dataset.postedWords.replace("{score}", String(given[0] + given[1]));
  }

  function show(card, entry, entries) {
    var total = score(entry);
    var folded = entry.noScore ||
      (entry.out && !entry.invalid && !entry.counted && !entry.short && !entry.penalty);
    var impossible = !entry.out && !entry.noScore && entry.typed !== null && entry.typed > 0 &&
      !canMake(entry.typed);
    card.classList.toggle("is-out", entry.out);
    card.classList.toggle("is-no-score", entry.noScore);
    card.classList.toggle("is-folded", folded);
    card.classList.toggle("is-impossible", impossible);
    card.classList.toggle("is-invalid", entry.invalid && !entry.noScore);
    var typed = card.querySelector("[data-total]");
    var flag = card.querySelector("[data-impossible]");
    if (flag) flag.hidden = !impossible;
    if (typed && impossible) typed.setAttribute("aria-invalid", "true");
    // A player who gave no score has no cards to count: their taps and total rest.
    card.querySelectorAll("[data-tally] button, [data-tally] input, [data-total]").forEach(function (el) {
      el.disabled = entry.noScore;
    });
    var display = card.querySelector("[data-points]");
    // The score as a plain number, for a save kept on the phone (outbox.js); none where only
    // the server decides it (no score, a number it would refuse) or nothing is entered.
    var entered = entry.counted || entry.ticked || entry.short || entry.penalty;
    var plain = total !== null && (entry.out || entered);
    display.dataset.score = plain ? String(total) : "";
    if (entry.noScore) display.textContent = posted(card, entries);
    else if (entry.invalid) display.textContent = "—";  // not a count the server would take
    else if (entry.out) display.textContent = form.dataset.outWords.replace("{score}", total);
    else display.textContent = entered ? form.dataset.pointsWords.replace("{points}", total) : "";
  }

  function refresh() {
    var entries = cards.map(read);
    cards.forEach(function (card, i) { show(card, entries[i], entries); });
  }

  // A typed total stands for the cards only: the bonuses ticked stay.
  function clearCounts(card) {
    card.querySelectorAll(CARDS).forEach(function (input) { input.value = "0"; });
  }

  function clearTyped(card) {
    var typed = card.querySelector("[data-total]");
    if (typed) typed.value = "";
  }

  cards.forEach(function (card) {
    card.querySelectorAll("button[data-step]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var input = document.getElementById(button.dataset.for);
        var next = value(input) + parseInt(button.dataset.step, 10);
        input.value = Math.min(mostCards, Math.max(0, next));
        // Taps and a typed total never both stand: the one used last wins, visibly.
        if (!input.matches("[data-bonus]")) clearTyped(card);
        refresh();
      });
    });
    card.addEventListener("input", function (event) {
      if (event.target.matches("[data-total]") && event.target.value.trim() !== "") clearCounts(card);
      if (event.target.matches(CARDS) && value(event.target) > 0) clearTyped(card);
      refresh();
    });
    card.addEventListener("change", refresh);
  });
  refresh();

  // Warn (without reloading: taps would be lost) when another phone changes the game; not
  // once this phone has sent the form, whose own save moves the version.
  var sent = false;
  var banner = document.querySelector("[data-changed-elsewhere]");
  if (banner && window.scorekeeper && window.scorekeeper.followVersion) {
    var stop = window.scorekeeper.followVersion(form, function () {
      banner.hidden = false;
      stop();
    }, function () { return sent; });
  }

  // A second tap on Save while the first is on its way would send the hand twice.
  form.addEventListener("submit", function () {
    sent = true;
    form.querySelectorAll("button[type=submit]").forEach(function (button) {
      window.setTimeout(function () { button.disabled = true; }, 0);
    });
  });
})();
