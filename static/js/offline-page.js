// The offline page: lists the sessions this phone keeps (its copy of the member's list, read
// through the service worker), each with its score sheet and its hand form.
(function () {
  "use strict";
  var _ = function (text) { return window.mahjongText.gettext(text); };
  var fmt = function (text, values) { return window.mahjongText.format(window.mahjongText.gettext(text), values); };
  var box = document.getElementById("offline-sessions");
  if (!box) return;

  function link(href, text, className) {
    var a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    if (className) a.className = className;
    return a;
  }

  function item(session) {
    var li = document.createElement("li");
    li.appendChild(link(session.url, session.title));
    var players = document.createElement("span");
    players.textContent = session.players;
    li.appendChild(players);
    li.appendChild(link(session.add_hand, _("Add hand"), "button"));
    return li;
  }

  fetch(box.dataset.sessionsUrl, { credentials: "same-origin" })
    .then(function (response) { return response.json(); })
    .then(function (data) {
      if (!data.sessions || !data.sessions.length) return;
      var list = box.querySelector("ul");
      list.textContent = "";
      data.sessions.forEach(function (session) { list.appendChild(item(session)); });
    })
    .catch(function () { /* nothing kept: the page says so already */ });
})();
