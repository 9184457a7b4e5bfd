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
  var words = store.words;
  var say = store.say;
  var counted = store.counted;

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

  // What the last page of this tab left to say: the server's messages, put where the server
  // puts them, each first in its place, so the last first; and the outbox's own words.
  var said = [];
  function take() {
    var kept = store.recall(sessionStorage, store.SAID) || { flashes: [], words: [] };
    store.remember(sessionStorage, store.SAID, null);
    kept.flashes.slice().reverse().forEach(function (flash) {
      var before = flash.after && document.getElementById(flash.after);
      if (before) before.insertAdjacentHTML("afterend", flash.html);
      else document.getElementById("main").insertAdjacentHTML("afterbegin", flash.html);
    });
    said = said.concat(kept.words.map(function (word) {
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
      said.forEach(function (word) {
        // Words about one save hold while it waits and nothing stands in its way.
        var stale = word.id !== undefined && (waitingIds.indexOf(word.id) < 0 || blocked[word.id]);
        if (!stale) paragraph(box, word.text, "outbox-said");
      });
      if (waiting.length && store.recall(localStorage, store.SIGN_IN)) {
        var ask = paragraph(box, counted(words.signInToSend, waiting.length) + " ");
        var link = document.createElement("a");
        var here = location.pathname + location.search;
        link.href = box.dataset.signIn + "?next=" + encodeURIComponent(here);
        link.textContent = words.signIn;
        ask.appendChild(link);
      } else if (waiting.length) {
        paragraph(box, counted(words.saves, waiting.length), "outbox-count");
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
    paragraph(item, say(words.notSaved, { what: save.what, reason: save.reason }));
    if (save.fixable) {
      button(item, words.putRight, function () { store.reopen(save); });
    }
    button(item, words.dismiss, function () { store.drop(save.id).then(render); });
    box.appendChild(item);
  }

  function behind(save, refused) {
    var line = paragraph(box, say(words.behind, { what: save.what, hand: refused.hand }) + " ",
      "outbox-behind");
    if (refused.fixable) {
      button(line, say(words.openHand, { hand: refused.hand }), function () {
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
      mark.textContent = save.state === "refused" ? words.refusedMark : words.waitingMark;
      title.appendChild(mark);
      if (save.players.length) {
        var entered = document.createElement("ul");
        save.players.forEach(function (player) {
          var li = document.createElement("li");
          li.textContent = say(words.entered, { name: player.name, words: player.words });
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
          var totals = Object.keys(running).map(function (seat) {
            return names[seat] + " " + running[seat];
          }).join(" · ");
          paragraph(item, say(words.totalsThen, { totals: totals }), "waiting-totals");
        } else {
          running = null;
          paragraph(item, words.totalsWhenItLands, "waiting-totals");
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
    link.textContent = say(link.parentNode.dataset.scoreWords, { hand: next });
  }

  function numbers(hands) {
    var last = hands[hands.length - 1];
    if (hands.length === 1) return say(words.oneHand, { hand: last });
    return say(words.someHands, { hands: hands.slice(0, -1).join(", "), last: last });
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
      var last = next > Number(live.dataset.hands);
      paragraph(line, counted(last ? words.handsWaitingLast : words.handsWaiting, run.length,
        { hands: numbers(run), next: next }));
    }
    beyond.forEach(function (hand) {
      paragraph(line, say(words.handBehind, { hand: hand, previous: hand - 1 }));
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
      note.textContent = say(words.held, { what: holder.what });
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
