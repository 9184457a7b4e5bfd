// The outbox's saves (docs/offline.md): each made from a form as it was filled in, with a key
// of its own, and kept in IndexedDB in the order they were made until the server has answered
// them; the words a tab carries over to the next page it opens; and the outbox's own words,
// which every page gives in its language (#outbox's data-words, web/script_words.py).
// Shared as window.scorekeeper.outbox by outbox.js (which sends them) and waiting.js (which
// shows them).
(function () {
  "use strict";
  if (!window.indexedDB || !window.fetch || !window.URLSearchParams) return;

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

  function remember(storage, name, value) {
    try {
      if (value === null) storage.removeItem(name);
      else storage.setItem(name, JSON.stringify(value));
    } catch (e) { /* storage refused (private mode): the message is only not carried over */ }
  }
  function recall(storage, name) {
    try { return JSON.parse(storage.getItem(name) || "null"); } catch (e) { return null; }
  }

  // --- The page's words, already translated; a placeholder is written {name}.
  var words = {};
  try {
    words = JSON.parse(document.getElementById("outbox").dataset.words) || {};
  } catch (e) { /* a page without them (none drawn by the app): the outbox stays quiet */ }

  // `sentence` with each {name} filled from `values`.
  function say(sentence, values) {
    return String(sentence || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  // The form of a sentence for `count`, from its table of forms by count (the page gives the
  // catalog's form for each count the script may meet; past the last, the last).
  function counted(table, count, values) {
    var of = table && table.of ? table.of : [];
    var form = of.length ? table.forms[of[Math.min(count, of.length - 1)]] : "";
    var filled = { count: count };
    Object.keys(values || {}).forEach(function (name) { filled[name] = values[name]; });
    return say(form, filled);
  }


  var KEY_FIELD = "action_key";
  var GAME = /\/games\/(\d+)/;
  var SCORE = /\/hand\/(\d+)\/score$/;

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

  function textOf(node) {
    return node ? node.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // What each player was given on the hand form, in words, with the score where it is a
  // plain number (tally.js shows it); a score only the server decides has none.
  function playersOf(form) {
    return Array.prototype.map.call(form.querySelectorAll("[data-player]"), function (card) {
      var points = card.querySelector("[data-points]");
      var noScore = card.querySelector("[data-no-score]");
      var score = points && points.dataset.score !== "" ? Number(points.dataset.score) : null;
      var entered = textOf(points) || words.nothingEntered;
      if (noScore && noScore.checked) entered = words.noScore;
      return {
        seat: Number(card.dataset.seat),
        name: textOf(card.querySelector(".player-name")),
        words: entered,
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
      what: form.dataset.saving || (hand ? say(words.inHand, { what: label, hand: hand }) : label),
      players: form.querySelector("[data-player]") ? playersOf(form) : [],
      at: new Date().toISOString(),
      fields: fieldsOf(form, submitter),
      waited: false,
      state: "waiting",
      reason: "",
      fixable: false
    };
  }

  window.scorekeeper = window.scorekeeper || {};
  window.scorekeeper.outbox = {
    ready: database(),
    all: allSaves,
    keep: keep,
    drop: drop,
    find: find,
    fromForm: saveOf,
    newKey: newKey,
    textOf: textOf,
    remember: remember,
    recall: recall,
    words: words,
    say: say,
    counted: counted,
    SAID: "scorekeeper-outbox-said",  // per tab: messages for the next page it opens
    SIGN_IN: "scorekeeper-outbox-sign-in",  // the server asked this phone to sign in
    REOPENED: "scorekeeper-outbox-reopened",  // a refused save opened to be put right
    // Tell the page the outbox changed (waiting.js shows it again).
    changed: function () { document.dispatchEvent(new CustomEvent("outbox-changed")); }
  };
})();
