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
      values: { move: columnName(col) + (row + 1), ply: svg.dataset.ply },
    });
  });
})();
