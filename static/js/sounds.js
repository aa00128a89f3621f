// The game's sounds. Each board says what it sounds like (data-sound on #live-revision,
// play/round/sounds.py): a page plays what it did not have before, a move or a capture as a
// move arrives (the player's own and the opponent's), the start as play begins, the end as
// the game ends; and a warning once a turn as the player's own clock crosses into low time
// (data-low-time on it: the time left that is low, in ms). Nothing plays while sounds are
// off, nor before the player has touched the page: browsers refuse it, and it stays silent.
(function () {
  var box = document.getElementById("sounds");
  if (!box || box.dataset.sounds !== "on") return;
  var files = JSON.parse(box.dataset.files);
  var touched = false;
  ["pointerdown", "keydown"].forEach(function (name) {
    document.addEventListener(name, function () { touched = true; }, true);
  });
  var playing = {};
  function play(name) {
    var active = touched || (navigator.userActivation && navigator.userActivation.hasBeenActive);
    if (!files[name] || !active) return;
    var audio = playing[name] || (playing[name] = new Audio(files[name]));
    audio.currentTime = 0;
    var started = audio.play();
    if (started && started.catch) started.catch(function () {}); // refused: silence
  }

  function board() {
    var marks = document.getElementById("live-revision"), ply = document.getElementById("live-ply");
    if (!marks || !marks.hasAttribute("data-sound")) return null; // looking back: no say
    return { revision: +marks.value, ply: ply ? +ply.value : 0, sound: marks.dataset.sound };
  }
  var known = board();
  function arrived() {
    var now = board(), before = known;
    if (!now || (before && now.revision <= before.revision)) return;
    known = now;
    if (!before) return;
    var was = before.sound.split(" ");
    now.sound.split(" ").filter(function (sound) {
      if (sound === "move" || sound === "capture") return now.ply > before.ply;
      if (sound === "end") return was.indexOf("end") < 0;
      if (sound === "start") return before.sound === ""; // open, or still arranging
      return false;
    }).forEach(function (sound, i) {
      if (i) setTimeout(function () { play(sound); }, 300 * i); // the end after the move
      else play(sound);
    });
  }
  ["htmx:oobAfterSwap", "htmx:afterSettle", "game-changed"].forEach(function (name) {
    document.addEventListener(name, arrived);
  });

  // Low time: the clock's deadline is the server's, as imperia.js counts it down.
  var offset = (+document.body.dataset.serverNow || Date.now()) - Date.now();
  var above = {}; // deadline -> the clock was seen above low time (one deadline a turn)
  setInterval(function () {
    document.querySelectorAll(".clock[data-low-time][data-deadline]").forEach(function (clock) {
      var deadline = clock.dataset.deadline, left = +deadline - (Date.now() + offset);
      if (left > +clock.dataset.lowTime) above[deadline] = true;
      else if (above[deadline] && left > 0) {
        above[deadline] = false;
        play("low-time");
      }
    });
  }, 250);
})();
