// Follow a game's version: poll the URL in `element.dataset.versionUrl` every
// `data-poll-seconds` and call `changed(version)` whenever it differs from `data-version`,
// except while `quiet()` says so (the page has sent a form whose own save moves the version).
// Shared by live.js (the table screen reloads) and tally.js (the hand form warns).
//
// Each poll sends back the ETag of the last answer that matched the page, and the server
// answers 304 (no body) while nothing moved. Pages kept in no cache get no help from the
// browser there, so the tag is kept here. No poll is made while the page is hidden or the
// browser is offline; the page asks at once when it is seen again or back online.
(function () {
  "use strict";
  window.scorekeeper = window.scorekeeper || {};
  window.scorekeeper.followVersion = function (element, changed, quiet) {
    if (!element || !window.fetch || !element.dataset.versionUrl) return function () {};
    var hushed = quiet || function () { return false; };
    var every = Math.max(1, parseInt(element.dataset.pollSeconds, 10) || 5) * 1000;
    var stopped = false;
    var timer = null;
    var tag = null;

    function away() {
      return document.hidden || navigator.onLine === false;
    }

    function answered(response) {
      if (response.status === 304 || !response.ok) return null;
      return response.json().then(function (data) {
        var version = String(data.version);
        // Only the tag of what the page shows: a change the page has not taken in yet (a
        // reload put off while someone types) must be answered again at the next poll.
        if (version === element.dataset.version) tag = response.headers.get("ETag");
        return version;
      });
    }

    function poll() {
      if (stopped || hushed()) return;
      var headers = { Accept: "application/json" };
      if (tag) headers["If-None-Match"] = tag;
      fetch(element.dataset.versionUrl, { headers: headers, cache: "no-store" })
        .then(answered)
        .then(function (version) {
          if (!stopped && !hushed() && version !== null && version !== element.dataset.version) {
            changed(version);
          }
        })
        .catch(function () { /* the connection dropped for a moment: the next poll asks again */ });
    }

    // The timer runs only while the page is seen and the browser online.
    function follow(now) {
      window.clearInterval(timer);
      timer = null;
      if (stopped || away()) return;
      timer = window.setInterval(poll, every);
      if (now) poll();
    }

    function back() { follow(true); }

    follow(false);
    document.addEventListener("visibilitychange", back);
    window.addEventListener("online", back);
    window.addEventListener("offline", back);
    return function stop() {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", back);
      window.removeEventListener("online", back);
      window.removeEventListener("offline", back);
    };
  };
})();
