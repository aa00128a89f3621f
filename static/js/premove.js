// A premove waiting on the game page (play/round/premoves.py) is cancelled by its button, by
// Escape, or, as on lichess, by a click on a square of the board that does nothing else (a
// piece of the player's own, or a marked square, chooses another premove instead).
(function () {
  function cancelButton() {
    return document.querySelector("#live [data-premove-cancel]");
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    // Escape in a field, or in the magnifier, closes that first.
    if (event.target.closest && event.target.closest("input, textarea, select, .magnifier")) return;
    var button = cancelButton();
    if (button) button.click();
  });
  document.addEventListener("click", function (event) {
    var square = event.target.closest && event.target.closest("#live svg [data-square]");
    if (!square || square.getAttribute("role") === "button") return;
    var button = cancelButton();
    if (button) button.click();
  });
})();
