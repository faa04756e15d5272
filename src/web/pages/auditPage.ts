/**
 * The Audit page (jobs/auditJob.ts). Address: `?box=3x3&alpha=0.01` (the grids themselves are too long for an
 * address: paste or upload them; `run=1` audits what the address's `grids` holds, for short examples).
 */
import type { AuditJobInput, AuditJobResult } from '../jobs/auditJob.js';
import { element, grouped, html, setAddress, showIgnored, startPage } from '../ui/page.js';

/** The shapes audited with every test (band method and grid index); others get the tests that apply. */
const SHAPES = ['2x2', '2x3', '3x2', '2x4', '4x2', '3x3'];

const { form, box, status, params, jobs } = startPage('audit');
const alpha = element<HTMLInputElement>('alpha');
const file = element<HTMLInputElement>('file');
const grids = element<HTMLTextAreaElement>('grids');

for (const s of SHAPES) box.add(new Option(`${s.replace('x', '×')} boxes`, s));
box.value = params.choice('box', SHAPES, '3x3');
alpha.value = params.get('alpha') ?? '0.01';
grids.value = (params.get('grids') ?? '').split(/[\s,;]+/).join('\n');
showIgnored(params);

file.addEventListener('change', () => {
  const f = file.files?.[0];
  if (!f) return;
  void f.text().then((text) => {
    grids.value = text;
    status.className = 'status';
    status.textContent = `Read ${f.name} (${grouped(f.size)} bytes).`;
  });
});

async function audit(): Promise<void> {
  const a = Number(alpha.value);
  setAddress({ box: box.value, alpha: alpha.value === '0.01' ? undefined : alpha.value });
  element('result').hidden = true;
  const input: AuditJobInput = { box: box.value, text: grids.value, alpha: a };
  const r = await jobs.run<AuditJobInput, number, AuditJobResult>('audit', input, 'Auditing…', (k) => {
    status.textContent = `Auditing… ${grouped(k)} grids`;
  });
  if (!r) return;
  {
    const verdict = element('verdict');
    verdict.textContent = r.verdict;
    verdict.dataset['uniform'] = String(r.uniform);
    element('tests')
      .querySelector('tbody')
      ?.replaceChildren(
        ...r.tests.map((t) => {
          const tr = document.createElement('tr');
          tr.dataset['test'] = t.id;
          tr.innerHTML =
            `<th scope="row">${html(t.id)}</th><td>${html(t.name)}</td><td>${t.pValue.toPrecision(3)}</td>` +
            `<td class="${t.rejects ? 'rejects' : 'passes'}">${t.rejects ? 'rejects' : 'passes'}</td>` +
            `<td>${html(t.departure)}</td>`;
          return tr;
        }),
      );
    element<HTMLIFrameElement>('report').srcdoc = r.report;
    element('result').hidden = false;
    status.textContent = `Audited ${grouped(r.grids)} ${r.box} grids in ${r.seconds.toFixed(2)} s.`;
  }
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void audit();
});
if (params.get('run') === '1' && grids.value.trim() !== '') void audit();
