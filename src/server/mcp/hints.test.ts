import { describe, expect, it } from 'vitest';
import { errorCodeSchema } from '../../domain/contract/errors';
import { hintFor } from './hints';

describe('hintFor', () => {
  it('gives every error code one plain sentence', () => {
    for (const code of errorCodeSchema.options) expect(hintFor(code, {})).toMatch(/^[A-Z].*[.]$/);
  });

  it('prefers the call site’s own hint', () => {
    expect(hintFor('invalid_workflow', { hint: 'Connect the Delay step.' })).toBe('Connect the Delay step.');
  });
});
