// spanweave rollout viewer: the Rollout view (steps, stages, stuck samples, timeline, samples, call chain).
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.

import { PAGE, state, el, svg, $, claim, api, showError, ms, fmtNum, badge, runParam, writeUrl, pager } from './shared.js';
import { openTrace } from './traces.js';
import { shownRunAttempts, marksOf, drawMarks, showAttemptNote } from './attempts.js';

// ------------------------------------------------------------------ rollout view

export async function loadSteps() {
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

export async function loadStages() {
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

export async function loadStuck() {
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

export async function loadTimeline() {
  const current = claim('timeline');
  const [data, attempts] = await Promise.all([api('timeline', { run: runParam(), metric: state.metric }), shownRunAttempts()]);
  if (!current()) return;
  const select = $('metric-select');
  select.replaceChildren(...data.metrics.map((m) => el('option', { value: m, text: m })));
  if (data.metric) select.value = data.metric;
  showAttemptNote(() => refreshRollout().catch(showError));
  drawTimeline(data, marksOf(attempts));
}

function drawTimeline(data, marks) {
  const box = $('timeline');
  const pts = data.points;
  if (!pts.length) { box.replaceChildren(el('div', { class: 'empty', text: 'No steps yet.' })); return; }
  // A run restarted from a checkpoint gets a second legend line under the first.
  const extra = marks.any ? 14 : 0;
  const W = Math.max(480, box.clientWidth || 1100), H = 230 + extra, L = 48, R = 48, T = 12, B = 34 + extra, barH = 60;
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
  root.append(svg('text', { x: L, y: H - 4 - extra }, `line: ${data.metric || 'no metric'} mean per step · bars: traces per step, red: traces with errors · click a bar to open the step`));
  if (marks.any) {
    drawMarks(root, marks, { xs, x0, x1, top: T, barBase, barW, barH, W, L, R, openAttempt: (step, attempt) => {
      state.step = String(step); state.attempt = String(attempt); state.samplesOffset = 0; refreshRollout().catch(showError);
    } });
    root.append(svg('text', { x: L, y: H - 4, class: 'restart-legend' },
      'dashed orange: the run restarted from a checkpoint · orange mark: step done more than once (the latest attempt counts)'));
  }
  box.replaceChildren(root);
}

export async function loadSamples() {
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

// A sample is (run, id): runs that share a file may reuse ids, so the run always goes along.
export async function openSample(id, run, userOpened) {
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

// The LLM calls of the step shown, per model, and per step over the run; hidden when the run has none.
export async function loadLlm() {
  const current = claim('llm');
  const data = await api('llm', { run: runParam(), step: state.step });
  if (!current()) return;
  $('llm-card').hidden = data.steps.length === 0;
  if (!data.steps.length) return;
  const t = data.total;
  const tokens = (v) => Number(v).toLocaleString();
  $('llm-summary').replaceChildren(...[
    el('span', { class: 'figure', text: t.calls + ' calls' }),
    el('span', { class: 'figure', text: tokens(t.inputTokens) + ' tokens in' }),
    el('span', { class: 'figure', text: tokens(t.outputTokens) + ' tokens out' }),
    el('span', { class: 'figure', text: 'latency p50 ' + ms(t.latencyP50Ms) + ' · p95 ' + ms(t.latencyP95Ms) }),
    el('span', { class: 'figure', text: t.ttftCalls ? 'time to first token p50 ' + ms(t.ttftP50Ms) + ' · p95 ' + ms(t.ttftP95Ms) : 'no time to first token recorded' }),
    t.errors ? el('span', { class: 'figure error-text', text: t.errors + ' failed' }) : null,
    el('span', { class: 'muted', text: data.step !== null && data.step !== undefined ? 'step ' + data.step : '' }),
  ].filter(Boolean));
  $('llm-models').tBodies[0].replaceChildren(...data.models.map((m) => el('tr', null,
    el('td', { class: 'mono', text: m.model || '(no model named)' }),
    el('td', { class: 'num', text: m.calls }),
    el('td', { class: 'num', text: m.errors || '' }),
    el('td', { class: 'num', text: tokens(m.inputTokens) }),
    el('td', { class: 'num', text: tokens(m.outputTokens) }),
    el('td', { class: 'num', text: ms(m.latencyP50Ms) }),
    el('td', { class: 'num', text: ms(m.latencyP95Ms) }),
    el('td', { class: 'num', text: m.ttftCalls ? ms(m.ttftP50Ms) : '–' }))));
  $('llm-steps').tBodies[0].replaceChildren(...data.steps.slice().reverse().map((s) => {
    const tr = el('tr', { 'data-step': s.step, class: String(s.step) === String(data.step) ? 'selected' : null },
      el('td', { class: 'num', text: s.step }),
      el('td', { class: 'num', text: s.calls }),
      el('td', { class: 'num', text: s.errors || '' }),
      el('td', { class: 'num', text: tokens(s.inputTokens) }),
      el('td', { class: 'num', text: tokens(s.outputTokens) }),
      el('td', { class: 'num', text: ms(s.latencyP50Ms) }),
      el('td', { class: 'num', text: ms(s.latencyP95Ms) }),
      el('td', { class: 'num', text: s.ttftCalls ? ms(s.ttftP50Ms) : '–' }),
      el('td', { class: 'num', text: s.ttftCalls ? ms(s.ttftP95Ms) : '–' }));
    tr.addEventListener('click', () => { state.step = String(s.step); $('step-select').value = state.step; state.samplesOffset = 0; refreshRollout().catch(showError); });
    return tr;
  }));
}

export async function refreshRollout() {
  writeUrl();
  await loadSteps();
  await Promise.all([loadStages(), loadStuck(), loadTimeline(), loadSamples(), loadLlm()]);
  if (state.sample) await openSample(state.sample, state.sampleRun).catch(() => { state.sample = ''; state.sampleRun = ''; $('chain-card').hidden = true; });
}
