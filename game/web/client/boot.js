// Runs before the page's modules: when one of its files fails to load (a weak signal, a
// connection cut), the page loads again after a short random pause, at most three times;
// then it says so, in the player's language when the table can still send its words.
(function () {
  var TRIES = "trey.loadTries";
  var MOST = 3;
  var tries = Number(sessionStorage.getItem(TRIES) || 0);
  var again = false;
  addEventListener(
    "error",
    function (event) {
      var element = event.target;
      if (again || !element || (element.tagName !== "SCRIPT" && element.tagName !== "LINK")) return;
      again = true;
      if (tries >= MOST) {
        sessionStorage.removeItem(TRIES);
        say("The page did not load. Reload it to try again.");
        return;
      }
      sessionStorage.setItem(TRIES, String(tries + 1));
      setTimeout(function () {
        location.reload();
      }, 250 + Math.random() * 750 * (tries + 1));
    },
    true,
  );

  // `english` on the page at once, then in the language the player chose (or the browser's),
  // if its words still come (they are game/web/words.py's, like the page's other sentences).
  function say(english) {
    var place = document.getElementById("app");
    if (!place) return;
    place.textContent = english;
    var asked = (navigator.languages || [navigator.language || "en"])[0] || "en";
    var code = localStorage.getItem("trey.language") || String(asked).toLowerCase().split("-")[0];
    if (code === "fil") code = "tl";
    if (code === "en" || !/^[a-z]{2,3}$/.test(code)) return;
    fetch("lang/" + code + ".json")
      .then(function (answer) {
        return answer.ok ? answer.json() : null;
      })
      .then(function (spoken) {
        var words = spoken && spoken.words && spoken.words[english];
        if (words) place.textContent = words;
      })
      .catch(function () {});
  }
})();
