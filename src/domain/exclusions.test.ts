import { describe, expect, it } from 'vitest';
import { exclusionValue, guessExclusionKind } from './exclusions';

describe('do-not-contact values (contract 10.3)', () => {
  it('stores a profile by the profile URL rule, a company trimmed, a domain lower-case without @', () => {
    expect(exclusionValue('profile', ' http://uk.linkedin.com/in/Ada/?x=1 ')).toEqual({ value: 'https://www.linkedin.com/in/ada' });
    expect(exclusionValue('company', '  Acme Corp ')).toEqual({ value: 'Acme Corp' });
    expect(exclusionValue('domain', '@Acme.COM')).toEqual({ value: 'acme.com' });
    expect(exclusionValue('domain', 'eu.acme.co.uk')).toEqual({ value: 'eu.acme.co.uk' });
  });

  it('says what is wrong in users’ words', () => {
    expect(exclusionValue('profile', 'https://twitter.com/ada')).toEqual({
      problem: expect.stringMatching(/^twitter\.com is not LinkedIn/),
    });
    expect(exclusionValue('company', '   ')).toEqual({ problem: 'is required' });
    expect(exclusionValue('company', 'x'.repeat(301))).toEqual({ problem: 'must be at most 300 characters' });
    for (const bad of ['acme', 'ada@acme.com', 'https://acme.com', 'acme..com', '-acme.com', 'ac me.com'])
      expect(exclusionValue('domain', bad)).toEqual({ problem: expect.stringContaining('e-mail domain such as acme.com') });
  });

  it('guesses the kind of a pasted value', () => {
    expect(guessExclusionKind('linkedin.com/in/ada')).toBe('profile');
    expect(guessExclusionKind('https://wa.me/33612345678')).toBe('profile');
    expect(guessExclusionKind('acme.com')).toBe('domain');
    expect(guessExclusionKind('@acme.io')).toBe('domain');
    expect(guessExclusionKind('Acme Inc.')).toBe('company');
    expect(guessExclusionKind('Booking.com B.V.')).toBe('company');
    expect(guessExclusionKind('https://twitter.com/ada')).toBe('profile');
  });
});

describe('do-not-contact values at their edges', () => {
  it('takes a value exactly as long as its kind allows, not one character more', () => {
    expect(exclusionValue('company', 'x'.repeat(300))).toEqual({ value: 'x'.repeat(300) });
    const label = 'a'.repeat(63);
    const longest = `${label}.${label}.${label}.${'b'.repeat(61)}`;
    expect(longest).toHaveLength(253);
    expect(exclusionValue('domain', longest)).toEqual({ value: longest });
    expect(exclusionValue('domain', `${longest}c`)).toEqual({ problem: 'must be at most 253 characters' });
  });

  it('guesses from the trimmed value', () => {
    expect(guessExclusionKind('  acme.com  ')).toBe('domain');
    expect(guessExclusionKind(' @acme.io ')).toBe('domain');
  });

  it('takes a value starting with a web scheme or www. as a person, only at the start', () => {
    expect(guessExclusionKind('http://acme.com/about')).toBe('profile');
    expect(guessExclusionKind('www.acme.com')).toBe('profile');
    expect(guessExclusionKind('Visit www.acme.com')).toBe('company');
    expect(guessExclusionKind('Acme https://acme.com')).toBe('company');
  });

  it('a domain needs both the domain shape and a letters-only last label; an @ counts only in front', () => {
    expect(guessExclusionKind('acme.x')).toBe('company');
    expect(guessExclusionKind('acme.com.1')).toBe('company');
    expect(guessExclusionKind('Acme Inc.com')).toBe('company');
    expect(guessExclusionKind('ada@acme.com')).toBe('company');
  });
});
