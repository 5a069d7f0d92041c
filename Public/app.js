// Optional enhancements. Every page is complete without this script: the server lands a post on
// the line it changed, shows ready times with their zone and the minutes left.
(function () {
  "use strict";

  var FOCUS_KEY = "recipecart:focus";

  // Same-page posts (a stepper, Remove, cooking) come back to the page they left: a slide or a
  // cross-fade there only delays the repaint, so the transition is skipped on both sides.
  function samePath(url) {
    try {
      return new URL(url, location.href).pathname === location.pathname;
    } catch (error) {
      return false;
    }
  }

  // A skipped transition (skipped here, or by the browser itself: WebKit skips one on Back) rejects its
  // promises; that is no error, so they are taken care of on both sides.
  function quiet(transition) {
    function ignore() {}
    ["ready", "finished", "updateCallbackDone"].forEach(function (name) {
      var promise = transition[name];
      if (promise && typeof promise.catch === "function") promise.catch(ignore);
    });
  }

  addEventListener("pageswap", function (event) {
    var activation = event.activation;
    if (!event.viewTransition) return;
    quiet(event.viewTransition);
    if (activation && activation.entry && samePath(activation.entry.url)) {
      event.viewTransition.skipTransition();
    }
  });

  // While a page slides in, what shows is a picture of it: the page itself takes no tap until the slide
  // ends (every press lands on the root). So a press ends the slide at once, and the tap goes on to the
  // control under the finger: no tap made during the 180 ms is lost.
  var sliding = null;

  addEventListener("pagereveal", function (event) {
    var activation = window.navigation && navigation.activation;
    var from = activation && activation.from;
    var transition = event.viewTransition;
    if (!transition) return;
    quiet(transition);
    if (from && samePath(from.url)) {
      transition.skipTransition();
      return;
    }
    sliding = transition;
    // A slide the browser aborts (its page hidden meanwhile) rejects `finished`: it is over all the same.
    function over() {
      if (sliding === transition) sliding = null;
    }
    transition.finished.then(over, over);
  });

  function endSlide() {
    var transition = sliding;
    if (transition) transition.skipTransition();
    return transition ? transition.finished : null;
  }

  var CONTROLS = "a[href], button, summary, label, input, select, textarea";

  function passOn(x, y) {
    var under = document.elementFromPoint(x, y);
    var control = under && under !== document.documentElement && under.closest(CONTROLS);
    if (!control || control.disabled) return;
    if (control.matches("input:not([type=submit]):not([type=button]):not([type=checkbox]):not([type=radio]), select, textarea")) {
      control.focus();
    } else {
      control.click();
    }
  }

  document.addEventListener("pointerdown", endSlide, true);
  document.addEventListener("click", function (event) {
    // Only a press the slide took: it lands on the root, which no control of the page ever is.
    if (event.target !== document.documentElement || !event.isTrusted) return;
    var x = event.clientX;
    var y = event.clientY;
    var ended = endSlide();
    if (ended) {
      var go = function () { passOn(x, y); };
      ended.then(go, go);
    } else {
      // The slide ended between the press and the click: the page is live again.
      requestAnimationFrame(function () { passOn(x, y); });
    }
  }, true);

  // What a form does: its hidden op (each stepper button is a form of its own), else its button's.
  function formOp(form, button) {
    var op = form.querySelector('input[type="hidden"][name="op"]');
    if (op) return op.value;
    return button && button.name === "op" ? button.value : "";
  }

  // Focus goes back to the control that posted, once the page it posted from is back.
  function remember(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== "post") return;
    var button = event.submitter;
    var record = {
      path: location.pathname,
      action: form.getAttribute("action") || "",
      formClass: form.classList[0] || "",
      op: formOp(form, button),
      name: button ? button.name : "",
      value: button ? button.value : "",
      at: Date.now()
    };
    try {
      sessionStorage.setItem(FOCUS_KEY, JSON.stringify(record));
    } catch (error) {
      // Storage may be off (private mode, quota): focus then stays where the browser puts it.
    }
  }

  function recall() {
    var record;
    try {
      record = JSON.parse(sessionStorage.getItem(FOCUS_KEY) || "null");
      sessionStorage.removeItem(FOCUS_KEY);
    } catch (error) {
      return null;
    }
    // Only right after the post: a later visit or another page keeps the browser's own focus.
    if (!record || record.path !== location.pathname || Date.now() - record.at > 30000) return null;
    return record;
  }

  function enabledButtons(form) {
    return Array.prototype.filter.call(form.querySelectorAll("button"), function (button) {
      return !button.disabled;
    });
  }

  function controlFor(record) {
    var forms = Array.prototype.filter.call(document.forms, function (form) {
      return form.getAttribute("action") === record.action;
    });
    var i, j, buttons;
    // The same button in the same kind of form; then a live button of a form posting to the same place
    // that does the same ("Add to cart" turns into the stepper's +); then the last live button of those
    // forms (− at 1 turns into "Add to cart", Start into Stop); then the Undo of a removal.
    for (i = 0; i < forms.length; i++) {
      if (record.formClass && !forms[i].classList.contains(record.formClass)) continue;
      if (formOp(forms[i], null) !== (record.op || "") && formOp(forms[i], null)) continue;
      buttons = enabledButtons(forms[i]);
      for (j = 0; j < buttons.length; j++) {
        if (buttons[j].name === record.name && buttons[j].value === record.value) return buttons[j];
      }
    }
    for (i = 0; i < forms.length; i++) {
      if (!record.op || formOp(forms[i], null) !== record.op) continue;
      buttons = enabledButtons(forms[i]);
      if (buttons.length) return buttons[buttons.length - 1];
    }
    var last = null;
    for (i = 0; i < forms.length; i++) {
      buttons = enabledButtons(forms[i]);
      if (buttons.length) last = buttons[buttons.length - 1];
    }
    return last || document.querySelector("[data-status-message] .undo-button");
  }

  function restoreFocus() {
    var record = recall();
    // Never take focus from where the shopper has already put it.
    if (!record || (document.activeElement && document.activeElement !== document.body)) return;
    var control = controlFor(record);
    if (control) control.focus();
  }

  // Ready times in the browser's own clock; the server can only say them in UTC.
  function pad(number) {
    return String(number).padStart(2, "0");
  }

  function localReadyTimes() {
    document.querySelectorAll("time.cooking-ready-time[datetime]").forEach(function (element) {
      var when = new Date(element.getAttribute("datetime"));
      if (isNaN(when.getTime())) return;
      element.textContent = pad(when.getHours()) + ":" + pad(when.getMinutes());
    });
  }

  // Running cooking timers count down every second.
  function countDown() {
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
  }

  document.addEventListener("submit", remember);
  // After load and the frame that follows it: landing on a #line-… target clears focus in that
  // frame, so giving it back any earlier would be undone.
  function afterLandingFrame() {
    requestAnimationFrame(function () {
      setTimeout(restoreFocus, 0);
    });
  }
  if (document.readyState === "complete") {
    afterLandingFrame();
  } else {
    addEventListener("load", afterLandingFrame);
  }
  // An order still on its way reloads itself while it is in view, so its status follows the staff board; the
  // page without this script has a "Check again" link instead of a forced refresh.
  function followOrder() {
    var order = document.querySelector("[data-order-refresh]");
    var seconds = order && parseInt(order.getAttribute("data-order-refresh"), 10);
    if (!seconds) return;
    setInterval(function () {
      if (document.visibilityState === "visible") location.reload();
    }, seconds * 1000);
  }

  localReadyTimes();
  countDown();
  followOrder();
})();
