// The live staff board. The page works without this script: it reloads itself every few seconds. With it, the board
// follows /staff/events; each event only says that something changed, and the board reads its own page again and
// swaps in what differs, node by node, so nothing flashes, the scroll stays, focus stays on the control that has it,
// and a half-typed "how many missing" is kept. While a finger or the mouse is down, the swap waits until it is up.
// Between reads it keeps every ticket's age true on its own, against the server's clock (see "Ages" below).
(() => {
  "use strict";
  const board = document.getElementById("board");
  if (!board || !window.EventSource || !window.fetch || !window.DOMParser) return;

  const HEARTBEAT_LIMIT = 10000; // ms without any event before the board says it is not live
  const LONGEST_RETRY = 30000;
  const banner = document.querySelector(".staff-stale");
  const updatedTime = document.querySelector(".staff-updated-time");
  const refreshNote = document.querySelector(".staff-refresh-note");
  const soundButton = document.querySelector(".staff-sound");

  let source = null;
  let lastHeard = 0;
  let retryDelay = 1000;
  let reconnectTimer = null;
  let staleSince = null;
  let lastRendered = Date.now();
  let reading = false;
  let readAgain = false;
  let pointerDown = false;
  let waiting = null; // a page read while a pointer was down, and when it arrived

  // On the shop's clock (data-time-zone), as every time the page shows; the screen's own zone if the browser lacks it.
  function clock(date) {
    const options = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };
    try {
      return date.toLocaleTimeString([], { ...options, timeZone: board.dataset.timeZone });
    } catch (error) {
      return date.toLocaleTimeString([], options);
    }
  }

  function setLive(live) {
    board.dataset.boardLive = live ? "true" : "false";
    if (live) {
      staleSince = null;
      banner.hidden = true;
      if (refreshNote) refreshNote.textContent = " · live";
      return;
    }
    if (!staleSince) staleSince = new Date();
    banner.textContent = `Not live since ${clock(staleSince)}: this board may be out of date. Reconnecting…`;
    banner.hidden = false;
    if (refreshNote) refreshNote.textContent = " · not live";
  }

  function connect() {
    reconnectTimer = null;
    source = new EventSource(board.dataset.eventsUrl);
    lastHeard = Date.now();
    // The first event after every (re)connect is a "board": everything is read again, whatever was missed.
    source.addEventListener("board", () => {
      heard();
      read();
    });
    source.addEventListener("beat", heard);
    source.onerror = drop;
  }

  function heard() {
    lastHeard = Date.now();
    retryDelay = 1000;
    setLive(true);
  }

  function drop() {
    if (source) source.close();
    source = null;
    setLive(false);
    if (reconnectTimer) return;
    const delay = retryDelay + Math.random() * retryDelay * 0.5;
    retryDelay = Math.min(retryDelay * 2, LONGEST_RETRY);
    reconnectTimer = setTimeout(connect, delay);
    // A stream refused because the staff session ended shows as a drop: reading the page finds the sign-in.
    read();
  }

  async function read() {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      const response = await fetch(location.pathname + location.search, {
        credentials: "same-origin",
        cache: "no-store",
        headers: { Accept: "text/html" },
      });
      if (response.redirected || response.status === 401 || response.status === 403) {
        location.assign(response.url);
        return;
      }
      if (!response.ok) return;
      const arrived = performance.now();
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (pointerDown) waiting = { page, arrived };
      else show(page, arrived);
    } catch (error) {
      // The stream's own drop and retry say the board is not live; the next event reads again.
    } finally {
      reading = false;
      if (readAgain) {
        readAgain = false;
        read();
      }
    }
  }

  function orderCodes(root) {
    return new Set(Array.from(root.querySelectorAll("article.staff-order"), (order) => order.dataset.orderCode));
  }

  function show(page, arrivedAt) {
    const nextBoard = page.getElementById("board");
    const nextHeader = page.querySelector(".staff-header");
    const header = document.querySelector(".staff-header");
    if (!nextBoard) return;
    const before = orderCodes(board);
    drawing = drawingOf(nextBoard, page.querySelector(".staff-numbers"), arrivedAt);
    morph(board, nextBoard);
    if (header && nextHeader) morph(header, nextHeader);
    lastRendered = Date.now();
    tick();
    const arrived = Array.from(orderCodes(board)).some((code) => !before.has(code));
    if (arrived) chime();
  }

  // --- The swap: keeps every node that is still there, moves keyed ones, and touches only what differs. ---

  function keyOf(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    return (
      node.id ||
      node.getAttribute("data-column") ||
      node.getAttribute("data-pick-row") ||
      node.getAttribute("data-cart-label") ||
      node.getAttribute("data-aisle") ||
      null
    );
  }

  function isSame(live, next) {
    if (live.nodeType !== next.nodeType) return false;
    if (live.nodeType !== Node.ELEMENT_NODE) return true;
    return live.tagName === next.tagName && keyOf(live) === keyOf(next);
  }

  function morph(live, next) {
    if (live.nodeType !== Node.ELEMENT_NODE) {
      if (live.nodeValue !== next.nodeValue) live.nodeValue = next.nodeValue;
      return;
    }
    if (live.hasAttribute("data-live-own")) return;
    for (const attribute of Array.from(live.attributes)) {
      const kept =
        attribute.name === "data-board-live" ||
        attribute.name === "data-sound" ||
        (attribute.name === "open" && live.tagName === "DETAILS");
      if (!kept && !next.hasAttribute(attribute.name)) live.removeAttribute(attribute.name);
    }
    for (const attribute of Array.from(next.attributes)) {
      if (live.getAttribute(attribute.name) !== attribute.value) live.setAttribute(attribute.name, attribute.value);
    }
    const keyed = new Map();
    for (const child of Array.from(live.childNodes)) {
      const key = keyOf(child);
      if (key) keyed.set(key, child);
    }
    let cursor = live.firstChild;
    for (const nextChild of Array.from(next.childNodes)) {
      const key = keyOf(nextChild);
      let match = key ? keyed.get(key) : cursor && !keyOf(cursor) ? cursor : null;
      if (match && !isSame(match, nextChild)) match = null;
      if (match) {
        if (key) keyed.delete(key);
        if (match === cursor) cursor = cursor.nextSibling;
        else live.insertBefore(match, cursor);
        morph(match, nextChild);
      } else {
        live.insertBefore(document.importNode(nextChild, true), cursor);
      }
    }
    while (cursor) {
      const after = cursor.nextSibling;
      live.removeChild(cursor);
      cursor = after;
    }
  }

  // --- A tap is never moved under: a page read while a pointer is down waits for it to come up. ---

  document.addEventListener("pointerdown", () => {
    pointerDown = true;
  }, true);
  const released = () => {
    setTimeout(() => {
      pointerDown = false;
      if (waiting) {
        const { page, arrived } = waiting;
        waiting = null;
        show(page, arrived);
      }
    }, 300);
  };
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);

  // --- Ages: each ticket turns amber and red within a second of its limit, with no request made. ---
  // The page says when the server drew it (data-server-time), the two limits in seconds, when each order was sent
  // (data-placed-at) or, with a pickup slot, when its slot starts (data-slot-start: its age runs from there, and
  // before it the ticket says how long until it is due), and once it was ready, when (data-ready-at: its age stops
  // there). An order with a slot counts in the day's "late" number once its slot starts while it is not ready. The server's time goes on by the browser's steady clock from the moment the page arrived, so a
  // screen whose own clock is wrong, or jumps, still shows the server's ages. Each ticket is worked out again at the
  // next moment it changes (a limit, or its next minute), and with every tick besides.

  const AGE_TITLES = { fresh: "On time", warn: "Waiting", late: "Late" };
  let ageTimer = null;
  let dayReadAt = null; // the end of the day a read was asked for, so the day's end asks once

  function drawingOf(root, numbers, arrived) {
    return {
      at: Date.parse(root.dataset.serverTime),
      arrived,
      warn: Number(root.dataset.orderWarnAfter) * 1000,
      late: Number(root.dataset.orderLateAfter) * 1000,
      lateToday: numbers ? Number(numbers.dataset.lateToday) : NaN,
      dayStart: numbers ? Date.parse(numbers.dataset.dayStart) : NaN,
      dayEnd: numbers ? Date.parse(numbers.dataset.dayEnd) : NaN,
    };
  }

  // The page as first loaded arrived when its first byte did.
  const navigation = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  let drawing = drawingOf(
    board,
    document.querySelector(".staff-numbers"),
    navigation && navigation.responseStart > 0 ? navigation.responseStart : performance.now(),
  );

  const serverNow = () => drawing.at + (performance.now() - drawing.arrived);
  const ageOf = (waited) => (waited >= drawing.late ? "late" : waited >= drawing.warn ? "warn" : "fresh");

  // As the server says it: "12 min", "1 h 5 min"; before a slot starts, "due in 25 min".
  function minutesText(waited) {
    const minutes = Math.max(0, Math.floor(waited / 60000));
    if (minutes < 60) return `${minutes} min`;
    const hours = Math.floor(minutes / 60);
    return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  }

  function keepAges() {
    if (Number.isNaN(drawing.at)) return;
    const now = serverNow();
    let next = Number.isNaN(drawing.dayEnd) ? Infinity : drawing.dayEnd;
    let turnedLate = 0;
    for (const ticket of board.querySelectorAll("article.staff-order[data-placed-at]")) {
      const placed = Date.parse(ticket.dataset.placedAt);
      const slotStart = ticket.dataset.slotStart ? Date.parse(ticket.dataset.slotStart) : NaN;
      const due = Number.isNaN(slotStart) ? placed : slotStart;
      if (ticket.hasAttribute("data-ready-at") || Number.isNaN(due)) continue;
      const waited = now - due;
      const age = ageOf(waited);
      if (ticket.dataset.orderAge !== age) ticket.dataset.orderAge = age;
      const label = ticket.querySelector(".staff-order-age");
      const words =
        waited < 0
          ? `${AGE_TITLES[age]} · due in ${minutesText(Math.ceil(-waited / 60000) * 60000)}`
          : `${AGE_TITLES[age]} · ${minutesText(waited)}`;
      if (label && label.textContent !== words) label.textContent = words;
      // Counted in today's number only if the server had not counted it yet: an order without a slot once it turns
      // late, one with a slot once the slot starts.
      if (Number.isNaN(slotStart)) {
        if (placed >= drawing.dayStart && age === "late" && ageOf(drawing.at - placed) !== "late") turnedLate += 1;
      } else if (slotStart >= drawing.dayStart && slotStart < drawing.dayEnd && now >= slotStart && drawing.at < slotStart) {
        turnedLate += 1;
      }
      const nextMinute = due + (Math.floor(waited / 60000) + 1) * 60000;
      for (const at of [due + drawing.warn, due + drawing.late, nextMinute, slotStart]) {
        if (at > now && at < next) next = at;
      }
    }
    const numbers = document.querySelector(".staff-numbers");
    if (numbers && !Number.isNaN(drawing.lateToday)) {
      const late = drawing.lateToday + turnedLate;
      if (numbers.dataset.lateToday !== String(late)) numbers.dataset.lateToday = String(late);
      const words = late === 1 ? "1 late" : `${late} late`;
      const count = numbers.querySelector(".staff-late-count");
      if (count && count.textContent !== words) count.textContent = words;
    }
    // A new day starts its numbers from nothing: the board is read again once, when it begins.
    if (now >= drawing.dayEnd && dayReadAt !== drawing.dayEnd) {
      dayReadAt = drawing.dayEnd;
      read();
    }
    clearTimeout(ageTimer);
    ageTimer = setTimeout(keepAges, Math.min(Math.max(next - now, 0) + 10, 60000));
  }

  // --- "Updated 12 s ago", and the heartbeat's watch. ---

  function tick() {
    const seconds = Math.max(0, Math.round((Date.now() - lastRendered) / 1000));
    if (updatedTime) updatedTime.textContent = seconds < 2 ? "just now" : seconds < 120 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
    if (source && Date.now() - lastHeard > HEARTBEAT_LIMIT) drop();
    keepAges();
  }

  // --- Sound, opt-in: browsers allow it only after a tap, so a tap turns it on. The chime is synthesised. ---

  let audio = null;
  function setSound(on) {
    soundButton.setAttribute("aria-pressed", on ? "true" : "false");
    soundButton.textContent = on ? "Sound on" : "Sound off";
    board.dataset.sound = on ? "on" : "off";
    try {
      localStorage.setItem("recipecart-staff-sound", on ? "on" : "off");
    } catch (error) {
      // Private windows may refuse storage; the choice then lasts until the page is closed.
    }
  }

  function chime() {
    if (!audio || board.dataset.sound !== "on" || audio.state !== "running") return;
    const start = audio.currentTime;
    [880, 1318.5].forEach((frequency, index) => {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      const at = start + index * 0.18;
      tone.type = "sine";
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.45);
      tone.connect(volume).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.5);
    });
    board.dataset.chimes = String(Number(board.dataset.chimes || 0) + 1);
  }

  if (soundButton && (window.AudioContext || window.webkitAudioContext)) {
    soundButton.hidden = false;
    let wanted = false;
    try {
      wanted = localStorage.getItem("recipecart-staff-sound") === "on";
    } catch (error) {
      wanted = false;
    }
    // Sound asked for before a reload still needs a tap in this page before the browser lets it play.
    setSound(false);
    if (wanted) soundButton.textContent = "Sound off (tap to turn on)";
    soundButton.addEventListener("click", () => {
      const on = soundButton.getAttribute("aria-pressed") !== "true";
      if (on && !audio) audio = new (window.AudioContext || window.webkitAudioContext)();
      if (on) audio.resume().then(chime);
      setSound(on);
    });
  }

  board.dataset.boardLive = "false"; // connecting: not live yet, but nothing has gone wrong to say so about
  connect();
  setInterval(tick, 1000);
  tick();
})();
