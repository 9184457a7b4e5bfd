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
  var REDEAL = /\/redeal$/;

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
    words = words.concat(held.words.map(function (word) {
      return typeof word === "string" ? { text: word } : word;
    }));
  }

  // Each hand waiting behind a hand of its game that the server refused: it cannot land
  // before that hand is put right (or dismissed and scored again).
  function blockers(saves) {
    var found = {};
    saves.forEach(function (save) {
      if (save.state !== "waiting" || !save.scores) return;
      var refused = saves.filter(function (other) {
        return other.state === "refused" && other.scores && other.game === save.game &&
          other.hand < save.hand;
      })[0];
      if (refused) found[save.id] = refused;
    });
    return found;
  }

  function render() {
    return store.all().then(function (saves) {
      var waiting = saves.filter(function (save) { return save.state === "waiting"; });
      var blocked = blockers(saves);
      var waitingIds = waiting.map(function (save) { return save.id; });
      box.textContent = "";
      words.forEach(function (word) {
        // Words about one save hold while it waits and nothing stands in its way.
        var stale = word.id !== undefined && (waitingIds.indexOf(word.id) < 0 || blocked[word.id]);
        if (!stale) paragraph(box, word.text, "outbox-said");
      });
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
      waiting.forEach(function (save) { if (blocked[save.id]) behind(save, blocked[save.id]); });
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

  function behind(save, refused) {
    var line = paragraph(box, save.what + " waits on this phone until hand " + refused.hand +
      " is put right (or dismissed). ", "outbox-behind");
    if (refused.fixable) {
      button(line, "Open hand " + refused.hand + " to put it right", function () {
        store.reopen(refused);
      });
    }
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
    var waiting = here.filter(function (save) { return save.state === "waiting"; });
    var playing = Number(live.dataset.hand);
    var scored = waiting.filter(function (save) { return save.scores; })
      .map(function (save) { return save.hand; });
    // The hands waiting in an unbroken run from the server's hand in play: the next to
    // score follows them. A hand waiting past a gap lands only after the gap is scored.
    var next = playing;
    while (scored.indexOf(next) >= 0) next += 1;
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
        // Outside the run from the hand in play its totals would miss or repeat a hand.
        var inRun = save.hand >= playing && save.hand < next;
        var plain = running && !save.fix && inRun && save.players.every(function (p) {
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
      }
      list.appendChild(item);
    });
    scoreNext(live, next);
    nextLine(live, playing, next, scored.filter(function (hand) { return hand > next; }));
    hold(waiting.filter(function (save) {
      return save.hand === playing && (save.scores || REDEAL.test(save.url));
    })[0]);
  }

  // "Score hand N": the hand after those waiting in a run from the hand in play.
  function scoreNext(live, next) {
    var link = document.querySelector("[data-score-link]");
    if (!link) return;
    link.parentNode.hidden = next > Number(live.dataset.hands);
    link.href = link.href.replace(SCORE, "/hand/" + next + "/score");
    link.textContent = "Score hand " + next;
  }

  function numbers(hands) {
    var last = hands[hands.length - 1];
    if (hands.length === 1) return "Hand " + last;
    return "Hands " + hands.slice(0, -1).join(", ") + " and " + last;
  }

  // On the hand card, whose facts are those of the server's hand in play: which hands wait
  // on this phone and which comes next (its dealer and contract are on its form, drawn by
  // the server).
  function nextLine(live, playing, next, beyond) {
    var old = document.getElementById("waiting-next");
    if (old) old.remove();
    var link = document.querySelector("[data-score-link]");
    if (!link || (next === playing && !beyond.length)) return;
    var line = document.createElement("div");
    line.id = "waiting-next";
    line.className = "notice";
    var run = [];
    for (var hand = playing; hand < next; hand += 1) run.push(hand);
    if (run.length) {
      var one = run.length === 1;
      paragraph(line, next > Number(live.dataset.hands)
        ? numbers(run) + (one ? " waits" : " wait") + " on this phone: what comes next " +
          "shows once " + (one ? "it lands." : "they land.")
        : numbers(run) + (one ? " waits" : " wait") + " on this phone, so the next to score " +
          "is hand " + next + ": its dealer and contract are on its form.");
    }
    beyond.forEach(function (hand) {
      paragraph(line, "Hand " + hand + " waits on this phone until hand " + (hand - 1) +
        " is saved.");
    });
    link.parentNode.parentNode.insertBefore(line, link.parentNode);
  }

  // The May I?, stock and re-deal forms are those of the hand in play on the server: while
  // a save of that hand waits here, what they would record belongs to the next hand.
  function hold(holder) {
    document.querySelectorAll("[data-held-note]").forEach(function (note) { note.remove(); });
    var forms = document.querySelectorAll("form[data-of-hand]");
    var notes = [];
    forms.forEach(function (form) {
      Array.prototype.forEach.call(form.elements, function (input) {
        if (holder && !input.disabled) {
          input.disabled = true;
          input.dataset.held = "";
        } else if (!holder && "held" in input.dataset) {
          input.disabled = false;
          delete input.dataset.held;
        }
      });
      var panel = form.closest("section");
      if (!holder || !panel || notes.indexOf(panel) >= 0) return;
      notes.push(panel);
      var note = document.createElement("p");
      note.className = "notice warn";
      note.dataset.heldNote = "";
      note.textContent = holder.what + " waits on this phone: these come back here once " +
        "it lands.";
      var at = form.closest("details") || form;
      at.parentNode.insertBefore(note, at);
    });
  }

  take();
  store.ready.then(render, function () { /* no IndexedDB: nothing is kept, nothing shown */ });
  document.addEventListener("outbox-changed", function () {
    take();
    render();
  });
})();
