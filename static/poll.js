// Follow a game's version: poll the URL in `element.dataset.versionUrl` every
// `data-poll-seconds` and call `changed(version)` whenever it differs from `data-version`,
// except while `quiet()` says so (the page has sent a form whose own save moves the version).
// Shared by live.js (the table screen reloads) and tally.js (the hand form warns).
(function () {
  "use strict";
  window.scorekeeper = window.scorekeeper || {};
  window.scorekeeper.followVersion = function (element, changed, quiet) {
    if (!element || !window.fetch || !element.dataset.versionUrl) return function () {};
    var hushed = quiet || function () { return false; };
    var every = Math.max(1, parseInt(element.dataset.pollSeconds, 10) || 5) * 1000;
    var stopped = false;

    function poll() {
      if (stopped || document.hidden || hushed()) return;
      fetch(element.dataset.versionUrl, { headers: { Accept: "application/json" }, cache: "no-store" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) {
          if (!stopped && !hushed() && data && String(data.version) !== element.dataset.version) {
            changed(String(data.version));
          }
        })
        .catch(function () { /* offline for a moment: try again at the next tick */ });
    }

    var timer = window.setInterval(poll, every);
    document.addEventListener("visibilitychange", poll);
    return function stop() {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
  };
})();
