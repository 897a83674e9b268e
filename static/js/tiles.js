// The tiles, one table for every script of the site: how a tile code ("5p", "7z", "3f")
// is shown, how it is named to a screen reader (its shown text first, then the code, so
// that what is seen and what is heard agree), and the order tiles are sorted in.
(function () {
  "use strict";
  // In the page's script: Simplified on a zh-hans page, Traditional everywhere else.
  var SIMPLIFIED = document.documentElement.lang === "zh-hans";
  var SUITS = SIMPLIFIED ? { m: "万", p: "筒", s: "索" } : { m: "萬", p: "筒", s: "索" };
  var HONOURS = SIMPLIFIED ? ["东", "南", "西", "北", "白", "发", "中"] : ["東", "南", "西", "北", "白", "發", "中"];
  var BONUS = SIMPLIFIED ? ["梅", "兰", "菊", "竹", "春", "夏", "秋", "冬"] : ["梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"];
  var ORDER = "mpszf";

  function label(code) {
    var n = parseInt(code.charAt(0), 10), suit = code.charAt(1);
    if (suit === "z") return HONOURS[n - 1];
    if (suit === "f") return BONUS[n - 1];
    return n + SUITS[suit];
  }
  function sortKey(code) { return ORDER.indexOf(code.charAt(1)) * 10 + parseInt(code.charAt(0), 10); }

  window.mahjongTiles = {
    ORDER: ORDER,
    label: label,
    name: function (code) { return label(code) + " (" + code + ")"; },
    sortKey: sortKey,
    sorted: function (codes) { return codes.slice().sort(function (a, b) { return sortKey(a) - sortKey(b); }); }
  };
})();
