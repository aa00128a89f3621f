// Zen mode on the game page: the board, the clocks, whose turn it is and the move box alone
// (static/css/themes.css). Its button, or the Z key as on lichess, turns it on and off; a
// cookie keeps it for this browser, so that the server draws the next game in it too
// (play/accounts/looks.py), with no flash of the whole page first.
(function () {
  var root = document.documentElement;
  function zen(on) {
    root.toggleAttribute("data-zen", on);
    document.cookie = "zen=" + (on ? "1" : "0") + "; path=/; max-age=31536000; samesite=lax";
    document.querySelectorAll("[data-zen-toggle]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(on));
    });
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-zen-toggle]")) zen(!root.hasAttribute("data-zen"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "z" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    if (!document.querySelector("[data-zen-toggle]")) return;
    event.preventDefault();
    zen(!root.hasAttribute("data-zen"));
  });
})();
