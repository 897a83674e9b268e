// The score sheet lists the hands this phone keeps for it and has not sent yet (the outbox,
// static/js/offline-queue.js), each marked so, under the hands the server has: at a table
// without a connection the sheet is then complete, though their points wait for the server.
// The outbox sends them when the connection is back, and the sheet reloads.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var fmt = function (text, values) { return window.mahjongText.format(window.mahjongText.gettext(text), values); };
  var box = document.getElementById("kept-hands");
  if (!box || !window.mahjongOutbox) return;
  var form = box.dataset.addHand;

  function path(url) { return new URL(url, window.location.href).pathname; }

  function show() {
    var kept = window.mahjongOutbox.entries().filter(function (entry) { return path(entry.url) === form; });
    var list = box.querySelector("ul");
    list.textContent = "";
    kept.forEach(function (entry) {
      var item = document.createElement("li");
      item.className = "kept-hand";
      var title = document.createElement("strong");
      title.textContent = entry.place ? fmt("Hand %(place)s", { place: entry.place }) : _("A hand");
      var mark = document.createElement("span");
      mark.className = "badge";
      mark.textContent = _("not yet sent");
      item.appendChild(title);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(mark);
      item.appendChild(document.createElement("br"));
      item.appendChild(document.createTextNode(entry.summary || entry.label));
      list.appendChild(item);
    });
    box.hidden = kept.length === 0;
  }

  show();
  window.addEventListener("storage", show);  // kept or sent from another tab
})();
