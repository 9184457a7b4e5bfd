// Follow saves made on another phone: poll the game's version and reload when it moves.
// Without this script the page offers a refresh link instead.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var url = live.dataset.versionUrl;
  var seen = live.dataset.version;
  var every = Math.max(1, parseInt(live.dataset.pollSeconds, 10) || 5) * 1000;

  function busy() {
    // Never reload under someone typing a re-deal reason.
    var active = document.activeElement;
    return active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA");
  }

  // Once this page sends a form (a May I?, a re-deal) or leaves, it stops following: its own
  // save moves the version, and a reload then would cancel the page that answers the save,
  // with the message that it worked.
  var leaving = false;
  function leave() { leaving = true; }

  function poll() {
    if (document.hidden || leaving) return;
    fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (leaving || !data || String(data.version) === seen || busy()) return;
        leaving = true;
        window.location.reload();
      })
      .catch(function () { /* offline for a moment: try again at the next tick */ });
  }

  document.addEventListener("submit", leave);
  window.addEventListener("pagehide", leave);
  window.addEventListener("pageshow", function (event) { if (event.persisted) leaving = false; });
  window.setInterval(poll, every);
  document.addEventListener("visibilitychange", poll);
})();
