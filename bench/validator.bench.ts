import { validateWorkflow } from '../src/domain';
import { parseTemplate } from '../src/domain/template';
import { denseInvalidGraph, followUpChain, LONG_BROKEN_TEMPLATE } from '../src/domain/testing/fixtures';

const WARMUP_RUNS = 50;
const MEASURED_RUNS = 200;
/** Goal from the Foundation issue: validation costs at most twice JSON.parse of the same text. */
const GOAL_RATIO = 2;

const middle = (times: number[]): number => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

/** Times JSON.parse and validation alternately, so machine load hits both alike. */
function measure(name: string, text: string): void {
  const definition: unknown = JSON.parse(text);
  const violations = validateWorkflow(definition).length;
  const parseTimes: number[] = [];
  const validateTimes: number[] = [];
  for (let run = 0; run < WARMUP_RUNS + MEASURED_RUNS; run++) {
    const started = performance.now();
    JSON.parse(text);
    const parsed = performance.now();
    validateWorkflow(definition);
    const validated = performance.now();
    if (run < WARMUP_RUNS) continue;
    parseTimes.push(parsed - started);
    validateTimes.push(validated - parsed);
  }
  const parse = middle(parseTimes);
  const validate = middle(validateTimes);
  const ratio = validate / parse;
  const verdict = ratio <= GOAL_RATIO ? 'ok' : `OVER GOAL (${GOAL_RATIO}×)`;
  console.log(
    `${name.padEnd(32)} ${(text.length / 1024).toFixed(0).padStart(4)} KiB  JSON.parse ${parse.toFixed(3)} ms  ` +
      `validate ${validate.toFixed(3)} ms  ratio ${ratio.toFixed(2)}×  ${violations} violations  ${verdict}`,
  );
}

/** Median validate time (schema + rules) of graphs at the spec 8 limits, against JSON.parse of the same text. */
export async function runValidatorBench(): Promise<void> {
  console.log(`validator: median of ${MEASURED_RUNS} runs after ${WARMUP_RUNS} warm-up runs`);
  measure('valid 500 nodes / 997 edges', JSON.stringify(followUpChain(500)));
  measure('invalid 500 nodes / 2000 edges', JSON.stringify(denseInvalidGraph(2000)));
  // One out-of-range field: that node goes through zod for exact messages (the rest stays on the fast path).
  const badField = followUpChain(500);
  badField.nodes[250]!.data.reply_wait_days = 0;
  measure('500 nodes, one bad field (zod)', JSON.stringify(badField));
  // Template reading at size (src/domain/template.test.ts asserts what it finds; the time is this figure).
  const times: number[] = [];
  for (let run = 0; run < WARMUP_RUNS + MEASURED_RUNS / 10; run++) {
    const started = performance.now();
    parseTemplate(LONG_BROKEN_TEMPLATE);
    if (run >= WARMUP_RUNS) times.push(performance.now() - started);
  }
  console.log(`${'parseTemplate, 100 KiB of braces'.padEnd(32)} median ${middle(times).toFixed(1)} ms`);
}
