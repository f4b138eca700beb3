import { describe, expect, it } from 'vitest';
import { startStep } from '../catalog';
import type { Violation } from '../workflow-types';
import { countProblems, hasErrors } from './index';

const v = (severity: Violation['severity']): Violation => ({ code: 'invalid_field', rule: '2', severity, message: 'x' });

describe('counting problems', () => {
  it('counts errors and warnings apart', () => {
    expect(countProblems([v('error'), v('warning'), v('error')])).toEqual({ errors: 2, warnings: 1 });
    expect(countProblems([])).toEqual({ errors: 0, warnings: 0 });
    expect(hasErrors([v('warning')])).toBe(false);
  });
});

describe('startStep', () => {
  it('finds the Start step of a graph, whatever else is there', () => {
    const nodes = [{ id: 'm', type: 'message' }, { id: 's', type: 'start' }, { id: 'x' }];
    expect(startStep(nodes)?.id).toBe('s');
    expect(startStep([{ id: 'm', type: 'message' }])).toBeUndefined();
  });
});
