// The import job page follows its job while it waits or runs: every second it asks the
// server how far the job has got, moves the bar and the figures, and reloads the page once
// the job has finished (or stopped), so that the page shows the outcome. Without
// JavaScript the page refreshes itself instead (a <noscript> refresh).
(function () {
  "use strict";
  var job = document.getElementById("import-job");
  if (!job || !window.fetch || !job.hasAttribute("data-waiting")) return;
  var INTERVAL_MS = 1000;
  var bar = document.getElementById("import-bar");
  var figures = document.getElementById("import-figures");
  var status = document.getElementById("import-status");

  function show(state) {
    if (bar) { bar.value = state.percent; bar.textContent = state.percent + "%"; }
    if (figures) figures.textContent = state.figures;
    if (status) status.textContent = state.label;
  }

  function poll() {
    fetch(job.dataset.progressUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (!state) return window.setTimeout(poll, INTERVAL_MS * 5);
        show(state);
        if (!state.waiting || state.status !== job.dataset.status) {
          window.location.reload();
          return;
        }
        window.setTimeout(poll, INTERVAL_MS);
      })
      .catch(function () { window.setTimeout(poll, INTERVAL_MS * 5); });
  }
  window.setTimeout(poll, INTERVAL_MS);
})();
