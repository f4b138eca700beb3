import { csvText } from './csv';
import type { CampaignResults } from './contract/results';
import { variantLetter } from './variants';

/** Contract 10.1 `?format=csv` and the app's "Download CSV": the step rows of the results, one line per step, version and variant. */

const CSV_HEADERS = [
  'Step',
  'Node id',
  'Version',
  'Counts',
  'Variant',
  'Label',
  'Sent',
  'Converted',
  'Rate',
  'Interval low',
  'Interval high',
  'Verdict',
  'Confidence',
  'Note',
];

export function resultsCsv(results: CampaignResults): string {
  return csvText(
    CSV_HEADERS,
    results.steps.flatMap((step) =>
      step.variants.map((v) => [
        step.name,
        step.nodeId,
        step.version,
        step.metric,
        v.variantId === null ? '' : variantLetter(v.variantId),
        v.label,
        v.sent,
        v.converted,
        v.rate,
        v.interval?.low ?? null,
        v.interval?.high ?? null,
        step.verdict.status,
        step.verdict.confidence,
        step.verdict.note,
      ]),
    ),
  );
}
