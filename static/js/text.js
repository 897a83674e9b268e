// The words of the scripts in the reader's language: Django's JavaScript catalogue
// (/jsi18n/, loaded first) when it is there; English otherwise (a page opened offline
// from the phone's copy may not have it).
(function () {
  "use strict";
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function ngettext(one, many, n) {
    return window.ngettext ? window.ngettext(one, many, n) : (n === 1 ? one : many);
  }
  // "%(name)s" filled from values, as Django's interpolate(…, true) does.
  function format(text, values) {
    return text.replace(/%\(([a-z_]+)\)s/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  }
  window.mahjongText = { gettext: gettext, ngettext: ngettext, format: format };
})();
