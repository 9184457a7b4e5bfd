// Copy or share a link shown in a read-only box. Without this script the box can be
// selected and copied by hand.
(function () {
  "use strict";
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
      button("Copy the link", function (b) {
        navigator.clipboard.writeText(box.value).then(function () { b.textContent = "Copied"; });
      });
    }
    if (navigator.share) {
      button("Share…", function () { navigator.share({ url: box.value }).catch(function () {}); });
    }
    if (row.children.length) box.insertAdjacentElement("afterend", row);
  });
})();
