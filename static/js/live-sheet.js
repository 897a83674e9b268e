// The session page keeps itself up to date while it is open: every few seconds it asks the
// server for the live part of the page (the table, the next hand, the score sheet) with the
// ETag it has, and the server answers 304 until a hand is recorded, amended or deleted by
// anyone. Polling stops while the page is hidden and resumes, at once, when it is shown.
(function () {
  "use strict";
  var live = document.getElementById("live-sheet");
  if (!live || !window.fetch) return;
  var INTERVAL_MS = 10000;
  var timer = null;

  function url() {
    // The same query as the page (the turned table's ?bottom=N) gives the same view.
    return live.dataset.liveUrl + window.location.search;
  }

  function refresh() {
    var headers = { "X-Requested-With": "fetch" };
    if (live.dataset.etag) headers["If-None-Match"] = live.dataset.etag;
    return fetch(url(), { headers: headers, credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.status !== 200) return;
        var etag = response.headers.get("ETag");
        return response.text().then(function (html) {
          live.innerHTML = html;
          if (etag) live.dataset.etag = etag;
          live.dispatchEvent(new CustomEvent("sheet:updated", { bubbles: true }));
        });
      })
      .catch(function () { /* offline: the page shows the sheet as last seen */ });
  }

  function schedule() {
    window.clearTimeout(timer);
    if (!document.hidden) timer = window.setTimeout(function () { refresh().then(schedule, schedule); }, INTERVAL_MS);
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) window.clearTimeout(timer);
    else refresh().then(schedule, schedule);
  });
  window.mahjongLiveSheet = { refresh: refresh };
  schedule();
})();
