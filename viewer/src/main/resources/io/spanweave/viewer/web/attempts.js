// spanweave rollout viewer: the attempts of a run (a run restarted from a checkpoint with the same
// run id has several) on the timeline and in the toolbar.
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.

import { state, el, svg, $, api } from './shared.js';

const MARK = '#d9822b';

// The attempts of the run the rollout view shows: the run asked for, else the command line's,
// else the only run of the file; none when several runs are shown together.
export async function shownRunAttempts() {
  const data = await api('runs');
  const named = state.run && state.run !== '*' ? state.run : (state.status && state.status.runId) || '';
  let run = null;
  if (named) run = data.runs.find((r) => r.runId === named) || null;
  else if (data.runs.length === 1) run = data.runs[0];
  return run ? run.attempts || [] : [];
}

// Where the run restarted (attempt 2 on, at the step it resumed from) and, per step done more than
// once, the earlier attempts that recorded it (the latest attempt's records count).
export function marksOf(attempts) {
  const restarts = attempts.filter((a) => a.attempt > 1 && a.resumedFrom !== null && a.resumedFrom !== undefined)
    .map((a) => ({ attempt: a.attempt, step: Number(a.resumedFrom) }));
  const redone = new Map();
  for (const a of attempts) {
    for (const s of a.redoneSteps || []) {
      if (!redone.has(s)) redone.set(s, []);
      redone.get(s).push(a.attempt);
    }
  }
  return { restarts, redone, any: restarts.length > 0 || redone.size > 0 };
}

// Draws the restart lines with their labels (one row of label per restart, so two restarts close
// together never write over each other) and a mark over each step done more than once.
export function drawMarks(root, marks, g) {
  marks.restarts.forEach((r, i) => {
    if (r.step < g.x0 || r.step > g.x1) return;
    const x = g.xs(r.step) - g.barW / 2 - 1;
    root.append(svg('line', { x1: x, x2: x, y1: g.top, y2: g.barBase, stroke: MARK, 'stroke-dasharray': '4 3', class: 'restart-marker' }));
    const left = x < g.L + (g.W - g.L - g.R) / 2;
    const label = svg('text', { x: left ? x + 4 : x - 4, y: g.top + 10 + 13 * i, 'text-anchor': left ? 'start' : 'end',
      class: 'restart-label', fill: MARK }, `resumed at step ${r.step}, attempt ${r.attempt}`);
    root.append(label);
  });
  for (const [step, earlier] of marks.redone) {
    if (step < g.x0 || step > g.x1) continue;
    const mark = svg('rect', { x: g.xs(step) - g.barW / 2, y: g.barBase - g.barH - 8, width: g.barW, height: 4, fill: MARK,
      class: 'redone-step', 'data-step': step });
    mark.append(svg('title', {}, `step ${step} was done more than once: attempt ${earlier.join(', ')} recorded it before the attempt shown; click to see attempt ${earlier[earlier.length - 1]}'s`));
    mark.addEventListener('click', () => g.openAttempt(step, earlier[earlier.length - 1]));
    root.append(mark);
  }
}

// The toolbar's note while one attempt's own view is shown, with the way back to the counted run.
export function showAttemptNote(refresh) {
  const note = $('attempt-note');
  if (!state.attempt) { note.hidden = true; note.replaceChildren(); return; }
  note.replaceChildren(`showing attempt ${state.attempt} only `,
    el('button', { type: 'button', class: 'ghost', text: 'show the run as counted', onclick: () => { state.attempt = ''; refresh(); } }));
  note.hidden = false;
}
