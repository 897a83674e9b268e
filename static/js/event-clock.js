// A round's clock: the server says how many seconds are left; this counts down from that
// locally and asks again every 30 seconds, so every phone and screen shows the same time.
(function () {
  "use strict";
  var RESYNC_MS = 30000;
  var TICK_MS = 250;

  function text(seconds) {
    // Minutes and seconds, as a round's clock is called out: 90:00, 32:10, 0:59.
    var s = Math.max(0, Math.ceil(seconds));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function follow(box) {
    var time = box.querySelector("[data-clock-time]");
    var label = box.querySelector("[data-clock-state]");
    var reading = null;
    var readAt = 0;

    function left() {
      if (!reading || reading.remaining === null) return null;
      var running = reading.state === "running" || reading.state === "warning";
      var gone = running ? (performance.now() - readAt) / 1000 : 0;
      return Math.max(0, reading.remaining - gone);
    }

    function state(seconds) {
      if (!reading) return "waiting";
      var running = reading.state === "running" || reading.state === "warning";
      if (running && seconds === 0) return "over";
      if (running && seconds <= reading.warning) return "warning";
      return reading.state;
    }

    function draw() {
      var seconds = left();
      var now = state(seconds);
      box.dataset.state = now;
      time.textContent = seconds === null ? "–:––" : text(seconds);
      label.textContent = label.dataset[now] || "";
    }

    function read() {
      fetch(box.dataset.eventClock, { cache: "no-store", credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (answer) {
          if (!answer) return;
          if (box.hasAttribute("data-follow-round") && String(answer.round) !== box.dataset.round) {
            window.location.reload();
            return;
          }
          reading = answer;
          readAt = performance.now();
          draw();
        })
        .catch(function () { /* offline for a moment: keep counting from the last reading */ });
    }

    read();
    setInterval(read, RESYNC_MS);
    setInterval(draw, TICK_MS);
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) read();
    });
  }

  document.querySelectorAll("[data-event-clock]").forEach(follow);
})();
