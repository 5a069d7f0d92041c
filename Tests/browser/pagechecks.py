"""What every page of a walk must be, in every engine and at every size: no console error, nothing
wider than the viewport, every control whole on screen and at least 24 × 24 px (WCAG 2.2, 2.5.8),
except a link inside a sentence, whose height is the line's."""

# A target: anything a finger presses. It is "inline text" when it is an inline element in a sentence:
# the block around it says at least four other words. A short label beside a link ("Pasta · Italian",
# "Received Check again") is no sentence: that link needs its 24 px.
MEASURE = r"""
const root = document.documentElement;
const width = root.clientWidth;
const targets = document.querySelectorAll(
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])');
function describe(el) {
  const text = (el.innerText || el.value || el.getAttribute('aria-label') || el.getAttribute('placeholder') || '').trim().replace(/\s+/g, ' ');
  return el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '') + ' "' + text.slice(0, 40) + '"';
}
function blockAround(el) {
  let node = el.parentElement;
  while (node && getComputedStyle(node).display.startsWith('inline')) node = node.parentElement;
  return node || document.body;
}
function inSentence(el) {
  if (getComputedStyle(el).display !== 'inline') return false;
  const block = blockAround(el);
  const own = (el.textContent || '').trim();
  const rest = (block.textContent || '').replace(own, ' ');
  const words = rest.match(/[\p{L}\p{N}]{2,}/gu) || [];
  return words.length >= 4;
}
const small = [], cut = [];
for (const el of targets) {
  if (!el.getClientRects().length) continue;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || style.display === 'none') continue;
  if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
  const r = el.getBoundingClientRect();
  // Visually hidden on purpose (1 px, clipped) or parked off the page until focused (the skip link).
  if (r.width <= 1 && r.height <= 1) continue;
  if (r.bottom + window.scrollY <= 0 || r.right + window.scrollX <= 0) continue;
  if (r.left < -0.5 || r.right > width + 0.5) cut.push(describe(el) + ' at ' + Math.round(r.left) + '…' + Math.round(r.right) + ' px');
  if ((r.width < 23.5 || r.height < 23.5) && !inSentence(el)) small.push(describe(el) + ' ' + Math.round(r.width) + '×' + Math.round(r.height) + ' px');
}
return {width: width, pageWidth: root.scrollWidth, bodyWidth: document.body.scrollWidth, small: small, cut: cut};
"""


def check_page(browser, what, settle=0.0):
    """Assert the page now open in `browser` (an engines.Browser) is whole; `what` names it in failures."""
    import time

    if settle:
        time.sleep(settle)
    measured = browser.js(MEASURE)
    problems = []
    viewport = browser.viewport()
    if browser.expected_viewport and viewport != browser.expected_viewport:
        problems.append(f"the viewport is {viewport}, not the {browser.expected_viewport} asked for")
    errors = browser.new_errors()
    if errors:
        problems.append("console errors: " + "; ".join(errors))
    if measured["pageWidth"] > measured["width"] or measured["bodyWidth"] > measured["width"]:
        problems.append(
            f"the page is {max(measured['pageWidth'], measured['bodyWidth'])} px wide in a {measured['width']} px viewport"
        )
    if measured["cut"]:
        problems.append("controls cut off at the edge: " + "; ".join(measured["cut"]))
    if measured["small"]:
        problems.append("tap targets under 24 px: " + "; ".join(measured["small"]))
    assert not problems, f"{browser.engine}, {what} ({browser.url}):\n  " + "\n  ".join(problems)
