import { describe, expect, it } from 'vitest';
import { followUpChain, scoredFollowUpGraph } from '../testing/fixtures';
import { DEFAULT_SAMPLE_PROSPECT } from './review';
import { SIMULATION_BUDGET, simulatePaths } from './simulate';
import { findTemplate } from './templates';
import { walkPath } from './walk';

describe('simulatePaths (contract 8.1 simulate-campaign)', () => {
  it('gives one path per outcome combination, each the simulator walk for those outcomes', () => {
    const graph = scoredFollowUpGraph();
    const sim = simulatePaths(graph, { customFields: { firstName: 'Ada' } });
    expect(sim.truncated).toBe(false);
    const combos = sim.paths.map((p) => p.outcomes.map((o) => `${o.nodeId}=${o.handle}`).join(' '));
    expect(new Set(combos).size).toBe(sim.paths.length);
    for (const path of sim.paths) {
      const outcomes = Object.fromEntries(path.outcomes.map((o) => [o.nodeId, o.handle]));
      const walk = walkPath(graph, { customFields: { firstName: 'Ada' } }, { outcomes });
      expect(path.steps.map((s) => [s.nodeId, s.day])).toEqual(walk.steps.map((s) => [s.nodeId, s.dayOffset]));
      expect(path.endNodeId).toBe(walk.steps.at(-1)!.nodeId);
      expect(path.totalDays).toBe(walk.totalDays);
    }
  });

  it('reports unfilled placeholders per step and caps the number of paths', () => {
    const sim = simulatePaths(followUpChain(40));
    expect(sim.paths).toHaveLength(40 - 3 + 2); // each follow-up replied, the last unanswered, or no response
    const step = sim.paths[0]!.steps.find((s) => s.nodeId === 'follow_up_1')!;
    expect(step).toMatchObject({ sends: true, rendered: 'Hi {{firstName}}, follow-up 1.', unfilledPlaceholders: ['firstName'] });
    const capped = simulatePaths(followUpChain(40), undefined, { maxPaths: 5 });
    expect(capped).toMatchObject({ truncated: true });
    expect(capped.paths).toHaveLength(5);
  });
});

describe('simulatePaths within its budget', () => {
  it('a 500-step graph stops at the step budget: truncated, and every path it returns is whole', () => {
    const sim = simulatePaths(followUpChain(500));
    expect(sim.truncated).toBe(true);
    const steps = sim.paths.reduce((n, p) => n + p.steps.length, 0);
    expect(steps).toBeLessThanOrEqual(SIMULATION_BUDGET.maxSteps);
    expect(sim.paths.length).toBeGreaterThan(1);
    expect(sim.paths.every((p) => p.endNodeId !== null)).toBe(true);
  });

  it('stops at the rendered-text budget and at the time budget', () => {
    const byText = simulatePaths(followUpChain(40), { customFields: { firstName: 'Ada' } }, { maxRenderedChars: 200 });
    expect(byText.truncated).toBe(true);
    expect(byText.paths.length).toBeGreaterThanOrEqual(1);
    const byTime = simulatePaths(followUpChain(40), undefined, { maxMs: -1 });
    expect(byTime).toEqual({ paths: [], truncated: true });
  });
});

describe('simulatePaths renders with the prospect', () => {
  it('fills the prospect’s fields in subjects and messages, and lists only the decided outcomes', () => {
    const sim = simulatePaths(findTemplate('inmail-fallback')!.build(), DEFAULT_SAMPLE_PROSPECT);
    const path = sim.paths.find((p) => p.steps.some((s) => s.renderedSubject !== undefined))!;
    const inmail = path.steps.find((s) => s.renderedSubject !== undefined)!;
    expect(inmail.renderedSubject).toBe('A quick idea for Northwind');
    expect(inmail.rendered).toContain('Hi Alex,');
    expect(inmail.unfilledPlaceholders).toEqual([]);
    const start = path.steps[0]!;
    expect(start).toEqual({ nodeId: 'start', type: 'start', day: 0, sends: false, unfilledPlaceholders: [] });
    const decided = path.steps.filter((s) => s.nodeId !== 'start' && s.type !== 'end').map((s) => s.nodeId);
    expect(path.outcomes.map((o) => o.nodeId)).toEqual(decided);
    expect(path.endNodeId).toBe(path.steps.at(-1)!.nodeId);
  });
});
