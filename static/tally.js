// Tally taps on the hand form: each tap adds or takes back one card and shows the points.
// Without this script the counts are typed into the number fields, and everything still works.
(function () {
  "use strict";
  var form = document.querySelector("[data-hand-form]");
  if (!form) return;

  function number(input) {
    var value = parseInt(input && input.value, 10);
    return isNaN(value) || value < 0 ? 0 : value;
  }

  function refresh(card) {
    var out = card.querySelector("[data-out]");
    var typed = card.querySelector("[data-total]");
    var points = 0;
    var counted = false;
    card.querySelectorAll("input[data-price]").forEach(function (input) {
      var n = number(input);
      if (n) counted = true;
      points += n * parseInt(input.dataset.price, 10);
    });
    if (typed && typed.value !== "") {
      points = number(typed);
      counted = true;
    }
    var short = number(card.querySelector("[data-short]"));
    var penalty = number(card.querySelector("[data-penalty]"));
    var isOut = out && out.checked;
    var total = (isOut ? 0 : points + short * parseInt(card.dataset.shortPenalty, 10)) + penalty;
    card.classList.toggle("is-out", !!isOut);
    // A player marked out folds away, unless cards are still counted there to be cleared.
    card.classList.toggle("is-empty", !counted && !penalty && !short);
    var display = card.querySelector("[data-points]");
    display.textContent = isOut ? "out · " + total : (counted || penalty || short ? total + " pts" : "");
  }

  form.querySelectorAll("[data-player]").forEach(function (card) {
    card.querySelectorAll("button[data-step]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var input = document.getElementById(button.dataset.for);
        input.value = Math.max(0, number(input) + parseInt(button.dataset.step, 10));
        refresh(card);
      });
    });
    card.addEventListener("input", function () { refresh(card); });
    card.addEventListener("change", function () { refresh(card); });
    refresh(card);
  });

  // Warn (without reloading: taps would be lost) when another phone changes the game; not
  // once this phone has sent the form, whose own save moves the version.
  var sent = false;
  var banner = document.querySelector("[data-changed-elsewhere]");
  if (banner && window.fetch && form.dataset.versionUrl) {
    var every = Math.max(1, parseInt(form.dataset.pollSeconds, 10) || 5) * 1000;
    var timer = window.setInterval(function () {
      if (document.hidden || sent) return;
      fetch(form.dataset.versionUrl, { headers: { Accept: "application/json" }, cache: "no-store" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) {
          if (!sent && data && String(data.version) !== form.dataset.version) {
            banner.hidden = false;
            window.clearInterval(timer);
          }
        })
        .catch(function () { /* offline for a moment */ });
    }, every);
  }

  // A second tap on Save while the first is on its way would send the hand twice.
  form.addEventListener("submit", function () {
    sent = true;
    form.querySelectorAll("button[type=submit]").forEach(function (button) {
      window.setTimeout(function () { button.disabled = true; }, 0);
    });
  });
})();
