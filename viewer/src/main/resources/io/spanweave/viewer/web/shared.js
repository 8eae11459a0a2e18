// spanweave rollout viewer: what every view shares (helpers, state, URL state, navigation).
// Plain browser JavaScript modules, no build step.
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.

export const SVG = 'http://www.w3.org/2000/svg';
export const PAGE = 100;
export const HEX32 = /^[0-9a-f]{32}$/;
export const state = {
  view: 'rollout', run: '', step: 'latest', metric: '', sampleStatus: '', sort: 'start', order: 'asc',
  samplesOffset: 0, sample: '', sampleRun: '', trace: '', span: '', q: '', traceStatus: '', kind: '', tracesOffset: 0,
  from: '', to: '', wf: '', a: '', b: '', attempt: '',
  status: null, version: -1,
};

// ------------------------------------------------------------------ helpers

export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === undefined || v === null) continue;
      if (k === 'class') node.className = v;
      else if (k === 'text') node.textContent = String(v);
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, String(v));
    }
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

export const $ = (id) => document.getElementById(id);

// Each panel renders only the answer to its latest request, so a slow earlier response can never
// overwrite a newer one (or re-render under the user's pointer).
const tokens = {};
export function claim(panel) {
  tokens[panel] = (tokens[panel] || 0) + 1;
  const mine = tokens[panel];
  return () => tokens[panel] === mine;
}

// The endpoints that show one attempt of a run when asked (attempt=N); the page asks while
// state.attempt is set, else they count each step as its latest attempt recorded it.
const ATTEMPT_PATHS = new Set(['steps', 'stages', 'samples', 'sample', 'timeline', 'llm', 'traces', 'waterfall']);

export async function api(path, params) {
  const qs = new URLSearchParams();
  if (state.attempt && ATTEMPT_PATHS.has(path)) qs.set('attempt', state.attempt);
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== '' && v !== null && v !== undefined) qs.set(k, v);
  }
  const url = '/api/' + path + (qs.toString() ? '?' + qs : '');
  const res = await fetch(url);
  const body = await res.json().catch(() => ({ error: 'invalid response' }));
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

export function showError(err) {
  const banner = $('error-banner');
  if (!err) { banner.hidden = true; return; }
  banner.textContent = String(err.message || err);
  banner.hidden = false;
}

export function ms(v) {
  if (v === null || v === undefined) return '–';
  if (v >= 86400000) return (v / 86400000).toFixed(1) + ' d';
  if (v >= 3600000) return (v / 3600000).toFixed(1) + ' h';
  if (v >= 60000) return (v / 60000).toFixed(1) + ' min';
  if (v >= 1000) return (v / 1000).toFixed(2) + ' s';
  return v.toFixed(v < 10 ? 2 : 0) + ' ms';
}

export function fmtNum(v, digits) {
  return v === null || v === undefined ? '–' : Number(v).toFixed(digits);
}

export function timeOf(nanoString) {
  if (!nanoString) return '';
  const d = new Date(Number(BigInt(nanoString) / 1000000n));
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

export function badge(status) {
  return el('span', { class: 'badge ' + String(status).replace(/\s+/g, '-'), text: status });
}

export function copyButton(value) {
  return el('button', {
    type: 'button', class: 'ghost copy', title: 'Copy', text: 'copy',
    onclick: (e) => {
      e.stopPropagation();
      const done = () => { e.target.textContent = 'copied'; setTimeout(() => { e.target.textContent = 'copy'; }, 1200); };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(value).then(done, () => fallbackCopy(value, done));
      } else {
        fallbackCopy(value, done);
      }
    },
  });
}

function fallbackCopy(value, done) {
  const area = el('textarea', { 'aria-hidden': 'true' });
  area.value = value;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try { document.execCommand('copy'); done(); } finally { area.remove(); }
}

export function runParam() { return state.run; }

// ------------------------------------------------------------------ URL state (deep links)

// wf: what the waterfall view shows, 'trace' (state.trace) or 'sample' (state.sample in state.sampleRun).
const URL_KEYS = ['view', 'run', 'step', 'metric', 'sample', 'sampleRun', 'trace', 'span', 'q', 'traceStatus', 'kind', 'from', 'to', 'wf', 'sort', 'order', 'a', 'b', 'attempt'];
const URL_DEFAULTS = { view: 'rollout', step: 'latest', sort: 'start', order: 'asc' };

export function readUrl() {
  const qs = new URLSearchParams(location.search);
  for (const k of URL_KEYS) {
    if (qs.has(k)) state[k] = qs.get(k);
  }
}

export function writeUrl() {
  const qs = new URLSearchParams();
  for (const k of URL_KEYS) {
    const v = state[k];
    if (v && v !== URL_DEFAULTS[k]) qs.set(k, v);
  }
  const url = location.pathname + (qs.toString() ? '?' + qs : '');
  history.replaceState(null, '', url);
}


export const VIEWS = ['rollout', 'traces', 'runs', 'compare', 'waterfall'];

export function setView(view) {
  state.view = view;
  for (const v of VIEWS) {
    $('view-' + v).hidden = view !== v;
    $('tab-' + v).classList.toggle('active', view === v);
  }
  if (view === 'waterfall') $('tab-waterfall').hidden = false;
  // The comparison picks its own two runs.
  $('run-label').hidden = view === 'compare';
  writeUrl();
}

// datetime-local inputs hold local wall time; the URL and the API take ISO-8601 instants.
export function isoFromLocal(value) {
  if (!value) return '';
  const d = new Date(value);
  return isNaN(d) ? '' : d.toISOString();
}

export function localFromIso(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (isNaN(d)) return '';
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function pager(box, total, offset, limit, go) {
  if (total <= limit) { box.replaceChildren(); return; }
  box.replaceChildren(
    el('button', { type: 'button', text: '‹ prev', disabled: offset === 0 ? '' : null, onclick: () => go(Math.max(0, offset - limit)) }),
    `${offset + 1}–${Math.min(total, offset + limit)} of ${total}`,
    el('button', { type: 'button', text: 'next ›', disabled: offset + limit >= total ? '' : null, onclick: () => go(offset + limit) }));
}


// Links to the trace in the tracing backend the viewer was told about (--jaeger-url, --zipkin-url).
export function backendLinks(traceId) {
  const links = [];
  const s = state.status || {};
  if (HEX32.test(traceId)) {
    if (s.jaegerUrl) links.push(el('a', { class: 'jaeger-link', href: s.jaegerUrl.replace(/\/$/, '') + '/trace/' + traceId, target: '_blank', rel: 'noopener noreferrer', text: 'Open in Jaeger ↗' }));
    if (s.zipkinUrl) {
      const base = s.zipkinUrl.replace(/\/$/, '');
      links.push(el('a', { class: 'zipkin-link', href: (base.endsWith('/zipkin') ? base : base + '/zipkin') + '/traces/' + traceId, target: '_blank', rel: 'noopener noreferrer', text: 'Open in Zipkin ↗' }));
    }
  }
  return links;
}

// Navigation between views that would otherwise import each other: app.js fills these in.
export const nav = {
  openTrace: null, // (traceId, spanId, switchView)
  openWaterfall: null, // (kind, id, run)
  refreshAll: null, // ()
};

// A name that may wrap after its dots and underscores (span names, stages): a long name then
// breaks where it reads well instead of being cut.
export function wrappable(text, className = 'label') {
  const span = el('span', { class: className });
  for (const part of String(text).split(/(?<=[._\-/])/)) {
    span.append(part, document.createElement('wbr'));
  }
  return span;
}
