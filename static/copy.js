// Copy or share a link shown in a read-only box. Without this script the box can be
// selected and copied by hand. Its buttons' words are the page's, on this script's tag
// (data-copy-words, data-copied-words, data-share-words).
(function () {
  "use strict";
  var words = document.currentScript ? document.currentScript.dataset : {};
  document.querySelectorAll("input[data-copy]").forEach(function (box) {
    var row = document.createElement("p");
    row.className = "actions";
    function button(label, action) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "button secondary";
      b.textContent = label;
      b.addEventListener("click", function () { action(b); });
      row.appendChild(b);
    }
    if (navigator.clipboard) {
      button(words.copyWords, function (b) {
        navigator.clipboard.writeText(box.value).then(function () {
          b.textContent = words.copiedWords;
        });
      });
    }
    if (navigator.share) {
      button(words.shareWords, function () {
        navigator.share({ url: box.value }).catch(function () {});
      });
    }
    if (row.children.length) box.insertAdjacentElement("afterend", row);
  });
})();
