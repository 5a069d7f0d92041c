// Keeps a wall screen in step with its pairing. Every second it asks the status address where this browser
// stands; while the answer is what the page expects ("waiting" on the pairing page, "live" on the board) nothing
// happens, and once it changes the screen goes to the pairing page, which hands it its session or a new code.
// Without this script the pairing page refreshes itself every 2 seconds instead.
(function () {
  "use strict";

  var script = document.currentScript;
  var statusURL = script.getAttribute("data-status-url");
  var expected = script.getAttribute("data-while");
  var nextURL = script.getAttribute("data-next");

  function check() {
    fetch(statusURL, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        // A server that is restarting or unreachable says nothing about the pairing: ask again.
        return response.ok ? response.text() : expected;
      })
      .then(
        function (answer) {
          if (answer.trim() !== expected) {
            location.assign(nextURL);
          } else {
            setTimeout(check, 1000);
          }
        },
        function () {
          setTimeout(check, 1000);
        }
      );
  }

  setTimeout(check, 1000);
})();
