// Play by ear, as lichess's blind mode allows (templates/play/partials/ear.html): each
// revision of the game that arrives, by a push or an answer, is read out in the page's live
// region (the last move with what it did, then the game's status or its end); the board in
// words is fetched again while it is open; keys read the clocks and the last moves and jump to
// the fields. Every word comes from the page (data-* attributes and the board's own text).
(function () {
  var heard = null; // the revision last read out: {said (its line), revision, ply, status}

  function ear() { return document.getElementById("ear"); }

  function say(text) {
    var region = document.getElementById("ear-said");
    if (region && text) region.textContent = text; // a new text node: read even when the same
  }

  function statusText() {
    var status = document.querySelector("#live #status");
    return status ? status.textContent.trim() : "";
  }

  function wordsStale() {
    var words = document.getElementById("board-words");
    if (!words || !window.htmx) return;
    if (!words.open) { words.dataset.stale = "1"; return; }
    delete words.dataset.stale;
    htmx.ajax("GET", ear().dataset.wordsUrl, { target: "#board-words-list", swap: "outerHTML" });
  }

  // What a revision brings: read once it is all in (the said line comes last in a fragment and
  // in a move's update, each time a new element).
  function arrived() {
    var said = document.getElementById("live-said"), revision = document.getElementById("live-revision");
    var ply = document.getElementById("live-ply");
    if (!said || !revision || !ply || !ear() || (heard && heard.said === said)) return;
    var now = { said: said, revision: revision.value, ply: +ply.value, status: said.dataset.end || statusText() };
    if (heard === null || heard.revision === now.revision) {
      heard = heard ? Object.assign(heard, { said: said }) : now; // the page as it opened is not read out
      return;
    }
    var parts = [];
    if (now.ply > heard.ply && said.dataset.move) parts.push(said.dataset.move);
    if (now.status && now.status !== heard.status) parts.push(now.status);
    heard = now;
    say(parts.join(" "));
    wordsStale();
  }
  document.addEventListener("DOMContentLoaded", arrived);
  ["htmx:afterSettle", "htmx:oobAfterSwap", "htmx:wsAfterMessage"].forEach(function (name) {
    document.addEventListener(name, arrived);
  });
  document.addEventListener("toggle", function (event) {
    if (event.target.id === "board-words" && event.target.open && event.target.dataset.stale) wordsStale();
  }, true);

  function clocks() {
    var read = [];
    document.querySelectorAll("#live .player .clock").forEach(function (clock) {
      read.push(clock.getAttribute("aria-label") + " " + clock.textContent.trim());
    });
    return read.length ? read.join("; ") : ear().dataset.noClock;
  }

  function lastMoves() {
    var moves = Array.prototype.slice.call(document.querySelectorAll("#moves a[data-ply]"), -4);
    if (!moves.length) return ear().dataset.noMoves;
    return moves.map(function (a) { return a.getAttribute("aria-label"); }).join("; ");
  }

  function focus(field) {
    if (!field) return false;
    field.focus();
    return true;
  }

  var KEYS = {
    c: function () { say(clocks()); },
    l: function () { say(lastMoves()); },
    s: function () { focus(document.getElementById("ear-at")); },
    b: function () {
      var words = document.getElementById("board-words");
      words.open = true;
      words.querySelector("summary").focus();
    },
    m: function () {
      // While the pieces are being arranged (Imperial Shuffle), their box; then the moves'.
      var box = document.getElementById("arrangement-input") || document.getElementById("move-input");
      if (!focus(box)) say(ear().dataset.noMoveBox);
    },
  };
  document.addEventListener("keydown", function (event) {
    var key = KEYS[event.key];
    if (!key || !ear() || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault(); // the letter is not typed into the field it jumps to
    key();
  });
})();
