// Never lose a hand on a bad network: a hand form whose submission cannot reach the server
// is kept in this browser (localStorage) and sent again until the server answers for it. Each
// entry carries its form's unique entry id, so a resend never records a hand twice.
//
// Only two answers end an entry's stay: "saved" (JSON from the hand form), or "this hand is
// refused" (status 400 with the X-Hand-Refused header, the form page with its errors). Every
// other answer (a sign-in page, a 403 after the sign-in expired, a proxy's 502, a captive
// portal's page) keeps it, and it is sent again later, less and less often.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var fmt = function (text, values) { return window.mahjongText.format(window.mahjongText.gettext(text), values); };
  // Once a window: a refused form page put in this one's place (hand-form.js) runs its
  // scripts again, and this one's listeners are on the window.
  if (window.mahjongOutbox) return;
  var KEY = "mahjong-league-outbox";
  var REFUSED_KEY = "mahjong-league-outbox-refused";
  var LOAD_PREFIX = "#outbox-load-";
  var FIRST_RETRY_MS = 15000;
  var LAST_RETRY_MS = 300000;

  function load(key) {
    try { return JSON.parse(window.localStorage.getItem(key || KEY) || "[]"); } catch (e) { return []; }
  }
  function store(entries, key) { window.localStorage.setItem(key || KEY, JSON.stringify(entries)); }
  function without(entries, id) { return entries.filter(function (e) { return e.id !== id; }); }

  function bannerBox() {
    var box = document.getElementById("outbox");
    if (!box) {
      box = document.createElement("div");
      box.id = "outbox";
      box.setAttribute("role", "status");
      document.body.insertBefore(box, document.body.firstChild);
    }
    return box;
  }

  function banner(text, kind, link) {
    var box = bannerBox();
    box.className = "outbox " + (kind || "");
    box.textContent = text;
    if (link) {
      var a = document.createElement("a");
      a.href = link.href;
      a.textContent = link.text;
      box.appendChild(document.createTextNode(" "));
      box.appendChild(a);
    }
    showRefused(box);
    box.hidden = !box.textContent;
  }

  // Hands the server refused stay listed, with its reasons, until the member fixes or drops them.
  function showRefused(box) {
    load(REFUSED_KEY).forEach(function (entry) {
      var item = document.createElement("div");
      item.className = "outbox-refused";
      item.dataset.entry = entry.id;
      item.textContent = fmt("Not recorded: %(hand)s.", { hand: entry.label }) + " " + entry.reason + " ";
      var fix = document.createElement("a");
      fix.href = entry.url.split("#")[0] + LOAD_PREFIX + entry.id;
      fix.textContent = _("Fix and send again");
      fix.className = "outbox-fix";
      var drop = document.createElement("button");
      drop.type = "button";
      drop.className = "link outbox-drop";
      drop.textContent = _("Discard");
      drop.addEventListener("click", function () {
        store(without(load(REFUSED_KEY), entry.id), REFUSED_KEY);
        banner("", "");
      });
      item.appendChild(fix);
      item.appendChild(document.createTextNode(" · "));
      item.appendChild(drop);
      box.appendChild(item);
    });
  }

  function describe(entries) {
    var n = entries.length;
    return window.mahjongText.format(window.mahjongText.ngettext("%(count)s hand is saved on this phone", "%(count)s hands are saved on this phone", n), { count: n });
  }

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : null;
  }

  // The form page's error messages, read from the refused answer (never run: DOMParser).
  function reasons(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var items = Array.prototype.map.call(page.querySelectorAll(".errorlist li"), function (li) {
      return li.textContent.trim();
    });
    return items.filter(Boolean).join(" ") || _("The server refused it.");
  }

  // ``retry``: a hand kept on the phone, sent again later (nobody is at the form to be asked
  // about a hand someone else recorded meanwhile; the server records it as entered).
  function post(entry, retry) {
    var body = new FormData();
    // The sign-in may have changed since the hand was kept (a new sign-in, a new CSRF token).
    var token = csrfToken();
    entry.fields.forEach(function (pair) {
      body.append(pair[0], pair[0] === "csrfmiddlewaretoken" && token ? token : pair[1]);
    });
    var headers = { "X-Outbox": "1" };
    if (retry) headers["X-Outbox-Retry"] = "1";
    if (token) headers["X-CSRFToken"] = token;
    return fetch(entry.url, { method: "POST", body: body, headers: headers, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (text) { return judge(response, text); });
      });
  }

  function judge(response, text) {
    var result = { response: response, html: text, saved: false, refused: false, signIn: false };
    var json = (response.headers.get("Content-Type") || "").indexOf("application/json") >= 0;
    if (response.ok && json) {
      var data = null;
      try { data = JSON.parse(text); } catch (e) { data = null; }
      result.saved = Boolean(data && data.saved);
      result.redirect = data && data.redirect;
    } else if (response.status === 400 && response.headers.get("X-Hand-Refused") === "1") {
      result.refused = true;
      result.reason = reasons(text);
    } else if (response.redirected && response.url.indexOf("/accounts/login/") >= 0) {
      result.signIn = true;
    }
    return result;
  }

  function signInLink() {
    return { href: "/accounts/login/?next=" + encodeURIComponent(window.location.pathname), text: _("Sign in") };
  }

  var sending = false;
  var askedAgain = false;  // a flush asked for while one was under way
  var retryMs = FIRST_RETRY_MS;
  var timer = null;

  function retryLater(text) {
    banner(text, "warning");
    schedule(retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  // The next try after ms, or at once if a flush was asked for while the last one was under
  // way (coming back online, say, while the try made offline had not yet failed).
  function schedule(ms) {
    if (timer) window.clearTimeout(timer);
    timer = window.setTimeout(function () { timer = null; flush(); }, askedAgain ? 0 : ms);
  }

  function settled(entry, result) {
    store(without(load(), entry.id));
    if (result.refused) {
      entry.reason = result.reason;
      store(without(load(REFUSED_KEY), entry.id).concat([entry]), REFUSED_KEY);
    }
    retryMs = FIRST_RETRY_MS;
    var left = load();
    if (left.length) {
      banner(describe(left) + _("; sending…"), "warning");
    } else if (result.refused) {
      banner(_("A saved hand was refused by the server."), "error");
    } else {
      banner(_("Saved hands sent."), "ok");
      if (document.body.dataset.refreshOnSync === "1") window.location.reload();
    }
  }

  function flush() {
    if (sending) {
      askedAgain = true;
      return;
    }
    askedAgain = false;  // this flush is the one asked for
    var entries = load();
    if (!entries.length) return;
    sending = true;
    var entry = entries[0];
    post(entry, true).then(function (result) {
      sending = false;
      if (result.signIn) {
        banner(describe(entries) + _(". Sign in to send them."), "warning", signInLink());
        schedule(retryMs);
        return;
      }
      if (!result.saved && !result.refused) {
        retryLater(describe(entries) + fmt(": the server could not take them (%(status)s); they will be sent again.",
          { status: result.response.status }));
        return;
      }
      settled(entry, result);
      flush();
    }).catch(function () {
      sending = false;
      retryLater(describe(load()) + _(": no connection yet, it will be sent automatically."));
    });
  }

  function keep(entry, text) {
    var entries = without(load(), entry.id);
    entries.push(entry);
    store(entries);
    retryLater(describe(entries) + text);
  }

  // "Fix and send again": the refused hand's fields back in its form, under its own entry id.
  function loadRefused() {
    var form = document.getElementById("hand-form");
    if (!form || window.location.hash.indexOf(LOAD_PREFIX) !== 0) return;
    var id = window.location.hash.slice(LOAD_PREFIX.length);
    var entry = load(REFUSED_KEY).filter(function (e) { return e.id === id; })[0];
    if (!entry) return;
    fill(form, entry.fields);
    store(without(load(REFUSED_KEY), id), REFUSED_KEY);
    history.replaceState(null, "", window.location.pathname + window.location.search);
    banner(_("The refused hand is back in the form:") + " " + entry.reason, "error");
  }

  function fill(form, fields) {
    fields.forEach(function (pair) {
      if (pair[0] === "csrfmiddlewaretoken" || pair[0] === "action") return;
      Array.prototype.forEach.call(form.elements, function (field) {
        if (field.name !== pair[0]) return;
        if (field.type === "radio" || field.type === "checkbox") {
          if (field.value === pair[1]) field.checked = true;
        } else {
          field.value = pair[1];
        }
        field.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }

  // What the form says of the hand, for the score sheet to show while it waits on the phone
  // ("Who won? B · How? Ron · By whom? C · Han 3 · Fu 30"): each question that applies
  // (its fieldset's legend, without its notes in brackets) with the answers given.
  function summary(form) {
    var answers = [], byQuestion = {};
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || field.type === "hidden" || field.closest("[hidden]") || field.tagName === "BUTTON") return;
      var answer = "";
      if (field.type === "radio" || field.type === "checkbox") {
        var label = field.closest("label") || form.querySelector('label[for="' + field.id + '"]');
        if (field.checked && label) answer = label.textContent.trim();
      } else if (field.tagName === "SELECT") {
        if (field.value) answer = field.options[field.selectedIndex].textContent.trim();
      } else {
        answer = field.value.trim();
      }
      if (!answer) return;
      var set = field.closest("fieldset"), legend = set && set.querySelector("legend");
      var question = legend ? legend.textContent.replace(/\s*[(（][^)）]*[)）]/g, "").trim() : "";
      if (!(question in byQuestion)) {
        byQuestion[question] = [];
        answers.push(question);
      }
      byQuestion[question].push(answer);
    });
    return answers.map(function (question) {
      return (question ? question + " " : "") + byQuestion[question].join(", ");
    }).join(" · ");
  }

  // The hand's place in the session, as the form expected it (blank if it did not say).
  function place(fields) {
    var pair = fields.filter(function (p) { return p[0] === "expected"; })[0];
    return pair ? pair[1] : "";
  }

  // Called by hand forms: returns a promise that settles once the hand is sent, refused (the
  // form page to show), or kept on the phone.
  window.mahjongOutbox = {
    submit: function (form, submitter) {
      var fields = [];
      new FormData(form, submitter).forEach(function (value, key) { fields.push([key, value]); });
      var entry = {
        id: (form.querySelector('[name="client_id"]') || {}).value || String(Date.now()),
        url: form.getAttribute("action") || window.location.href.split("#")[0],
        label: form.dataset.label || document.title,
        summary: summary(form),
        fields: fields
      };
      entry.place = place(fields);
      return post(entry).then(function (result) {
        if (result.saved || result.refused) {
          result.queued = false;
          return result;
        }
        keep(entry, result.signIn ? _(". Sign in to send them.") : _(": the server could not take it; it will be sent again."));
        if (result.signIn) banner(describe(load()) + _(". Sign in to send them."), "warning", signInLink());
        return { response: result.response, queued: true };
      }, function () {
        keep(entry, _(": no connection, it will be sent automatically."));
        return { response: null, queued: true };
      });
    },
    flush: flush,
    pending: function () { return load().length; },
    // The hands kept on this phone, oldest first: {id, url, label, summary, place, fields}.
    entries: function () { return load(); },
    refused: function () { return load(REFUSED_KEY).length; }
  };

  window.addEventListener("online", function () { retryMs = FIRST_RETRY_MS; flush(); });
  // After every deferred script, so that the form's own script sees the fields change.
  document.addEventListener("DOMContentLoaded", loadRefused);
  window.addEventListener("hashchange", loadRefused);  // the link was to the page already open
  if (load().length) flush();
  else if (load(REFUSED_KEY).length) banner(_("A saved hand was refused by the server."), "error");
})();
