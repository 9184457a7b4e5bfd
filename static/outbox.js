// The outbox (docs/offline.md): every form that changes a game (those carrying an action_key)
// is sent from here. Each save gets a fresh key made on this phone and is kept in IndexedDB
// until the server has answered it, so a save made while the server cannot be reached is sent
// later, oldest first, one at a time under a lock shared by the phone's tabs: on page load,
// back online, when the page is seen again, and on a timer that backs off. The server answers
// a key once (web/once.py), so a save sent twice lands once. The table screen lists what waits
// and the totals it will make where every score is a plain number. Without this script (or
// IndexedDB) forms are posted as before.
(function () {
  "use strict";
  var box = document.getElementById("outbox");
  if (!box || !window.indexedDB || !window.fetch || !window.URLSearchParams) return;

  var KEY_FIELD = "action_key";
  var LOCK = "scorekeeper-outbox";
  var LEASE = "scorekeeper-outbox-lease";
  var SAID = "scorekeeper-outbox-said";  // per tab: messages for the next page this tab opens
  var SIGN_IN = "scorekeeper-outbox-sign-in";  // the server asked this phone to sign in
  var REOPENED = "scorekeeper-outbox-reopened";  // a refused save opened to be fixed
  var FIRST_WAIT = 2000;
  var LONGEST_WAIT = 60000;
  var ANSWER_TIME = 20000;  // a server that says nothing for this long cannot be reached
  var UNREACHABLE = [502, 503, 504];
  var GAME = /\/games\/(\d+)/;
  var SCORE = /\/hand\/(\d+)\/score$/;

  // --- The saves, in IndexedDB: kept in the order they were made (their id).
  var opened = null;
  function database() {
    opened = opened || new Promise(function (resolve, reject) {
      var request = indexedDB.open("scorekeeper-outbox", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore("saves", { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
    return opened;
  }

  function inStore(mode, work) {
    return database().then(function (db) {
      return new Promise(function (resolve, reject) {
        var done = db.transaction("saves", mode);
        var request = work(done.objectStore("saves"));
        done.oncomplete = function () { resolve(request.result); };
        done.onerror = done.onabort = function () { reject(done.error); };
      });
    });
  }
  function allSaves() { return inStore("readonly", function (s) { return s.getAll(); }); }
  function keep(save) { return inStore("readwrite", function (s) { return s.put(save); }); }
  function drop(id) { return inStore("readwrite", function (s) { return s.delete(id); }); }
  function find(id) { return inStore("readonly", function (s) { return s.get(id); }); }

  function remember(store, name, value) {
    try {
      if (value === null) store.removeItem(name);
      else store.setItem(name, JSON.stringify(value));
    } catch (e) { /* storage refused (private mode): the message is only not carried over */ }
  }
  function recall(store, name) {
    try { return JSON.parse(store.getItem(name) || "null"); } catch (e) { return null; }
  }

  // --- A save, as the form was filled in.
  function newKey() {
    // 16 random bytes in URL-safe base64: the shape the server accepts (rules.limits).
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fieldsOf(form, submitter) {
    var data = submitter ? new FormData(form, submitter) : new FormData(form);
    if (submitter && submitter.name && data.getAll(submitter.name).indexOf(submitter.value) < 0) {
      data.append(submitter.name, submitter.value);  // a browser that ignores the submitter
    }
    var fields = [];
    data.forEach(function (value, name) {
      if (name !== KEY_FIELD && name !== "waited") fields.push([name, String(value)]);
    });
    return fields;
  }

  function textOf(element) {
    return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // What each player was given on the hand form, in words, with the score where it is a
  // plain number (tally.js shows it); a score only the server decides has none.
  function playersOf(form) {
    return Array.prototype.map.call(form.querySelectorAll("[data-player]"), function (card) {
      var points = card.querySelector("[data-points]");
      var noScore = card.querySelector("[data-no-score]");
      var score = points && points.dataset.score !== "" ? Number(points.dataset.score) : null;
      var words = textOf(points) || "nothing entered";
      if (noScore && noScore.checked) words = "no score: posted when it lands";
      return {
        seat: Number(card.dataset.seat),
        name: textOf(card.querySelector(".player-name")),
        words: words,
        score: noScore && noScore.checked ? null : score
      };
    });
  }

  function saveOf(form, submitter) {
    var url = new URL(form.action, location.href).href;
    var live = document.getElementById("live");
    var scored = SCORE.exec(new URL(url).pathname);
    var hand = scored ? scored[1] : form.dataset.hand || (live && live.dataset.hand) || "";
    var label = submitter ? submitter.getAttribute("aria-label") || textOf(submitter) : "";
    return {
      key: newKey(),
      url: url,
      game: (GAME.exec(url) || [])[1] || "",
      hand: Number(hand) || null,
      scores: Boolean(scored),
      fix: /\/edit$/.test(url),
      what: form.dataset.saving || (hand ? label + " in hand " + hand : label),
      players: form.querySelector("[data-player]") ? playersOf(form) : [],
      at: new Date().toISOString(),
      fields: fieldsOf(form, submitter),
      waited: false,
      state: "waiting",
      reason: "",
      fixable: false
    };
  }

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
      "The server answered " + status + ".";
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
      return { kind: "landed", url: at.href, flashes: flashesOf(page) };
    }
    return { kind: "answered", status: response.status, reason: reasonOf(page, response.status) };
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
        return failed || keep(save).then(function () { return post(save, waited); });
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
    var me = newKey();
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
    if (answer.kind !== "sign-in") remember(localStorage, SIGN_IN, null);
    if (answer.kind === "landed") {
      landedHere.push(save.game);
      if (!live) keepMessages(answer.flashes);
      var reopened = recall(sessionStorage, REOPENED);
      var also = reopened && live && reopened.url === save.url ? drop(reopened.id) : null;
      if (also) remember(sessionStorage, REOPENED, null);
      return Promise.all([drop(save.id), also]);
    }
    if (answer.kind === "sign-in") {
      remember(localStorage, SIGN_IN, true);
      return Promise.resolve();
    }
    if (answer.kind === "answered" && live) return drop(save.id);  // shown to the person
    save.waited = save.waited || answer.kind !== "answered";
    if (answer.kind === "answered") {
      save.state = "refused";
      save.reason = answer.reason;
      save.fixable = answer.status === 422 && save.players.length > 0;
    }
    return keep(save);
  }

  function flush(liveId) {
    return withLock(function () {
      return allSaves().then(function (saves) {
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
      });
    }, liveId !== undefined);
  }

  var wait = FIRST_WAIT;
  var timer = null;
  var flushing = null;

  function sendWaiting() {
    if (flushing) return flushing;
    window.clearTimeout(timer);
    landedHere = [];
    flushing = flush().then(afterFlush, afterFlush);
    return flushing;
  }

  function afterFlush(answers) {
    flushing = null;
    var landed = landedHere.length > 0;
    return allSaves().then(function (saves) {
      var waiting = saves.filter(function (save) { return save.state === "waiting"; });
      if (landed && onTableOf(landedHere)) {
        window.location.reload();
        return;
      }
      render();
      if (landed) wait = FIRST_WAIT;
      if (!waiting.length || recall(localStorage, SIGN_IN)) return;
      timer = window.setTimeout(sendWaiting, wait);
      // Nothing landed: the next try waits longer (a lock another tab held is no news).
      if (answers && !landed) wait = Math.min(wait * 2, LONGEST_WAIT);
    });
  }

  function onTableOf(games) {
    var live = document.getElementById("live");
    var here = (GAME.exec(location.pathname) || [])[1];
    return live && games.indexOf(here) >= 0 && /^\/games\/\d+\/?$/.test(location.pathname);
  }

  // --- A form sent from this page: saved here first, then sent at once.

  // Messages for the next page this tab opens: the server's, and the outbox's own words.
  function keepMessages(flashes, words) {
    var held = recall(sessionStorage, SAID) || { flashes: [], words: [] };
    held.flashes = held.flashes.concat(flashes || []);
    held.words = held.words.concat(words || []);
    remember(sessionStorage, SAID, held);
  }

  function said(text) { keepMessages([], [text]); }

  function waitingWords(save) {
    return save.what + " is saved on this phone and will be sent when the connection is back.";
  }

  // Kept, the phone goes to the table screen: its saved copy, where the service worker runs.
  // Where none does (plain http), the page stays as it is, its status line saying so.
  function toTable(save) {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      window.location.assign(save.url.replace(/(\/games\/\d+).*$/, "$1"));
      return null;
    }
    shown = recall(sessionStorage, SAID) || shown;
    remember(sessionStorage, SAID, null);
    return render();
  }

  function sentFromHere(save, form, submitter) {
    return flush(save.id).then(function (answers) {
      var answer = answers && answers[save.id];
      if (!answer) {
        // Another tab holds the outbox, or an earlier save could not be sent: it waits.
        return find(save.id).then(function (kept) {
          if (kept) said(waitingWords(save));
          return toTable(save);
        });
      }
      if (answer.kind === "landed") {
        keepMessages(answer.flashes);
        var panel = answer.flashes.filter(function (f) { return f.panel; })[0];
        return openAt(answer.url, panel ? panel.panel : "");
      }
      if (answer.kind === "answered") return openAnswer(form, submitter, save.key);
      if (answer.kind === "sign-in") {
        // Kept: the form stays as it was sent, and the status line asks to sign in.
        return render().then(function () { box.scrollIntoView(); });
      }
      said(answer.kind === "not-dealt"
        ? answer.reason + " It is saved on this phone and will be sent after that hand."
        : waitingWords(save));
      return toTable(save);
    });
  }

  // The server's own page for a save it did not take (a form to put right, a page asking to
  // confirm): the form sent again as a page, with the same key, which the server kept no
  // answer of, so it answers the same.
  function openAnswer(form, submitter, key) {
    form.elements[KEY_FIELD].value = key;
    if (submitter && submitter.name) {
      var pressed = document.createElement("input");
      pressed.type = "hidden";
      pressed.name = submitter.name;
      pressed.value = submitter.value;
      form.appendChild(pressed);
    }
    HTMLFormElement.prototype.submit.call(form);
  }

  var ready = false;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!ready || event.defaultPrevented || !form.elements || !form.elements[KEY_FIELD]) return;
    event.preventDefault();
    // A second tap while the first is on its way: the first is the save.
    if (form.dataset.outboxSending) return;
    form.dataset.outboxSending = "1";
    var submitter = event.submitter || null;
    var save = saveOf(form, submitter);
    keep(save).then(function (id) {
      save.id = id;
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
      return sentFromHere(save, form, submitter);
    }).catch(function () {
      // IndexedDB refused to keep it: the form goes as it always did.
      form.dataset.outboxSending = "";
      openAnswer(form, submitter, save.key);
    });
  });

  // --- What this page shows of the outbox.
  function paragraph(parent, text, className) {
    var p = document.createElement("p");
    p.textContent = text;
    if (className) p.className = className;
    parent.appendChild(p);
    return p;
  }

  function button(parent, text, act) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "button small-button";
    b.textContent = text;
    b.addEventListener("click", act);
    parent.appendChild(b);
    return b;
  }

  function counted(n) { return n + (n === 1 ? " save" : " saves") + " waiting"; }

  var shown = recall(sessionStorage, SAID) || { flashes: [], words: [] };
  remember(sessionStorage, SAID, null);
  // Each put first in its place, so the last first: they read in the order they were said.
  shown.flashes.slice().reverse().forEach(function (held) {
    var before = held.after && document.getElementById(held.after);
    if (before) before.insertAdjacentHTML("afterend", held.html);
    else document.getElementById("main").insertAdjacentHTML("afterbegin", held.html);
  });

  function render() {
    return allSaves().then(function (saves) {
      var waiting = saves.filter(function (save) { return save.state === "waiting"; });
      box.textContent = "";
      shown.words.forEach(function (text) { paragraph(box, text, "outbox-said"); });
      if (waiting.length && recall(localStorage, SIGN_IN)) {
        var ask = paragraph(box, "Sign in again to send " + counted(waiting.length) + ". ");
        var link = document.createElement("a");
        var here = location.pathname + location.search;
        link.href = box.dataset.signIn + "?next=" + encodeURIComponent(here);
        link.textContent = "Sign in";
        ask.appendChild(link);
      } else if (waiting.length) {
        paragraph(box, counted(waiting.length), "outbox-count");
      }
      saves.filter(function (save) { return save.state === "refused"; }).forEach(refusal);
      box.hidden = !box.firstChild;
      waitingAtTable(saves);
    });
  }

  function refusal(save) {
    var item = document.createElement("div");
    item.className = "outbox-refused";
    paragraph(item, "Not saved: " + save.what + ". " + save.reason);
    if (save.fixable) {
      button(item, "Open it to put it right", function () {
        freshToken(save).then(function () {
          remember(sessionStorage, REOPENED, { id: save.id, url: save.url });
          var form = document.createElement("form");
          form.method = "post";
          form.action = save.url;
          save.fields.concat([[KEY_FIELD, save.key]]).forEach(function (field) {
            var input = document.createElement("input");
            input.type = "hidden";
            input.name = field[0];
            input.value = field[1];
            form.appendChild(input);
          });
          document.body.appendChild(form);
          HTMLFormElement.prototype.submit.call(form);
        });
      });
    }
    button(item, "Dismiss", function () { drop(save.id).then(render); });
    box.appendChild(item);
  }

  // The table screen: each save waiting for this game, with the totals it will make.
  function waitingAtTable(saves) {
    var live = document.getElementById("live");
    var section = document.getElementById("waiting");
    var game = (GAME.exec(location.pathname) || [])[1];
    if (!live || !section || !game) return;
    var here = saves.filter(function (save) { return save.game === game; });
    var list = section.querySelector("ol");
    list.textContent = "";
    section.hidden = here.length === 0;
    var running = {};
    var names = {};
    live.querySelectorAll("[data-seat][data-total]").forEach(function (row) {
      running[row.dataset.seat] = Number(row.dataset.total);
      names[row.dataset.seat] = textOf(row.querySelector(".name").firstChild);
    });
    var lastScored = 0;
    here.forEach(function (save) {
      var item = document.createElement("li");
      item.className = "waiting-save";
      var title = paragraph(item, save.what + " ");
      var mark = document.createElement("span");
      mark.className = "badge";
      mark.textContent = save.state === "refused" ? "not saved" : "waiting";
      title.appendChild(mark);
      if (save.players.length) {
        var entered = document.createElement("ul");
        save.players.forEach(function (player) {
          var li = document.createElement("li");
          li.textContent = player.name + ": " + player.words;
          entered.appendChild(li);
        });
        item.appendChild(entered);
      }
      if (save.state === "waiting" && (save.scores || save.fix)) {
        var plain = running && !save.fix && save.players.every(function (p) {
          return typeof p.score === "number" && p.seat in running;
        });
        if (plain) {
          save.players.forEach(function (p) { running[p.seat] += p.score; });
          paragraph(item, "Totals then: " + Object.keys(running).map(function (seat) {
            return names[seat] + " " + running[seat];
          }).join(" · "), "waiting-totals");
        } else {
          running = null;
          paragraph(item, "Totals then: when it lands", "waiting-totals");
        }
        if (save.scores) lastScored = Math.max(lastScored, save.hand || 0);
      }
      list.appendChild(item);
    });
    scoreNext(live, lastScored);
  }

  // "Score hand N" after the saves waiting: the hand after the last of them.
  function scoreNext(live, lastScored) {
    var link = document.querySelector("[data-score-link]");
    if (!link || !lastScored) return;
    var next = Math.max(Number(live.dataset.hand), lastScored + 1);
    link.parentNode.hidden = next > Number(live.dataset.hands);
    link.href = link.href.replace(SCORE, "/hand/" + next + "/score");
    link.textContent = "Score hand " + next;
  }

  database().then(function () {
    ready = true;
    render();
    sendWaiting();
  }, function () { /* no IndexedDB here: forms are posted as before */ });

  function again() {
    wait = FIRST_WAIT;
    sendWaiting();
  }
  window.addEventListener("online", again);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) again();
  });
})();
