// Runs before the page's modules: when one of its files fails to load (a weak signal, a
// connection cut), the page loads again after a short random pause, at most three times;
// then it says so.
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
        var place = document.getElementById("app");
        if (place) place.textContent = "The page did not load. Reload it to try again.";
        return;
      }
      sessionStorage.setItem(TRIES, String(tries + 1));
      setTimeout(function () {
        location.reload();
      }, 250 + Math.random() * 750 * (tries + 1));
    },
    true,
  );
})();
