// The service worker (served at /sw.js by games/views/offline.py, which puts CONFIG before
// this): the site opens without a connection.
//
// - The app shell (the site's own static files, the manifest, the offline page) is kept in
//   a cache named after the current version; a new version deletes the old caches.
// - Static files: from the cache first.
// - The signed-in member's open tables (score sheet and hand form): from the network, and
//   kept; from the phone's copy when there is no connection. Only the pages the member's own
//   list names are kept, and the list says whose it is: a different person empties them.
// - Any other page without a connection: the offline page.
// - The scripts' words (Django's JavaScript catalogue, CONFIG.catalogueUrl): from the network;
//   kept with the member's pages, once per language (its answer depends on the reader's
//   language). Without a connection, the one in the language of the page that asks (the kept
//   page's <html lang>), else the last one kept. With none, the scripts speak English.
// - Never kept: anything but GET, the API, another person's pages. Signing out empties it
//   all (static/js/offline-app.js).
/* global CONFIG */
"use strict";

var PREFIX = "mahjong-league-";
var SHELL = PREFIX + "shell-" + CONFIG.version;
var PAGES = PREFIX + "pages-" + CONFIG.version;
var LIST = CONFIG.sessionsUrl;
var CATALOGUE = CONFIG.catalogueUrl;
// Bumped when the page signs out: a sync that began before then keeps nothing.
var generation = 0;

function anonymous(url) { return new Request(url, { credentials: "omit" }); }

// What the shell lacks (a sync after a sign-out puts it back without fetching it all again).
function keepShell() {
  return caches.open(SHELL).then(function (cache) {
    return Promise.all(CONFIG.shell.map(function (url) {
      return cache.match(url).then(function (kept) { return kept || cache.add(anonymous(url)); });
    }));
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(keepShell().then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PREFIX) === 0 && name !== SHELL && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function pagePath(url) { return new URL(url, self.location.origin).pathname; }

// The member's list as the phone last had it: {user, sessions: [{url, add_hand, …}]}.
// (Looked up by cache name: opening the cache would make an empty one after a sign-out.)
function keptPage(path) { return caches.match(path, { cacheName: PAGES }); }

function storedList() {
  return keptPage(LIST).then(function (response) { return response ? response.json() : null; });
}

function listedPaths(list) {
  var paths = [];
  ((list && list.sessions) || []).forEach(function (s) { paths.push(s.url, s.add_hand); });
  return paths;
}

function keepable(response) {
  return response.ok && !response.redirected && response.type === "basic";
}

// A page as the server sent it, for a listed page only (never one of someone else's).
function keepPage(path, response) {
  return storedList().then(function (list) {
    if (listedPaths(list).indexOf(path) < 0) return;
    return caches.open(PAGES).then(function (cache) { return cache.put(path, response); });
  });
}

// The phone's copy says so (the hand form then takes a new entry id: static/js/hand-form.js).
function offlineCopy(response) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return new Response(html.replace("<html", "<html data-offline-copy"), {
      status: response.status,
      headers: headers
    });
  });
}

function withoutNetwork(request) {
  var path = pagePath(request.url);
  return keptPage(path).then(function (kept) {
    if (kept) return offlineCopy(kept);
    return caches.match(CONFIG.offlineUrl).then(function (page) { return page || Response.error(); });
  });
}

function navigate(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    var path = pagePath(request.url);
    if (keepable(response) && new URL(request.url).search === "") {
      event.waitUntil(keepPage(path, response.clone()));
    }
    return response;
  }, function () { return withoutNetwork(request); });
}

function cacheFirst(request) {
  return caches.match(request).then(function (kept) { return kept || fetch(request); });
}

// The catalogue in each language, kept with the member's pages under its language's key, and
// the last one kept under the plain address.
function catalogueKey(language) { return CATALOGUE + "?language=" + encodeURIComponent(language); }

function keepCatalogue(response) {
  var language = response.headers.get("Content-Language");
  if (!keepable(response) || !language) return Promise.resolve();
  return caches.open(PAGES).then(function (cache) {
    return Promise.all([cache.put(catalogueKey(language), response.clone()), cache.put(CATALOGUE, response)]);
  });
}

// The language of the page that asks, when the phone keeps that page.
function askingLanguage(request) {
  if (!request.referrer) return Promise.resolve(null);
  return keptPage(pagePath(request.referrer)).then(function (kept) {
    if (!kept) return null;
    return kept.text().then(function (html) {
      var found = /<html[^>]*\slang="([^"]+)"/.exec(html);
      return found ? found[1] : null;
    });
  });
}

function keptCatalogue(request) {
  return askingLanguage(request).then(function (language) {
    var own = language ? caches.match(catalogueKey(language), { cacheName: PAGES }) : Promise.resolve(null);
    return own.then(function (kept) {
      return kept || caches.match(CATALOGUE, { cacheName: PAGES });
    });
  }).then(function (kept) { return kept || Response.error(); });
}

function catalogue(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    // Only where the phone keeps a member's pages (a visitor's browser keeps nothing).
    var copy = response.clone();
    event.waitUntil(caches.has(PAGES).then(function (kept) { return kept && keepCatalogue(copy); }));
    return response;
  }, function () { return keptCatalogue(request); });
}

// The list itself: from the network, else the phone's copy (the offline page reads it).
function sessionList(request) {
  return fetch(request).catch(function () {
    return keptPage(LIST).then(function (kept) {
      return kept || Response.json({ user: null, sessions: [] });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/api/") === 0) return;
  if (url.pathname.indexOf(CONFIG.staticUrl) === 0) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname === LIST) {
    event.respondWith(sessionList(request));
  } else if (url.pathname === CATALOGUE) {
    event.respondWith(catalogue(event));
  } else if (request.mode === "navigate") {
    event.respondWith(navigate(event));
  }
});

// Fetch the member's list and keep the pages it names; drop pages it no longer names, and
// everything kept for someone else.
function sync() {
  var started = generation;
  var current = function () { return generation === started; };
  return fetch(LIST, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
    if (!response.ok) return null;
    return response.clone().json().then(function (list) {
      return storedList().then(function (before) {
        var sameUser = before && list.user && before.user === list.user;
        var reset = sameUser ? Promise.resolve() : caches.delete(PAGES);
        if (!list.user) return reset;
        return reset.then(function () { return current() && keepList(list, response, current); });
      });
    });
  });
}

function keepList(list, response, current) {
  var wanted = listedPaths(list);
  var words = fetch(CATALOGUE, { credentials: "same-origin" }).then(keepCatalogue, function () { /* later */ });
  return Promise.all([keepShell(), caches.open(PAGES), words]).then(function (opened) {
    var cache = opened[1];
    return cache.put(LIST, response).then(function () { return cache.keys(); })
      .then(function (keys) {
        var stale = keys.filter(function (key) {
          var path = pagePath(key.url);
          return path !== LIST && path !== CATALOGUE && wanted.indexOf(path) < 0;
        });
        return Promise.all(stale.map(function (key) { return cache.delete(key); }));
      })
      .then(function () { return Promise.all(wanted.map(function (path) { return keepFresh(cache, path, current); })); });
  });
}

function keepFresh(cache, path, current) {
  return fetch(path, { credentials: "same-origin" }).then(function (response) {
    if (keepable(response) && current()) return cache.put(path, response);
  }).catch(function () { /* kept as it was */ });
}

function forget() {
  generation += 1;
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf(PREFIX) === 0; })
      .map(function (name) { return caches.delete(name); }));
  });
}

self.addEventListener("message", function (event) {
  var kind = event.data && event.data.type;
  var work = kind === "sync" ? sync() : kind === "forget" ? forget() : null;
  if (!work) return;
  var reply = function (ok) { if (event.ports[0]) event.ports[0].postMessage({ type: kind, ok: ok }); };
  event.waitUntil(work.then(function () { reply(true); }, function () { reply(false); }));
});
