// The room's screen pages by itself: the seating, then each page of the standings; after the
// last page it loads again, so the standings stay current.
(function () {
  "use strict";
  var holder = document.querySelector("[data-screen-pages]");
  if (!holder) return;
  var pages = Array.prototype.slice.call(holder.querySelectorAll("[data-screen-page]"));
  var seconds = Number(holder.dataset.seconds) || 20;
  var shown = 0;

  function show(index) {
    pages.forEach(function (page, i) { page.hidden = i !== index; });
  }

  show(0);
  setInterval(function () {
    if (shown + 1 >= pages.length) {
      window.location.reload();
      return;
    }
    shown += 1;
    show(shown);
  }, seconds * 1000);
})();
