// The magnifier, for a finger on a board whose targets are smaller than a finger or too close
// together for it: Empire's points (12 px apart on a phone's 32×32), Imperial Chess's squares
// (32 px), Imperial Shuffle's squares and the arrows round its Emperor. A tap on such a board
// plays nothing: it shows the part of the board around it larger, in a panel away from the
// finger, each target there a button of its own, at least TARGET px wide and BAND px clear of
// the next; a tap on one does what a click on the board does (a point is played, a square
// selected or moved to), a tap between two does nothing, a tap on the board again moves the
// view there, Close or Escape shuts it. A move made there is sent `tapped`: the server shows it
// marked with "Confirm" and "Cancel" (play/round/playing.py). On a game's board whose targets
// are a finger's size, a tap within BAND px of a target's edge does nothing. A mouse and the
// keys play as ever (static/js/imperia.js asks `take` first for a board of points), and the
// move box is untouched. Its words are the page's, on an element around the board
// (data-magnifier-close; -label and -title for points, -squares-label and -squares for
// squares); a board with none plays as it is.
(function () {
  var SVG = "http://www.w3.org/2000/svg";
  var TARGET = 44; // CSS px: the least target for a finger (WCAG 2.5.5, Apple's and Google's)
  var BAND = 5; // CSS px between two targets where a tap plays nothing
  var SPACING = TARGET + 2 * BAND; // CSS px between the magnifier's targets
  var EDGE = 11; // board units along a board of points' top and left for the coordinates
  var MOVE_URL = /^\/g\/[^/]+\/move\/$/;

  var pointer = ""; // the kind of the last pointer pressed: a click from a tap says "touch"
  document.addEventListener("pointerdown", function (event) { pointer = event.pointerType; }, true);
  function tap(event) {
    return event.isTrusted && (event.pointerType || pointer) === "touch";
  }

  var panel = null; // the magnifier, while it is open
  var aim = null; // the spot tapped, in the board's units, and where the panel stands
  var kind = null; // what the board is made of: points or squares (below)
  var words = null; // the page's: data-magnifier-close, -label, -title, -squares
  var returnFocus = null;
  var forwarded = null; // the board's square a tap in the magnifier clicked last

  // A board of points (Empire): a click is placed on the nearest point, read off the picture's
  // geometry by imperia.js, which hands over how to play a point and name a column.
  function points(play, columnName) {
    var board = document.querySelector("svg.dots-board:not(.magnified)");
    var action = document.getElementById("point-click");
    if (!board || !action || !action.dataset.moveUrl) return null; // not theirs to play
    var gap = +board.dataset.gap, margin = +board.dataset.margin;
    var columns = +board.dataset.columns, rows = +board.dataset.rows;
    var stones = {};
    board.querySelectorAll(".stone[aria-label]").forEach(function (stone) {
      var label = stone.getAttribute("aria-label");
      stones[label.split(",")[0]] = label;
    });
    var last = board.querySelector("#last-move");
    var near = function (v, n) { return Math.max(0, Math.min(n - 1, Math.round((v - margin) / gap))); };
    return {
      board: board, spacing: gap, edge: EDGE, title: words.magnifierTitle, label: words.magnifierLabel,
      signature: [board.querySelectorAll(".stone").length, last ? last.innerHTML : "",
        action.dataset.moveUrl, action.dataset.ply].join("|"),
      // Every point in the view, a button as wide as a finger round it.
      targets: function (x, y, w, h) {
        var seen = function (at, from, to) { return at - from >= gap / 4 && to - at >= gap / 4; };
        var list = [];
        for (var r = 0; r < rows; r++) {
          if (!seen(margin + r * gap, y + EDGE, y + h)) continue;
          for (var c = 0; c < columns; c++) {
            if (!seen(margin + c * gap, x + EDGE, x + w)) continue;
            var name = columnName(c) + (r + 1);
            list.push({ key: name, label: stones[name] || name, cx: margin + c * gap, cy: margin + r * gap, size: 0, col: c, row: r });
          }
        }
        return list;
      },
      aimed: function (at) {
        var c = near(at.x, columns), r = near(at.y, rows);
        return { name: columnName(c) + (r + 1), cx: margin + c * gap, cy: margin + r * gap, size: 0 };
      },
      // The view's coordinates along its top and left, over the board's own.
      edges: function (svg, x, y, w, h, shown) {
        svg.appendChild(element("rect", { class: "magnifier-edge", x: x, y: y, width: w, height: EDGE }));
        svg.appendChild(element("rect", { class: "magnifier-edge", x: x, y: y, width: EDGE, height: h }));
        var cols = {}, lines = {};
        shown.forEach(function (t) { cols[t.col] = true; lines[t.row] = true; });
        Object.keys(cols).forEach(function (c) { svg.appendChild(text(columnName(+c), margin + c * gap, y + EDGE * 0.78)); });
        Object.keys(lines).forEach(function (r) { svg.appendChild(text(String(+r + 1), x + EDGE / 2, margin + r * gap + EDGE * 0.25)); });
        var first = shown[0], last = shown[shown.length - 1];
        return { first: columnName(first.col), last: columnName(last.col), top: first.row + 1, bottom: last.row + 1 };
      },
      choose: function (target) {
        close();
        play(target.col, target.row, true);
      },
    };
  }

  // A board of squares (and Imperial Shuffle's arrows): its targets are the buttons the server
  // drew on it, each a click of its own (htmx), passed on from the magnifier's.
  function squares() {
    var board = document.querySelector(".game .board-wrap svg.board:not(.dots-board):not(.magnified)");
    if (!board) return null;
    var cell = board.querySelector("[data-square] > rect");
    var side = cell ? cell.getBBox().width : 0;
    var buttons = Array.prototype.map.call(board.querySelectorAll("[role=button]"), function (b) {
      var box = b.getBBox();
      var key = b.dataset.square ? "square:" + b.dataset.square : "direction:" + b.dataset.direction;
      return { key: key, label: b.getAttribute("aria-label"), cx: box.x + box.width / 2, cy: box.y + box.height / 2, size: Math.min(box.width, box.height), element: b };
    });
    if (!buttons.length) return null; // nothing to do on it now
    // The targets' least distance apart, side to side or up and down (the arrows round
    // Imperial Shuffle's Emperor are nearer each other than squares are).
    var spacing = side || Infinity;
    buttons.forEach(function (a, i) {
      for (var j = i + 1; j < buttons.length; j++) {
        var b = buttons[j];
        spacing = Math.min(spacing, Math.max(Math.abs(a.cx - b.cx), Math.abs(a.cy - b.cy)) || Infinity);
      }
    });
    var live = document.getElementById("live");
    var chosen = board.querySelector(".selected");
    return {
      board: board, spacing: spacing, edge: 0, title: words.magnifierSquares, label: words.magnifierSquaresLabel,
      signature: [live ? live.dataset.revision : "", chosen ? chosen.dataset.square || chosen.dataset.direction : "",
        buttons.map(function (b) { return b.key; }).join(",")].join("|"),
      // The buttons whose target shows whole in the view.
      targets: function (x, y, w, h) {
        var half = TARGET / 2 / (SPACING / spacing);
        return buttons.filter(function (b) {
          return b.cx - half >= x && b.cx + half <= x + w && b.cy - half >= y && b.cy + half <= y + h;
        });
      },
      aimed: function (at) {
        var best = null, far = Infinity;
        board.querySelectorAll("[data-square]").forEach(function (square) {
          var box = square.querySelector("rect").getBBox();
          var d = Math.hypot(box.x + box.width / 2 - at.x, box.y + box.height / 2 - at.y);
          if (d < far) { far = d; best = { name: square.dataset.square, cx: box.x + box.width / 2, cy: box.y + box.height / 2, size: box.width }; }
        });
        return best;
      },
      edges: function () { return {}; },
      choose: function (target) {
        var selector = target.key.indexOf("square:") === 0
          ? '[data-square="' + target.key.slice(7) + '"][role=button]'
          : '[data-direction="' + target.key.slice(10) + '"][role=button]';
        var now = document.querySelector(".game .board-wrap svg.board:not(.magnified) " + selector);
        if (!now) return redraw();
        // A move closes it (the board then shows the move for "Confirm"); a selection keeps it
        // open, drawn again with the targets marked.
        if (now.hasAttribute("hx-post")) close();
        forwarded = now;
        now.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      },
    };
  }

  // The board's kind as it stands now: points with their player's functions, or squares.
  var pointsPlay = null, pointsName = null;
  function current() {
    return pointsPlay ? points(pointsPlay, pointsName) : squares();
  }

  // How wide a board's targets show, in CSS px: a finger's size, or under it.
  function fine(board, spacing) {
    return spacing * board.getScreenCTM().a < TARGET;
  }

  function open(event, at) {
    // The panel stands in the half of the screen the finger is not in.
    aim = { x: at.x, y: at.y, below: event.clientY < window.innerHeight / 2 };
    if (!panel) {
      returnFocus = document.activeElement;
      build();
    }
    draw();
    if (panel) panel.focus({ preventScroll: true });
  }

  // A click on a board of points (imperia.js asks before placing it): true where it was a
  // finger's tap that this took, to open the magnifier or to play nothing between two points.
  function take(event, svg, at, playPoint, columnName) {
    if (!tap(event)) return false;
    var around = svg.closest("[data-magnifier-title]");
    if (!around) return false;
    words = around.dataset;
    var gap = +svg.dataset.gap, margin = +svg.dataset.margin, scale = svg.getScreenCTM().a;
    if (!fine(svg, gap)) {
      // Points a finger's size apart: a tap on one plays it, a tap between two nothing.
      var off = function (v) { var d = (v - margin) / gap; return Math.abs(d - Math.round(d)) * gap * scale; };
      return Math.max(off(at.x), off(at.y)) > gap * scale / 2 - BAND;
    }
    pointsPlay = playPoint;
    pointsName = columnName;
    open(event, at);
    return true;
  }
  window.imperiaMagnifier = { take: take };

  // A tap on a game's board of squares, before its button's own click (htmx): too fine for a
  // finger, it opens the magnifier; a finger's size, a tap on a target's edge plays nothing.
  // (A lesson's board keeps its taps on squares that are no target: they say what is there.)
  document.addEventListener("click", function (event) {
    var svg = event.target.closest && event.target.closest(".game .board-wrap svg.board:not(.dots-board)");
    if (!svg || !tap(event)) return;
    var around = svg.closest("[data-magnifier-squares]");
    if (!around) return;
    words = around.dataset;
    pointsPlay = pointsName = null;
    var board = squares();
    if (!board) return;
    if (fine(svg, board.spacing)) {
      var at = svg.createSVGPoint();
      at.x = event.clientX;
      at.y = event.clientY;
      open(event, at.matrixTransform(svg.getScreenCTM().inverse()));
    } else {
      var button = event.target.closest("[role=button]");
      var edge = button && (button.querySelector("rect") || button).getBoundingClientRect();
      if (!edge) return;
      var inside = Math.min(event.clientX - edge.left, edge.right - event.clientX,
        event.clientY - edge.top, edge.bottom - event.clientY);
      if (inside >= BAND) return;
    }
    event.stopPropagation();
    event.preventDefault();
  }, true);

  // A move passed on from the magnifier goes `tapped`, for the server to show it for
  // "Confirm" (before imperia.js sends it on the game's socket: this listens first).
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (!forwarded || detail.elt !== forwarded) return;
    forwarded = null;
    if (detail.verb !== "post" || !MOVE_URL.test(detail.path)) return;
    delete detail.parameters.confirmed;
    detail.parameters.tapped = "1";
  }, true);

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
      var target = event.target.closest("[data-target]");
      if (target) choose(target);
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

  function choose(button) {
    var key = button.dataset.target;
    var target = (kind.shown || []).filter(function (t) { return t.key === key; })[0];
    if (target) kind.choose(target);
  }

  // The view around the spot tapped, drawn from the board as it stands now.
  function draw() {
    kind = current();
    if (!kind) return close(); // no longer theirs to play
    var board = kind.board, edge = kind.edge;
    var wide = Math.min(window.innerWidth - 16, 480);
    var high = Math.max(4 * SPACING, Math.min(Math.round(wide * 0.8), window.innerHeight / 2 - 64));
    var scale = SPACING / kind.spacing, w = wide / scale, h = high / scale;
    var size = board.viewBox.baseVal;
    var x = Math.max(-edge, Math.min(aim.x - (w + edge) / 2, size.width - w));
    var y = Math.max(-edge, Math.min(aim.y - (h + edge) / 2, size.height - h));
    var svg = element("svg", {
      class: board.getAttribute("class") + " magnified", viewBox: [x, y, w, h].join(" "),
      style: "width: " + wide + "px; height: " + high + "px", role: "group", "aria-label": kind.label,
    });
    var picture = element("g", { "aria-hidden": "true" });
    Array.prototype.forEach.call(board.children, function (part) {
      if (part.tagName.toLowerCase() === "title") return;
      var copy = part.cloneNode(true);
      // The board's own parts keep their ids (updates find them) and their buttons.
      [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("*"))).forEach(strip);
      picture.appendChild(copy);
    });
    svg.appendChild(picture);
    var near = kind.aimed(aim);
    if (near && near.size) {
      svg.appendChild(element("rect", {
        class: "magnifier-aim", x: near.cx - near.size / 2 + 2 / scale, y: near.cy - near.size / 2 + 2 / scale,
        width: near.size - 4 / scale, height: near.size - 4 / scale,
      }));
    } else if (near) {
      svg.appendChild(element("circle", { class: "magnifier-aim", cx: near.cx, cy: near.cy, r: kind.spacing * 0.42 }));
    }
    // Between the targets, a ground that takes a tap and does nothing: a listener of its own
    // makes it a target to the browser's fuzzy tap (touch adjustment), which would otherwise
    // move a tap between two targets onto the nearer.
    var ground = element("rect", { class: "magnifier-ground", x: x, y: y, width: w, height: h });
    ground.addEventListener("click", function () {});
    svg.appendChild(ground);
    // Each target in view is a button a finger wide round its middle, clear of the next.
    var shown = kind.targets(x, y, w, h);
    kind.shown = shown;
    shown.forEach(function (t) {
      var side = Math.max(TARGET, t.size * scale - 2 * BAND) / scale;
      svg.appendChild(element("rect", {
        class: "magnifier-point", x: t.cx - side / 2, y: t.cy - side / 2, width: side, height: side,
        role: "button", tabindex: "0", "aria-label": t.label, "data-target": t.key,
      }));
    });
    var named = shown.length ? kind.edges(svg, x, y, w, h, shown) : {};
    named.point = named.square = near ? near.name : "";
    var focused = document.activeElement && panel.contains(document.activeElement) && document.activeElement.dataset.target;
    var old = panel.querySelector("svg");
    if (old) old.replaceWith(svg);
    else panel.appendChild(svg);
    panel.querySelector("#magnifier-title").textContent =
      kind.title.replace(/\{(\w+)\}/g, function (all, name) { return name in named ? named[name] : all; });
    panel.dataset.side = aim.below ? "below" : "above";
    panel.dataset.drawn = drawing(kind);
    if (focused) {
      var again = panel.querySelector('[data-target="' + focused + '"]');
      if (again) again.focus({ preventScroll: true });
    }
  }

  function strip(node) {
    ["id", "tabindex", "role", "aria-label", "aria-pressed"].forEach(function (name) { node.removeAttribute(name); });
    Array.prototype.slice.call(node.attributes).forEach(function (a) {
      if (a.name.indexOf("hx-") === 0) node.removeAttribute(a.name);
    });
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

  // Enter or Space plays the focused target, the arrows move to the nearest one their way,
  // Escape closes; the page's own keys (the arrows step through the moves) wait until it is
  // closed.
  var STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function keys(event) {
    event.stopPropagation();
    var button = event.target.closest && event.target.closest("[data-target]");
    if (event.key === "Escape") close();
    else if (button && (event.key === "Enter" || event.key === " ")) choose(button);
    else if (button && STEPS[event.key]) {
      var next = toward(button, STEPS[event.key]);
      if (next) next.focus();
    } else return;
    event.preventDefault();
  }
  function toward(button, step) {
    var middle = function (b) { return { x: +b.getAttribute("x") + +b.getAttribute("width") / 2, y: +b.getAttribute("y") + +b.getAttribute("height") / 2 }; };
    var from = middle(button), best = null, least = Infinity;
    panel.querySelectorAll("[data-target]").forEach(function (other) {
      var to = middle(other), ahead = (to.x - from.x) * step[0] + (to.y - from.y) * step[1];
      var aside = Math.abs((to.x - from.x) * step[1]) + Math.abs((to.y - from.y) * step[0]);
      if (ahead <= 0 || ahead + 2 * aside >= least) return;
      least = ahead + 2 * aside;
      best = other;
    });
    return best;
  }

  // The board changed under it (a move, a selection, a takeback, the socket's first message):
  // it shows the board as it stands, or closes if the player may no longer play. Other swaps
  // (the panel, a clock, the chat) leave it alone: drawn again, its buttons would move under a
  // finger.
  var pending = false;
  function redraw() {
    if (!panel || pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      if (!panel) return;
      var now = current();
      if (!now) close();
      else if (panel.dataset.drawn !== drawing(now)) draw();
    });
  }
  function drawing(board) {
    return [board.signature, window.innerWidth, window.innerHeight, aim.x, aim.y].join("|");
  }
  document.addEventListener("htmx:afterSettle", redraw);
  document.addEventListener("htmx:oobAfterSwap", redraw);
  window.addEventListener("resize", redraw);
})();
