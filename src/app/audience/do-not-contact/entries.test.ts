import { describe, expect, it } from 'vitest';
import { entriesFromCsv, entriesFromLines, reasonProblem } from './entries';

describe('pasted do-not-contact lines', () => {
  it('guesses each line’s kind and says what is wrong with the others', () => {
    const entries = entriesFromLines('linkedin.com/in/ada\n\n  acme.com \nGlobex Corp\nhttps://twitter.com/bob\n', 'Customer');
    expect(entries.map((e) => [e.line, e.kind, e.value, e.problem === null])).toEqual([
      [1, 'profile', 'linkedin.com/in/ada', true],
      [3, 'domain', 'acme.com', true],
      [4, 'company', 'Globex Corp', true],
      [5, 'profile', 'https://twitter.com/bob', false],
    ]);
    expect(entries[3]!.problem).toMatch(/^twitter\.com is not LinkedIn or WhatsApp/);
  });

  it('needs a reason of at most 200 characters', () => {
    expect(entriesFromLines('acme.com', ' ')[0]!.problem).toBe(reasonProblem(''));
    expect(reasonProblem('x'.repeat(201))).toBe('The reason is at most 200 characters.');
    expect(reasonProblem('Customer')).toBeNull();
  });
});

describe('a do-not-contact CSV', () => {
  it('reads the kind and reason columns when there are some', () => {
    const entries = entriesFromCsv(
      {
        headers: ['Type', 'Value', 'Reason'],
        rows: [
          ['company', 'Acme', 'Customer'],
          ['Email domain', 'globex.com', ''],
          ['', 'https://www.linkedin.com/in/ada', 'Asked us to stop'],
          ['', '', 'empty row'],
        ],
        warnings: [],
      },
      'From the file',
    );
    expect(entries.map((e) => [e.line, e.kind, e.value, e.reason, e.problem])).toEqual([
      [2, 'company', 'Acme', 'Customer', null],
      [3, 'domain', 'globex.com', 'From the file', null],
      [4, 'profile', 'https://www.linkedin.com/in/ada', 'Asked us to stop', null],
    ]);
  });

  it('takes the kind from the value column’s header, and reads a file without a header row whole', () => {
    expect(
      entriesFromCsv({ headers: ['Name', 'Company name'], rows: [['Ann', 'acme.io']], warnings: [] }, 'x').map((e) => [e.kind, e.value]),
    ).toEqual([['company', 'acme.io']]);
    expect(
      entriesFromCsv({ headers: ['Email domain'], rows: [['acme.io'], ['Acme']], warnings: [] }, 'x').map((e) => [
        e.kind,
        e.problem === null,
      ]),
    ).toEqual([
      ['domain', true],
      ['domain', false],
    ]);
    expect(entriesFromCsv({ headers: ['acme.com'], rows: [['globex.com']], warnings: [] }, 'x').map((e) => [e.line, e.value])).toEqual([
      [1, 'acme.com'],
      [2, 'globex.com'],
    ]);
  });
});
