// The classical hand form: players in order from the Mah-Jongg player, a set picker that
// writes the same compact text a player can type (so the form works without JavaScript),
// Mah-Jongg-only events shown only to the Mah-Jongg player, and each player's score items
// with the running total, plus the payments matrix, previewed as sets are added.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var fmt = function (text, values) { return window.mahjongText.format(window.mahjongText.gettext(text), values); };
  var form = document.getElementById("hand-form");
  var box = form && form.querySelector("[data-classical-players]");
  if (!box) return;
  var picker = form.querySelector("[data-set-picker]");
  var tiles = window.mahjongTiles, label = tiles.label;
  var choice = { kind: "pung", how: "" };
  var target = null;  // the player the picker adds sets for

  function checked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }
  function players() { return Array.prototype.slice.call(box.querySelectorAll("fieldset.player")); }
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The order of play from the Mah-Jongg player, and the events only they may tick.
  function arrange() {
    var winner = checked("mahjong"), count = players().length;
    var first = /^[0-9]+$/.test(winner) ? parseInt(winner, 10) : 0;
    players().forEach(function (set) {
      var seat = parseInt(set.dataset.seat, 10);
      set.style.order = (seat - first + count) % count;
      var isWinner = String(seat) === winner;
      set.classList.toggle("is-mahjong", isWinner);
      set.querySelectorAll(".mj-only").forEach(function (item) {
        item.hidden = !isWinner;
        if (!isWinner) item.querySelector("input").checked = false;
      });
    });
    var how = form.querySelector("[data-classical-how]");
    if (how) how.hidden = winner === "draw";
  }

  // Chips for the sets entered, each removable with a tap.
  function tokens(input) { return input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean); }
  function chips(set) {
    var input = set.querySelector("input[name^='sets_']"), holder = set.querySelector("[data-chips]");
    holder.textContent = "";
    tokens(input).forEach(function (token, index) {
      var chip = element("button", "set-chip", chipText(token));
      chip.type = "button";
      chip.setAttribute("aria-label", fmt("Remove %(set)s", { set: chipText(token) }));
      chip.addEventListener("click", function () {
        sets.change(function () {
          var list = tokens(input);
          list.splice(index, 1);
          input.value = list.join(" ");
          changed(input);
        });
      });
      holder.appendChild(chip);
    });
  }
  function chipText(token) {
    var match = /^([-+]?)([0-9]+)([mpszf])$/.exec(token);
    if (!match) return token;
    var tiles = match[2].split("").map(function (d) { return label(d + match[3]); }).join(" ");
    return tiles + ({ "-": " · " + _("concealed"), "+": " · " + _("claimed") }[match[1]] || "");
  }

  // The sets mode of the picker (static/js/picker.js): a tap adds a set of the chosen kind
  // to the player the picker is open for, checked against every player's tiles.
  function noSet(code) {
    var n = parseInt(code.charAt(0), 10), suit = code.charAt(1);
    if (choice.kind === "bonus" && suit !== "f") return _("Flower/season: tap a flower or season.");
    if (choice.kind === "chow" && (suit === "z" || n > 7)) return "A chow starts at 1 to 7 of a suit.";
    return "";
  }
  function tokenFor(code) {
    var n = parseInt(code.charAt(0), 10), suit = code.charAt(1);
    if (suit === "f") return code;
    var digits = choice.kind === "chow" ? "" + n + (n + 1) + (n + 2)
      : new Array({ pair: 2, pung: 3, kong: 4 }[choice.kind] + 1).join(String(n));
    var how = choice.how === "+" && choice.kind !== "kong" ? "" : choice.how;
    return how + digits + suit;
  }
  function codesOf(token) {
    var match = /^[-+]?([0-9]+)([mpszf])$/.exec(token);
    return match ? match[1].split("").map(function (d) { return d + match[2]; }) : [];
  }
  function changed(input) {
    chips(input.closest("fieldset.player"));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  function setsInput(set) { return set.querySelector("input[name^='sets_']"); }
  function allInputs() { return players().map(setsInput); }

  var mode = {
    tap: function (code) {
      if (!target) return null;
      if (noSet(code)) return noSet(code);
      var token = tokenFor(code), input = setsInput(target);
      return { codes: codesOf(token), apply: function () {
        input.value = tokens(input).concat([token]).join(" ");
        changed(input);
      } };
    },
    inUse: function () {
      return allInputs().reduce(function (all, input) {
        return tokens(input).reduce(function (codes, token) { return codes.concat(codesOf(token)); }, all);
      }, []);
    },
    snapshot: function () { return allInputs().map(function (input) { return input.value; }); },
    restore: function (values) {
      allInputs().forEach(function (input, index) {
        if (input.value !== values[index]) { input.value = values[index]; changed(input); }
      });
    },
    reload: function () { players().forEach(chips); },
    clear: function () {
      var input = target && setsInput(target);
      if (input && input.value) { input.value = ""; changed(input); }
    },
    count: function () {
      if (!target) return "";
      var count = tokens(setsInput(target)).length;
      return name(target) + ": " + window.mahjongText.format(window.mahjongText.ngettext("%(count)s set", "%(count)s sets", count), { count: count });
    },
    total: function (result) {
      var score = target && result.evaluation && result.evaluation.scores[parseInt(target.dataset.seat, 10)];
      return score ? String(score.fixed !== null ? score.fixed : score.score) : "";
    }
  };
  function name(set) { return set.querySelector("legend").firstChild.textContent.trim(); }

  function modes() {
    ["kind", "how"].forEach(function (key) {
      picker.querySelectorAll("[data-" + key + "]").forEach(function (button) {
        button.addEventListener("click", function () {
          choice[key] = button.dataset[key];
          picker.querySelectorAll("[data-" + key + "]").forEach(function (other) {
            other.classList.toggle("active", other === button);
          });
        });
      });
    });
  }

  function openPicker(set) {
    target = set;
    set.querySelector("[data-picker-slot]").appendChild(picker);
    picker.hidden = false;
    sets.refresh();
  }

  // The live preview comes from hand-form.js (one request per change); typing in a sets
  // field asks it for one, and its answer is shown here item by item.
  function preview() {
    form.dispatchEvent(new Event("tiles-changed"));
  }
  form.addEventListener("hand-preview", function (event) { show(event.detail); });

  function show(result) {
    var evaluation = result.ok && result.evaluation;
    players().forEach(function (set) {
      var seat = parseInt(set.dataset.seat, 10), list = set.querySelector("[data-breakdown]");
      var total = set.querySelector("[data-total]");
      list.textContent = "";
      total.textContent = "";
      if (!evaluation) return;
      var score = evaluation.scores[seat];
      score.breakdown.forEach(function (line) {
        var item = element("li", "", line.text + " ");
        item.appendChild(element("span", "", String(line.running)));
        list.appendChild(item);
      });
      total.textContent = score.fixed !== null ? fmt("%(score)s (fixed)", { score: score.fixed }) : String(score.score);
    });
    var out = document.getElementById("classical-preview");
    out.textContent = "";
    if (evaluation) out.appendChild(matrix(evaluation.payments));
  }

  function matrix(rows) {
    var names = players().sort(function (a, b) { return a.dataset.seat - b.dataset.seat; })
      .map(function (set) { return set.querySelector("legend").firstChild.textContent.trim(); });
    var wrap = element("div", "scroll"), table = element("table", "matrix");
    var head = table.createTHead().insertRow();
    head.appendChild(element("th", "", ""));
    names.forEach(function (name) { head.appendChild(element("th", "", name)); });
    var body = table.createTBody();
    rows.forEach(function (cells, index) {
      var tr = body.insertRow();
      tr.appendChild(element("th", "name", names[index]));
      cells.forEach(function (cell) { tr.appendChild(element("td", "num", cell)); });
    });
    wrap.appendChild(element("h2", "", _("Payments matrix")));
    wrap.appendChild(table);
    return wrap;
  }

  players().forEach(function (set) {
    chips(set);
    set.querySelector("[data-add-sets]").addEventListener("click", function () { openPicker(set); });
    set.querySelector("input[name^='sets_']").addEventListener("input", function () {
      chips(set);
      sets.forget();
      preview();
    });
  });
  form.addEventListener("change", arrange);  // hand-form.js previews on every change
  modes();
  var sets = window.mahjongPicker.create(picker, mode);
  arrange();
  var first = players().filter(function (set) { return set.style.order === "0"; })[0];
  if (first) openPicker(first);
  // After every deferred script has run, so that hand-form.js is listening.
  document.addEventListener("DOMContentLoaded", function () {
    if (checked("mahjong")) preview();
  });
})();
