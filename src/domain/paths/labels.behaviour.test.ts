import { describe, expect, it } from 'vitest';
import { handleLabel } from './index';

/** How outputs are named to the user (the simulator, the path summaries, the editor's problem list). */

describe('output names', () => {
  it('an output the step has reads as its catalog label', () => {
    expect(handleLabel('connection_request', 'no_response')).toBe('No response');
    expect(handleLabel('icp_scoring', 'qualified')).toBe('Qualified');
  });

  it('an output the step does not have reads as written, for any step or none', () => {
    expect(handleLabel('delay', 'later')).toBe('later');
    expect(handleLabel('connection_request', 'replied')).toBe('replied');
    expect(handleLabel(undefined, 'x')).toBe('x');
  });
});
