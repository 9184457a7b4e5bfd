// The outbox (docs/offline.md): every form that changes a game (those carrying an action_key)
// is sent from here. Each save gets a fresh key made on this phone and is kept (outbox-store.js)
// until the server has answered it, so a save made while the server cannot be reached is sent
// later, oldest first, one at a time under a lock shared by the phone's tabs: on page load,
// back online, when the page is seen again, and on a timer that backs off. The server answers
// a key once (web/once.py), so a save sent twice lands once. waiting.js shows what waits.
// Without these scripts (or IndexedDB) forms are posted as before.
(function () {
  "use strict";
  var box = document.getElementById("outbox");
  var store = window.scorekeeper && window.scorekeeper.outbox;
  if (!box || !store) return;

  var KEY_FIELD = "action_key";
  var LOCK = "scorekeeper-outbox";
  var LEASE = "scorekeeper-outbox-lease";
  var FIRST_WAIT = 2000;
  var LONGEST_WAIT = 60000;
  var ANSWER_TIME = 20000;  // a server that says nothing for this long cannot be reached
  var UNREACHABLE = [502, 503, 504];
  var GAME = /\/games\/(\d+)/;
  var recall = store.recall;
  var remember = store.remember;
  var words = store.words;
  var say = store.say;

  var textOf = store.textOf;

  // --- Sending one save, and what its answer means.
  var signInPath = new URL(box.dataset.signIn, location.href).pathname;

  function reasonOf(page, status) {
    var given = page.querySelector("[data-reason]");
    if (given) return textOf(given);
    var errors = page.querySelectorAll(".form-errors li");
    if (errors.length) return Array.prototype.map.call(errors, textOf).join(" ");
    var main = page.querySelector("main");
    var heading = main && main.querySelector("h1");
    var first = heading && heading.parentNode.querySelector("p");
    return [textOf(heading), textOf(first)].filter(Boolean).join(": ") ||
      say(words.answered, { status: status });
  }

  // The messages of a page the server answered after a save, where the page shows them.
  function flashesOf(page) {
    return Array.prototype.map.call(page.querySelectorAll("main [role=status]"), function (held) {
      var before = held.previousElementSibling;
      var section = held.closest("section[id]");
      return {
        html: held.outerHTML,
        after: before && before.id ? before.id : "",
        panel: section ? section.id : ""
      };
    }).filter(function (held) { return held.html.indexOf("flash") >= 0; });
  }

  // Open the page a save landed on, at the panel showing its message (a May I?'s), as the
  // server's own redirect would; the same page is loaded again, not only scrolled.
  function openAt(url, panel) {
    var target = new URL(url);
    target.hash = panel;
    if (target.pathname + target.search === location.pathname + location.search) {
      history.replaceState(history.state, "", target.href);
      window.location.reload();
    } else {
      window.location.assign(target.href);
    }
  }

  function judged(response, html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var at = new URL(response.url);
    if (at.pathname === signInPath || response.status === 401) return { kind: "sign-in" };
    if (response.status === 400 && page.querySelector("[data-csrf-refused]")) {
      return { kind: "token", reason: reasonOf(page, 400) };
    }
    if (response.status === 409 && page.querySelector("[data-not-dealt]")) {
      return { kind: "not-dealt", reason: reasonOf(page, 409) };
    }
    if (response.redirected && response.ok) {
      // A refusal answered by a redirect (views/fairplay.py, a re-deal) shows its message
      // as an error: the answer is final (the server kept it under the key), not a landing.
      var errors = page.querySelectorAll("main .flash-error");
      var landed = { kind: "landed", url: at.href, flashes: flashesOf(page) };
      if (!errors.length) return landed;
      landed.kind = "answered";
      landed.status = response.status;
      landed.reason = Array.prototype.map.call(errors, textOf).join(" ");
      return landed;
    }
    return {
      kind: "answered",
      status: response.status,
      reason: reasonOf(page, response.status),
      // Only a hand form refused for what was entered can be put right (the server marks it).
      entries: response.status === 422 && Boolean(page.querySelector("[data-entries-refused]"))
    };
  }

  function post(save, waited) {
    var body = new URLSearchParams();
    save.fields.forEach(function (field) { body.append(field[0], field[1]); });
    body.append(KEY_FIELD, save.key);
    if (waited) body.append("waited", "1");
    var stop = window.AbortController ? new AbortController() : null;
    var timer = stop && window.setTimeout(function () { stop.abort(); }, ANSWER_TIME);
    return fetch(save.url, {
      method: "POST", body: body, credentials: "same-origin", signal: stop && stop.signal
    }).then(function (response) {
      if (UNREACHABLE.indexOf(response.status) >= 0) return { kind: "unreachable" };
      return response.text().then(function (html) { return judged(response, html); });
    }).catch(function () {
      return { kind: "unreachable" };
    }).then(function (answer) {
      window.clearTimeout(timer);
      return answer;
    });
  }

  // A form token of this phone's session (views/table.token): the one a save was made with
  // lasts an hour, and none outlives the session that made it.
  function freshToken(save) {
    var url = save.url.replace(/(\/games\/\d+).*$/, "$1/token");
    return fetch(url, { credentials: "same-origin", cache: "no-store",
      headers: { Accept: "application/json" } })
      .then(function (response) {
        if (new URL(response.url).pathname === signInPath) return { kind: "sign-in" };
        if (!response.ok) {
          return response.text().then(function (html) { return judged(response, html); });
        }
        return response.json().then(function (data) {
          save.fields = save.fields.filter(function (f) { return f[0] !== "csrf_token"; });
          save.fields.push(["csrf_token", String(data.token)]);
          return null;
        });
      })
      .catch(function () { return { kind: "unreachable" }; });
  }

  function send(save, live) {
    // A save sent after it waited on the phone says so: the server may keep it as a
    // proposed correction rather than refuse it.
    var waited = save.waited || !live;
    return post(save, waited).then(function (answer) {
      if (answer.kind !== "token") return answer;
      return freshToken(save).then(function (failed) {
        return failed || store.keep(save).then(function () { return post(save, waited); });
      }).then(function (again) {
        // Refused with a fresh token too: not one a later try would change.
        if (again.kind !== "token") return again;
        return { kind: "answered", status: 400, reason: again.reason };
      });
    });
  }

  // --- The outbox sent, oldest first, one at a time, by one tab at once.
  function withLock(work, wait) {
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request(LOCK, { ifAvailable: !wait }, function (lock) {
        return lock ? work() : null;
      });
    }
    // No Web Locks: a short lease in localStorage (the server's keys answer a save sent by
    // two tabs all the same).
    var me = store.newKey();
    var held = recall(localStorage, LEASE);
    if (held && held.until > Date.now() && !wait) return Promise.resolve(null);
    remember(localStorage, LEASE, { owner: me, until: Date.now() + ANSWER_TIME * 2 });
    function release(result) {
      var still = recall(localStorage, LEASE);
      if (still && still.owner === me) remember(localStorage, LEASE, null);
      return result;
    }
    return work().then(release, function (error) { release(); throw error; });
  }

  var landedHere = [];

  function settle(save, answer, live) {
    if (answer.kind !== "sign-in") remember(localStorage, store.SIGN_IN, null);
    if (answer.kind === "landed") {
      landedHere.push(save.game);
      if (!live) keepMessages(answer.flashes);
      var reopened = recall(sessionStorage, store.REOPENED);
      var also = reopened && live && reopened.url === save.url ? store.drop(reopened.id) : null;
      if (also) remember(sessionStorage, store.REOPENED, null);
      return Promise.all([store.drop(save.id), also]);
    }
    if (answer.kind === "sign-in") {
      remember(localStorage, store.SIGN_IN, true);
      return Promise.resolve();
    }
    if (answer.kind === "answered" && live) return store.drop(save.id);  // shown to the person
    save.waited = save.waited || answer.kind !== "answered";
    if (answer.kind === "answered") {
      save.state = "refused";
      save.reason = answer.reason;
      save.fixable = Boolean(answer.entries) && save.players.length > 0;
    }
    return store.keep(save);
  }

  // While saves are on their way the page says so (data-sending on <html>): live.js then
  // leaves the table screen alone, which is loaded again once they land.
  function sending(on) {
    if (on) document.documentElement.dataset.sending = "";
    else delete document.documentElement.dataset.sending;
  }

  function flush(liveId) {
    return withLock(function () {
      sending(true);
      return store.all().then(function (saves) {
        var answers = {};
        return saves.filter(function (save) { return save.state === "waiting"; })
          .reduce(function (chain, save) {
            return chain.then(function (stopped) {
              if (stopped) return true;
              var live = save.id === liveId;
              return send(save, live).then(function (answer) {
                answers[save.id] = answer;
                return settle(save, answer, live).then(function () {
                  return answer.kind === "unreachable" || answer.kind === "sign-in";
                });
              });
            });
          }, Promise.resolve(false))
          .then(function () { return answers; });
      }).finally(function () { sending(false); });
    }, liveId !== undefined);
  }

  var wait = FIRST_WAIT;
  var timer = null;
  var flushing = null;
  var cameBack = false;  // the browser said it is online: a saved copy is replaced after the round

  function sendWaiting() {
    // The sign-in page sends nothing: the answer to a save sent with the old cookie could
    // come back after the sign-in's and set that cookie over it. The page after it sends.
    if (location.pathname === signInPath) return Promise.resolve();
    if (flushing) return flushing;
    window.clearTimeout(timer);
    landedHere = [];
    flushing = flush().then(afterFlush, afterFlush);
    return flushing;
  }

  function afterFlush(answers) {
    flushing = null;
    var landed = landedHere.length > 0;
    var back = cameBack;
    cameBack = false;
    return store.all().then(function (saves) {
      var waiting = saves.filter(function (save) { return save.state === "waiting"; });
      // A saved copy gives way to the live page once the connection is back (unless what
      // is typed on it would be lost, or the server asks to sign in first: the status line
      // has the link, which comes back here); the table screen shows what landed.
      var signIn = recall(localStorage, store.SIGN_IN);
      var copy = "savedAt" in document.documentElement.dataset;
      var replaced = copy && (landed || back) && !signIn && !edited();
      if (replaced || (landed && onTableOf(landedHere))) {
        if (!copy) keepShown();
        window.location.reload();
        return;
      }
      store.changed();
      if (landed) wait = FIRST_WAIT;
      if (!waiting.length || signIn) return;
      timer = window.setTimeout(sendWaiting, wait);
      // Nothing landed: the next try waits longer (a lock another tab held is no news).
      if (answers && !landed) wait = Math.min(wait * 2, LONGEST_WAIT);
    });
  }

  // True when a field on the page holds something typed or ticked since it was drawn.
  function edited() {
    var fields = document.querySelectorAll("input:not([type=hidden]), textarea");
    return Array.prototype.some.call(fields, function (input) {
      if (input.type === "checkbox" || input.type === "radio") {
        return input.checked !== input.defaultChecked;
      }
      return input.value !== input.defaultValue;
    });
  }

  // The messages this page shows, kept for the page that replaces it: a reload would lose
  // those of the saves that landed before.
  function keepShown() {
    var held = recall(sessionStorage, store.SAID) || { flashes: [], words: [] };
    held.flashes = flashesOf(document).concat(held.flashes);
    remember(sessionStorage, store.SAID, held);
  }

  function onTableOf(games) {
    var live = document.getElementById("live");
    var here = (GAME.exec(location.pathname) || [])[1];
    return live && games.indexOf(here) >= 0 && /^\/games\/\d+\/?$/.test(location.pathname);
  }

  // --- A form sent from this page: saved here first, then sent at once.

  // Messages for the next page this tab opens: the server's, and the outbox's own words.
  function keepMessages(flashes, words) {
    var held = recall(sessionStorage, store.SAID) || { flashes: [], words: [] };
    held.flashes = held.flashes.concat(flashes || []);
    held.words = held.words.concat(words || []);
    remember(sessionStorage, store.SAID, held);
  }

  // The outbox's own words about a save: shown while that save still waits (waiting.js).
  function said(text, save) { keepMessages([], [{ text: text, id: save.id }]); }

  function waitingWords(save) {
    return say(words.kept, { what: save.what });
  }

  // Kept, the phone goes to the table screen: its saved copy, where the service worker runs.
  // Where none does (plain http), the page stays as it is, its status line saying so.
  function toTable(save) {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      window.location.assign(save.url.replace(/(\/games\/\d+).*$/, "$1"));
      return null;
    }
    store.changed();
    return null;
  }

  function sentFromHere(save, form, submitter) {
    return flush(save.id).then(function (answers) {
      var answer = answers && answers[save.id];
      if (!answer) {
        // Another tab holds the outbox, or an earlier save could not be sent: it waits.
        return store.find(save.id).then(function (kept) {
          if (kept) said(waitingWords(save), save);
          return toTable(save);
        });
      }
      // Landed, or refused by a redirect: the page it went to shows the server's messages.
      if (answer.kind === "landed" || answer.url) {
        keepMessages(answer.flashes);
        var panel = answer.flashes.filter(function (f) { return f.panel; })[0];
        return openAt(answer.url, panel ? panel.panel : "");
      }
      if (answer.kind === "answered") return sendAsPage(save);
      if (answer.kind === "sign-in") {
        // Kept: the form stays as it was sent, and the status line asks to sign in.
        store.changed();
        window.scrollTo(0, 0);
        return null;
      }
      said(answer.kind === "not-dealt"
        ? say(words.keptAfterHand, { reason: answer.reason })
        : waitingWords(save), save);
      return toTable(save);
    });
  }

  // The server's own page for a save it did not take (a form to put right, a page asking to
  // confirm): the save sent again as a page, with its key, of which the server kept no
  // answer, so it answers the same.
  function sendAsPage(save) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = save.url;
    form.hidden = true;
    save.fields.concat([[KEY_FIELD, save.key]]).forEach(function (field) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = field[0];
      input.value = field[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    HTMLFormElement.prototype.submit.call(form);
  }

  // A save refused after it waited, opened again as the server's page to be put right; if a
  // save from that page lands, the refused one goes (settle).
  store.reopen = function (save) {
    return freshToken(save).then(function () {
      remember(sessionStorage, store.REOPENED, { id: save.id, url: save.url });
      sendAsPage(save);
    });
  };

  var ready = false;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!ready || event.defaultPrevented || !form.elements || !form.elements[KEY_FIELD]) return;
    event.preventDefault();
    // A second tap on the same button while the first is on its way: the first is the save.
    // (Another button of the form, a May I? for someone else, is a save of its own.)
    var submitter = event.submitter || null;
    var tapped = submitter ? submitter.name + "=" + submitter.value : "";
    var sending = (form.dataset.outboxSending || "").split("\n");
    if (sending.indexOf(tapped) >= 0) return;
    form.dataset.outboxSending = sending.concat([tapped]).join("\n");
    var save = store.fromForm(form, submitter);
    store.keep(save).then(function (id) {
      save.id = id;
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
      return sentFromHere(save, form, submitter);
    }).catch(function () {
      // IndexedDB refused to keep it: the form goes as a page, as it always did.
      sendAsPage(save);
    });
  });

  store.ready.then(function () {
    ready = true;
    sendWaiting();
  }, function () { /* no IndexedDB here: forms are posted as before */ });

  function again() {
    wait = FIRST_WAIT;
    sendWaiting();
  }
  window.addEventListener("online", function () {
    cameBack = true;
    again();
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) again();
  });
})();
