// The live staff board. The page works without this script: it reloads itself every few seconds. With it, the board
// follows /staff/events; each event only says that something changed, and the board reads its own page again and
// swaps in what differs, node by node, so nothing flashes, the scroll stays, focus stays on the control that has it,
// and a half-typed "how many missing" is kept. While a finger or the mouse is down, the swap waits until it is up.
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
  let waiting = null; // a page read while a pointer was down

  const clock = (date) => date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });

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
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (pointerDown) waiting = page;
      else show(page);
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

  function show(page) {
    const nextBoard = page.getElementById("board");
    const nextHeader = page.querySelector(".staff-header");
    const header = document.querySelector(".staff-header");
    if (!nextBoard) return;
    const before = orderCodes(board);
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
        const page = waiting;
        waiting = null;
        show(page);
      }
    }, 300);
  };
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);

  // --- "Updated 12 s ago", and the heartbeat's watch. ---

  function tick() {
    const seconds = Math.max(0, Math.round((Date.now() - lastRendered) / 1000));
    if (updatedTime) updatedTime.textContent = seconds < 2 ? "just now" : seconds < 120 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
    if (source && Date.now() - lastHeard > HEARTBEAT_LIMIT) drop();
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
