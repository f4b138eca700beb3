import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validWorkflow } from '../testing/arbitraries';
import { endedAtEndStep, runHops, unsimulatedPath, type Hop } from '../testing/run-paths';
import { connectionOnlyGraph } from '../testing/fixtures';
import type { WorkflowDefinition } from '../workflow-types';
import type { RunProspect } from './prospect';
import type { RunOutcome, StepInput } from './step';
import { advance, runGraph, startPosition, type RunPosition } from './walker';

/**
 * Contract 9.3 end to end on paper: random valid graphs, random prospects and random executor
 * outcomes walked through the transition function. Every enrollment must end, on a path the
 * domain's simulator (simulate-campaign) also produces: the whole path when it reached an end step,
 * a beginning of one when a condition, a failure or a reply ended it earlier.
 */

interface Run {
  hops: Hop[];
  outcome: RunOutcome;
  endedAtEndStep: boolean;
  repliedInjected: boolean;
}

const HOUR = 3_600_000;

/** Executor and world choices, consumed in order (wrapping). */
interface World {
  picks: number[];
  prospect: RunProspect;
}

function walk(definition: WorkflowDefinition, world: World): Run {
  const graph = runGraph(definition)!;
  const hops: Hop[] = [];
  let pick = 0;
  const choose = (n: number): number => world.picks[pick++ % world.picks.length]! % n;
  let position: RunPosition = startPosition(graph);
  let input: StepInput = { kind: 'enter' };
  let now = Date.UTC(2026, 2, 2, 9);
  let repliedInjected = false;
  for (let guard = 0; guard < 500; guard++) {
    const step = advance(graph, position, input, { prospect: world.prospect, now, zone: 'Europe/Berlin' });
    for (const p of step.passed) hops.push(`${p.nodeId}:${p.handle ?? ''}`);
    position = step.position;
    const d = step.decision;
    now += HOUR;
    if (d.kind === 'end') {
      const atEnd = endedAtEndStep(graph.node(position.nodeId)!.type, d.outcome);
      hops.push(...runHops([], position.nodeId, atEnd));
      return { hops, outcome: d.outcome, endedAtEndStep: atEnd, repliedInjected };
    }
    expect(d.kind).not.toBe('ignore');
    if (d.kind === 'wait') {
      expect(d.until === null || d.until >= now - HOUR).toBe(true);
      const options: StepInput[] = d.on.map((w) => ({ kind: 'event', event: w.event, ...(w.keyword ? { text: `x ${w.keyword} y` } : {}) }));
      if (d.until !== null) options.push({ kind: 'timeout' });
      if (choose(8) === 0) options.push({ kind: 'event', event: 'message_received', text: 'Not interested' });
      input = options[choose(options.length)]!;
      if (input.kind === 'event' && input.event === 'message_received') repliedInjected = true;
      if (input.kind === 'timeout') now = Math.max(now, d.until!);
    } else if (d.kind === 'act' || d.kind === 'call') {
      const r = choose(20);
      input =
        r === 0
          ? { kind: 'result', status: 'failed', error: 'The executor failed' }
          : { kind: 'result', status: 'done', result: { score: choose(101), connected: choose(3) > 0 } };
    }
  }
  throw new Error('the enrollment never ended');
}

const prospectArb: fc.Arbitrary<RunProspect> = fc.record({
  company: fc.constantFrom('Acme', '', null),
  name: fc.constant('Ada'),
  customFields: fc
    .option(fc.integer({ min: 0, max: 100 }))
    .map((score): Record<string, string | number> => (score === null ? { firstName: 'Ada' } : { firstName: 'Ada', icp_score: score })),
  timeZone: fc.constant(null),
});

describe('the run engine walks only paths the simulator shows (property)', () => {
  it('ends every enrollment on a simulated path, with the outcome that path explains', () => {
    fc.assert(
      fc.property(validWorkflow, prospectArb, fc.array(fc.nat(), { minLength: 8, maxLength: 64 }), (definition, prospect, picks) => {
        const run = walk(definition, { picks, prospect });
        expect(unsimulatedPath(definition, run.hops, run.endedAtEndStep)).toBeNull();
        if (run.outcome === 'replied') expect(run.repliedInjected).toBe(true);
        if (run.outcome === 'not_qualified') expect(run.hops.some((h) => h.endsWith(':not_qualified'))).toBe(true);
        if (run.hops.some((h) => h.endsWith(':not_qualified'))) expect(run.outcome).toBe('not_qualified');
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('walks a connection-only graph to its end on acceptance and on timeout', () => {
    const graph = runGraph(connectionOnlyGraph())!;
    const world = { prospect: { customFields: {} }, now: 0, zone: 'UTC' };
    const sent = advance(graph, startPosition(graph), { kind: 'enter' }, world);
    expect(sent.passed.map((p) => p.nodeId)).toEqual(['start']);
    expect(sent.decision).toMatchObject({ kind: 'act', action: { type: 'connection_request' } });
    const waiting = advance(graph, sent.position, { kind: 'result', status: 'done' }, world);
    expect(waiting.decision).toMatchObject({ kind: 'wait', timeoutHandle: 'no_response' });
    for (const input of [{ kind: 'timeout' }, { kind: 'event', event: 'invitation_accepted' }] as const) {
      const done = advance(graph, waiting.position, input, world);
      expect(done.decision).toEqual({ kind: 'end', outcome: 'finished' });
      expect(done.position.nodeId).toBe('end');
    }
    const replied = advance(graph, waiting.position, { kind: 'event', event: 'message_received' }, world);
    expect(replied).toMatchObject({ decision: { kind: 'end', outcome: 'replied' }, passed: [] });
  });
});
