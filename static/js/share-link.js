// Copy and Share buttons for a link shown in a read-only field (invitations). Share uses
// the Web Share API where the phone has it; Copy falls back to selecting the text.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var fmt = function (text, values) { return window.mahjongText.format(window.mahjongText.gettext(text), values); };
  document.documentElement.classList.add("has-js");

  function fieldOf(button, attribute) {
    return document.getElementById(button.getAttribute(attribute));
  }

  function copy(button) {
    var field = fieldOf(button, "data-copy");
    var done = function () { button.textContent = _("Copied ✓"); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () { field.select(); });
    } else {
      field.select();
      if (document.execCommand && document.execCommand("copy")) done();
    }
  }

  function share(button) {
    var field = fieldOf(button, "data-share");
    navigator.share({ title: button.getAttribute("data-share-title"), url: field.value })
      .catch(function () { /* the member closed the share sheet */ });
  }

  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () { copy(button); });
  });
  if (navigator.share) {
    document.querySelectorAll("[data-share]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { share(button); });
    });
  }
})();
