// Undo is offered for a minute after a save (games/services/hands.py: UNDO_SECONDS). The
// page says how many seconds were left when it was served (the phone's clock may differ
// from the server's); once they have passed, Undo goes away instead of being refused.
// The server still refuses a late undo: this only stops offering one.
//
// Undo needs a connection: tapped without one, it says so and stays on the page (a plain
// post would leave the app for the browser's "No internet" page). The check fetches the
// app's manifest, which the service worker never answers from the phone (only navigations,
// static files, the list of kept pages and the catalogue), so only a connection answers it.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var form = document.querySelector("form[data-undo-seconds]");
  if (!form) return;
  var seconds = Number(form.getAttribute("data-undo-seconds"));
  window.setTimeout(function () { form.remove(); }, Math.max(0, seconds) * 1000);

  function say(text) {
    var note = document.getElementById("undo-offline");
    if (!note) {
      note = document.createElement("p");
      note.id = "undo-offline";
      note.className = "undo-offline";
      note.setAttribute("role", "alert");
      form.parentNode.appendChild(note);
    }
    note.textContent = text;
  }

  var checked = false;
  form.addEventListener("submit", function (event) {
    if (checked) return;  // the connection was there: the post goes ahead
    event.preventDefault();
    var button = form.querySelector("button");
    button.disabled = true;
    var offline = function () {
      button.disabled = false;
      say(_("Undo needs a connection, and this phone has none. Tap Undo again when it is back."));
    };
    if (!navigator.onLine) return offline();
    var probe = document.querySelector('link[rel="manifest"]');
    fetch(probe ? probe.href : window.location.href, { cache: "no-store", credentials: "omit" }).then(function () {
      checked = true;
      form.submit();
    }, offline);
  });
})();
