// Keyboard play on SVG boards: Enter or Space on a focused square clicks it, and focus
// stays on that square when the board is swapped for a fresh one.
(function () {
  var focusedSquare = null;
  document.addEventListener("keydown", function (event) {
    var square = event.target.closest && event.target.closest("[data-square][role=button]");
    if (!square || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    square.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  document.addEventListener("focusin", function (event) {
    var square = event.target.closest && event.target.closest("[data-square]");
    focusedSquare = square ? square.getAttribute("data-square") : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusedSquare || document.activeElement !== document.body) return;
    var again = document.querySelector('[data-square="' + focusedSquare + '"][role=button]');
    if (again) again.focus();
  });

  // Say so when the live connection drops or a request cannot reach the server; the
  // socket reconnects by itself and is sent the current board when it does.
  function connection(text) {
    var line = document.getElementById("connection");
    if (!line) return;
    line.textContent = text;
    line.hidden = !text;
  }
  document.addEventListener("htmx:wsClose", function () {
    connection("Connection lost — reconnecting…");
  });
  document.addEventListener("htmx:wsOpen", function () {
    connection("");
  });
  document.addEventListener("htmx:sendError", function () {
    connection("Could not reach the server: nothing was played. Check your connection and try again.");
  });

  // Quick pairing: the socket says the game is made; the waiting page opens it.
  // The game changed (a push swapped the board in): parts of the page outside it that
  // depend on it (the conditional moves) redraw themselves.
  ["htmx:afterSwap", "htmx:oobAfterSwap"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (event.detail.target && event.detail.target.id === "live") {
        document.body.dispatchEvent(new CustomEvent("game-changed"));
      }
    });
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    var paired = document.getElementById("pool-paired");
    if (paired && paired.dataset.url) location.assign(paired.dataset.url);
  });

  // An older board never replaces a newer one: the answer to a click and a socket's push
  // can cross on the way (every change to a game raises its revision).
  function older(board, target) {
    if (!board || !target || target.id !== "live" || !target.dataset.revision) return false;
    var revision = board.getAttribute("data-revision");
    return revision !== null && +revision < +target.dataset.revision;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "live") return;
    var answer = document.createElement("template");
    answer.innerHTML = event.detail.serverResponse || "";
    if (older(answer.content.firstElementChild, event.detail.target)) event.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (older(event.detail.fragment.firstElementChild, event.detail.target)) event.detail.shouldSwap = false;
    else if (event.detail.target && event.detail.target.id === "live" && event.detail.target.dataset.history) {
      event.detail.shouldSwap = false;
      movedOn(event.detail.target, event.detail.fragment.firstElementChild);
    }
  });

  // Looking back at an earlier ply, a move that arrives joins the move list, the board stays
  // where the player is, and a line says the game moved on.
  function movedOn(history, pushed) {
    var list = pushed && pushed.querySelector("ol.moves");
    var mine = history.querySelector("ol.moves");
    if (list && mine) {
      var fresh = list.cloneNode(true);
      fresh.querySelectorAll("[aria-current]").forEach(function (a) { a.removeAttribute("aria-current"); });
      var here = fresh.querySelector('[data-ply="' + history.dataset.history + '"]');
      if (here) here.setAttribute("aria-current", "step");
      mine.replaceWith(fresh);
      htmx.process(fresh);
    }
    var line = history.querySelector(".moved-on");
    if (line) line.hidden = false;
  }

  // Arrow keys, Home and End step through the moves, unless the player is typing.
  var KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    var step = KEYS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    var button = document.querySelector('[data-nav="' + step + '"]');
    if (!button || button.disabled) return;
    event.preventDefault();
    if (window.htmx) htmx.process(button); // a key can come before htmx has read a fresh board
    button.click();
  });

  // Boards of intersections (Empire): a click is placed on the nearest point, read off the
  // picture's geometry, and posted like any other move.
  function columnName(x) {
    var name = "";
    for (x += 1; x > 0; x = Math.floor((x - 1) / 26)) {
      name = String.fromCharCode(97 + ((x - 1) % 26)) + name;
    }
    return name;
  }
  document.addEventListener("click", function (event) {
    var svg = event.target.closest && event.target.closest("svg[data-move-url]");
    if (!svg) return;
    var at = svg.createSVGPoint();
    at.x = event.clientX;
    at.y = event.clientY;
    var p = at.matrixTransform(svg.getScreenCTM().inverse());
    var gap = +svg.dataset.gap, margin = +svg.dataset.margin;
    var col = Math.round((p.x - margin) / gap), row = Math.round((p.y - margin) / gap);
    if (col < 0 || row < 0 || col >= +svg.dataset.columns || row >= +svg.dataset.rows) return;
    htmx.ajax("POST", svg.dataset.moveUrl, {
      target: "#live",
      swap: "outerHTML",
      values: { move: columnName(col) + (row + 1), ply: svg.dataset.ply, confirmed: svg.dataset.confirmed || "" },
    });
  });

  // Clocks count down to the deadline the server rendered, on the server's time: the
  // offset between this device and the server is taken once, when the page loads.
  var serverNow = +document.body.dataset.serverNow || Date.now();
  var offset = serverNow - Date.now();
  var flagged = {};
  function human(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d) return d + " day" + (d > 1 ? "s " : " ") + h + " h";
    if (h) return h + " h " + m + " min";
    return m + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    document.querySelectorAll(".clock[data-deadline]").forEach(function (clock) {
      var left = +clock.dataset.deadline - (Date.now() + offset);
      clock.textContent = human(left);
      // At zero, ask the server to record it; it decides (vacation days, or the result).
      if (left <= 0 && !flagged[clock.dataset.deadline] && window.htmx) {
        flagged[clock.dataset.deadline] = true;
        htmx.ajax("POST", clock.dataset.flagUrl, { target: "#live", swap: "outerHTML" });
      }
    });
  }
  setInterval(tick, 250);
  document.addEventListener("htmx:afterSettle", tick);
  // Dates in the reader's own time zone.
  function localise(root) {
    (root || document).querySelectorAll("time[datetime]").forEach(function (t) {
      var when = new Date(t.getAttribute("datetime"));
      if (!isNaN(when)) t.textContent = when.toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { localise(); });
  document.addEventListener("htmx:afterSettle", function (e) { localise(e.target); });
})();
