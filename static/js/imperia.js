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
})();
