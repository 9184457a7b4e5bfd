// Keep the phone's screen on while the table screen or the hand form is open (Screen Wake
// Lock). Where the browser lacks it, or refuses, the screen sleeps as usual and nothing else
// changes. The lock lapses when the page is hidden, so it is asked for again on return.
(function () {
  "use strict";
  if (!navigator.wakeLock || !navigator.wakeLock.request) return;
  var lock = null;

  function keepAwake() {
    if (lock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (granted) {
      lock = granted;
      document.documentElement.dataset.awake = "on";
      granted.addEventListener("release", function () {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    }).catch(function () { /* refused (battery saver, no permission): the screen may sleep */ });
  }

  keepAwake();
  document.addEventListener("visibilitychange", keepAwake);
})();
