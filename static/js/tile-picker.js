// The tile picker: tap tiles to build a winning hand on a phone. It keeps the plain text
// fields (concealed, melds, winning_tile, bonus) up to date, so the server reads the same
// fields with or without JavaScript.
(function () {
  "use strict";
  var picker = document.querySelector("[data-tile-picker]");
  if (!picker) return;
  var form = picker.closest("form");
  var field = function (name) { return form.querySelector('[name="' + name + '"]'); };
  var tiles = window.mahjongTiles, label = tiles.label, sorted = tiles.sorted, ORDER = tiles.ORDER;
  var state = { concealed: [], melds: [], bonus: [], winning: null, mode: "concealed", choosingWinner: false };

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
    state.bonus = sorted(expand(field("bonus").value));
    state.winning = field("winning_tile").value.trim() || null;
    state.melds = (field("melds").value || "").split(/[\s,]+/).filter(Boolean).map(function (token) {
      return { tiles: expand(token.replace(/^[-+]/, "")), concealed: token.charAt(0) === "-" };
    });
  }

  function save() {
    field("concealed").value = compact(state.concealed);
    field("bonus").value = compact(state.bonus);
    field("winning_tile").value = state.winning && state.concealed.indexOf(state.winning) >= 0 ? state.winning : "";
    field("melds").value = state.melds.map(function (meld) {
      return (meld.concealed ? "-" : "") + compact(meld.tiles);
    }).join(" ");
    render();
    form.dispatchEvent(new Event("tiles-changed"));
  }

  // A tile shown inside a control (a set to remove): text, not a button of its own.
  function tileFace(code, extra) {
    var face = document.createElement("span");
    face.className = "tile tile-" + code.charAt(1) + (extra ? " " + extra : "");
    face.textContent = label(code);
    return face;
  }

  function tileButton(code, extra) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "tile tile-" + code.charAt(1) + (extra ? " " + extra : "");
    button.textContent = label(code);
    button.setAttribute("aria-label", tiles.name(code));
    button.dataset.code = code;
    return button;
  }

  function add(code) {
    var suit = code.charAt(1), n = parseInt(code.charAt(0), 10);
    if (suit === "f" || state.mode === "bonus") {
      if (suit === "f" && state.bonus.indexOf(code) < 0) state.bonus.push(code);
      return save();
    }
    if (state.mode === "concealed") {
      state.concealed.push(code);
      state.winning = code;
    } else if (state.mode === "chow") {
      if (suit === "z" || n > 7) return;
      state.melds.push({ tiles: [code, (n + 1) + suit, (n + 2) + suit], concealed: false });
    } else {
      var size = state.mode === "pung" ? 3 : 4, tiles = [];
      for (var i = 0; i < size; i += 1) tiles.push(code);
      state.melds.push({ tiles: tiles, concealed: state.mode === "concealed_kong" });
    }
    save();
  }

  function render() {
    var melds = picker.querySelector(".picker-melds"), hand = picker.querySelector(".picker-concealed");
    var bonus = picker.querySelector(".picker-bonus");
    melds.textContent = ""; hand.textContent = ""; bonus.textContent = "";
    state.melds.forEach(function (meld, index) {
      var group = document.createElement("button");
      group.type = "button";
      group.className = "meld" + (meld.concealed ? " concealed" : "");
      var shown = meld.tiles.map(label).join("");
      group.setAttribute("aria-label", "Remove " + shown + " (" + compact(meld.tiles) + ")");
      meld.tiles.forEach(function (code) { group.appendChild(tileFace(code, "small")); });
      group.addEventListener("click", function () { state.melds.splice(index, 1); save(); });
      melds.appendChild(group);
    });
    var winningShown = false;
    sorted(state.concealed).forEach(function (code) {
      var isWinning = !winningShown && code === state.winning;
      if (isWinning) winningShown = true;
      var button = tileButton(code, isWinning ? "winning" : "");
      button.addEventListener("click", function () {
        if (state.choosingWinner) {
          state.winning = code;
          state.choosingWinner = false;
        } else {
          state.concealed.splice(state.concealed.indexOf(code), 1);
        }
        save();
      });
      hand.appendChild(button);
    });
    state.bonus.forEach(function (code) {
      var button = tileButton(code, "small");
      button.addEventListener("click", function () { state.bonus.splice(state.bonus.indexOf(code), 1); save(); });
      bonus.appendChild(button);
    });
    picker.querySelector(".picker-winning").classList.toggle("active", state.choosingWinner);
    picker.querySelectorAll("[data-mode]").forEach(function (button) {
      button.classList.toggle("active", button.dataset.mode === state.mode);
    });
  }

  function palette() {
    var box = picker.querySelector(".picker-palette");
    [["m", 9], ["p", 9], ["s", 9], ["z", 7], ["f", 8]].forEach(function (row) {
      var line = document.createElement("div");
      line.className = "palette-row";
      for (var n = 1; n <= row[1]; n += 1) {
        var button = tileButton(n + row[0]);
        button.addEventListener("click", function (event) { add(event.currentTarget.dataset.code); });
        line.appendChild(button);
      }
      box.appendChild(line);
    });
  }

  picker.querySelectorAll("[data-mode]").forEach(function (button) {
    button.addEventListener("click", function () { state.mode = button.dataset.mode; render(); });
  });
  picker.querySelector(".picker-winning").addEventListener("click", function () {
    state.choosingWinner = !state.choosingWinner; render();
  });
  picker.querySelector(".picker-clear").addEventListener("click", function () {
    state.concealed = []; state.melds = []; state.bonus = []; state.winning = null; save();
  });
  picker.hidden = false;
  load();
  palette();
  render();
})();
