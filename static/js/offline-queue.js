// Never lose a hand on a bad network: a hand form whose submission cannot reach the server
// is kept in this browser (localStorage) and sent again when the connection is back. Each
// entry carries its form's unique entry id, so a resend never records a hand twice.
(function () {
  "use strict";
  var KEY = "mahjong-league-outbox";
  var RETRY_MS = 15000;

  function load() {
    try { return JSON.parse(window.localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function store(entries) { window.localStorage.setItem(KEY, JSON.stringify(entries)); }

  function banner(text, kind) {
    var box = document.getElementById("outbox");
    if (!box) {
      box = document.createElement("div");
      box.id = "outbox";
      box.setAttribute("role", "status");
      document.body.insertBefore(box, document.body.firstChild);
    }
    box.className = "outbox " + (kind || "");
    box.textContent = text;
    box.hidden = !text;
  }

  function describe(entries) {
    var n = entries.length;
    return n === 1 ? "1 hand is saved on this phone" : n + " hands are saved on this phone";
  }

  function post(entry) {
    var body = new FormData();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    var headers = { "X-Outbox": "1" };
    return fetch(entry.url, { method: "POST", body: body, headers: headers, credentials: "same-origin" })
      .then(function (response) {
        var json = (response.headers.get("Content-Type") || "").indexOf("application/json") >= 0;
        return (json ? response.json() : Promise.resolve(null)).then(function (data) {
          return { response: response, saved: Boolean(data && data.saved), redirect: data && data.redirect };
        });
      });
  }

  function needsSignIn(result) {
    return result.response.redirected && result.response.url.indexOf("/accounts/login/") >= 0;
  }

  var sending = false;
  function flush() {
    var entries = load();
    if (sending || !entries.length) return;
    sending = true;
    var entry = entries[0];
    post(entry).then(function (result) {
      sending = false;
      if (needsSignIn(result)) {
        banner(describe(entries) + ". Sign in to send them.", "warning");
        return;
      }
      // Sent (recorded now or already before), or refused for good (the form had an error,
      // e.g. the session was closed): either way it must not be sent again.
      store(load().filter(function (e) { return e.id !== entry.id; }));
      var left = load();
      if (!result.saved) {
        banner("A saved hand was refused by the server: " + entry.label + ". Please enter it again.", "error");
      } else if (left.length) {
        banner(describe(left) + "; sending…", "warning");
      } else {
        banner("Saved hands sent.", "ok");
        if (document.body.dataset.refreshOnSync === "1") window.location.reload();
      }
      flush();
    }).catch(function () {
      sending = false;
      banner(describe(load()) + ": no connection yet, it will be sent automatically.", "warning");
    });
  }

  // Called by hand forms: returns a promise that settles once the hand is sent or queued.
  window.mahjongOutbox = {
    submit: function (form, submitter) {
      var fields = [];
      new FormData(form, submitter).forEach(function (value, key) { fields.push([key, value]); });
      var entry = {
        id: (form.querySelector('[name="client_id"]') || {}).value || String(Date.now()),
        url: form.getAttribute("action") || window.location.href,
        label: form.dataset.label || document.title,
        fields: fields
      };
      return post(entry).then(function (result) {
        result.queued = false;
        return result;
      }, function () {
        var entries = load().filter(function (e) { return e.id !== entry.id; });
        entries.push(entry);
        store(entries);
        banner(describe(entries) + ": no connection, it will be sent automatically.", "warning");
        return { response: null, queued: true };
      });
    },
    flush: flush,
    pending: function () { return load().length; }
  };

  window.addEventListener("online", flush);
  window.setInterval(flush, RETRY_MS);
  if (load().length) flush();
})();
