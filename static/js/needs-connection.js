// A change only a connection can carry out: amending, deleting or undoing a recorded hand
// (the server checks each against the hand's newest version, so the phone cannot keep it
// for later as it keeps a new hand). Tapped without a connection, the form says so
// (its data-needs-connection text) and stays on the page with everything typed, instead of
// leaving the app for the browser's "No internet" page. The check fetches the app's
// manifest, which the service worker never answers from the phone (only navigations, static
// files, the list of kept pages and the catalogue), so only a connection answers it.
(function () {
  "use strict";

  function say(form, text) {
    var note = form.parentNode.querySelector(".needs-connection");
    if (!note) {
      note = document.createElement("p");
      note.className = "needs-connection";
      note.setAttribute("role", "alert");
      form.parentNode.insertBefore(note, form.nextSibling);
    }
    note.textContent = text;
  }

  function setBusy(form, busy) {
    form.querySelectorAll("button").forEach(function (b) { b.disabled = busy; });
  }

  function guard(form) {
    var connected = false;
    form.addEventListener("submit", function (event) {
      if (connected) return;  // the connection was there: the post goes ahead
      event.preventDefault();
      var submitter = event.submitter;
      setBusy(form, true);
      var offline = function () {
        setBusy(form, false);
        say(form, form.getAttribute("data-needs-connection"));
      };
      if (!navigator.onLine) return offline();
      var probe = document.querySelector('link[rel="manifest"]');
      fetch(probe ? probe.href : window.location.href, { cache: "no-store", credentials: "omit" }).then(function () {
        connected = true;
        setBusy(form, false);
        form.requestSubmit(submitter || null);
      }, offline);
    });
  }

  document.querySelectorAll("form[data-needs-connection]").forEach(guard);
})();
