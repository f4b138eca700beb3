import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorCodeSchema } from './errors';

describe('ERROR_CODES', () => {
  it('names each code by itself, once', () => {
    for (const [key, value] of Object.entries(ERROR_CODES)) expect(key).toBe(value);
    expect(new Set(errorCodeSchema.options).size).toBe(errorCodeSchema.options.length);
  });

  it('is snake_case, as the wire carries it', () => {
    for (const code of errorCodeSchema.options) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
