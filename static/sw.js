// The service worker, registered by offline.js; docs/offline.md says what it keeps and for how
// long. The server puts SETTINGS above this file (scorekeeper/web/worker.py): the app shell's
// URLs, each carrying its file's digest, the two offline pages, and the URLs that sign in or out.
//
// - The shell: from its cache, filled when the worker installs; a new version of any file is
//   a new worker, whose cache replaces the old one.
// - Pages: from the network, always. The pages of a game (under games/<id>) that answered 200
//   are kept, the last PAGES_KEPT of them; when the network fails, the copy kept of the URL is
//   shown, marked as not live, or else the offline page.
// - The hand forms a table screen names (the hand in play's and the next two), fetched ahead
//   when the page asks (offline.js), unless the copy kept is of the game's current version.
// - A form sent (POST) as a page when the network fails: the page saying that nothing was
//   sent. The forms that change a game are sent by outbox.js, which keeps what it cannot send.
"use strict";

var SHELL = "shell-" + SETTINGS.version;
var PAGES = "pages";
var PAGES_KEPT = 20;
// On a kept page: when this phone saved it; on a form fetched ahead, the game's version then.
var SAVED_AT = "X-Saved-At";
var GAME_VERSION = "X-Game-Version";
// The most forms a table screen may ask to keep ahead.
var AHEAD_KEPT = 3;
// A game's pages, from the worker's scope: the table screen, the hand form, the sheet, ...
var GAME_PAGE = /^games\/\d+(?:\/|$)/;
var ANY_VARY = { ignoreVary: true };

self.addEventListener("install", function (event) {
  var urls = SETTINGS.shell.concat([SETTINGS.offline, SETTINGS.notSent]);
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) {
        // Without cookies: the offline pages are the same for everyone.
        return cache.addAll(urls.map(function (url) {
          return new Request(url, { credentials: "omit" });
        }));
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("shell-") === 0 && name !== SHELL;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(request.method === "GET" ? openPage(event, url) : sendForm(request, url));
  } else if (request.method === "GET" && inShell(url)) {
    event.respondWith(shellFile(request, url));
  }
});

function inShell(url) {
  var fingerprinted = url.pathname.indexOf(SETTINGS.static) === 0 && url.searchParams.has("v");
  return fingerprinted || SETTINGS.shell.indexOf(url.pathname + url.search) >= 0;
}

function orError(response) {
  return response || Response.error();
}

function shellFile(request, url) {
  if (!url.searchParams.has("v")) {
    // The manifest carries no digest: fresh when the server answers.
    return fetch(request).catch(function () {
      return caches.match(request, { cacheName: SHELL, ignoreVary: true }).then(orError);
    });
  }
  return caches.match(request, ANY_VARY).then(function (kept) {
    return kept || fetch(request).catch(function () {
      // A page kept from an older version names older files: today's are better than none.
      return caches.match(request, { cacheName: SHELL, ignoreSearch: true, ignoreVary: true })
        .then(orError);
    });
  });
}

function offlinePage(url) {
  return caches.match(url, { cacheName: SHELL, ignoreVary: true }).then(orError);
}

function gamePage(url) {
  return GAME_PAGE.test((url.origin + url.pathname).slice(self.registration.scope.length));
}

function openPage(event, url) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (gamePage(url)) event.waitUntil(keep(request.url, response.clone()));
    return response;
  }, function () {
    return keptCopy(request.url);
  });
}

// Changes to the kept pages, one after the other: a sign-out's clearing never runs in the
// middle of a page being kept.
var pagesChanged = Promise.resolve();

function changePages(change) {
  pagesChanged = pagesChanged.then(change).catch(function () {
    /* storage full or refused: the page is simply not kept */
  });
  return pagesChanged;
}

// A table screen shown online names the hand forms to keep ahead, with the game's version:
// only a form not kept at that version is fetched again.
self.addEventListener("message", function (event) {
  var asked = event.data || {};
  if (!Array.isArray(asked.ahead) || typeof asked.version !== "string") return;
  var urls = asked.ahead.slice(0, AHEAD_KEPT).map(function (url) {
    return new URL(url, self.location.href);
  }).filter(function (url) {
    return url.origin === self.location.origin && gamePage(url);
  });
  event.waitUntil(Promise.all(urls.map(function (url) {
    return keepAhead(url.href, asked.version);
  })));
});

function keepAhead(url, version) {
  return caches.match(url, { cacheName: PAGES, ignoreVary: true }).then(function (copy) {
    if (copy && copy.headers.get(GAME_VERSION) === version) return null;
    return fetch(url, { credentials: "same-origin" }).then(function (response) {
      return keep(url, response, version);
    }, function () { /* the connection dropped: the copy kept stays */ });
  });
}

function keep(key, response, version) {
  var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
  if (response.status !== 200 || response.type !== "basic" || !html) {
    // A redirect or a refusal (signed out, removed, the game gone): its copy is no longer
    // this phone's to show. A server error leaves the copy as it was.
    if (response.status >= 500) return Promise.resolve();
    return changePages(function () {
      return caches.open(PAGES).then(function (cache) { return cache.delete(key); });
    });
  }
  return response.blob().then(function (body) {
    var headers = new Headers(response.headers);
    // The body is kept as the phone read it: decoded, its length whatever it now is.
    headers.delete("Content-Encoding");
    headers.delete("Content-Length");
    headers.set(SAVED_AT, new Date().toISOString());
    if (version) headers.set(GAME_VERSION, version);
    var copy = new Response(body, { status: 200, headers: headers });
    return changePages(function () {
      return caches.open(PAGES).then(function (cache) {
        // A page kept again moves to the end: the oldest are dropped first.
        return cache.put(key, copy)
          .then(function () { return cache.keys(); })
          .then(function (keys) {
            return Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_KEPT))
              .map(function (old) { return cache.delete(old); }));
          });
      });
    });
  });
}

function keptCopy(key) {
  return caches.match(key, { cacheName: PAGES, ignoreVary: true }).then(function (copy) {
    if (!copy) return offlinePage(SETTINGS.offline);
    return copy.text().then(function (page) {
      var savedAt = copy.headers.get(SAVED_AT) || "";
      return new Response(page.replace(/<html\b/i, '<html data-saved-at="' + savedAt + '"'), {
        status: 200,
        headers: copy.headers
      });
    });
  });
}

function forgetPages() {
  return changePages(function () { return caches.delete(PAGES); });
}

// A sign-in or sign-out forgets the pages kept once the server has answered it: one that
// never reached the server left the phone signed in as it was. The pages are forgotten
// before the answer goes on, so the page it leads to is kept afresh.
function sendForm(request, url) {
  var signs = SETTINGS.signInOut.indexOf(url.pathname) >= 0;
  return fetch(request).then(function (response) {
    return signs ? forgetPages().then(function () { return response; }) : response;
  }, function () {
    return offlinePage(SETTINGS.notSent);
  });
}
