// spanweave rollout viewer: the Waterfall view of one trace or one sample.
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.

import { state, el, $, claim, api, showError, ms, timeOf, badge, copyButton, runParam, writeUrl, setView, backendLinks, wrappable } from './shared.js';
import { openTrace, renderInspector } from './traces.js';

// ------------------------------------------------------------------ waterfall

// kind 'trace': state.trace; kind 'sample': the sample id, run in sampleRun.
export async function openWaterfall(kind, id, run) {
  state.wf = kind;
  folded.clear();
  if (kind === 'trace') state.trace = id;
  else { state.sample = id; state.sampleRun = run || ''; }
  state.span = '';
  setView('waterfall');
  await loadWaterfall();
}

// Spans whose descendants the user folded away; kept when the waterfall is drawn again.
const folded = new Set();

// refresh: drawn again because the data changed, keeping the span being inspected as it is.
export async function loadWaterfall(refresh) {
  const current = claim('waterfall');
  const params = state.wf === 'sample'
    ? { sample: state.sample, run: state.sampleRun || runParam() }
    : { trace: state.trace };
  const data = await api('waterfall', params);
  if (!current()) return;
  renderWaterfall(data);
  state.wfHasInFlight = data.spans.some((s) => s.inFlight);
  if (refresh && data.spans.some((s) => s.spanId === state.span && !s.inFlight)) return;
  const pick = data.spans.find((s) => s.spanId === state.span) || data.spans.find((s) => !openInLive(s)) || data.spans[0];
  if (pick) await (openInLive(pick) ? inspectInFlight(pick, data) : inspectInWaterfall(pick.traceId, pick.spanId));
}

// A span known only from live.jsonl: in flight, or abandoned by a process that died (never in the trace file).
function openInLive(s) {
  return s.inFlight || s.status === 'abandoned';
}

function renderWaterfall(data) {
  $('waterfall-title').textContent = data.sample !== null
    ? 'sample ' + data.sample + (data.runId ? ' · ' + data.runId : '')
    : (data.spans.length ? data.spans[0].name : data.traceIds[0] || '');
  $('waterfall-meta').textContent = data.total + ' spans · ' + ms(data.durationMs)
    + (data.truncated ? ' · first ' + data.spans.length + ' shown' : '')
    + (data.startUnixNano ? ' · from ' + timeOf(data.startUnixNano) + ' UTC' : '');
  const links = [];
  for (const t of data.traceIds) {
    links.push(el('a', { href: '?view=traces&trace=' + t, text: 'Span tree', onclick: (e) => { e.preventDefault(); openTrace(t, '', true).catch(showError); } }));
    links.push(...backendLinks(t));
    links.push(el('span', { class: 'mono hint', text: t }), copyButton(t));
  }
  $('waterfall-links').replaceChildren(...links);
  const total = Math.max(data.durationMs, 1e-6);
  const pct = (v) => Math.max(0, Math.min(100, 100 * v / total));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const t = el('span', { text: ms(f * data.durationMs) });
    t.style.left = (f === 1 ? 'calc(100% - 4ch)' : 100 * f + '%');
    return t;
  });
  const axis = el('div', { class: 'axis' }, el('div', { text: 'span' }), el('div', { class: 'ticks' }, ...ticks));
  const rows = data.spans.map((s, k) => {
    const toggle = el('button', { type: 'button', class: 'toggle' + (s.childCount ? '' : ' leaf'), text: '▾', 'aria-label': 'collapse' });
    const name = el('div', { class: 'wf-name', title: s.name + (s.stage && s.stage !== s.name ? ' · stage ' + s.stage : '') },
      toggle, wrappable(s.name), s.status !== 'ok' ? badge(s.status) : null);
    name.style.paddingLeft = (s.depth * 14) + 'px';
    const bar = el('div', { class: 'wf-bar ' + s.status.replace(/\s+/g, '-') });
    const left = pct(s.offsetMs);
    bar.style.left = left + '%';
    bar.style.width = Math.max(pct(s.durationMs), 0.15) + '%';
    const dur = el('span', { class: 'wf-dur', text: ms(s.durationMs) });
    const right = left + pct(s.durationMs);
    // The duration goes after the bar, else before it, else (a bar across most of the lane) inside
    // its end: never out of the lane, where it would be drawn over the name and status badge.
    if (right < 80) dur.style.left = 'calc(' + right + '% + 4px)';
    else if (left > 20) dur.style.right = 'calc(' + (100 - left) + '% + 4px)';
    else {
      dur.classList.add('inside');
      dur.style.right = 'calc(' + (100 - right) + '% + 4px)';
    }
    const row = el('div', {
      class: 'wf-row', 'data-span': s.spanId, 'data-trace': s.traceId, 'data-depth': s.depth, 'data-status': s.status,
      'data-offset-ms': s.offsetMs, 'data-duration-ms': s.durationMs, 'data-index': k,
    }, name, el('div', { class: 'lane' }, bar, dur));
    row.addEventListener('click', () => (openInLive(s) ? inspectInFlight(s, data)
      : inspectInWaterfall(s.traceId, s.spanId)).catch(showError));
    toggle.addEventListener('click', (e) => { e.stopPropagation(); collapse(row, toggle); });
    return row;
  });
  if (!rows.length) rows.push(el('div', { class: 'empty', text: 'No spans.' }));
  $('waterfall').replaceChildren(axis, ...rows);
  for (const row of $('waterfall').querySelectorAll('.wf-row')) {
    if (folded.has(row.dataset.span) && !row.hidden) collapse(row, row.querySelector('.toggle'));
  }
}

// Hides (or shows again) the rows below this one that are deeper: its descendants.
function collapse(row, toggle) {
  const hide = toggle.textContent === '▾';
  toggle.textContent = hide ? '▸' : '▾';
  if (hide) folded.add(row.dataset.span); else folded.delete(row.dataset.span);
  const depth = Number(row.dataset.depth);
  for (let r = row.nextElementSibling; r && Number(r.dataset.depth) > depth; r = r.nextElementSibling) {
    r.hidden = hide;
    const t = r.querySelector('.toggle');
    if (!hide && t) { t.textContent = '▾'; folded.delete(r.dataset.span); }
  }
}

// A span still in flight has no line in the trace file yet: what live.jsonl said about it.
async function inspectInFlight(s, data) {
  claim('wf-inspect');
  state.span = s.spanId;
  writeUrl();
  for (const n of document.querySelectorAll('#waterfall .wf-row')) n.classList.toggle('selected', n.dataset.span === s.spanId);
  const start = data.startUnixNano ? (BigInt(data.startUnixNano) + BigInt(Math.round(s.offsetMs * 1e6))).toString() : null;
  const kv = (label, value, copy) => [el('dt', { text: label }), el('dd', null, el('span', { text: value ?? '–' }), copy && value ? copyButton(value) : null)];
  const box = $('waterfall-inspector');
  box.className = '';
  box.replaceChildren(
    el('div', { class: 'inspector-title' }, el('span', { class: 'name mono', text: s.name }), ' ', badge(s.inFlight ? 'running' : s.status)),
    el('dl', { class: 'kv' },
      ...kv('trace id', s.traceId, true), ...kv('span id', s.spanId, true), ...kv('parent', s.parentSpanId, true),
      ...kv('stage', s.stage), ...kv('start', start ? timeOf(start) : null), ...(s.inFlight ? kv('running for', ms(s.durationMs)) : [])),
    el('div', { class: 'muted', text: s.inFlight ? 'In flight (from live.jsonl): its attributes and events are in the trace file once it ends.'
      : 'Abandoned (from live.jsonl): its process stopped before ending it, so the trace file never got it.' }));
}

async function inspectInWaterfall(traceId, spanId) {
  const current = claim('wf-inspect');
  const data = await api('span', { trace: traceId, span: spanId });
  if (!current()) return;
  renderInspector(data, 'waterfall-inspector', '#waterfall .wf-row');
}

