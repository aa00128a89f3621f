// The service worker (served at the address its script tag names, from the site's root, so
// that it reaches every page), registered once the page has loaded and the browser is idle, so
// that it never competes with the page for the network or a phone's processor. On the offline
// page, the page comes back with the network.
(function () {
  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.worker) {
    var register = function () {
      navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(function () {
        // A browser that refuses it (private windows, some settings) has the site as before.
      });
    };
    window.addEventListener("load", function () {
      if (window.requestIdleCallback) window.requestIdleCallback(register, { timeout: 5000 });
      else window.setTimeout(register, 1000);
    });
  }
  if (document.documentElement.hasAttribute("data-offline")) {
    window.addEventListener("online", function () { window.location.reload(); });
  }
})();
