// spanweave rollout viewer: the Runs view.
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.

import { state, el, $, claim, api, showError, ms, timeOf, setView, nav } from './shared.js';

// ------------------------------------------------------------------ runs

// A run's page is the rollout view with run=<id>: every view there then shows only that run.
export async function loadRuns() {
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
      el('td', { class: 'num', text: r.spans }),
      el('td', { class: 'attempts', text: attemptsText(r.attempts || []) }));
    tr.addEventListener('click', () => openRun(r.runId).catch(showError));
    return tr;
  });
  if (!rows.length) rows.push(el('tr', null, el('td', { colspan: 10, class: 'empty', text: 'No runs yet.' })));
  $('runs-table').tBodies[0].replaceChildren(...rows);
}

// "1" for a run that never restarted; else each attempt with how it ended and where it resumed.
function attemptsText(attempts) {
  if (attempts.length <= 1) return attempts.length ? '1' : '–';
  return attempts.map((a) => a.attempt + (a.state ? ' ' + a.state : '')
    + (a.attempt > 1 && a.resumedFrom !== null ? ' (resumed at ' + a.resumedFrom + ')' : '')).join(' · ');
}

export async function openRun(runId) {
  state.run = runId || '*';
  state.attempt = '';
  state.step = 'latest';
  state.sample = '';
  state.sampleRun = '';
  state.samplesOffset = 0;
  $('chain-card').hidden = true;
  setView('rollout');
  await nav.refreshAll();
}

