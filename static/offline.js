// The app without a connection (docs/offline.md): register the service worker (sw.js), show
// the banner of a copy it kept, take the "not sent" page back to the form as it was typed,
// and have the worker keep the hand forms a table screen names.
// Without this script every page works as before, online only.
(function () {
  "use strict";
  var script = document.currentScript;

  // The worker marks a kept copy with the time this phone saved it, written here in the
  // page's language (<html lang>), whatever the phone's own; the sentence around it is the
  // page's (docs/translating.md).
  var language = document.documentElement.lang || undefined;
  function words(moment) {
    var time = { hour: "2-digit", minute: "2-digit" };
    if (moment.toDateString() === new Date().toDateString()) {
      return moment.toLocaleTimeString(language, time);
    }
    return moment.toLocaleString(language, { weekday: "short", day: "numeric", month: "short",
      hour: time.hour, minute: time.minute });
  }

  var savedAt = document.documentElement.dataset.savedAt;
  var banner = document.getElementById("saved-copy");
  if (savedAt && banner) {
    var moment = new Date(savedAt);
    var time = banner.querySelector("time");
    if (!isNaN(moment.getTime())) {
      time.dateTime = moment.toISOString();
      time.textContent = words(moment);
    }
    banner.hidden = false;
  }

  // Back keeps what was typed in the form, where a link to it would open it afresh.
  document.querySelectorAll("[data-go-back]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.history.back(); });
  });

  if (!("serviceWorker" in navigator) || !script || !script.dataset.worker) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(script.dataset.worker).catch(function () {
      /* refused (no HTTPS, private mode, storage off): the app works online as before */
    });
  });

  // The table screen, live: the worker keeps the hand forms it names (the hand in play's and
  // the next two) for when the connection drops, fetching those not kept at this version.
  var live = document.getElementById("live");
  if (live && live.dataset.ahead && !savedAt && navigator.onLine !== false) {
    navigator.serviceWorker.ready.then(function (registration) {
      if (!registration.active) return;
      registration.active.postMessage({
        ahead: live.dataset.ahead.split(" ").filter(Boolean),
        version: live.dataset.version
      });
    });
  }
})();
