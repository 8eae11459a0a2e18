// Finds text drawn over other text on the page: the boxes of every visible text node (the glyphs'
// line boxes, clipped by the ancestors that clip, as the browser draws them) compared pairwise.
// Returns one line per overlapping pair: "<first text> | <second text> (overlap w x h px)".
// Run by the page tests through WebDriver's executeScript.
const minOverlap = 1.5;
function clipOf(el) {
  let clip = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
  for (let a = el.parentElement; a; a = a.parentElement) {
    const cs = getComputedStyle(a);
    if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
      const r = a.getBoundingClientRect();
      clip = intersect(clip, { left: r.left + a.clientLeft, top: r.top + a.clientTop,
        right: r.left + a.clientLeft + a.clientWidth, bottom: r.top + a.clientTop + a.clientHeight });
      if (!clip) return null;
    }
  }
  return clip;
}
function intersect(a, b) {
  const r = { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
  return r.right > r.left && r.bottom > r.top ? r : null;
}
function visible(el) {
  if (el.closest('[hidden], option, select, script, style, title, textarea')) return false;
  for (let a = el; a; a = a.parentElement) {
    const cs = getComputedStyle(a);
    if (cs.display === 'none' || cs.visibility === 'hidden' || Number(cs.opacity) === 0) return false;
  }
  return true;
}
const boxes = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const text = n.nodeValue.trim();
  const el = n.parentElement;
  if (!text || !el || !visible(el)) continue;
  const clip = clipOf(el);
  if (!clip) continue;
  let rects;
  if (el instanceof SVGElement) {
    rects = [el.getBoundingClientRect()];
  } else {
    const range = document.createRange();
    range.selectNodeContents(n);
    rects = [...range.getClientRects()];
  }
  for (const r of rects) {
    const box = intersect(r, clip);
    if (box && box.right - box.left > 0.5 && box.bottom - box.top > 0.5) boxes.push({ box, node: n, text });
  }
}
boxes.sort((a, b) => a.box.top - b.box.top);
const found = [];
for (let i = 0; i < boxes.length; i++) {
  for (let j = i + 1; j < boxes.length && boxes[j].box.top < boxes[i].box.bottom; j++) {
    if (boxes[i].node === boxes[j].node) continue;
    const o = intersect(boxes[i].box, boxes[j].box);
    if (o && o.right - o.left > minOverlap && o.bottom - o.top > minOverlap) {
      found.push(boxes[i].text.slice(0, 40) + ' | ' + boxes[j].text.slice(0, 40)
        + ' (overlap ' + Math.round(o.right - o.left) + ' x ' + Math.round(o.bottom - o.top) + ' px)');
    }
  }
}
return found;
