// spanweave rollout viewer: the Compare view, two runs side by side (?view=compare&a=RUN&b=RUN).
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.

import { state, el, svg, $, claim, api, showError, ms, fmtNum, writeUrl } from './shared.js';

const COLOR_A = '#2f6fb3';
const COLOR_B = '#c66a12';

// Links into one run's own views: a step, a stage's slowest samples, a sample's waterfall.
function query(params) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') qs.set(k, v);
  return '?' + qs;
}
const stepLink = (run, step) => query({ run: run || '*', step });
const stageLink = (run, stage) => query({ run: run || '*', step: 'all', sort: 'stage:' + stage, order: 'desc' });
const waterfallLink = (run, sample) => query({ view: 'waterfall', wf: 'sample', sample, sampleRun: run });

function link(href, text, title) {
  return el('a', { class: 'deep', href, text, title });
}

// The run selectors list the runs of the viewer's files; without a choice, A is the second newest
// run and B the newest (the usual question: what changed since the last run).
async function loadRunChoices() {
  const data = await api('runs');
  const ids = data.runs.map((r) => r.runId).filter(Boolean);
  if (!state.a && !state.b && ids.length >= 2) {
    state.a = ids[1];
    state.b = ids[0];
  }
  for (const [id, value] of [['compare-a', state.a], ['compare-b', state.b]]) {
    const select = $(id);
    const options = ids.map((r) => el('option', { value: r, text: r }));
    if (value && !ids.includes(value)) options.unshift(el('option', { value, text: value + ' (not found)' }));
    if (!value) options.unshift(el('option', { value: '', text: 'pick a run' }));
    select.replaceChildren(...options);
    select.value = value || '';
  }
}

export async function loadCompare() {
  const current = claim('compare');
  await loadRunChoices();
  if (!current()) return;
  writeUrl();
  const ready = state.a && state.b;
  $('compare-empty').hidden = !!ready;
  if (!ready) { $('compare-body').hidden = true; return; }
  const data = await api('compare', { a: state.a, b: state.b, metric: state.metric });
  if (!current()) return;
  $('compare-body').hidden = false;
  renderCompare(data);
}

function renderCompare(c) {
  const metricSelect = $('compare-metric');
  metricSelect.replaceChildren(...c.metrics.map((m) => el('option', { value: m, text: m })));
  if (c.metric) metricSelect.value = c.metric;
  $('compare-summary').textContent = c.sharedSteps.length + ' steps in both runs'
    + (c.sharedSteps.length ? ' (' + c.sharedSteps[0] + '–' + c.sharedSteps[c.sharedSteps.length - 1] + ')' : '');
  $('compare-sides').replaceChildren(side('A', 'a', c.a), side('B', 'b', c.b));
  drawCompareChart(c);
  renderStages(c);
  renderErrors(c);
  renderLlm(c);
  renderSteps(c);
}

function side(name, key, s) {
  const steps = s.steps ? s.steps + ' steps (' + s.firstStep + '–' + s.lastStep + ')' : 'no steps';
  return el('div', { class: 'side', 'data-side': key },
    el('span', { class: 'swatch ' + key }),
    el('strong', { class: 'side-' + key, text: name }),
    el('span', { class: 'mono', text: s.runId || '(no run id)' }),
    el('span', { class: 'muted', text: steps + ' · ' + s.samples + ' samples · ' + s.errorSamples + ' failed' }),
    link(query({ run: s.runId || '*' }), 'open run'));
}

// Both runs' metric per step on one axis (lines), and their error rates below (bars side by side).
function drawCompareChart(c) {
  const box = $('compare-chart');
  const pts = c.steps;
  $('compare-chart-title').textContent = (c.metric ? c.metric + ' mean (lines) · ' : '') + 'failed samples (bars)';
  if (!pts.length) { box.replaceChildren(el('div', { class: 'empty', text: 'No steps.' })); return; }
  const W = Math.max(480, box.clientWidth || 1100), H = 260, L = 52, R = 24, T = 12, B = 40, barH = 56;
  const plotH = H - T - B - barH - 12;
  const x0 = pts[0].step, x1 = pts[pts.length - 1].step;
  const xs = (s) => L + (x1 === x0 ? (W - L - R) / 2 : (W - L - R) * (s - x0) / (x1 - x0));
  const vals = [];
  for (const p of pts) for (const f of [p.a, p.b]) if (f && f.metricMean !== null) vals.push(f.metricMean);
  const vMin = vals.length ? Math.min(...vals) : 0, vMax = vals.length ? Math.max(...vals) : 1;
  const pad = (vMax - vMin) * 0.1 || 0.5;
  const ys = (v) => T + plotH - plotH * (v - (vMin - pad)) / ((vMax + pad) - (vMin - pad));
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': 'Both runs per step', id: 'compare-svg' });
  const span = (vMax + pad) - (vMin - pad);
  const digits = Math.min(6, Math.max(0, Math.ceil(-Math.log10(span / 3)) + 1));
  for (let k = 0; k <= 3; k++) {
    const v = (vMin - pad) + span * k / 3;
    root.append(svg('line', { x1: L, x2: W - R, y1: ys(v), y2: ys(v), stroke: '#eef2f7' }));
    root.append(svg('text', { x: L - 6, y: ys(v) + 4, 'text-anchor': 'end' }, v.toFixed(digits)));
  }
  const barBase = H - B;
  const barW = Math.max(1, Math.min(10, (W - L - R) / pts.length / 2 - 1));
  for (const p of pts) {
    [['a', p.a, -1, COLOR_A], ['b', p.b, 0, COLOR_B]].forEach(([key, f, shift, color]) => {
      if (!f || f.errorRate === null) return;
      const h = Math.max(f.errorRate > 0 ? 1 : 0, barH * f.errorRate);
      const bar = svg('rect', { x: xs(p.step) + shift * barW, y: barBase - h, width: barW, height: h, fill: color, opacity: 0.55, class: 'error-bar-' + key });
      bar.append(svg('title', {}, `step ${p.step}, run ${key.toUpperCase()}: ${f.errorSamples} of ${f.samples} samples failed` +
        (f.timeoutSamples !== null ? `, ${f.timeoutSamples} timed out` : '')));
      root.append(bar);
    });
  }
  for (const [key, color] of [['a', COLOR_A], ['b', COLOR_B]]) {
    const line = pts.filter((p) => p[key] && p[key].metricMean !== null)
      .map((p) => `${xs(p.step).toFixed(1)},${ys(p[key].metricMean).toFixed(1)}`);
    if (!line.length) continue;
    root.append(svg('polyline', { points: line.join(' '), fill: 'none', stroke: color, 'stroke-width': 2, class: 'series series-' + key }));
    for (const p of pts) {
      const f = p[key];
      if (!f || f.metricMean === null) continue;
      const dot = svg('circle', { cx: xs(p.step), cy: ys(f.metricMean), r: pts.length > 80 ? 1.5 : 3, fill: color });
      dot.append(svg('title', {}, `step ${p.step}, run ${key.toUpperCase()}: ${c.metric} ${f.metricMean.toFixed(3)} (n=${f.metricCount})`));
      root.append(dot);
    }
  }
  root.append(svg('line', { x1: L, x2: W - R, y1: barBase, y2: barBase, stroke: '#c9d2de' }));
  const every = Math.max(1, Math.ceil((x1 - x0 + 1) / 12));
  for (let s = x0; s <= x1; s += every) {
    root.append(svg('text', { x: xs(s), y: barBase + 14, 'text-anchor': 'middle' }, s));
  }
  root.append(svg('text', { x: L, y: H - 6 }, `lines: ${c.metric || 'no metric'} mean per step · bars: failed samples per step · blue A, orange B`));
  box.replaceChildren(root);
}

function ratioCell(v) {
  return el('td', { class: 'num' + (v > 1.05 ? ' change-slower' : v < 1 / 1.05 ? ' change-faster' : ''), text: v === null || v === undefined ? '–' : v.toFixed(2) + '×' });
}

function renderStages(c) {
  const rows = c.stages.map((s) => el('tr', { 'data-stage': s.stage },
    el('td', { class: 'mono', text: s.stage }),
    el('td', { class: 'change-' + s.change.replace(/\s+/g, '-'), text: s.change }),
    el('td', { class: 'num', text: ms(s.a && s.a.p50Ms) }),
    el('td', { class: 'num', text: ms(s.b && s.b.p50Ms) }),
    ratioCell(s.p50Ratio),
    el('td', { class: 'num', text: ms(s.a && s.a.p95Ms) }),
    el('td', { class: 'num', text: ms(s.b && s.b.p95Ms) }),
    ratioCell(s.p95Ratio),
    el('td', { class: 'num', text: ms(s.a && s.a.maxMs) }),
    el('td', { class: 'num', text: ms(s.b && s.b.maxMs) }),
    el('td', { class: 'num', text: s.a ? s.a.errors : '–' }),
    el('td', { class: 'num', text: s.b ? s.b.errors : '–' }),
    el('td', { class: 'links' }, slowestLink('A', c.a.runId, s.slowestA), slowestLink('B', c.b.runId, s.slowestB)),
    el('td', { class: 'links' },
      link(stageLink(c.a.runId, s.stage), 'A', 'run A\'s samples, slowest in this stage first'),
      link(stageLink(c.b.runId, s.stage), 'B', 'run B\'s samples, slowest in this stage first'))));
  if (!rows.length) rows.push(el('tr', null, el('td', { colspan: 14, class: 'empty', text: 'No steps in both runs.' })));
  $('compare-stages').tBodies[0].replaceChildren(...rows);
}

function slowestLink(name, run, s) {
  if (!s) return null;
  return link(waterfallLink(run, s.sample), name + ' ' + s.sample,
    'the waterfall of run ' + name + '\'s sample ' + s.sample + ' (step ' + s.step + ', ' + ms(s.durationMs) + ' in this stage)');
}

function renderErrors(c) {
  const rows = c.errorTypes.map((e) => el('tr', { 'data-type': e.type },
    el('td', { class: 'mono', text: e.type }),
    el('td', { class: 'num', text: e.a }),
    el('td', { class: 'num', text: e.b }),
    el('td', { class: 'num' + (e.diff > 0 ? ' change-slower' : e.diff < 0 ? ' change-faster' : ''), text: (e.diff > 0 ? '+' : '') + e.diff }),
    el('td', { class: 'muted', text: e.onlyIn ? 'only in ' + e.onlyIn.toUpperCase() : '' })));
  if (!rows.length) rows.push(el('tr', null, el('td', { colspan: 5, class: 'empty', text: 'No failed spans in the shared steps.' })));
  $('compare-errors').tBodies[0].replaceChildren(...rows);
}

function renderLlm(c) {
  const card = $('compare-llm-card');
  card.hidden = !c.llm;
  if (!c.llm) return;
  const { a, b } = c.llm;
  const num = (v) => (v === null || v === undefined ? '–' : Number(v).toLocaleString());
  const row = (label, va, vb) => el('tr', null, el('td', { class: 'muted', text: label }), el('td', { class: 'num', text: va }), el('td', { class: 'num', text: vb }));
  $('compare-llm').tBodies[0].replaceChildren(
    row('calls', num(a.calls), num(b.calls)),
    row('failed', num(a.errors), num(b.errors)),
    row('tokens in', num(a.inputTokens), num(b.inputTokens)),
    row('tokens out', num(a.outputTokens), num(b.outputTokens)),
    row('latency p50', ms(a.latencyP50Ms), ms(b.latencyP50Ms)),
    row('latency p95', ms(a.latencyP95Ms), ms(b.latencyP95Ms)),
    row('time to first token p50', a.ttftCalls ? ms(a.ttftP50Ms) : '–', b.ttftCalls ? ms(b.ttftP50Ms) : '–'));
}

function renderSteps(c) {
  $('compare-metric-a').textContent = (c.metric || 'metric') + ' A';
  $('compare-metric-b').textContent = (c.metric || 'metric') + ' B';
  const pct = (f, key) => (f && f[key] !== null && f[key] !== undefined ? (100 * f[key]).toFixed(1) + '%' : '–');
  const rows = c.steps.map((p) => el('tr', { 'data-step': p.step },
    el('td', { class: 'num' }, p.a ? link(stepLink(c.a.runId, p.step), 'A') : null, p.b ? link(stepLink(c.b.runId, p.step), 'B') : null, String(p.step)),
    el('td', { class: 'num', text: p.a ? p.a.samples : '–' }),
    el('td', { class: 'num', text: p.b ? p.b.samples : '–' }),
    el('td', { class: 'num', text: pct(p.a, 'errorRate') }),
    el('td', { class: 'num', text: pct(p.b, 'errorRate') }),
    el('td', { class: 'num', text: pct(p.a, 'timeoutRate') }),
    el('td', { class: 'num', text: pct(p.b, 'timeoutRate') }),
    el('td', { class: 'num', text: p.a ? fmtNum(p.a.metricMean, 3) : '–' }),
    el('td', { class: 'num', text: p.b ? fmtNum(p.b.metricMean, 3) : '–' })));
  $('compare-steps').tBodies[0].replaceChildren(...rows);
}

export function wireCompare() {
  $('compare-a').addEventListener('change', (e) => { state.a = e.target.value; state.metric = ''; loadCompare().catch(showError); });
  $('compare-b').addEventListener('change', (e) => { state.b = e.target.value; state.metric = ''; loadCompare().catch(showError); });
  $('compare-metric').addEventListener('change', (e) => { state.metric = e.target.value; loadCompare().catch(showError); });
  $('compare-form').addEventListener('submit', (e) => e.preventDefault());
}
