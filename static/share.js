// Share the recap's picture as a file where the browser can (the Web Share API); the
// download link beside the button works everywhere, without this script too.
(function () {
  "use strict";
  var button = document.querySelector("button[data-share]");
  var link = document.querySelector("a[data-download]");
  if (!button || !link || !navigator.canShare || !window.File) return;
  // The file is fetched before the tap: a share must start within the tap itself.
  fetch(link.href, { credentials: "same-origin" })
    .then(function (response) {
      if (!response.ok) throw new Error("no picture");
      return response.blob();
    })
    .then(function (blob) {
      var file = new File([blob], link.getAttribute("download"), { type: "image/png" });
      if (!navigator.canShare({ files: [file] })) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        // Closing the share sheet rejects the promise: nothing went wrong.
        navigator.share({ files: [file], title: button.dataset.title }).catch(function () {});
      });
    })
    .catch(function () {});
})();
