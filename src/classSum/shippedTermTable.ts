import { classListDigest } from '../colsets/countByColumnSets.js';
import { grouped } from '../grid/grouped.js';
import { readColumnSetCertificate } from '../io/columnSetCertificateFile.js';
import { shippedCertificateFile, shippedPlanFile } from '../io/shippedCertificate.js';
import { readPlan } from '../io/shardFiles.js';
import type { TermTableSource } from './burnsideClassSum.js';
import { columnSetClasses } from './columnSetClassSum.js';

/**
 * The column-set table of R×2 the repository ships (6×2: data/6x2/certificate.bin, the classes' orbit and F from the
 * count by shards, with the class list of its plan, data/6x2/plan.json.gz), for the Burnside terms read from it
 * (src/classSum/burnsideClassSum.ts); what is missing while the certificate is partial. The certificate's digest
 * must be its plan's class list's, and its plan the plan's id.
 */
export function shippedTermTable(R: number): TermTableSource {
  const cert = shippedCertificateFile(R);
  if (cert === null) return { missing: `no data/${R}x2/certificate.bin here` };
  const t = readColumnSetCertificate(cert.path);
  if (t.total === null)
    return {
      missing:
        `${cert.shown} holds ${grouped(t.ids.length)} of ${grouped(t.classes)} classes (the count by shards is not ` +
        'finished)',
    };
  const planFile = shippedPlanFile(R);
  if (planFile === null) return { missing: `no data/${R}x2/plan.json.gz here (the class list of ${cert.shown})` };
  const plan = readPlan(planFile.path, { payload: false });
  if (t.plan !== null && t.plan !== plan.id)
    throw new Error(`${cert.shown} is of plan ${t.plan}, not of ${planFile.shown} (${plan.id})`);
  const classes = columnSetClasses(R, plan.classList);
  const digest = classListDigest(classes);
  if (digest !== t.digest || classes.count !== t.classes)
    throw new Error(`${cert.shown} is of the class list ${t.digest}, ${planFile.shown} holds ${digest}`);
  for (let c = 0; c < classes.count; c++)
    if (t.ids[c] !== c || t.orbits[c] !== classes.orbitSizes[c])
      throw new Error(`${cert.shown}: class ${c} is not the class list's`);
  return {
    table: { rows: R, words: classes.words, orbits: t.orbits, values: t.values },
    total: t.total,
    from: cert.shown,
  };
}
