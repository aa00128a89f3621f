// Notifications on this device (web push): each [data-push-device] turns this browser's
// subscription on or off and says where it stands, in the words its data- attributes give.
// The service worker that shows the pushes is the site's own, at the root
// (play/webapp/service-worker.js).
(() => {
  if (window.imperiaPush) return; // the bell's and the page's controls share one script
  window.imperiaPush = true;
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

  function keyBytes(text) {
    const base64 = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }

  function csrf() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  async function subscription() {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return registration ? registration.pushManager.getSubscription() : null;
  }

  // `asked`: the player has just clicked; the bell then says a refusal it keeps quiet about
  // on every page load.
  function show(box, state, detail, asked) {
    const compact = box.hasAttribute("data-compact");
    const said = box.querySelector("[data-push-said]");
    box.querySelector("[data-push-on]").hidden = !(state === "off" || state === "failed");
    box.querySelector("[data-push-off]").hidden = compact || state !== "on";
    // The bell offers to turn this device on, and says what went wrong; the pages say all.
    box.hidden = compact && (["on", "unsupported", "unset"].includes(state) || (state === "denied" && !asked));
    const quiet = compact && state === "off";
    const words = box.dataset["said" + state[0].toUpperCase() + state.slice(1)];
    said.textContent = quiet ? "" : [words, detail].filter(Boolean).join(" ");
  }

  async function look(box) {
    if (!supported) return show(box, "unsupported");
    if (!box.dataset.key) return show(box, "unset");
    if (Notification.permission === "denied") return show(box, "denied");
    const current = Notification.permission === "granted" ? await subscription() : null;
    show(box, current ? "on" : "off");
  }

  async function turnOn(box) {
    if ((await Notification.requestPermission()) !== "granted") return show(box, "denied", "", true);
    try {
      // The site's worker, registered by every page (install.js); a browser that refused it
      // (a private window) has no push either.
      if (!(await navigator.serviceWorker.getRegistration("/"))) return show(box, "unsupported", "", true);
      const registration = await navigator.serviceWorker.ready;
      const made = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(box.dataset.key),
      });
      const answer = await fetch(box.dataset.subscribe, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify(made.toJSON()),
        credentials: "same-origin",
      });
      if (!answer.ok) {
        const said = await answer.json().catch(() => ({}));
        await made.unsubscribe();
        return show(box, "failed", said.error || answer.statusText, true);
      }
      everyBox(look);
    } catch (error) {
      show(box, "failed", error.message, true);
    }
  }

  async function turnOff(box) {
    const current = await subscription();
    if (current) {
      const body = new URLSearchParams({ endpoint: current.endpoint });
      await fetch(box.dataset.forget, { method: "POST", body, headers: { "X-CSRFToken": csrf() }, credentials: "same-origin" });
      await current.unsubscribe();
    }
    everyBox(look);
  }

  function everyBox(act) {
    document.querySelectorAll("[data-push-device]").forEach((box) => act(box));
  }

  function start() {
    everyBox((box) => {
      box.querySelector("[data-push-on]").addEventListener("click", () => turnOn(box));
      box.querySelector("[data-push-off]").addEventListener("click", () => turnOff(box));
      look(box);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
