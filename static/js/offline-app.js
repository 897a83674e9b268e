// The installable app, page side: registers the service worker (static/js/service-worker.js),
// asks it to keep the member's open tables when a page that lists them is shown online, and
// empties its caches before signing out, so that the next person on this phone finds none
// of them. The outbox of unsent hands (localStorage, static/js/offline-queue.js) stays.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) return;
  var PREFIX = "mahjong-league-";

  // Ask the worker, and wait for its answer (or give up after a while).
  function tell(worker, type) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      var timer = window.setTimeout(function () { resolve(false); }, 10000);
      channel.port1.onmessage = function (event) {
        window.clearTimeout(timer);
        resolve(Boolean(event.data && event.data.ok));
      };
      worker.postMessage({ type: type }, [channel.port2]);
    });
  }

  function sync(registration) {
    if (!navigator.onLine || !registration.active) return;
    tell(registration.active, "sync").then(function (ok) {
      // Tests and the curious can see when the phone is ready to go offline.
      if (ok) document.documentElement.dataset.offlineReady = "1";
    });
  }

  function emptyCaches() {
    if (!window.caches) return Promise.resolve();
    return window.caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name.indexOf(PREFIX) === 0; })
        .map(function (name) { return window.caches.delete(name); }));
    });
  }

  function forget() {
    var controller = navigator.serviceWorker.controller;
    var told = controller ? tell(controller, "forget") : Promise.resolve();
    return Promise.all([told, emptyCaches()]);
  }

  document.querySelectorAll("form[data-clears-offline]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var go = function () { form.submit(); };
      forget().then(go, go);
    });
  });

  navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).then(function () {
    if (script.hasAttribute("data-sync")) navigator.serviceWorker.ready.then(sync);
  }).catch(function () { /* no offline copy on this browser: the site works as before */ });
})();
