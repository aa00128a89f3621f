// Imperia's service worker, served at /sw.js (play/webapp/views.py) after three constants the
// server writes (play/webapp/worker.py): VERSION, PRECACHE (the static files' addresses) and
// OFFLINE (the offline page's). Each concern is a listener of its own: add more beside them.
//
// What it answers from its cache: the static files, and the offline page when a navigation
// finds no network. Everything else (pages, games, htmx's partials, the API, every POST)
// goes to the network as if there were no worker, and is never kept: a game is shown as it
// stands or not at all, never from an old copy. Sockets never pass through a worker.

const CACHE = "imperia-" + VERSION;

// One offline page, in the language of the last page the reader saw. A navigation's answer
// says its language (Content-Language); when it is not the kept page's, the page is fetched
// again in it (`?lang=`). Kept per reader rather than all languages at once: the page is
// written by the same templates and catalogues as every other, and a reader who changes
// language has the new one's offline page from the next page they open.
async function keepOfflinePage(language) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(OFFLINE);
  if (!language || (kept && kept.headers.get("Content-Language") === language)) return;
  const page = await fetch(OFFLINE + "?lang=" + encodeURIComponent(language));
  if (page.ok) await cache.put(OFFLINE, page);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...PRECACHE, OFFLINE]))
      .then(() => self.skipWaiting()) // a new deploy's files at once, not after every tab closes
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("imperia-") && name !== CACHE) await caches.delete(name);
      }
      // The page's request starts while the worker wakes, instead of after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })()
  );
});

async function navigate(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    event.waitUntil(keepOfflinePage(response.headers.get("Content-Language")).catch(() => {}));
    return response;
  } catch (noNetwork) {
    return (await caches.match(OFFLINE, { cacheName: CACHE })) || Response.error();
  }
}

async function kept(request) {
  return (await caches.match(request, { cacheName: CACHE, ignoreVary: true })) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
  } else if (PRECACHE.includes(url.pathname) && !url.search) {
    event.respondWith(kept(request));
  }
});

// Web push (play/webpush/outbox.py): a push is a small JSON (title, body, the address to open,
// a tag shared by one game's pushes, so that the next replaces the last). Not shown while a
// window of the site on that address has the focus: the player is looking at it.
const ICON = PRECACHE.find((address) => address.includes("/icons/icon-192"));

async function windows() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true });
}

function sameAddress(client, address) {
  return client.url.split("#")[0] === address;
}

self.addEventListener("push", (event) => {
  let push = {};
  try {
    push = event.data ? event.data.json() : {};
  } catch (notJson) {
    return;
  }
  const address = new URL(push.url || "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      if ((await windows()).some((client) => client.focused && sameAddress(client, address))) return;
      await self.registration.showNotification(push.title || "Imperia", {
        body: push.body || "",
        tag: push.tag || undefined,
        renotify: Boolean(push.tag),
        icon: ICON,
        data: { url: address },
      });
    })()
  );
});

// A click opens the game: a window already on it is brought forward, else one is opened.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const address = (event.notification.data && event.notification.data.url) || self.location.origin + "/";
  event.waitUntil(
    (async () => {
      const open = (await windows()).find((client) => sameAddress(client, address));
      if (open) return open.focus();
      return self.clients.openWindow(address);
    })()
  );
});
