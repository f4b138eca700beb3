import { describe, expect, it } from 'vitest';
import { connectionOnlyGraph } from '../../domain/testing/fixtures';
import { stepLabel } from './step-label';

describe('stepLabel', () => {
  it('names a step by its number and type label', () => {
    expect(stepLabel(connectionOnlyGraph(), 'invite')).toBe('Step 2 · Connection request');
  });
  it('a step not in the graph (or no graph) reads as removed', () => {
    expect(stepLabel(connectionOnlyGraph(), 'ghost')).toBe('a removed step');
    expect(stepLabel(undefined, 'invite')).toBe('a removed step');
  });
});
