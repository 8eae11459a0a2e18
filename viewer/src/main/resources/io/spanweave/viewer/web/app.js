// spanweave rollout viewer: the entry module: the header (file status, run selector, tabs), wiring,
// polling. Plain browser JavaScript modules, no build step; one module per view.
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.

import { state, el, $, api, showError, readUrl, writeUrl, VIEWS, setView, isoFromLocal, localFromIso, nav } from './shared.js';
import { loadSteps, loadStages, loadStuck, loadTimeline, loadSamples, loadLlm, refreshRollout } from './rollout.js';
import { loadRuns } from './runs.js';
import { loadTraces, openTrace } from './traces.js';
import { openWaterfall, loadWaterfall } from './waterfall.js';
import { loadCompare, wireCompare } from './compare.js';

nav.openTrace = openTrace;
nav.openWaterfall = openWaterfall;
nav.refreshAll = () => refreshAll();
// The page tests (and anyone at the console) convert the From/To inputs' times with these.
window.isoFromLocal = isoFromLocal;
window.localFromIso = localFromIso;

// ------------------------------------------------------------------ header: status, runs, tabs

async function refreshStatus() {
  const s = await api('status');
  state.status = s;
  const parts = [];
  if (s.source === 'zipkin') parts.push('from Zipkin ' + s.backendUrl + (s.backendPolls ? '' : ' (first query running)'));
  else if (!s.traceFileExists) parts.push('waiting for ' + s.traceFile);
  const r = s.reading;
  if (s.backendError) parts.push(s.backendError);
  else if (r && r.partsTotal > 1 && r.partsDone < r.partsTotal) {
    parts.push('reading parts, newest first: ' + r.partsDone + ' of ' + r.partsTotal + ' (' + megabytes(r.storedBytesDone)
      + ' of ' + megabytes(r.storedBytesTotal) + ')');
  } else if (s.loading) parts.push('loading, newest first: ' + Math.min(100, Math.round(100 * s.bytesRead / Math.max(1, s.traceFileBytes))) + '%');
  if (r && !r.everythingInMemory) {
    // A run bigger than memory: the newest spans are held, older steps are summarised and loaded when asked.
    parts.push(r.spansSummarized.toLocaleString() + ' spans, ' + r.spansInMemory.toLocaleString() + ' in memory'
      + (r.stepsInMemory ? ' (steps ' + r.stepsInMemory[0] + '–' + r.stepsInMemory[1] + ')' : ''));
  } else {
    parts.push(s.spans.toLocaleString() + ' spans');
  }
  parts.push(s.traces.toLocaleString() + ' traces');
  if (s.malformedLines) parts.push(s.malformedLines + ' malformed lines skipped');
  if (s.invalidSpans) parts.push(s.invalidSpans + ' spans skipped (invalid ids)');
  if (s.duplicateSpans) parts.push(s.duplicateSpans + ' repeated spans counted once');
  if (s.inFlight) parts.push(s.inFlight + ' in flight');
  const status = $('file-status');
  const skipped = r && r.skipped.length
    ? el('span', { class: 'skipped-parts', id: 'skipped-parts', tabindex: '0',
      title: r.skipped.map((k) => k.part + ': ' + k.problem).join('\n'),
      text: ' · ' + r.skipped.length + (r.skipped.length === 1 ? ' part' : ' parts') + ' not read in full' })
    : null;
  status.replaceChildren(el('span', { class: 'dot' + (s.loading ? ' loading' : '') }), parts.join(' · '), ...(skipped ? [skipped] : []));
  status.title = s.traceFile;
  status.dataset.loading = String(s.loading);
  return s;
}

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0) + ' MB';
}

// The run selector names runs by their ids. Its first entry is what the page shows without a run
// in the URL: the viewer's --run-id, else every run (named by its id when the file holds one run).
async function loadFacets() {
  const f = await api('facets');
  const runSelect = $('run-select');
  const fixedRun = state.status && state.status.runId ? state.status.runId : '';
  const services = new Map();
  for (const r of f.runs) {
    if (r.runId && !services.has(r.runId)) services.set(r.runId, r.service);
  }
  const ids = [...services.keys()];
  state.runCount = new Set(f.runs.map((r) => r.runId)).size;
  const label = (id) => id + (services.get(id) ? ' · ' + services.get(id) : '');
  const options = [];
  if (fixedRun) {
    options.push(el('option', { value: '', text: label(fixedRun), title: 'the run the viewer was started for (--run-id)' }));
    options.push(el('option', { value: '*', text: 'all runs' }));
  } else {
    options.push(el('option', { value: '', text: ids.length === 1 ? label(ids[0]) : 'all runs' }));
  }
  for (const id of ids) {
    if (id === fixedRun || (!fixedRun && ids.length === 1)) continue;
    options.push(el('option', { value: id, text: label(id) }));
  }
  runSelect.replaceChildren(...options);
  // Without a --run-id, "all runs" is the first entry: run=* selects it.
  runSelect.value = !fixedRun && state.run === '*' ? '' : state.run;
  const kindSelect = $('trace-kind');
  kindSelect.replaceChildren(el('option', { value: '', text: 'any' }),
    ...f.kinds.map((k) => el('option', { value: k, text: k })));
  kindSelect.value = state.kind;
}


// ------------------------------------------------------------------ wiring

function wire() {
  $('tab-rollout').addEventListener('click', () => { setView('rollout'); refreshRollout().catch(showError); });
  $('tab-traces').addEventListener('click', () => { setView('traces'); loadTraces().catch(showError); });
  $('tab-runs').addEventListener('click', () => { setView('runs'); loadRuns().catch(showError); });
  $('tab-compare').addEventListener('click', () => { setView('compare'); loadCompare().catch(showError); });
  wireCompare();
  $('tab-waterfall').addEventListener('click', () => { setView('waterfall'); loadWaterfall().catch(showError); });
  $('chain-waterfall').addEventListener('click', () => openWaterfall('sample', state.sample, $('chain-title').dataset.run).catch(showError));
  $('run-select').addEventListener('change', (e) => { state.run = e.target.value; state.attempt = ''; state.samplesOffset = 0; state.tracesOffset = 0; refreshAll().catch(showError); });
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
  } else if (state.view === 'compare') {
    await loadCompare();
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
        await Promise.all([loadStages(), loadTimeline(), loadSamples(), loadLlm()]);
      } else if (state.view === 'runs') {
        await loadRuns();
      } else if (state.view === 'compare') {
        await loadCompare();
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
