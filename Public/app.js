// Optional enhancement: counts running cooking timers down every second.
// Every page is complete without it; the server renders the minutes left.
(function () {
  "use strict";
  var timers = document.querySelectorAll("[data-ready-at]");
  if (!timers.length) return;

  function tick() {
    var now = Date.now();
    timers.forEach(function (timer) {
      var left = Math.max(0, Math.round((Date.parse(timer.dataset.readyAt) - now) / 1000));
      var label = timer.querySelector(".cooking-left");
      if (!label) return;
      if (left === 0) {
        label.textContent = "Ready now";
        timer.classList.add("is-ready");
        return;
      }
      var minutes = Math.floor(left / 60);
      var seconds = String(left % 60).padStart(2, "0");
      label.textContent = minutes + ":" + seconds + " left";
    });
  }

  tick();
  setInterval(tick, 1000);
})();
