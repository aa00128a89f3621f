// The service worker (served at the address its script tag names, from the site's root, so
// that it reaches every page), registered once the page has loaded so that it never competes
// with the page for the network. On the offline page, the page comes back with the network.
(function () {
  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.worker) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(function () {
        // A browser that refuses it (private windows, some settings) has the site as before.
      });
    });
  }
  if (document.documentElement.hasAttribute("data-offline")) {
    window.addEventListener("online", function () { window.location.reload(); });
  }
})();
