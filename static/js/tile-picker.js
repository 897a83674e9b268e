// The winning hand's mode of the picker (static/js/picker.js): tap tiles to build a winning
// hand on a phone. It keeps the plain text fields (concealed, melds, winning_tile, bonus) up
// to date, so the server reads the same fields with or without JavaScript. A form may hold
// several, one per winner (a double ron): each root's data-fields names the prefix of
// its fields ("second_" fills second_concealed ...); a hand without flowers has no bonus field.
// Red fives (riichi rules that play them) are written 0m 0p 0s, as the engine reads them.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var fmt = function (text, values) { return window.mahjongText.format(window.mahjongText.gettext(text), values); };
  var tiles = window.mahjongTiles, label = tiles.label, sorted = tiles.sorted, ORDER = tiles.ORDER;
  var ui = window.mahjongPicker;
  document.querySelectorAll("[data-tile-picker]").forEach(start);

  function start(root) {
    var form = root.closest("form");
    var prefix = root.dataset.fields || "";
    var field = function (name) { return form.querySelector('[name="' + prefix + name + '"]'); };
    var none = { value: "" };  // a field the form does not have (no flowers)
    var bonusField = field("bonus") || none;
    var state = { concealed: [], melds: [], bonus: [], winning: null, mode: "concealed", choosingWinner: false };
    var picker;

    function compact(codes) {
      var out = "", groups = {};
      sorted(codes).forEach(function (code) { (groups[code.charAt(1)] = groups[code.charAt(1)] || []).push(code.charAt(0)); });
      ORDER.split("").forEach(function (suit) { if (groups[suit]) out += groups[suit].join("") + suit; });
      return out;
    }
    function expand(text) {
      var codes = [], digits = [];
      (text || "").replace(/\s+/g, "").split("").forEach(function (ch) {
        if (/[0-9]/.test(ch)) { digits.push(ch); return; }
        digits.forEach(function (d) { codes.push(d + ch); });
        digits = [];
      });
      return codes;
    }

    function load() {
      state.concealed = sorted(expand(field("concealed").value));
      state.bonus = sorted(expand(bonusField.value));
      state.winning = field("winning_tile").value.trim() || null;
      state.melds = (field("melds").value || "").split(/[\s,]+/).filter(Boolean).map(function (token) {
        return { tiles: expand(token.replace(/^[-+]/, "")), concealed: token.charAt(0) === "-" };
      });
    }

    function save() {
      field("concealed").value = compact(state.concealed);
      bonusField.value = compact(state.bonus);
      field("winning_tile").value = state.winning && state.concealed.indexOf(state.winning) >= 0 ? state.winning : "";
      field("melds").value = state.melds.map(function (meld) {
        return (meld.concealed ? "-" : "") + compact(meld.tiles);
      }).join(" ");
      render();
      form.dispatchEvent(new Event("tiles-changed"));
    }

    // What a tap on the palette adds in the chosen mode (a tile, a set, a flower), or why not.
    function tap(code) {
      var suit = code.charAt(1), n = parseInt(code.charAt(0), 10);
      if (suit === "f" || state.mode === "bonus") {
        if (suit !== "f") return _("Flower mode: tap a flower or season.");
        return { codes: [code], apply: function () { state.bonus.push(code); save(); } };
      }
      if (state.mode === "concealed") {
        return { codes: [code], apply: function () { state.concealed.push(code); state.winning = code; save(); } };
      }
      var set = [];
      if (state.mode === "chow" && n === 0) {
        set = [code, "6" + suit, "7" + suit];  // a red five starts the chow 5-6-7
      } else if (state.mode === "chow") {
        if (suit === "z" || n > 7) return _("A chow starts at 1 to 7 of a suit.");
        set = [code, (n + 1) + suit, (n + 2) + suit];
      } else {
        // A pung or kong of fives holds the one red five with plain fives.
        for (var i = 0; i < (state.mode === "pung" ? 3 : 4); i += 1) set.push(i && n === 0 ? "5" + suit : code);
      }
      return { codes: set, apply: function () {
        state.melds.push({ tiles: set, concealed: state.mode === "concealed_kong" });
        save();
      } };
    }

    function entered() {
      return state.melds.reduce(function (all, meld) { return all.concat(meld.tiles); }, state.concealed.slice());
    }

    var mode = {
      tap: tap,
      inUse: function () { return entered().concat(state.bonus); },
      snapshot: function () {
        return JSON.stringify({ concealed: state.concealed, melds: state.melds, bonus: state.bonus, winning: state.winning });
      },
      restore: function (copy) {
        var kept = JSON.parse(copy);
        Object.keys(kept).forEach(function (key) { state[key] = kept[key]; });
        state.choosingWinner = false;
        save();
      },
      reload: function () { load(); render(); },
      clear: function () {
        state.concealed = []; state.melds = []; state.bonus = []; state.winning = null; save();
      },
      count: function () {
        var count = entered().length, flowers = state.bonus.length;
        var t = window.mahjongText;
        return t.format(t.ngettext("%(count)s tile", "%(count)s tiles", count), { count: count }) +
          (flowers ? " · " + t.format(t.ngettext("%(count)s flower", "%(count)s flowers", flowers), { count: flowers }) : "");
      }
    };

    // A tile shown inside a control (a set to remove): text, not a button of its own.
    function tileFace(code) { return ui.element("span", "tile small tile-" + code.charAt(1), label(code)); }

    function render() {
      var melds = root.querySelector(".picker-melds"), hand = root.querySelector(".picker-concealed");
      var bonus = root.querySelector(".picker-bonus") || document.createElement("div");
      melds.textContent = ""; hand.textContent = ""; bonus.textContent = "";
      state.melds.forEach(function (meld, index) {
        var group = ui.element("button", "meld" + (meld.concealed ? " concealed" : ""));
        group.type = "button";
        var shown = meld.tiles.map(label).join("");
        group.setAttribute("aria-label", fmt("Remove %(set)s", { set: shown + " (" + compact(meld.tiles) + ")" }));
        meld.tiles.forEach(function (code) { group.appendChild(tileFace(code)); });
        group.addEventListener("click", function () { picker.change(function () { state.melds.splice(index, 1); save(); }); });
        melds.appendChild(group);
      });
      var winningShown = false;
      sorted(state.concealed).forEach(function (code) {
        var isWinning = !winningShown && code === state.winning;
        if (isWinning) winningShown = true;
        var button = ui.tileButton(code, isWinning ? "winning" : "");
        button.addEventListener("click", function () {
          picker.change(function () {
            if (state.choosingWinner) {
              state.winning = code;
              state.choosingWinner = false;
            } else {
              state.concealed.splice(state.concealed.indexOf(code), 1);
            }
            save();
          });
        });
        hand.appendChild(button);
      });
      state.bonus.forEach(function (code) {
        var button = ui.tileButton(code);
        button.addEventListener("click", function () {
          picker.change(function () { state.bonus.splice(state.bonus.indexOf(code), 1); save(); });
        });
        bonus.appendChild(button);
      });
      root.querySelector(".picker-winning").classList.toggle("active", state.choosingWinner);
      root.querySelectorAll("[data-mode]").forEach(function (button) {
        button.classList.toggle("active", button.dataset.mode === state.mode);
      });
    }

    root.querySelectorAll("[data-mode]").forEach(function (button) {
      button.addEventListener("click", function () { state.mode = button.dataset.mode; render(); });
    });
    root.querySelector(".picker-winning").addEventListener("click", function () {
      state.choosingWinner = !state.choosingWinner; render();
    });
    root.hidden = false;
    load();
    picker = ui.create(root, mode);
    render();
  }
})();
