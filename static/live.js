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

  window.scorekeeper.followVersion(live, function () {
    if (!busy()) window.location.reload();
  });
})();
