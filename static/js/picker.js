// The picker, one for every family: a palette of tiles nine to a row, a limit of four
// copies of a tile (one of a flower or season, one red five of a suit, whose suit's fives
// are four in all), Undo of the last tap (Clear included), and a
// summary bar kept at the bottom of the screen with what the form's live preview computes.
// What a tap means is the mode's: a tile of a winning hand (static/js/tile-picker.js) or a
// set of tiles for a player (static/js/classical-hand.js). A mode is an object with
//   tap(code)      -> { codes: [tiles the tap adds], apply: function } or a refusal (text)
//   inUse()        -> the tiles already entered, to count copies
//   snapshot()     -> a copy of the entry; restore(copy) puts it back and saves it
//   clear()        -> empties the entry
//   reload()       -> reads the entry again from the form's fields (after the form is reset)
//   count()        -> what the bar says was entered ("11 tiles")
//   total(result)  -> optional: the bar's total from the preview's answer
// A form's first picker has the bar; another (a second winner's tiles in one form), marked
// data-picker-inline, says its count and refusals in a line of its own under its tiles.
// A root marked data-no-flowers has no row of flowers and seasons (riichi); one marked
// data-red-fives has a row of red fives (0m 0p 0s) in their place.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var fmt = function (text, values) { return window.mahjongText.format(window.mahjongText.gettext(text), values); };
  var tiles = window.mahjongTiles;
  var ROWS = [["m", 9], ["p", 9], ["s", 9], ["z", 7], ["f", 8]];
  var RED_FIVES = ["0m", "0p", "0s"];
  var HISTORY = 50;  // taps Undo remembers

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A tile as a button: its shown text, and the same text first in its name.
  function tileButton(code, extra) {
    var red = tiles.isRed(code) ? " red-five" : "";
    var button = element("button", "tile tile-" + code.charAt(1) + red + (extra ? " " + extra : ""), tiles.label(code));
    button.type = "button";
    button.setAttribute("aria-label", tiles.name(code));
    button.dataset.code = code;
    return button;
  }

  // The tiles of a kind in a full set: four of each, one of each flower and season, one red
  // five of a suit (one of its four fives: a red five and plain fives are four in all).
  function limit(code) { return code.charAt(1) === "f" || tiles.isRed(code) ? 1 : 4; }
  function plain(code) { return tiles.isRed(code) ? "5" + code.charAt(1) : code; }
  function overLimit(adding, inUse) {
    var counts = {}, fives = {};
    inUse.concat(adding).forEach(function (code) {
      counts[code] = (counts[code] || 0) + 1;
      fives[plain(code)] = (fives[plain(code)] || 0) + 1;
    });
    return adding.filter(function (code) { return counts[code] > limit(code) || fives[plain(code)] > 4; })[0] || null;
  }
  function refusal(code, inUse) {
    if (tiles.isRed(code) && inUse.indexOf(code) >= 0) return fmt("There is only one red %(tile)s: it is already entered.", { tile: tiles.label(code) });
    if (tiles.isRed(code)) code = plain(code);
    return limit(code) === 1
      ? fmt("There is only one %(tile)s: it is already entered.", { tile: tiles.label(code) })
      : fmt("There are only four %(tile)s: a fifth is refused.", { tile: tiles.label(code) });
  }

  function create(root, mode) {
    var form = root.closest("form");
    var undone = [];
    var undo = root.querySelector("[data-picker-undo]"), clear = root.querySelector("[data-picker-clear]");
    var bar = root.hasAttribute("data-picker-inline") ? inlineBar(root) : summaryBar(form);
    var last = null;  // the preview's last answer

    function say(text) { bar.message.textContent = text || ""; }
    // Every change the member makes with a tap goes through here, so that Undo can take it back.
    function change(apply) {
      undone.push(mode.snapshot());
      if (undone.length > HISTORY) undone.shift();
      say("");
      apply();
      refresh();
    }
    function refresh() {
      undo.disabled = undone.length === 0;
      summarise();
    }
    function tap(code) {
      var plan = mode.tap(code);
      if (!plan) return;
      if (typeof plan === "string") return say(plan);
      var over = overLimit(plan.codes, mode.inUse());
      if (over) return say(refusal(over, mode.inUse()));
      change(plan.apply);
    }

    function palette() {
      var box = root.querySelector(".picker-palette");
      var rows = ROWS.map(function (row) {
        var codes = [];
        for (var n = 1; n <= row[1]; n += 1) codes.push(n + row[0]);
        return codes;
      }).filter(function (codes) { return codes[0].charAt(1) !== "f" || !root.hasAttribute("data-no-flowers"); });
      if (root.hasAttribute("data-red-fives")) rows.push(RED_FIVES);
      rows.forEach(function (codes) {
        var line = element("div", "palette-row");
        codes.forEach(function (code) {
          var button = tileButton(code);
          button.addEventListener("click", function (event) { tap(event.currentTarget.dataset.code); });
          line.appendChild(button);
        });
        box.appendChild(line);
      });
    }

    // The bar shows while the picker does (a form may hide it: points typed, not tiles).
    function summarise() {
      bar.box.hidden = root.getClientRects().length === 0;
      bar.count.textContent = mode.count();
      if (bar.inline) return;  // the preview's total and payments are the whole hand's
      var result = last && last.ok ? last : null;
      var total = result && mode.total ? mode.total(result) : "";
      if (result && !mode.total && result.evaluation && result.evaluation.total !== undefined) {
        total = result.evaluation.total + (result.unit ? " " + result.unit : "");
      }
      bar.total.textContent = total;
      bar.payments.textContent = "";
      ((result && result.rows) || []).forEach(function (row) {
        var value = row.points, loss = value.charAt(0) === "-";
        var cell = element("span", "num" + (loss ? " loss" : value === "0" ? "" : " gain"), loss || value === "0" ? value : "+" + value);
        var item = element("span", "payment", row.name + " ");
        item.appendChild(cell);
        bar.payments.appendChild(item);
      });
    }

    undo.addEventListener("click", function () {
      if (!undone.length) return;
      say("");
      mode.restore(undone.pop());
      refresh();
    });
    if (clear) clear.addEventListener("click", function () { change(mode.clear); });
    form.addEventListener("hand-preview", function (event) { last = event.detail; summarise(); });
    // A form cleared for the next hand (kept offline) empties its fields: so does the picker,
    // and Undo does not bring the last hand back.
    form.addEventListener("reset", function () {
      window.setTimeout(function () { mode.reload(); last = null; undone = []; say(""); refresh(); }, 0);
    });
    form.addEventListener("change", summarise);
    palette();
    refresh();
    return {
      change: change,
      say: say,
      refresh: refresh,
      // Typed text is not a tap: Undo would take it back with the tap before it.
      forget: function () { undone = []; refresh(); }
    };
  }

  // The bar, just before the form's buttons: sticky, so it stays at the bottom of the screen
  // while the form scrolls under it.
  function summaryBar(form) {
    var parts = barParts("picker-bar");
    var buttons = form.querySelector(".submit-row");
    if (buttons) buttons.parentNode.insertBefore(parts.box, buttons);
    else form.appendChild(parts.box);
    return parts;
  }

  // The line under a further picker's tiles: its count and why a tap was refused.
  function inlineBar(root) {
    var parts = barParts("picker-bar picker-inline");
    parts.inline = true;
    root.appendChild(parts.box);
    return parts;
  }

  function barParts(className) {
    var box = element("div", className), parts = { box: box };
    box.hidden = true;
    ["count", "total", "payments"].forEach(function (part) {
      parts[part] = box.appendChild(element("span", "picker-" + part));
    });
    // Always there and empty until needed, so that a screen reader hears what it says.
    parts.message = box.appendChild(element("p", "picker-message"));
    parts.message.setAttribute("role", "alert");
    return parts;
  }

  window.mahjongPicker = { create: create, tileButton: tileButton, element: element };
})();
