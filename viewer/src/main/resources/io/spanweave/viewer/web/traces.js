// spanweave rollout viewer: the Traces view (trace list, lazily loaded span tree, inspector).
// Every value that comes from spans reaches the page through textContent or a setAttribute of a
// value we checked; innerHTML is never used, so a span name cannot inject markup or script.

import { state, el, $, claim, api, showError, ms, timeOf, badge, copyButton, runParam, writeUrl, setView, pager, backendLinks, nav, wrappable } from './shared.js';

// ------------------------------------------------------------------ trace explorer

export async function loadTraces() {
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
      el('td', { class: 'mono', text: t.rootName, title: t.rootName }),
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


function traceLinks(traceId) {
  const box = $('trace-links');
  const links = backendLinks(traceId);
  links.push(el('a', { id: 'trace-waterfall', href: '?view=waterfall&wf=trace&trace=' + encodeURIComponent(traceId), text: 'Waterfall',
    onclick: (e) => { e.preventDefault(); nav.openWaterfall('trace', traceId).catch(showError); } }));
  links.push(el('span', { class: 'mono hint', text: traceId }), copyButton(traceId));
  box.replaceChildren(...links);
}

export async function openTrace(traceId, spanId, switchView) {
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
  const row = el('div', { class: 'node span-node', 'data-span': s.spanId },
    toggle,
    wrappable(s.name, 'name'),
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
export function renderInspector(d, boxId, rowSelector) {
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

