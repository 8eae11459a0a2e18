// spanweave rollout viewer. Plain browser JavaScript, no build step.
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const PAGE = 100;
const HEX32 = /^[0-9a-f]{32}$/;
const state = {
  view: 'rollout', run: '', step: 'latest', metric: '', sampleStatus: '', sort: 'start', order: 'asc',
  samplesOffset: 0, sample: '', sampleRun: '', trace: '', span: '', q: '', traceStatus: '', kind: '', tracesOffset: 0,
  from: '', to: '', wf: '',
  status: null, version: -1,
};

// ------------------------------------------------------------------ helpers

function el(tag, props, ...children) {
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

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

const $ = (id) => document.getElementById(id);

// Each panel renders only the answer to its latest request, so a slow earlier response can never
// overwrite a newer one (or re-render under the user's pointer).
const tokens = {};
function claim(panel) {
  tokens[panel] = (tokens[panel] || 0) + 1;
  const mine = tokens[panel];
  return () => tokens[panel] === mine;
}

async function api(path, params) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== '' && v !== null && v !== undefined) qs.set(k, v);
  }
  const url = '/api/' + path + (qs.toString() ? '?' + qs : '');
  const res = await fetch(url);
  const body = await res.json().catch(() => ({ error: 'invalid response' }));
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

function showError(err) {
  const banner = $('error-banner');
  if (!err) { banner.hidden = true; return; }
  banner.textContent = String(err.message || err);
  banner.hidden = false;
}

function ms(v) {
  if (v === null || v === undefined) return '–';
  if (v >= 60000) return (v / 60000).toFixed(1) + ' min';
  if (v >= 1000) return (v / 1000).toFixed(2) + ' s';
  return v.toFixed(v < 10 ? 2 : 0) + ' ms';
}

function fmtNum(v, digits) {
  return v === null || v === undefined ? '–' : Number(v).toFixed(digits);
}

function timeOf(nanoString) {
  if (!nanoString) return '';
  const d = new Date(Number(BigInt(nanoString) / 1000000n));
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

function badge(status) {
  return el('span', { class: 'badge ' + String(status).replace(/\s+/g, '-'), text: status });
}

function copyButton(value) {
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

function runParam() { return state.run; }

// ------------------------------------------------------------------ URL state (deep links)

// wf: what the waterfall view shows, 'trace' (state.trace) or 'sample' (state.sample in state.sampleRun).
const URL_KEYS = ['view', 'run', 'step', 'metric', 'sample', 'sampleRun', 'trace', 'span', 'q', 'traceStatus', 'kind', 'from', 'to', 'wf', 'sort', 'order'];
const URL_DEFAULTS = { view: 'rollout', step: 'latest', sort: 'start', order: 'asc' };

function readUrl() {
  const qs = new URLSearchParams(location.search);
  for (const k of URL_KEYS) {
    if (qs.has(k)) state[k] = qs.get(k);
  }
}

function writeUrl() {
  const qs = new URLSearchParams();
  for (const k of URL_KEYS) {
    const v = state[k];
    if (v && v !== URL_DEFAULTS[k]) qs.set(k, v);
  }
  const url = location.pathname + (qs.toString() ? '?' + qs : '');
  history.replaceState(null, '', url);
}

// ------------------------------------------------------------------ header: status, runs, tabs

async function refreshStatus() {
  const s = await api('status');
  state.status = s;
  const parts = [];
  if (s.source === 'zipkin') parts.push('from Zipkin ' + s.backendUrl + (s.backendPolls ? '' : ' (first query running)'));
  else if (!s.traceFileExists) parts.push('waiting for ' + s.traceFile);
  if (s.backendError) parts.push(s.backendError);
  else if (s.loading) parts.push('loading, newest first: ' + Math.min(100, Math.round(100 * s.bytesRead / Math.max(1, s.traceFileBytes))) + '%');
  parts.push(s.spans.toLocaleString() + ' spans');
  parts.push(s.traces.toLocaleString() + ' traces');
  if (s.malformedLines) parts.push(s.malformedLines + ' malformed lines skipped');
  if (s.invalidSpans) parts.push(s.invalidSpans + ' spans skipped (invalid ids)');
  if (s.duplicateSpans) parts.push(s.duplicateSpans + ' repeated spans counted once');
  if (s.inFlight) parts.push(s.inFlight + ' in flight');
  const status = $('file-status');
  status.replaceChildren(el('span', { class: 'dot' + (s.loading ? ' loading' : '') }), parts.join(' · '));
  status.title = s.traceFile;
  status.dataset.loading = String(s.loading);
  return s;
}

async function loadFacets() {
  const f = await api('facets');
  const runSelect = $('run-select');
  const defaultRun = state.status && state.status.runId ? state.status.runId : '';
  const options = [el('option', { value: '', text: defaultRun ? defaultRun + ' (default)' : 'default' }),
    el('option', { value: '*', text: 'all runs' })];
  const seen = new Set();
  state.runCount = new Set(f.runs.map((r) => r.runId)).size;
  for (const r of f.runs) {
    if (!r.runId || seen.has(r.runId)) continue;
    seen.add(r.runId);
    options.push(el('option', { value: r.runId, text: r.runId + (r.service ? ' · ' + r.service : '') }));
  }
  runSelect.replaceChildren(...options);
  runSelect.value = state.run;
  const kindSelect = $('trace-kind');
  kindSelect.replaceChildren(el('option', { value: '', text: 'any' }),
    ...f.kinds.map((k) => el('option', { value: k, text: k })));
  kindSelect.value = state.kind;
}

const VIEWS = ['rollout', 'traces', 'runs', 'waterfall'];

function setView(view) {
  state.view = view;
  for (const v of VIEWS) {
    $('view-' + v).hidden = view !== v;
    $('tab-' + v).classList.toggle('active', view === v);
  }
  if (view === 'waterfall') $('tab-waterfall').hidden = false;
  writeUrl();
}

// datetime-local inputs hold local wall time; the URL and the API take ISO-8601 instants.
function isoFromLocal(value) {
  if (!value) return '';
  const d = new Date(value);
  return isNaN(d) ? '' : d.toISOString();
}

function localFromIso(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (isNaN(d)) return '';
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

// ------------------------------------------------------------------ rollout view

async function loadSteps() {
  const current = claim('steps');
  const s = await api('steps', { run: runParam() });
  if (!current()) return;
  const select = $('step-select');
  const options = [el('option', { value: 'latest', text: 'latest' + (s.latest !== null ? ' (' + s.latest + ')' : '') }),
    el('option', { value: 'all', text: 'all steps' })];
  for (const row of s.steps.slice().reverse()) {
    options.push(el('option', { value: String(row.step),
      text: 'step ' + row.step + ' · ' + row.samples + ' samples' + (row.errorTraces ? ' · ' + row.errorTraces + ' err' : '') }));
  }
  select.replaceChildren(...options);
  select.value = state.step;
  if (select.value !== state.step) { state.step = 'latest'; select.value = 'latest'; }
}

async function loadStages() {
  const current = claim('stages');
  const data = await api('stages', { run: runParam(), step: state.step });
  if (!current()) return;
  const tbody = $('stage-table').tBodies[0];
  tbody.replaceChildren(...data.stages.map((s) => el('tr', null,
    el('td', { class: 'mono', text: s.stage }),
    el('td', { class: 'num', text: s.count }),
    el('td', { class: 'num', text: s.running || '' }),
    el('td', { class: 'num', text: ms(s.meanMs) }),
    el('td', { class: 'num', text: ms(s.p50Ms) }),
    el('td', { class: 'num', text: ms(s.p95Ms) }),
    el('td', { class: 'num', text: ms(s.maxMs) }),
    el('td', { class: 'num', text: s.errors || '' }),
    el('td', null, ...s.topErrorTypes.map((e) => el('span', { class: 'badge error', text: e.type + ' ×' + e.count }))))));
  if (!data.stages.length) tbody.replaceChildren(el('tr', null, el('td', { colspan: 9, class: 'empty', text: 'No spans yet.' })));
  $('step-summary').textContent = data.step !== null && data.step !== undefined ? 'showing step ' + data.step : '';
  drawStageChart(data.stages.filter((s) => s.count > 0));
}

function drawStageChart(stages) {
  const box = $('stage-chart');
  if (!stages.length) { box.replaceChildren(); return; }
  const rowH = 22, left = 130, right = 70, width = Math.max(420, box.clientWidth || 640);
  const height = stages.length * rowH + 24;
  const max = Math.max(...stages.map((s) => s.p95Ms || 0), 1);
  const scale = (v) => (width - left - right) * (v / max);
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': 'Stage durations', id: 'stage-svg' });
  stages.forEach((s, i) => {
    const y = i * rowH + 4;
    // The label column is `left` px wide: a longer stage name is shortened (full name on hover)
    // rather than cut off at the chart's edge.
    const label = svg('text', { x: left - 8, y: y + 13, 'text-anchor': 'end', class: 'label' },
      s.stage.length > 18 ? s.stage.slice(0, 17) + '…' : s.stage);
    label.append(svg('title', {}, s.stage));
    root.append(label);
    root.append(svg('rect', { x: left, y: y + 3, width: Math.max(1, scale(s.p95Ms)), height: 14, rx: 3, fill: '#b9d3ef' }));
    const p50 = svg('rect', { x: left, y: y + 3, width: Math.max(1, scale(s.p50Ms)), height: 14, rx: 3, fill: s.errors ? '#c73a3a' : '#2f6fb3' });
    p50.append(svg('title', {}, `${s.stage}: p50 ${ms(s.p50Ms)}, p95 ${ms(s.p95Ms)}, ${s.errors} errors`));
    root.append(p50);
    root.append(svg('text', { x: left + scale(s.p95Ms) + 6, y: y + 14 }, ms(s.p95Ms)));
  });
  root.append(svg('text', { x: left, y: height - 4 }, 'dark: p50 · light: p95 · red: stage has errors'));
  box.replaceChildren(root);
}

async function loadStuck() {
  const current = claim('stuck');
  const data = await api('stuck', { run: runParam() });
  if (!current()) return;
  const box = $('stuck');
  if (!data.stages.length) {
    box.replaceChildren(el('div', { class: 'empty', text: 'Nothing in flight.' }));
    return;
  }
  const table = el('table', { class: 'data', id: 'stuck-table' },
    el('thead', null, el('tr', null, el('th', { text: 'Stage' }), el('th', { class: 'num', text: 'In flight' }),
      el('th', { class: 'num', text: 'Oldest' }), el('th', { text: 'Oldest sample' }))),
    el('tbody', null, ...data.stages.map((s) => el('tr', null,
      el('td', { class: 'mono', text: s.stage }),
      el('td', { class: 'num', text: s.inFlight }),
      el('td', { class: 'num stuck-age', text: ms(s.oldestAgeMs) }),
      el('td', { class: 'mono', text: s.oldestSample || s.oldestSpanName })))));
  box.replaceChildren(table);
}

async function loadTimeline() {
  const current = claim('timeline');
  const data = await api('timeline', { run: runParam(), metric: state.metric });
  if (!current()) return;
  const select = $('metric-select');
  select.replaceChildren(...data.metrics.map((m) => el('option', { value: m, text: m })));
  if (data.metric) select.value = data.metric;
  drawTimeline(data);
}

function drawTimeline(data) {
  const box = $('timeline');
  const pts = data.points;
  if (!pts.length) { box.replaceChildren(el('div', { class: 'empty', text: 'No steps yet.' })); return; }
  const W = Math.max(480, box.clientWidth || 1100), H = 230, L = 48, R = 48, T = 12, B = 34, barH = 60;
  const plotH = H - T - B - barH - 10;
  const steps = pts.map((p) => p.step);
  const x0 = Math.min(...steps), x1 = Math.max(...steps);
  const xs = (s) => L + (x1 === x0 ? (W - L - R) / 2 : (W - L - R) * (s - x0) / (x1 - x0));
  const vals = pts.filter((p) => p.metricMean !== null).map((p) => p.metricMean);
  const vMin = vals.length ? Math.min(...vals) : 0, vMax = vals.length ? Math.max(...vals) : 1;
  const pad = (vMax - vMin) * 0.1 || 0.5;
  const ys = (v) => T + plotH - plotH * (v - (vMin - pad)) / ((vMax + pad) - (vMin - pad));
  const maxTraces = Math.max(...pts.map((p) => p.traces), 1);
  const barW = Math.max(1, Math.min(14, (W - L - R) / pts.length - 1));
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': 'Step timeline', id: 'timeline-svg' });
  // Horizontal grid and metric axis.
  const span = (vMax + pad) - (vMin - pad);
  const digits = Math.min(6, Math.max(0, Math.ceil(-Math.log10(span / 3)) + 1));
  for (let k = 0; k <= 3; k++) {
    const v = (vMin - pad) + span * k / 3;
    const y = ys(v);
    root.append(svg('line', { x1: L, x2: W - R, y1: y, y2: y, stroke: '#eef2f7' }));
    root.append(svg('text', { x: L - 6, y: y + 4, 'text-anchor': 'end' }, v.toFixed(digits)));
  }
  const barBase = H - B;
  pts.forEach((p) => {
    const h = barH * p.traces / maxTraces;
    const eh = barH * p.errorTraces / maxTraces;
    const x = xs(p.step) - barW / 2;
    const g = svg('g', { class: 'step-bar' });
    g.append(svg('rect', { x, y: barBase - h, width: barW, height: h, fill: '#cfdcec' }));
    if (eh > 0) g.append(svg('rect', { x, y: barBase - eh, width: barW, height: Math.max(1, eh), fill: '#c73a3a' }));
    g.append(svg('title', {}, `step ${p.step}: ${p.traces} traces, ${p.errorTraces} with errors` +
      (p.metricMean !== null ? `, ${data.metric} mean ${p.metricMean.toFixed(3)}` : '')));
    g.addEventListener('click', () => { state.step = String(p.step); $('step-select').value = state.step; state.samplesOffset = 0; refreshRollout(); });
    root.append(g);
  });
  const line = pts.filter((p) => p.metricMean !== null).map((p) => `${xs(p.step).toFixed(1)},${ys(p.metricMean).toFixed(1)}`);
  if (line.length) {
    root.append(svg('polyline', { points: line.join(' '), fill: 'none', stroke: '#2f6fb3', 'stroke-width': 2 }));
    pts.filter((p) => p.metricMean !== null).forEach((p) => {
      const c = svg('circle', { cx: xs(p.step), cy: ys(p.metricMean), r: pts.length > 80 ? 1.5 : 3, fill: '#2f6fb3' });
      c.append(svg('title', {}, `step ${p.step}: ${data.metric} ${p.metricMean.toFixed(3)} (n=${p.metricCount})`));
      root.append(c);
    });
  }
  root.append(svg('line', { x1: L, x2: W - R, y1: barBase, y2: barBase, stroke: '#c9d2de' }));
  const every = Math.max(1, Math.ceil((x1 - x0 + 1) / 12));
  for (let s = x0; s <= x1; s += every) {
    root.append(svg('text', { x: xs(s), y: H - B + 14, 'text-anchor': 'middle' }, s));
  }
  root.append(svg('text', { x: L, y: H - 4 }, `line: ${data.metric || 'no metric'} mean per step · bars: traces per step, red: traces with errors · click a bar to open the step`));
  box.replaceChildren(root);
}

async function loadSamples() {
  const current = claim('samples');
  const data = await api('samples', {
    run: runParam(), step: state.step, status: state.sampleStatus, sort: state.sort, order: state.order,
    limit: PAGE, offset: state.samplesOffset,
  });
  if (!current()) return;
  // The downloads hold every sample of the table as it is filtered and sorted now, not one page.
  const exportParams = new URLSearchParams();
  for (const [k, v] of Object.entries({ run: runParam(), step: state.step, status: state.sampleStatus, sort: state.sort, order: state.order })) {
    if (v) exportParams.set(k, v);
  }
  $('samples-csv').href = '/api/samples.csv?' + exportParams;
  $('samples-jsonl').href = '/api/samples.jsonl?' + exportParams;
  $('samples-count').textContent = data.total + ' samples' + (data.step !== null ? ' in step ' + data.step : '');
  // With several runs on screen a sample id alone is ambiguous: show each row's run.
  const showRun = state.runCount > 1 && (state.run === '*' || (state.run === '' && !(state.status && state.status.runId)));
  const columns = [
    ['id', 'Sample'], ...(showRun ? [[null, 'Run']] : []), ['status', 'Status'], ['step', 'Step'], ['group', 'Group'], ['reward', 'Reward'],
    [null, 'Filtered'], ['duration', 'Duration'], ...data.stages.map((s) => ['stage:' + s, s]),
  ];
  const head = el('tr', null, ...columns.map(([key, label]) => {
    const th = el('th', { text: label, class: (key ? 'sortable' : '') + (['reward', 'duration', 'step'].includes(key) || (key || '').startsWith('stage:') ? ' num' : '') });
    if (key) {
      th.dataset.sort = key;
      if (state.sort === key) th.classList.add('sorted', state.order);
      th.addEventListener('click', () => {
        if (state.sort === key) state.order = state.order === 'asc' ? 'desc' : 'asc';
        else { state.sort = key; state.order = key === 'id' || key === 'group' ? 'asc' : 'desc'; }
        state.samplesOffset = 0;
        writeUrl();
        loadSamples().catch(showError);
      });
    }
    return th;
  }));
  $('samples-table').tHead.replaceChildren(head);
  const rows = data.samples.map((s) => {
    const tr = el('tr', { 'data-sample': s.id, 'data-run': s.runId,
      class: s.id === state.sample && s.runId === state.sampleRun ? 'selected' : null },
      el('td', { class: 'mono', text: s.id }),
      showRun ? el('td', { class: 'mono run-cell', text: s.runId || '–' }) : null,
      el('td', { title: [s.errorType, s.errorMessage].filter(Boolean).join(': ') || null }, badge(s.status)),
      el('td', { class: 'num', text: s.step ?? '–' }),
      el('td', { class: 'mono', text: s.group ?? '–' }),
      el('td', { class: 'num', text: fmtNum(s.reward, 3) }),
      el('td', { class: 'filter-cell', text: filterText(s) }),
      el('td', { class: 'num', text: ms(s.durationMs) }),
      ...data.stages.map((st) => el('td', { class: 'num', text: s.stageMs[st] === undefined ? '' : ms(s.stageMs[st]) })));
    tr.addEventListener('click', () => openSample(s.id, s.runId, true).catch(showError));
    return tr;
  });
  if (!rows.length) rows.push(el('tr', null, el('td', { colspan: columns.length, class: 'empty', text: 'No samples in this step.' })));
  $('samples-table').tBodies[0].replaceChildren(...rows);
  pager($('samples-pager'), data.total, state.samplesOffset, PAGE, (off) => { state.samplesOffset = off; loadSamples().catch(showError); });
}

// spanweave writes filtered yes/no; XTuner writes a decision (keep, drop, ...) and why.
function filterText(s) {
  const why = [s.filterReason, s.dropReason].filter(Boolean).join(', ');
  let text;
  if (s.filtered !== null && s.filtered !== undefined) text = s.filtered ? 'yes' : 'no';
  else if (s.filterDecision) text = s.filterDecision;
  else return '–';
  return text + (why && (s.filtered !== false) ? ' (' + why + ')' : '');
}

function pager(box, total, offset, limit, go) {
  if (total <= limit) { box.replaceChildren(); return; }
  box.replaceChildren(
    el('button', { type: 'button', text: '‹ prev', disabled: offset === 0 ? '' : null, onclick: () => go(Math.max(0, offset - limit)) }),
    `${offset + 1}–${Math.min(total, offset + limit)} of ${total}`,
    el('button', { type: 'button', text: 'next ›', disabled: offset + limit >= total ? '' : null, onclick: () => go(offset + limit) }));
}

// A sample is (run, id): runs that share a file may reuse ids, so the run always goes along.
async function openSample(id, run, userOpened) {
  state.sample = id;
  state.sampleRun = run || '';
  writeUrl();
  for (const tr of $('samples-table').tBodies[0].rows) {
    tr.classList.toggle('selected', tr.dataset.sample === id && (tr.dataset.run || '') === state.sampleRun);
  }
  const current = claim('sample');
  const data = await api('sample', { run: state.sampleRun || runParam(), id });
  if (!current()) return;
  $('chain-card').hidden = false;
  $('chain-title').textContent = data.id + (data.runId ? ' · ' + data.runId : '');
  $('chain-title').dataset.run = data.runId || '';
  $('chain-meta').replaceChildren(badge(data.status), data.errorType ? ' ' + data.errorType + (data.errorMessage ? ': ' + data.errorMessage : '') : '',
    ' step ' + (data.step ?? '–') + ' · reward ' + fmtNum(data.reward, 3) +
    ' · ' + ms(data.durationMs) + ' · from ' + (data.chain.source === 'span_name_path' ? 'rollout.span_name_path' : 'parent links'));
  const max = Math.max(1, ...flatten(data.chain.nodes).map((n) => n.durationMs || 0));
  $('chain').replaceChildren(...data.chain.nodes.map((n) => chainNode(n, max)));
  if (userOpened) $('chain-card').scrollIntoView({ block: 'nearest' });
}

function flatten(nodes) {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

function chainNode(n, max) {
  const kids = el('div', { class: 'children' }, ...n.children.map((c) => chainNode(c, max)));
  const toggle = el('button', { type: 'button', class: 'toggle' + (n.children.length ? '' : ' leaf'), text: '▾' });
  toggle.addEventListener('click', () => { kids.hidden = !kids.hidden; toggle.textContent = kids.hidden ? '▸' : '▾'; });
  const bar = el('span', { class: 'bar' }, el('span', { class: n.status === 'error' ? 'error' : '' }));
  bar.firstChild.style.width = Math.round(120 * (n.durationMs || 0) / max) + 'px';
  const row = el('div', { class: 'node chain-node', 'data-name': n.name },
    toggle,
    el('span', { class: 'name', text: n.name, title: n.stage ? 'stage ' + n.stage : null }),
    badge(n.status),
    n.calls > 1 ? el('span', { class: 'muted', text: '×' + n.calls }) : null,
    n.errorType ? el('span', { class: 'badge error', text: n.errorType }) : null,
    el('span', { class: 'dur', text: ms(n.durationMs) }),
    bar,
    n.traceId ? el('button', { type: 'button', class: 'ghost', text: 'open span', onclick: () => openTrace(n.traceId, n.spanId, true) }) : null);
  return el('div', { class: 'chain-item' }, row, n.children.length ? kids : null);
}

async function refreshRollout() {
  writeUrl();
  await loadSteps();
  await Promise.all([loadStages(), loadStuck(), loadTimeline(), loadSamples()]);
  if (state.sample) await openSample(state.sample, state.sampleRun).catch(() => { state.sample = ''; state.sampleRun = ''; $('chain-card').hidden = true; });
}

// ------------------------------------------------------------------ runs

// A run's page is the rollout view with run=<id>: every view there then shows only that run.
async function loadRuns() {
  const current = claim('runs');
  const data = await api('runs');
  if (!current()) return;
  const rows = data.runs.map((r) => {
    const steps = r.steps ? r.steps + (r.firstStep !== null ? ' (' + r.firstStep + '–' + r.lastStep + ')' : '') : '–';
    const tr = el('tr', { 'data-run': r.runId },
      el('td', { class: 'mono', text: r.runId || '(no run id)' }),
      el('td', { class: 'mono', text: r.services.join(', ') }),
      el('td', { class: 'muted', text: r.startUnixNano ? timeOf(r.startUnixNano) + ' UTC' : '–' }),
      el('td', { class: 'num', text: ms(r.durationMs) }),
      el('td', { class: 'num', text: steps }),
      el('td', { class: 'num', text: r.samples }),
      el('td', { class: 'num', text: r.errorSamples || '' }),
      el('td', { class: 'num', text: r.traces }),
      el('td', { class: 'num', text: r.spans }));
    tr.addEventListener('click', () => openRun(r.runId).catch(showError));
    return tr;
  });
  if (!rows.length) rows.push(el('tr', null, el('td', { colspan: 9, class: 'empty', text: 'No runs yet.' })));
  $('runs-table').tBodies[0].replaceChildren(...rows);
}

async function openRun(runId) {
  state.run = runId || '*';
  state.step = 'latest';
  state.sample = '';
  state.sampleRun = '';
  state.samplesOffset = 0;
  $('chain-card').hidden = true;
  setView('rollout');
  await refreshAll();
}

// ------------------------------------------------------------------ trace explorer

async function loadTraces() {
  const current = claim('traces');
  const data = await api('traces', {
    run: runParam(), status: state.traceStatus, kind: state.kind, q: state.q, from: state.from, to: state.to,
    limit: 50, offset: state.tracesOffset,
  });
  if (!current()) return;
  $('traces-count').textContent = data.total.toLocaleString() + ' traces';
  const rows = data.traces.map((t) => {
    const tr = el('tr', { 'data-trace': t.traceId, class: t.traceId === state.trace ? 'selected' : null },
      el('td', null, el('span', { class: 'dot ' + t.status, title: t.status })),
      el('td', { class: 'mono', text: t.rootName }),
      el('td', { class: 'mono', text: t.sample ?? '' }),
      el('td', { class: 'num', text: t.step ?? '' }),
      el('td', { class: 'num', text: t.spans }),
      el('td', { class: 'num', text: ms(t.durationMs) }),
      el('td', { class: 'muted', text: timeOf(t.startUnixNano).slice(11), title: timeOf(t.startUnixNano) + ' UTC' }));
    tr.addEventListener('click', () => openTrace(t.traceId, '', false));
    return tr;
  });
  if (!rows.length) rows.push(el('tr', null, el('td', { colspan: 7, class: 'empty', text: 'No traces match.' })));
  $('traces-table').tBodies[0].replaceChildren(...rows);
  pager($('traces-pager'), data.total, state.tracesOffset, 50, (off) => { state.tracesOffset = off; loadTraces().catch(showError); });
}

// Links to the trace in the tracing backend the viewer was told about (--jaeger-url, --zipkin-url).
function backendLinks(traceId) {
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

function traceLinks(traceId) {
  const box = $('trace-links');
  const links = backendLinks(traceId);
  links.push(el('a', { id: 'trace-waterfall', href: '?view=waterfall&wf=trace&trace=' + encodeURIComponent(traceId), text: 'Waterfall',
    onclick: (e) => { e.preventDefault(); openWaterfall('trace', traceId).catch(showError); } }));
  links.push(el('span', { class: 'mono hint', text: traceId }), copyButton(traceId));
  box.replaceChildren(...links);
}

async function openTrace(traceId, spanId, switchView) {
  if (switchView) {
    setView('traces');
    loadTraces().catch(showError);
  }
  state.trace = traceId;
  state.span = spanId || '';
  writeUrl();
  for (const tr of $('traces-table').tBodies[0].rows) tr.classList.toggle('selected', tr.dataset.trace === traceId);
  const current = claim('trace');
  const data = await api('trace', { id: traceId });
  if (!current()) return;
  $('tree-title').textContent = data.rootName + ' · ' + data.spans + ' spans';
  traceLinks(traceId);
  const tree = $('span-tree');
  tree.replaceChildren(...data.roots.map((s) => spanNode(traceId, s)));
  if (spanId) {
    await revealSpan(traceId, spanId);
  } else if (data.roots.length) {
    await inspect(traceId, data.roots[0].spanId);
  }
}

function spanNode(traceId, s) {
  const kids = el('div', { class: 'children', hidden: '' });
  const toggle = el('button', { type: 'button', class: 'toggle' + (s.childCount ? '' : ' leaf'), text: '▸', 'aria-label': 'expand' });
  let loaded = false;
  const expand = async () => {
    if (!loaded) {
      const data = await api('children', { trace: traceId, parent: s.spanId });
      kids.replaceChildren(...data.children.map((c) => spanNode(traceId, c)));
      loaded = true;
    }
    kids.hidden = false;
    toggle.textContent = '▾';
  };
  toggle.addEventListener('click', () => {
    if (!kids.hidden) { kids.hidden = true; toggle.textContent = '▸'; return; }
    expand().catch(showError);
  });
  const bar = el('span', { class: 'bar' }, el('span', { class: s.status === 'error' ? 'error' : '' }));
  const row = el('div', { class: 'node span-node', 'data-span': s.spanId },
    toggle,
    el('span', { class: 'name', text: s.name }),
    s.status !== 'ok' ? badge(s.status) : null,
    s.childCount ? el('span', { class: 'muted', text: String(s.childCount) }) : null,
    el('span', { class: 'dur', text: ms(s.durationMs) }));
  row.querySelector('.name').addEventListener('click', () => inspect(traceId, s.spanId).catch(showError));
  const item = el('div', { class: 'span-item' }, row, kids);
  item.expand = expand;
  return item;
}

async function revealSpan(traceId, spanId) {
  // Walk up through the inspector API to learn the ancestors, then expand them top-down.
  const chain = [];
  let cur = await api('span', { trace: traceId, span: spanId });
  const first = cur;
  for (let k = 0; k < 64 && cur.parentSpanId; k++) {
    chain.unshift(cur.parentSpanId);
    cur = await api('span', { trace: traceId, span: cur.parentSpanId }).catch(() => ({}));
  }
  for (const id of chain) {
    const row = $('span-tree').querySelector(`.span-node[data-span="${id}"]`);
    if (row) await row.parentNode.expand();
  }
  renderInspector(first);
}

async function inspect(traceId, spanId) {
  const current = claim('inspect');
  const data = await api('span', { trace: traceId, span: spanId });
  if (!current()) return;
  renderInspector(data);
}

// The inspector of the trace explorer, or (box, rows) the one beside the waterfall.
function renderInspector(d, boxId, rowSelector) {
  state.span = d.spanId;
  writeUrl();
  const rows = rowSelector || '#span-tree .span-node';
  for (const n of document.querySelectorAll(rows)) n.classList.toggle('selected', n.dataset.span === d.spanId);
  const previews = d.events.filter((e) => e.name === 'spanweave.preview');
  const events = d.events.filter((e) => e.name !== 'spanweave.preview');
  const attrOf = (e, key) => (e.attributes.find((a) => a.key === key) || {}).value;
  const kv = (label, value, copy) => [el('dt', { text: label }), el('dd', null, el('span', { text: value ?? '–' }), copy && value ? copyButton(value) : null)];
  const attrTable = (list) => list.length
    ? el('table', { class: 'attrs' }, el('tbody', null, ...list.map((a) => el('tr', null, el('td', { text: a.key }), el('td', { text: typeof a.value === 'string' ? a.value : JSON.stringify(a.value) })))))
    : el('div', { class: 'muted', text: 'none' });
  const box = $(boxId || 'inspector');
  box.className = '';
  box.replaceChildren(
    el('div', { class: 'inspector-title' }, el('span', { class: 'name mono', text: d.name }), ' ', badge(d.status)),
    el('dl', { class: 'kv' },
      ...kv('trace id', d.traceId, true), ...kv('span id', d.spanId, true), ...kv('parent', d.parentSpanId, true),
      ...kv('stage', d.stage), ...kv('kind', d.spanKind), ...kv('start', timeOf(d.startTimeUnixNano)),
      ...kv('duration', ms(d.durationMs)), ...kv('status message', d.statusMessage)),
    el('h3', { text: 'Attributes' }), attrTable(d.attributes),
    ...(previews.length ? [el('h3', { text: 'Previews' })] : []),
    ...previews.map((e) => el('div', { class: 'preview-item' },
      el('div', { class: 'mono hint', text: String(attrOf(e, 'spanweave.preview.name') ?? 'preview') + '  +' + ms(e.offsetMs) }),
      el('pre', { class: 'preview', text: String(attrOf(e, 'spanweave.preview.text') ?? '') }))),
    el('h3', { text: 'Events' }),
    events.length ? el('div', null, ...events.map((e) => el('div', null,
      el('div', { class: 'mono', text: '+' + ms(e.offsetMs) + '  ' + e.name }), attrTable(e.attributes)))) : el('div', { class: 'muted', text: 'none' }),
    el('h3', { text: 'Links' }),
    d.links.length ? el('div', null, ...d.links.map((l) => el('div', { class: 'mono' }, (l.traceId || '') + ' / ' + (l.spanId || ''), copyButton(String(l.traceId)))))
      : el('div', { class: 'muted', text: 'none' }),
    el('h3', { text: 'Resource' }), attrTable(d.resource));
}

// ------------------------------------------------------------------ waterfall

// kind 'trace': state.trace; kind 'sample': the sample id, run in sampleRun.
async function openWaterfall(kind, id, run) {
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
async function loadWaterfall(refresh) {
  const current = claim('waterfall');
  const params = state.wf === 'sample'
    ? { sample: state.sample, run: state.sampleRun || runParam() }
    : { trace: state.trace };
  const data = await api('waterfall', params);
  if (!current()) return;
  renderWaterfall(data);
  state.wfHasInFlight = data.spans.some((s) => s.inFlight);
  if (refresh && data.spans.some((s) => s.spanId === state.span && !s.inFlight)) return;
  const pick = data.spans.find((s) => s.spanId === state.span) || data.spans.find((s) => !s.inFlight) || data.spans[0];
  if (pick) await (pick.inFlight ? inspectInFlight(pick, data) : inspectInWaterfall(pick.traceId, pick.spanId));
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
      toggle, el('span', { class: 'label', text: s.name }), s.status !== 'ok' ? badge(s.status) : null);
    name.style.paddingLeft = (s.depth * 14) + 'px';
    const bar = el('div', { class: 'wf-bar ' + s.status.replace(/\s+/g, '-') });
    const left = pct(s.offsetMs);
    bar.style.left = left + '%';
    bar.style.width = Math.max(pct(s.durationMs), 0.15) + '%';
    const dur = el('span', { class: 'wf-dur', text: ms(s.durationMs) });
    const right = left + pct(s.durationMs);
    if (right < 80) dur.style.left = 'calc(' + right + '% + 4px)';
    else dur.style.right = 'calc(' + (100 - left) + '% + 4px)';
    const row = el('div', {
      class: 'wf-row', 'data-span': s.spanId, 'data-trace': s.traceId, 'data-depth': s.depth, 'data-status': s.status,
      'data-offset-ms': s.offsetMs, 'data-duration-ms': s.durationMs, 'data-index': k,
    }, name, el('div', { class: 'lane' }, bar, dur));
    row.addEventListener('click', () => (s.inFlight ? inspectInFlight(s, data)
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
    el('div', { class: 'inspector-title' }, el('span', { class: 'name mono', text: s.name }), ' ', badge('running')),
    el('dl', { class: 'kv' },
      ...kv('trace id', s.traceId, true), ...kv('span id', s.spanId, true), ...kv('parent', s.parentSpanId, true),
      ...kv('stage', s.stage), ...kv('start', start ? timeOf(start) : null), ...kv('running for', ms(s.durationMs))),
    el('div', { class: 'muted', text: 'In flight (from live.jsonl): its attributes and events are in the trace file once it ends.' }));
}

async function inspectInWaterfall(traceId, spanId) {
  const current = claim('wf-inspect');
  const data = await api('span', { trace: traceId, span: spanId });
  if (!current()) return;
  renderInspector(data, 'waterfall-inspector', '#waterfall .wf-row');
}

// ------------------------------------------------------------------ wiring

function wire() {
  $('tab-rollout').addEventListener('click', () => { setView('rollout'); refreshRollout().catch(showError); });
  $('tab-traces').addEventListener('click', () => { setView('traces'); loadTraces().catch(showError); });
  $('tab-runs').addEventListener('click', () => { setView('runs'); loadRuns().catch(showError); });
  $('tab-waterfall').addEventListener('click', () => { setView('waterfall'); loadWaterfall().catch(showError); });
  $('chain-waterfall').addEventListener('click', () => openWaterfall('sample', state.sample, $('chain-title').dataset.run).catch(showError));
  $('run-select').addEventListener('change', (e) => { state.run = e.target.value; state.samplesOffset = 0; state.tracesOffset = 0; refreshAll().catch(showError); });
  $('step-select').addEventListener('change', (e) => { state.step = e.target.value; state.samplesOffset = 0; refreshRollout().catch(showError); });
  $('metric-select').addEventListener('change', (e) => { state.metric = e.target.value; writeUrl(); loadTimeline().catch(showError); });
  $('sample-status').addEventListener('change', (e) => { state.sampleStatus = e.target.value; state.samplesOffset = 0; loadSamples().catch(showError); });
  $('trace-filters').addEventListener('submit', (e) => {
    e.preventDefault();
    state.q = $('trace-q').value.trim();
    state.traceStatus = $('trace-status').value;
    state.kind = $('trace-kind').value;
    state.from = isoFromLocal($('trace-from').value);
    state.to = isoFromLocal($('trace-to').value);
    state.tracesOffset = 0;
    writeUrl();
    loadTraces().then(() => showError(null), showError);
  });
}

async function refreshAll() {
  showError(null);
  await refreshStatus();
  await loadFacets();
  if (state.view === 'traces') {
    await loadTraces();
    if (state.trace) await openTrace(state.trace, state.span, false);
  } else if (state.view === 'runs') {
    await loadRuns();
  } else if (state.view === 'waterfall') {
    await loadWaterfall();
  } else {
    await refreshRollout();
  }
  state.version = state.status.version;
}

async function poll() {
  try {
    const before = state.version;
    const s = await refreshStatus();
    if (s.version !== before) {
      state.version = s.version;
      if (state.view === 'rollout') {
        await loadSteps();
        await Promise.all([loadStages(), loadTimeline(), loadSamples()]);
      } else if (state.view === 'runs') {
        await loadRuns();
      } else if (state.view === 'traces') {
        await loadTraces();
      }
    }
    if (state.view === 'rollout') await loadStuck();
    // New spans of the trace or sample, or in-flight ones whose bars grow with time.
    else if (state.view === 'waterfall' && (s.version !== before || state.wfHasInFlight)) await loadWaterfall(true);
  } catch (e) {
    showError(e);
  }
  setTimeout(poll, 2000);
}

async function main() {
  readUrl();
  $('trace-q').value = state.q;
  $('trace-status').value = state.traceStatus;
  $('trace-from').value = localFromIso(state.from);
  $('trace-to').value = localFromIso(state.to);
  if (state.view === 'waterfall' && !state.wf) state.wf = state.trace ? 'trace' : 'sample';
  wire();
  setView(VIEWS.includes(state.view) ? state.view : 'rollout');
  try {
    await refreshAll();
  } catch (e) {
    showError(e);
  }
  document.body.dataset.ready = 'true';
  setTimeout(poll, 2000);
}

main();
