// The tiles, one table for every script of the site: how a tile code ("5p", "7z", "3f",
// and riichi's red fives "0m" "0p" "0s", shown as a five in red) is shown, how it is named to a screen reader (its shown text first, then the code, so
// that what is seen and what is heard agree), and the order tiles are sorted in.
(function () {
  "use strict";
  // In the page's script: Simplified on a zh-hans page, Traditional everywhere else.
  var SIMPLIFIED = document.documentElement.lang === "zh-hans";
  var SUITS = SIMPLIFIED ? { m: "万", p: "筒", s: "索" } : { m: "萬", p: "筒", s: "索" };
  var HONOURS = SIMPLIFIED ? ["东", "南", "西", "北", "白", "发", "中"] : ["東", "南", "西", "北", "白", "發", "中"];
  var BONUS = SIMPLIFIED ? ["梅", "兰", "菊", "竹", "春", "夏", "秋", "冬"] : ["梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"];
  var ORDER = "mpszf";

  function isRed(code) { return code.charAt(0) === "0"; }
  function label(code) {
    var n = parseInt(code.charAt(0), 10), suit = code.charAt(1);
    if (suit === "z") return HONOURS[n - 1];
    if (suit === "f") return BONUS[n - 1];
    return (isRed(code) ? 5 : n) + SUITS[suit];
  }
  // A red five sorts after the plain fives of its suit.
  function sortKey(code) {
    var n = parseInt(code.charAt(0), 10);
    return ORDER.indexOf(code.charAt(1)) * 10 + (n === 0 ? 5.5 : n);
  }

  window.mahjongTiles = {
    ORDER: ORDER,
    label: label,
    isRed: isRed,
    // Red fives are named so: "red 5萬 (0m)" (the word in the page's language).
    name: function (code) {
      var shown = label(code);
      if (isRed(code) && window.mahjongText) shown = window.mahjongText.format(window.mahjongText.gettext("red %(tile)s"), { tile: shown });
      return shown + " (" + code + ")";
    },
    sortKey: sortKey,
    sorted: function (codes) { return codes.slice().sort(function (a, b) { return sortKey(a) - sortKey(b); }); }
  };
})();
