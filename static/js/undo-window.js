// Undo is offered for a minute after a save (games/services/hands.py: UNDO_SECONDS). The
// page says how many seconds were left when it was served (the phone's clock may differ
// from the server's); once they have passed, Undo goes away instead of being refused.
// The server still refuses a late undo: this only stops offering one. Undo needs a
// connection (static/js/needs-connection.js says so when there is none).
(function () {
  "use strict";
  var form = document.querySelector("form[data-undo-seconds]");
  if (!form) return;
  var seconds = Number(form.getAttribute("data-undo-seconds"));
  window.setTimeout(function () { form.remove(); }, Math.max(0, seconds) * 1000);
})();
