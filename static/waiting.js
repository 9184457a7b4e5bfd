// What the phone shows of its outbox (docs/offline.md): on every page, a status line with
// the saves waiting, the request to sign in again and each save refused, with its reason;
// on the table screen, the game's waiting saves with what was entered and the totals they
// will make where every score is a plain number (the page's totals plus the points entered:
// what only the server's rules decide says "when it lands"). outbox.js sends them.
(function () {
  "use strict";
  var box = document.getElementById("outbox");
  var store = window.scorekeeper && window.scorekeeper.outbox;
  if (!box || !store) return;

  var GAME = /\/games\/(\d+)/;
  var SCORE = /\/hand\/(\d+)\/score$/;

  var textOf = store.textOf;

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

  // What the last page of this tab left to say: the server's messages, put where the server
  // puts them, each first in its place, so the last first; and the outbox's own words.
  var words = [];
  function take() {
    var held = store.recall(sessionStorage, store.SAID) || { flashes: [], words: [] };
    store.remember(sessionStorage, store.SAID, null);
    held.flashes.slice().reverse().forEach(function (flash) {
      var before = flash.after && document.getElementById(flash.after);
      if (before) before.insertAdjacentHTML("afterend", flash.html);
      else document.getElementById("main").insertAdjacentHTML("afterbegin", flash.html);
    });
    words = words.concat(held.words);
  }

  function render() {
    return store.all().then(function (saves) {
      var waiting = saves.filter(function (save) { return save.state === "waiting"; });
      box.textContent = "";
      words.forEach(function (text) { paragraph(box, text, "outbox-said"); });
      if (waiting.length && store.recall(localStorage, store.SIGN_IN)) {
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
      button(item, "Open it to put it right", function () { store.reopen(save); });
    }
    button(item, "Dismiss", function () { store.drop(save.id).then(render); });
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

  take();
  store.ready.then(render, function () { /* no IndexedDB: nothing is kept, nothing shown */ });
  document.addEventListener("outbox-changed", function () {
    take();
    render();
  });
})();
