// The replay page: every step is embedded as JSON, so First / Previous / Next / Last (plain
// links to ?step=N that work without JavaScript) redraw the table at once, with no request.
(function () {
  "use strict";
  var root = document.querySelector("[data-replay]");
  var data = document.getElementById("replay-steps");
  if (!root || !data) return;
  var steps = JSON.parse(data.textContent);
  var last = steps.length - 1;
  var current = parseInt(root.querySelector("[data-step-number]").textContent, 10) || 0;
  var label = window.mahjongTiles.label;
  function codes(text) { return text.match(/../g) || []; }
  function tile(code, extra) {
    var span = document.createElement("span");
    span.className = "tile tile-" + code.charAt(1) + (extra ? " " + extra : "");
    span.title = code;
    span.textContent = label(code);
    return span;
  }
  function fill(box, nodes) {
    box.replaceChildren.apply(box, nodes);
  }
  function meld(text) {
    var span = document.createElement("span");
    var hidden = text.charAt(0) === "-";
    span.className = "meld" + (hidden ? " concealed" : "");
    codes(hidden ? text.slice(1) : text).forEach(function (code) { span.appendChild(tile(code)); });
    return span;
  }
  function drawSeat(section, seat, acting) {
    var hand = codes(seat.concealed).map(function (code) { return tile(code); });
    if (seat.drawn) hand.push(tile(seat.drawn, "drawn"));
    seat.melds.forEach(function (text) { hand.push(meld(text)); });
    codes(seat.flowers).forEach(function (code) { hand.push(tile(code, "flower")); });
    fill(section.querySelector("[data-part='hand']"), hand);
    fill(section.querySelector("[data-part='discards']"), codes(seat.discards).map(function (code) { return tile(code); }));
    section.classList.toggle("acting", acting);
  }
  function href(n) { return "?step=" + n; }
  function show(n) {
    current = Math.max(0, Math.min(last, n));
    var step = steps[current];
    root.querySelector("[data-step-number]").textContent = current;
    root.querySelector("[data-action]").textContent = step.text;
    root.querySelectorAll("[data-seat]").forEach(function (section) {
      var index = parseInt(section.dataset.seat, 10);
      drawSeat(section, step.seats[index], step.actor === index);
    });
    root.querySelector("[data-fans]").hidden = current !== last;
    var targets = { first: 0, previous: Math.max(current - 1, 0), next: Math.min(current + 1, last), last: last };
    root.querySelectorAll("[data-go]").forEach(function (link) { link.href = href(targets[link.dataset.go]); });
    history.replaceState(null, "", href(current));
  }
  root.addEventListener("click", function (event) {
    var link = event.target.closest("[data-go]");
    if (!link) return;
    event.preventDefault();
    var go = link.dataset.go;
    show(go === "first" ? 0 : go === "last" ? last : go === "next" ? current + 1 : current - 1);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") show(current + 1);
    if (event.key === "ArrowLeft") show(current - 1);
  });
})();
