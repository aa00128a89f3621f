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

  // The site's menu: open on a desktop, where it shows whole (so that it is read as open),
  // folded on a phone until its button opens it; Escape folds it again.
  var desktop = window.matchMedia("(min-width: 1240px)"); // as site.css says
  function siteMenu() {
    var menu = document.querySelector(".site-menu");
    if (menu) menu.open = desktop.matches;
  }
  document.addEventListener("DOMContentLoaded", siteMenu);
  desktop.addEventListener("change", siteMenu);
  // Escape, or a click elsewhere, folds the header's open menus (the site's where it folds).
  function fold(keep) {
    var folded = null;
    document.querySelectorAll(".top details[open]").forEach(function (menu) {
      if (menu.contains(keep) || (menu.classList.contains("site-menu") && desktop.matches)) return;
      menu.open = false;
      folded = folded || menu;
    });
    return folded;
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var folded = fold(null);
    if (folded) folded.querySelector("summary").focus();
  });
  document.addEventListener("click", function (event) { fold(event.target); });

  // A Copy button (data-copy: the id of the field it copies; data-said, if any: the line
  // where it says what it did, else its own text) puts the field's text on the clipboard,
  // and says so in its data-copied words. Where the clipboard is refused (no permission, or
  // none on a page that is not secure), the text is selected for the player to copy, and it
  // says so in its data-selected words. A button hidden until this
  // script shows it leaves a page without scripts no button that does nothing.
  function copyButtons(root) {
    root.querySelectorAll("button[data-copy][hidden]").forEach(function (b) { b.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", function () { copyButtons(document); });
  document.addEventListener("htmx:afterSettle", function (event) { copyButtons(event.target); });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    var field = button && document.getElementById(button.dataset.copy);
    if (!field) return;
    var line = document.getElementById(button.dataset.said);
    function say(text) {
      if (!text) return;
      if (line) line.textContent = text;
      else button.firstChild.textContent = text;
    }
    function selected() {
      field.focus();
      if (field.select) field.select();
      say(button.dataset.selected);
    }
    var text = "value" in field ? field.value : field.textContent;
    if (!navigator.clipboard || !navigator.clipboard.writeText) return selected();
    navigator.clipboard.writeText(text).then(function () { say(button.dataset.copied); }, selected);
  });

  // Say so when the live connection drops or a request cannot reach the server (in the
  // line's own words, data-unreachable and data-lost); the socket reconnects by itself and
  // is sent the current board when it does. A request that failed is said until one gets
  // through, whatever the socket does meanwhile: the player must know their move was not
  // played.
  var socketLost = false, requestFailed = false;
  function connection() {
    var line = document.getElementById("connection");
    if (!line) return;
    line.textContent = (requestFailed ? line.dataset.unreachable : socketLost ? line.dataset.lost : "") || "";
    line.hidden = !line.textContent;
  }
  var gameSocket = null; // the game page's socket while it is open: clicked moves go on it
  // How many of the page's sockets are open, on the body (data-sockets-open): what a page
  // waiting for a push (a tournament's pairing) is ready for once it counts them all.
  var socketsOpen = 0;
  function countSockets(change) {
    socketsOpen = Math.max(0, socketsOpen + change);
    document.body.dataset.socketsOpen = String(socketsOpen);
  }
  document.addEventListener("htmx:wsOpen", function () { countSockets(1); });
  document.addEventListener("htmx:wsClose", function () { countSockets(-1); });
  document.addEventListener("htmx:wsClose", function (event) {
    if (gameSocket === event.detail.socketWrapper) {
      gameSocket = null;
      document.body.dataset.gameSocket = "closed";
    }
    socketLost = true;
    connection();
  });
  // The game's socket is in step with the page once its first message (the board as it
  // stands, or a blank when the page already shows it) is in: the body's data-game-socket
  // says "open" from then on.
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    if (event.target.closest && event.target.closest(".game")) document.body.dataset.gameSocket = "open";
  });
  document.addEventListener("htmx:wsOpen", function (event) {
    if (event.target.closest && event.target.closest(".game")) gameSocket = event.detail.socketWrapper;
    socketLost = false;
    connection();
  });
  // A move (or a premove) clicked on the board goes over the game's socket when it is open (as
  // lichess sends them): it comes back as the move's push, or as the board saying why it was
  // refused. The move box keeps its POST, whose answer says whether to clear the box; so does
  // every click while the socket is down.
  var MOVE_URL = /^\/g\/[^/]+\/(move|premove)\/$/;
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail, sent = MOVE_URL.exec(detail.path);
    if (!gameSocket || detail.verb !== "post" || !sent) return;
    if (detail.elt && detail.elt.closest && detail.elt.closest("form.move-box")) return;
    var message = { type: sent[1] };
    ["move", "ply", "revision", "confirmed", "tapped", "action"].forEach(function (name) {
      if (detail.parameters[name] !== undefined) message[name] = String(detail.parameters[name]);
    });
    event.preventDefault();
    gameSocket.send(JSON.stringify(message));
  });
  document.addEventListener("htmx:sendError", function () {
    requestFailed = true;
    connection();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (requestFailed && event.detail.xhr && event.detail.xhr.status) {
      requestFailed = false; // the server answered again
      connection();
    }
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
  function boardAnswered(event) {
    // A push can replace the whole board while a click's answer is on its way (the socket's
    // first message does, as the page opens): the answer goes to the board that stands now.
    if (!event.detail.target.isConnected) event.detail.target = document.getElementById("live");
    if (!event.detail.target) {
      event.detail.shouldSwap = false;
      return;
    }
    // The board is always replaced whole. Said here, not left to the asking element's
    // inherited hx-swap: a move's update may have swapped that element out (a step, the
    // computer's poll) while it waited, and, cut off from #live, it would swap inside it.
    event.detail.swapOverride = "outerHTML";
    var answer = document.createElement("template");
    answer.innerHTML = event.detail.serverResponse || "";
    if (older(answer.content.firstElementChild, event.detail.target)) event.detail.shouldSwap = false;
    else if (update(answer)) {
      event.detail.shouldSwap = false;
      applyUpdate(answer);
    } else keepPlain(event.detail.target, answer.content.firstElementChild);
  }
  // htmx tells the board a request asked to replace that its answer is in, and a board a
  // push took off the page meanwhile passes that on to no one: so each request listens on its
  // board as it leaves.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var board = event.detail.target, xhr = event.detail.xhr;
    if (!board || board.id !== "live") return;
    board.addEventListener("htmx:beforeSwap", function answered(answer) {
      if (answer.detail.xhr !== xhr) return;
      board.removeEventListener("htmx:beforeSwap", answered);
      boardAnswered(answer);
    });
  });
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var message = document.createElement("template");
    message.innerHTML = event.detail.message || "";
    if (!update(message)) return;
    event.preventDefault();
    applyUpdate(message);
  });

  // A move's update (play/round/updates.py) carries only what the move changed: the
  // squares whose pictures changed (a hidden picture, swapped square by square), the parts of
  // the panel swapped in by id, and the move added to the list. It fits the board of the
  // revision before it and no other. A page already past it ignores it (the answer to a move
  // and its push cross on the way); a page that missed one asks for the whole board; a page
  // looking back at an earlier ply only adds the move to its list. A page showing more than
  // the game (a piece selected, a premove marked) first puts back the board it showed before.
  function update(template) {
    return template.content.querySelector("[data-update-base]");
  }
  function applyUpdate(template) {
    var live = document.getElementById("live"), marker = update(template);
    if (!live || !window.htmx) return;
    var have = +live.dataset.revision, revision = +marker.value;
    if (have >= revision) return;
    if (have === +marker.dataset.updateBase && live.hasAttribute("data-marked") && !live.dataset.history) {
      live = plainBoard(live);
    }
    if (!live || have !== +marker.dataset.updateBase) {
      live = document.getElementById("live");
      var ply = live.dataset.history ? "?ply=" + live.dataset.history : "";
      if (live.dataset.url) htmx.ajax("GET", live.dataset.url + ply, { target: "#live", swap: "outerHTML" });
      return;
    }
    var squares = template.content.querySelector("[data-board-update]");
    if (squares) squares.remove();
    if (live.dataset.history) {
      template.content.querySelectorAll("[hx-swap-oob]").forEach(function (part) {
        var keep = part.getAttribute("hx-swap-oob") === "beforeend" || part.id === "moves" || part.id.indexOf("live-") === 0;
        if (!keep) part.remove();
      });
    } else if (squares) {
      var board = live.querySelector("#board-wrap svg");
      if (board) patch(board, squares);
    }
    var ply = document.getElementById("live-ply"); // first: the line read out by ear asks it
    if (ply) ply.value = marker.dataset.ply;
    htmx.swap(live, template.innerHTML, { swapStyle: "none" });
    live.dataset.revision = revision;
    if (live.dataset.history) {
      stillLookingBack(live);
      return;
    }
    live.dataset.ply = marker.dataset.ply;
    followPly(live);
    clicks(live);
    document.body.dispatchEvent(new CustomEvent("game-changed"));
  }

  // The parts of a board a move's update sends (play/boards: update()), each put in place of
  // the one it names: a square (data-square), the clicks (data-clicks), a part (data-part);
  // a side's group (data-side) holds its own.
  function named(part) {
    var names = ["data-square", "data-part", "data-side"];
    if (part.hasAttribute("data-clicks")) return "[data-clicks]";
    for (var i = 0; i < names.length; i++) {
      var value = part.getAttribute(names[i]);
      if (value !== null) return "[" + names[i] + '="' + CSS.escape(value) + '"]';
    }
    return null;
  }
  function patch(scope, update) {
    Array.prototype.slice.call(update.children).forEach(function (part) {
      var selector = named(part), old = selector && scope.querySelector(":scope > " + selector);
      if (!old) return;
      if (part.hasAttribute("data-side") && !part.hasAttribute("data-square")) patch(old, part);
      else old.replaceWith(part);
    });
  }

  // Clicks on a board: its data-clicks (play/boards/base.click_table) names what each square,
  // direction or piece does, the name written as {} in the attributes it shares with others;
  // the element named becomes a button with them, and one no longer named a picture again.
  var PLACE = "{}";
  function clicks(root) {
    if (!root || !root.querySelectorAll) return;
    var tables = Array.prototype.slice.call(root.querySelectorAll("[data-clicks]"));
    if (root.hasAttribute && root.hasAttribute("data-clicks")) tables.push(root);
    tables.forEach(function (table) {
      var wanted = {};
      JSON.parse(table.getAttribute("data-clicks")).forEach(function (group) {
        group[1].split(" ").forEach(function (name) { wanted[name] = group[0]; });
      });
      table.parentNode.querySelectorAll("[data-square], [data-direction]").forEach(function (element) {
        var name = element.getAttribute("data-square") || element.getAttribute("data-direction");
        var shared = wanted[name], attrs = null;
        if (shared) {
          attrs = {};
          Object.keys(shared).forEach(function (key) { attrs[key] = shared[key].split(PLACE).join(name); });
        }
        var now = attrs && JSON.stringify(attrs), had = element.getAttribute("data-clicked");
        if (now === had) return;
        // In place, so that what points at it (focus, a test's locator) stays; htmx binds it
        // again as its attributes change.
        if (had) Object.keys(JSON.parse(had)).forEach(function (key) { element.removeAttribute(key); });
        if (attrs) {
          Object.keys(attrs).forEach(function (key) { element.setAttribute(key, attrs[key]); });
          element.setAttribute("role", "button");
          element.setAttribute("tabindex", "0");
          element.setAttribute("data-clicked", now);
        } else {
          element.setAttribute("role", "img");
          element.removeAttribute("tabindex");
          element.removeAttribute("data-clicked");
        }
        if (window.htmx) htmx.process(element);
      });
    });
  }
  if (window.htmx) htmx.onLoad(clicks);

  // A move list's links each open their board in place, from the address the list names
  // (play/round/move_list.py): written here, not in each link a move's update sends.
  function moveLinks() {
    document.querySelectorAll("#moves[data-live] a[data-ply]:not([hx-get])").forEach(function (link) {
      var ply = "?ply=" + link.getAttribute("data-ply");
      link.setAttribute("hx-get", link.closest("#moves").getAttribute("data-live") + ply);
      link.setAttribute("hx-push-url", ply);
      htmx.process(link);
    });
  }
  if (window.htmx) htmx.onLoad(moveLinks);

  // At the live position, "back" goes to the ply before the one shown: moved on by each move's
  // update, which does not send the steps (play/partials/steps.html); and the move list marks
  // only the last move.
  function followPly(live) {
    var steps = live.querySelector("#steps"), ply = +live.dataset.ply;
    markPly(live, ply);
    if (!steps) return;
    steps.querySelectorAll('[data-nav="first"], [data-nav="back"]').forEach(function (button) {
      button.disabled = ply === 0;
    });
    var back = steps.querySelector('[data-nav="back"]');
    if (!back) return;
    ["hx-get", "hx-push-url"].forEach(function (name) {
      var value = back.getAttribute(name);
      if (value) back.setAttribute(name, value.replace(/ply=-?\d+/, "ply=" + (ply - 1)));
    });
    htmx.process(back);
  }

  // The board a page showed before it showed more than the game (a piece selected, a
  // premove, a refusal, a move to confirm), kept as it is replaced: a move's update is drawn
  // against it, so the page puts it back first. None kept for this revision: null.
  var plain = null;
  function keepPlain(live, incoming) {
    if (!incoming || !incoming.hasAttribute("data-marked") || live.hasAttribute("data-marked") || live.dataset.history) return;
    plain = { revision: live.dataset.revision, board: live.cloneNode(true) };
  }
  function plainBoard(live) {
    if (!plain || plain.revision !== live.dataset.revision) return null;
    var board = plain.board;
    plain = null;
    // In place: the page's #live stays the element it is (the two differ only in their mark),
    // and so does the line read out by ear, which is new only when a revision arrives (ear.js).
    var said = document.getElementById("live-said");
    live.removeAttribute("data-marked");
    live.replaceChildren.apply(live, Array.prototype.slice.call(board.childNodes));
    var kept = live.querySelector("#live-said");
    if (said && kept) kept.replaceWith(said);
    htmx.process(live);
    clicks(live);
    return live;
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var incoming = event.detail.fragment.firstElementChild;
    if (older(incoming, event.detail.target)) event.detail.shouldSwap = false;
    else if (event.detail.target && event.detail.target.id === "live") keepPlain(event.detail.target, incoming);
    if (event.detail.shouldSwap && event.detail.target && event.detail.target.id === "live" && event.detail.target.dataset.history) {
      event.detail.shouldSwap = false;
      movedOn(event.detail.target, event.detail.fragment.firstElementChild);
    }
  });

  // The move list marks the ply shown, and no other.
  function markPly(live, ply) {
    live.querySelectorAll(".moves [aria-current]").forEach(function (a) { a.removeAttribute("aria-current"); });
    var here = live.querySelector('.moves [data-ply="' + ply + '"]');
    if (here) here.setAttribute("aria-current", "step");
  }

  // Looking back at an earlier ply, a move that arrives joins the move list, the board stays
  // where the player is, and a line says the game moved on.
  function movedOn(history, pushed) {
    var list = pushed && pushed.querySelector("ol.moves");
    var mine = history.querySelector("ol.moves");
    if (list && mine) {
      var fresh = list.cloneNode(true);
      mine.replaceWith(fresh);
      htmx.process(fresh);
    }
    stillLookingBack(history);
  }
  // The list marks the ply looked at, not the game's last; a line says the game moved on.
  function stillLookingBack(history) {
    markPly(history, history.dataset.history);
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
  // picture's geometry, and posted like any other move. A finger's tap on points too close
  // together for it opens the magnifier instead (static/js/magnifier.js), which plays the
  // point chosen there the same way, `tapped` (to be shown for "Confirm").
  function columnName(x) {
    var name = "";
    for (x += 1; x > 0; x = Math.floor((x - 1) / 26)) {
      name = String.fromCharCode(97 + ((x - 1) % 26)) + name;
    }
    return name;
  }
  function playPoint(col, row, tapped) {
    var action = document.getElementById("point-click"); // there when a click may play
    if (!action || !action.dataset.moveUrl) return;
    var revision = document.getElementById("live-revision");
    var values = {
      move: columnName(col) + (row + 1),
      ply: action.dataset.ply,
      revision: revision ? revision.value : "",
    };
    if (tapped) values.tapped = "1";
    else values.confirmed = action.dataset.confirmed || "";
    htmx.ajax("POST", action.dataset.moveUrl, {
      target: "#" + (action.dataset.target || "live"), // a lesson's board answers into its own
      swap: "outerHTML",
      values: values,
    });
  }
  document.addEventListener("click", function (event) {
    var svg = event.target.closest && event.target.closest("svg.dots-board");
    var action = document.getElementById("point-click");
    if (!svg || !action || !action.dataset.moveUrl) return;
    var at = svg.createSVGPoint();
    at.x = event.clientX;
    at.y = event.clientY;
    var p = at.matrixTransform(svg.getScreenCTM().inverse());
    if (window.imperiaMagnifier && window.imperiaMagnifier.take(event, svg, p, playPoint, columnName)) return;
    var gap = +svg.dataset.gap, margin = +svg.dataset.margin;
    var col = Math.round((p.x - margin) / gap), row = Math.round((p.y - margin) / gap);
    if (col < 0 || row < 0 || col >= +svg.dataset.columns || row >= +svg.dataset.rows) return;
    playPoint(col, row);
  });

  // A lesson's or a puzzle's square that is no target, clicked: the page says what can be done
  // there (its address, with look=the square). A target or a piece to move is a button.
  document.addEventListener("click", function (event) {
    var square = event.target.closest && event.target.closest("#lesson svg [data-square]");
    var lesson = document.getElementById("lesson");
    if (!square || !lesson || !lesson.dataset.lookUrl || !window.htmx) return;
    if (square.getAttribute("role") === "button") return;
    var url = lesson.dataset.lookUrl;
    htmx.ajax("GET", url + (url.indexOf("?") < 0 ? "?" : "&") + "look=" + encodeURIComponent(square.dataset.square), {
      target: "#lesson",
      swap: "outerHTML",
    });
  });

  // Clocks count down to the deadline the server rendered, on the server's time: the
  // offset between this device and the server is taken once, when the page loads.
  var serverNow = +document.body.dataset.serverNow || Date.now();
  var offset = serverNow - Date.now();
  var flagged = {};
  // Time left in the page's words: the data-durations of an element around the clock (JSON:
  // "days", a day count's forms by its plural category in the page's language, and "hours").
  // Without them the clock keeps the text the server wrote.
  var plurals = null;
  function human(ms, element) {
    var around = element.closest("[data-durations]");
    var words = around && JSON.parse(around.dataset.durations);
    if (!words) return element.textContent;
    var s = Math.max(0, Math.floor(ms / 1000));
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d) {
      plurals = plurals || new Intl.PluralRules(document.documentElement.lang || undefined);
      var form = words.days[plurals.select(d)] || words.days.other;
      return form.replace("%(days)s", d).replace("%(hours)s", h);
    }
    if (h) return words.hours.replace("%(hours)s", h).replace("%(minutes)s", m);
    return m + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    document.querySelectorAll(".clock[data-deadline]").forEach(function (clock) {
      var left = +clock.dataset.deadline - (Date.now() + offset);
      clock.textContent = human(left, clock);
      // At zero, ask the server to record it (at its game's address for it, data-flag-url on
      // #live); it decides (vacation days, or the result).
      var live = clock.closest("#live");
      if (left <= 0 && live && !flagged[clock.dataset.deadline] && window.htmx) {
        flagged[clock.dataset.deadline] = true;
        htmx.ajax("POST", live.dataset.flagUrl, { target: "#live", swap: "outerHTML" });
      }
    });
  }
  // A tournament's countdown to its start or its end (no flag: the server moves it on).
  function countdowns() {
    document.querySelectorAll(".countdown[data-until]").forEach(function (c) {
      c.textContent = human(+c.dataset.until - (Date.now() + offset), c);
    });
  }
  setInterval(tick, 250);
  setInterval(countdowns, 1000);
  document.addEventListener("DOMContentLoaded", countdowns);
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
