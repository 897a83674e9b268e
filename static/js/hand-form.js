// Progressive enhancement for hand forms: shows only the questions that apply, adds
// steppers, previews payments (and the patterns of entered tiles) live, and stops a
// double submit. Without it the form still works: every question is shown.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var fmt = function (text, values) { return window.mahjongText.format(window.mahjongText.gettext(text), values); };
  document.documentElement.classList.add("has-js");
  var form = document.getElementById("hand-form");
  if (!form) return;

  function checked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }
  function isSeat(value) { return /^[0-9]+$/.test(value); }

  // Whether another winner of a double ron (riichi) is given by their tiles.
  function otherTiles() {
    return Array.prototype.some.call(form.querySelectorAll('input[name$="_concealed"]'), function (input) {
      return input.value.trim() !== "";
    });
  }

  // The conditions a part's data-show may name (all must hold).
  function state() {
    var winner = checked("winner"), how = checked("how"), mode = checked("value_mode");
    var won = isSeat(winner);
    return {
      won: won,
      draw: winner === "draw",
      chombo: winner === "chombo",
      blamed: (won && how !== "" && how !== "self_drawn") || (winner !== "" && !won && winner !== "draw"),
      points: mode !== "tiles",
      tiles: mode === "tiles",
      some_tiles: mode === "tiles" || otherTiles()
    };
  }

  function updateVisibility() {
    var now = state(), winner = checked("winner");
    form.querySelectorAll("[data-show]").forEach(function (set) {
      var words = set.dataset.show.split(" ").filter(Boolean);
      set.hidden = !words.every(function (word) { return now[word]; });
    });
    form.querySelectorAll('input[name="blamed"]').forEach(function (input) {
      input.disabled = now.won && input.value === winner;
      if (input.disabled) input.checked = false;
    });
    // A family's own boxes (the calculator's) show only under that family's rules.
    var rules = form.querySelector('select[name="rules"]');
    form.querySelectorAll("fieldset[data-family]").forEach(function (set) {
      set.hidden = !!rules && set.dataset.family !== rules.value.split(":")[0];
    });
    var wind = form.querySelector('select[name="seat_wind"]');
    if (wind && now.won && !wind.dataset.touched) {
      // The family's winds for this hand where it fixes them, else seat 1 is East.
      var fixed = wind.closest("[data-seat-winds]");
      var winds = fixed ? fixed.dataset.seatWinds.split(" ") : null;
      wind.value = winds ? winds[parseInt(winner, 10)] : (parseInt(winner, 10) % 4 + 1) + "z";
    }
  }

  // A choice made on every hand (typed points or the tiles) is remembered on this phone for
  // the next form: the server marks its fieldset (data-remember) and says whether the form is
  // a fresh one (data-fresh), not an amendment or a form sent back with errors.
  var REMEMBER = "mahjong-league-choice-";
  function stored(key, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(REMEMBER + key);
      window.localStorage.setItem(REMEMBER + key, value);
    } catch (blocked) { /* no storage on this browser: the form asks every time */ }
    return null;
  }
  function chooseRemembered() {
    form.querySelectorAll("fieldset[data-remember]").forEach(function (set) {
      var value = stored(set.dataset.remember);
      set.querySelectorAll("input[type=radio]").forEach(function (input) {
        if (value !== null && input.value === value) input.checked = true;
      });
    });
  }
  function remember(input) {
    var set = input.closest("fieldset[data-remember]");
    if (set && input.checked) stored(set.dataset.remember, input.value);
  }

  function step(button) {
    var input = button.parentNode.querySelector("input");
    var delta = parseInt(button.dataset.step, 10);
    var min = parseInt(input.min || "0", 10), max = parseInt(input.max || "100000", 10);
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = delta > 0 ? Math.max(min, 1) - delta : min - delta;
    input.value = Math.min(max, Math.max(min, value + delta));
    markQuickValue(input);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  var pending = null;
  function preview() {
    if (pending) pending.abort();
    pending = new AbortController();
    var request = { method: "POST", body: new FormData(form), signal: pending.signal, credentials: "same-origin" };
    var url = form.dataset.previewUrl;
    if (form.dataset.previewMethod === "get") {
      url += "&" + new URLSearchParams(request.body).toString();
      request = { method: "GET", signal: pending.signal };
    }
    fetch(url, request)
      .then(function (response) { return response.json(); })
      .then(function (result) {
        showPreview(result);
        // A family's own script (classical) shows more of the same answer.
        form.dispatchEvent(new CustomEvent("hand-preview", { detail: result }));
      })
      .catch(function () { /* offline or aborted: the server checks on save */ });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function showPreview(result) {
    var box = document.getElementById("preview");
    box.textContent = "";
    if (!result.ok) {
      var messages = [];
      Object.keys(result.errors || {}).forEach(function (key) { messages = messages.concat(result.errors[key]); });
      if (messages.length && checked("value_mode") !== "points") box.appendChild(element("p", "hint", messages.join(" ")));
      return;
    }
    var table = element("table", "preview-table");
    result.rows.forEach(function (row) {
      var tr = table.insertRow(), value = row.points;
      tr.insertCell().textContent = row.name;
      var cell = tr.insertCell();
      var loss = value.charAt(0) === "-";
      cell.className = "num" + (loss ? " loss" : value === "0" ? "" : " gain");
      cell.textContent = loss || value === "0" ? value : "+" + value;
    });
    if (result.rows.length) {
      box.appendChild(element("h2", "", _("Payments")));
      box.appendChild(table);
    }
    if (result.evaluation) box.appendChild(evaluationBox(result.evaluation, result.unit));
  }

  // The unit comes from the server: the family counts the hand's value (faan, fan, points…).
  function evaluationBox(evaluation, unit) {
    var wrap = element("div", "evaluation-result");
    wrap.appendChild(element("h3", "", evaluation.total + " " + unit + (evaluation.limit ? " " + _("(limit)") : "")));
    var list = element("ul", "patterns");
    evaluation.patterns.forEach(function (p) {
      var item = element("li", "", (p.label || p.name + " " + p.name_zh) + " ");
      item.appendChild(element("span", "", p.value + (p.count > 1 ? " × " + p.count : "")));
      list.appendChild(item);
    });
    wrap.appendChild(list);
    if (evaluation.arrangement.length) wrap.appendChild(element("p", "arrangement", evaluation.arrangement.join(" · ")));
    return wrap;
  }

  form.addEventListener("change", function (event) {
    if (event.target.name === "seat_wind") event.target.dataset.touched = "1";
    remember(event.target);
    updateVisibility();
    preview();
  });
  form.addEventListener("tiles-changed", function () { updateVisibility(); preview(); });
  // Typing a value previews as it is typed (a phone's keyboard may stay open: no change
  // event until it closes); a short pause lets a two-digit value arrive whole.
  var typing = null;
  form.addEventListener("input", function (event) {
    var target = event.target;
    if (target.type === "radio" || target.type === "checkbox") return;  // their change previews
    markQuickValue(target);
    window.clearTimeout(typing);
    typing = window.setTimeout(preview, 200);
  });
  // The usual values as buttons: a tap fills the box, as typing it would.
  function markQuickValue(input) {
    var row = form.querySelector('.quick-values[data-for="' + input.name + '"]');
    if (!row) return;
    row.querySelectorAll("button[data-value]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.value === input.value));
    });
  }
  form.querySelectorAll(".quick-values button[data-value]").forEach(function (button) {
    button.addEventListener("click", function () {
      var row = button.closest(".quick-values");
      var input = form.querySelector('input[name="' + row.dataset.for + '"]');
      input.value = button.dataset.value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
  form.querySelectorAll("button.step").forEach(function (button) {
    button.addEventListener("click", function () { step(button); });
  });
  function newEntryId() {
    var bytes = window.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;  // version 4
    bytes[8] = (bytes[8] & 0x3f) | 0x80;  // RFC 4122 variant
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  function setBusy(busy) {
    form.querySelectorAll("button:not([type=button])").forEach(function (b) { b.disabled = busy; });
  }

  form.addEventListener("submit", function (event) {
    var saving = (form.getAttribute("method") || "").toLowerCase() === "post" && form.querySelector('[name="client_id"]');
    if (!saving || !window.mahjongOutbox || (event.submitter && event.submitter.value === "preview")) {
      // Busy once the post goes ahead (static/js/needs-connection.js may stop it).
      window.setTimeout(function () { if (!event.defaultPrevented) setBusy(true); }, 0);
      return;
    }
    // Send it ourselves, so that a failed connection keeps the hand in the outbox.
    event.preventDefault();
    setBusy(true);
    window.mahjongOutbox.submit(form, event.submitter).then(function (result) {
      if (result.queued) {
        // Kept on the phone: clear the form for the next hand, with an entry id of its own.
        // The last save's banner (its Undo needs a connection) gives way to the outbox's.
        var lastSaved = document.getElementById("saved-hand");
        if (lastSaved) lastSaved.remove();
        setBusy(false);
        form.reset();
        chooseRemembered();
        form.querySelector('[name="client_id"]').value = newEntryId();
        // The next hand is the one after the hand just kept.
        var expected = form.querySelector('[name="expected"]');
        if (expected && expected.value) expected.value = String(Number(expected.value) + 1);
        updateVisibility();
        document.getElementById("preview").textContent = "";
        window.scrollTo(0, 0);
        return;
      }
      if (result.saved) {
        window.location.assign(result.redirect);
        return;
      }
      // Refused: the form page with the server's errors beside the fields.
      showPage(result.html);
    });
  });

  // The server's page takes this one's place, built as DOM (never written as text). Scripts
  // parsed from text never run, so each is made anew: they then run in order, as on a load.
  function showPage(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var fresh = document.importNode(page.documentElement, true);
    fresh.querySelectorAll("script").forEach(function (old) {
      var script = document.createElement("script");
      Array.prototype.forEach.call(old.attributes, function (a) { script.setAttribute(a.name, a.value); });
      script.textContent = old.textContent;
      script.async = false;
      old.replaceWith(script);
    });
    document.replaceChild(fresh, document.documentElement);
    window.scrollTo(0, 0);
  }
  // Opened from the phone's copy (offline, static/js/service-worker.js): the kept page's
  // entry id was the one of the form as last shown; this hand gets an id of its own.
  if (document.documentElement.hasAttribute("data-offline-copy")) {
    var entryId = form.querySelector('[name="client_id"]');
    if (entryId) entryId.value = newEntryId();
  }
  if (form.hasAttribute("data-fresh")) chooseRemembered();
  updateVisibility();
  if (checked("winner")) preview();
})();
