// The magnifier, for a finger on a board of intersections whose points are too close together
// for it (Empire's 32×32 on a phone: 10 px apart). A first tap shows the points around it
// larger, in a panel away from the finger, each point a button of its own with its name; a tap
// on one plays it, a tap on the board again moves the panel's view there, Close or Escape
// shuts it. A mouse, or points far enough apart, still play with one click
// (static/js/imperia.js asks `open` first), and the move box is untouched. Its words are the
// page's, on an element around the board (data-magnifier-close, -label and -title); a board
// with none plays with one click too.
(function () {
  var SVG = "http://www.w3.org/2000/svg";
  var FINGER_GAP = 28; // CSS px between points under which a tap needs the magnifier
  var SPACING = 48; // CSS px between the magnifier's points: a finger's target
  var EDGE = 11; // board units along its top and left for the coordinates

  var pointer = ""; // the kind of the last pointer pressed: a click from a tap says "touch"
  document.addEventListener("pointerdown", function (event) { pointer = event.pointerType; }, true);

  var panel = null; // the magnifier, while it is open
  var aim = null; // the spot tapped, in the board's units, and where the panel stands
  var play = null, columnName = null; // imperia.js's: play a point (column, row), name a column
  var words = null; // the page's: data-magnifier-close, -label, -title
  var returnFocus = null;

  function open(event, svg, at, playPoint, nameColumn) {
    if ((event.pointerType || pointer) !== "touch") return false;
    if (+svg.dataset.gap * svg.getScreenCTM().a >= FINGER_GAP) return false;
    var around = svg.closest("[data-magnifier-title]");
    if (!around) return false;
    words = around.dataset;
    play = playPoint;
    columnName = nameColumn;
    // The panel stands in the half of the screen the finger is not in.
    aim = { x: at.x, y: at.y, below: event.clientY < window.innerHeight / 2 };
    if (!panel) {
      returnFocus = document.activeElement;
      build();
    }
    draw();
    if (panel) panel.focus({ preventScroll: true });
    return true;
  }
  window.imperiaMagnifier = { open: open };

  function build() {
    panel = document.createElement("div");
    panel.className = "magnifier";
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-labelledby", "magnifier-title");
    panel.tabIndex = -1;
    panel.innerHTML =
      '<div class="magnifier-bar"><p id="magnifier-title"></p>' +
      '<button type="button" class="magnifier-close"></button></div>';
    panel.querySelector(".magnifier-close").textContent = words.magnifierClose;
    panel.addEventListener("click", function (event) {
      event.stopPropagation(); // its picture is no board to place on by position
      var point = event.target.closest("[data-point]");
      if (point) choose(point);
      else if (event.target.closest(".magnifier-close")) close();
    });
    panel.addEventListener("keydown", keys);
    document.body.appendChild(panel);
  }

  function close() {
    if (!panel) return;
    var inside = panel.contains(document.activeElement);
    panel.remove();
    panel = null;
    if (inside && returnFocus && returnFocus.isConnected) returnFocus.focus({ preventScroll: true });
  }

  function choose(point) {
    var col = +point.dataset.col, row = +point.dataset.row;
    close();
    play(col, row);
  }

  // The view around the spot tapped, drawn from the board as it stands now.
  function draw() {
    var board = document.querySelector("svg.dots-board:not(.magnified)");
    var action = document.getElementById("point-click");
    if (!board || !action || !action.dataset.moveUrl) return close(); // no longer theirs to play
    var gap = +board.dataset.gap, margin = +board.dataset.margin;
    var columns = +board.dataset.columns, rows = +board.dataset.rows;
    var wide = Math.min(window.innerWidth - 16, 480);
    var high = Math.max(4 * SPACING, Math.min(Math.round(wide * 0.8), window.innerHeight / 2 - 64));
    var scale = SPACING / gap, w = wide / scale, h = high / scale;
    var size = board.viewBox.baseVal;
    var x = Math.max(-EDGE, Math.min(aim.x - (w + EDGE) / 2, size.width - w));
    var y = Math.max(-EDGE, Math.min(aim.y - (h + EDGE) / 2, size.height - h));
    var svg = element("svg", {
      class: "dots-board magnified", viewBox: [x, y, w, h].join(" "), width: wide, height: high,
      role: "group", "aria-label": words.magnifierLabel,
    });
    var picture = element("g", { "aria-hidden": "true" });
    Array.prototype.forEach.call(board.children, function (part) {
      if (part.tagName.toLowerCase() === "title") return;
      var copy = part.cloneNode(true);
      copy.removeAttribute("id"); // the board's own parts keep their ids: updates find them
      copy.querySelectorAll("[id]").forEach(function (inner) { inner.removeAttribute("id"); });
      picture.appendChild(copy);
    });
    svg.appendChild(picture);
    var stones = {};
    board.querySelectorAll(".stone[aria-label]").forEach(function (stone) {
      var label = stone.getAttribute("aria-label");
      stones[label.split(",")[0]] = label;
    });
    // Each point in view is a button filling its cell: a tap anywhere plays the nearest.
    var seen = function (at, from, to) { return at - from >= gap / 4 && to - at >= gap / 4; };
    var cols = [], lines = [];
    for (var c = 0; c < columns; c++) if (seen(margin + c * gap, x + EDGE, x + w)) cols.push(c);
    for (var r = 0; r < rows; r++) if (seen(margin + r * gap, y + EDGE, y + h)) lines.push(r);
    var near = nearest(aim, gap, margin, columns, rows);
    svg.appendChild(element("circle", {
      class: "magnifier-aim", cx: margin + near.col * gap, cy: margin + near.row * gap, r: gap * 0.42,
    }));
    lines.forEach(function (r) {
      cols.forEach(function (c) {
        var point = columnName(c) + (r + 1);
        svg.appendChild(element("rect", {
          class: "magnifier-point", x: margin + (c - 0.5) * gap, y: margin + (r - 0.5) * gap,
          width: gap, height: gap, role: "button", tabindex: "0", "aria-label": stones[point] || point,
          "data-point": point, "data-col": c, "data-row": r,
        }));
      });
    });
    // The coordinates along the top and the left, over the board's own.
    svg.appendChild(element("rect", { class: "magnifier-edge", x: x, y: y, width: w, height: EDGE }));
    svg.appendChild(element("rect", { class: "magnifier-edge", x: x, y: y, width: EDGE, height: h }));
    cols.forEach(function (c) {
      svg.appendChild(text(columnName(c), margin + c * gap, y + EDGE * 0.78));
    });
    lines.forEach(function (r) {
      svg.appendChild(text(String(r + 1), x + EDGE / 2, margin + r * gap + EDGE * 0.25));
    });
    var focused = document.activeElement && panel.contains(document.activeElement) && document.activeElement.dataset.point;
    var old = panel.querySelector("svg");
    if (old) old.replaceWith(svg);
    else panel.appendChild(svg);
    var around = columnName(near.col) + (near.row + 1);
    var named = {
      point: around, first: columnName(cols[0]), last: columnName(cols[cols.length - 1]),
      top: lines[0] + 1, bottom: lines[lines.length - 1] + 1,
    };
    panel.querySelector("#magnifier-title").textContent =
      words.magnifierTitle.replace(/\{(\w+)\}/g, function (all, name) { return name in named ? named[name] : all; });
    panel.dataset.side = aim.below ? "below" : "above";
    panel.dataset.drawn = drawing();
    if (focused) {
      var again = panel.querySelector('[data-point="' + focused + '"]');
      if (again) again.focus({ preventScroll: true });
    }
  }

  function nearest(at, gap, margin, columns, rows) {
    var within = function (v, n) { return Math.max(0, Math.min(n - 1, Math.round((v - margin) / gap))); };
    return { col: within(at.x, columns), row: within(at.y, rows) };
  }

  function element(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    return node;
  }

  function text(words, x, y) {
    var node = element("text", { class: "magnifier-coord", x: x, y: y });
    node.textContent = words;
    return node;
  }

  // Enter or Space plays the focused point, the arrows move between points, Escape closes;
  // the page's own keys (the arrows step through the moves) wait until it is closed.
  var STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function keys(event) {
    event.stopPropagation();
    var point = event.target.closest && event.target.closest("[data-point]");
    if (event.key === "Escape") close();
    else if (point && (event.key === "Enter" || event.key === " ")) choose(point);
    else if (point && STEPS[event.key]) {
      var step = STEPS[event.key];
      var next = panel.querySelector('[data-col="' + (+point.dataset.col + step[0]) + '"][data-row="' + (+point.dataset.row + step[1]) + '"]');
      if (next) next.focus();
    } else return;
    event.preventDefault();
  }

  // The board changed under it (a move, a takeback, the socket's first message): it shows
  // the board as it stands, or closes if the player may no longer place. Other swaps (the
  // panel, a clock, the chat) leave it alone: drawn again, its buttons would move under a
  // finger.
  var pending = false;
  function redraw() {
    if (!panel || pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      if (panel && panel.dataset.drawn !== drawing()) draw();
    });
  }
  function drawing() {
    var board = document.querySelector("svg.dots-board:not(.magnified)");
    var action = document.getElementById("point-click");
    var last = board && board.querySelector("#last-move");
    return [
      board ? board.querySelectorAll(".stone").length : "", last ? last.innerHTML : "",
      action ? action.dataset.moveUrl + " " + action.dataset.ply : "",
      window.innerWidth, window.innerHeight, aim.x, aim.y,
    ].join("|");
  }
  document.addEventListener("htmx:afterSettle", redraw);
  document.addEventListener("htmx:oobAfterSwap", redraw);
  window.addEventListener("resize", redraw);
})();
