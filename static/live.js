// Follow saves made on another phone: reload when the game's version moves (see poll.js).
// Without this script the page offers a refresh link instead.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.scorekeeper || !window.scorekeeper.followVersion) return;

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

  // Saves this phone kept are on their way (outbox.js): it loads the page again once they
  // land, and a reload meanwhile would lose the message the server gave for them.
  function sending() { return "sending" in document.documentElement.dataset; }

  window.scorekeeper.followVersion(live, function () {
    if (leaving || busy() || sending()) return;
    leaving = true;
    window.location.reload();
  }, function () { return leaving || sending(); });

  document.addEventListener("submit", leave);
  window.addEventListener("pagehide", leave);
  window.addEventListener("pageshow", function (event) { if (event.persisted) leaving = false; });
})();
