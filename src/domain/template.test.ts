import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWellFormedTemplate, parseTemplate, placeholderValues, renderSegments, renderTemplate, wellFormedPlaceholders } from './template';
import { LONG_BROKEN_TEMPLATE } from './testing/fixtures';

describe('parseTemplate', () => {
  it('finds unique placeholders in order', () => {
    expect(parseTemplate('Hi {{firstName}}, {{company_name}} and {{firstName}} {{_x1}}')).toEqual({
      placeholders: ['firstName', 'company_name', '_x1'],
      errors: [],
    });
    expect(parseTemplate('no placeholders, {single} braces } {')).toEqual({ placeholders: [], errors: [] });
    expect(parseTemplate('')).toEqual({ placeholders: [], errors: [] });
  });

  it.each([
    ['{{a{{b}}}}', 0, /Nested/],
    ['Hi {{a {{b}} c}} ok', 3, /Nested/],
    ['Hi {{firstName', 3, /Unclosed/],
    ['Hi {{', 3, /Unclosed/],
    ['Hi }} there', 3, /without an opening/],
    ['{{}}', 0, /Empty/],
    ['x{{ firstName }}', 1, /spaces/],
    ['{{company.name}}', 0, /Dotted/],
    ['{{1st}}', 0, /not a field name/],
    ['{{first-name}}', 0, /not a field name/],
    ['{{{firstName}}}', 0, /braces/],
  ])('reports %j at index %i', (text, index, message) => {
    const { errors } = parseTemplate(text);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.index).toBe(index);
    expect(errors[0]!.message).toMatch(message);
  });

  it('keeps parsing after an error', () => {
    const parsed = parseTemplate('{{a.b}} then {{ok}} and }}');
    expect(parsed.placeholders).toEqual(['ok']);
    expect(parsed.errors.map((e) => e.index)).toEqual([0, 24]);
  });

  it('reports nested placeholders once', () => {
    expect(parseTemplate('{{a{{b}}}} {{c}}')).toEqual({ placeholders: ['c'], errors: [expect.objectContaining({ index: 0 })] });
  });

  it('never throws and stays linear on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('{', '}', 'a', ' ', '.', '1') }), (text) => {
        const parsed = parseTemplate(text);
        for (const e of parsed.errors) expect(e.index).toBeGreaterThanOrEqual(0);
      }),
    );
    // 100 KiB of broken braces: read in one pass (a quadratic reading would time the test out; the
    // time it takes is a figure of `npm run bench -- validator`, not an assertion).
    const parsed = parseTemplate(LONG_BROKEN_TEMPLATE);
    expect(parsed.placeholders).toEqual(['a']);
    expect(parsed.errors).toHaveLength(20_001);
    expect(parsed.errors[0]).toEqual({ index: 100_000, message: 'Closing }} without an opening {{' });
  });
});

describe('what parseTemplate tells the writer', () => {
  const first = (text: string) => parseTemplate(text).errors[0]?.message;

  it.each([
    ['{{ }}', 'Empty placeholder {{}}: write a field name, e.g. {{firstName}}'],
    ['{{a}b}}', 'Malformed placeholder: too many braces; write {{fieldName}}'],
    ['{{a{b}}', 'Malformed placeholder: too many braces; write {{fieldName}}'],
    ['{{ firstName}}', 'Remove the spaces: write {{firstName}}'],
    ['{{company.name}}', 'Dotted paths are not supported: use one field name, e.g. {{companyName}}'],
    ['{{ first name }}', '“first name” is not a field name (one word of letters and digits): write {{firstName}}'],
    ['{{First-Name}}', '“First-Name” is not a field name (one word of letters and digits): write {{firstName}}'],
    ['{{1st}}', '“1st” is not a field name (one word of letters and digits): write {{_1st}}'],
    ['{{2 for 1}}', '“2 for 1” is not a field name (one word of letters and digits): write {{_2For1}}'],
    ['{{-}}', '“-” is not a field name (one word of letters and digits): write {{fieldName}}'],
    ['{{first$}}', '“first$” is not a field name (one word of letters and digits): write {{first}}'],
    ['{{first name2}}', '“first name2” is not a field name (one word of letters and digits): write {{firstName2}}'],
    ['x }}', 'Closing }} without an opening {{'],
    ['x {{a', 'Unclosed placeholder: {{ without a closing }}'],
    ['{{a{{b}}}}', 'Nested placeholders are not supported: render the inner template before import'],
  ])('%j: %s', (text, message) => {
    expect(first(text)).toBe(message);
  });

  it('reports every problem once, where it starts, and the placeholders around them', () => {
    expect(parseTemplate('{{{a}}}{{b}}')).toEqual({
      placeholders: ['b'],
      errors: [{ index: 0, message: expect.stringMatching(/braces/) }],
    });
    expect(parseTemplate('{{{a}}{{b}}')).toEqual({ placeholders: ['b'], errors: [{ index: 0, message: expect.stringMatching(/braces/) }] });
    expect(parseTemplate('{{a}}}{{b}}')).toEqual({ placeholders: ['a', 'b'], errors: [] });
    expect(parseTemplate('}}{{a}} }} {{b}}')).toEqual({
      placeholders: ['a', 'b'],
      errors: [
        { index: 0, message: 'Closing }} without an opening {{' },
        { index: 8, message: 'Closing }} without an opening {{' },
      ],
    });
    // an unclosed nested placeholder swallows the rest of the text
    expect(parseTemplate('{{a{{b}} {{c}}')).toEqual({ placeholders: [], errors: [{ index: 0, message: expect.stringMatching(/Nested/) }] });
    expect(parseTemplate('{{a{{b}}}} {{c}} {{d}')).toEqual({
      placeholders: ['c'],
      errors: [
        { index: 0, message: expect.stringMatching(/Nested/) },
        { index: 17, message: expect.stringMatching(/Unclosed/) },
      ],
    });
    expect(parseTemplate('{{a}}{{b}}{{a}}x{{c}}')).toEqual({ placeholders: ['a', 'b', 'c'], errors: [] });
    expect(parseTemplate('{{a}}{')).toEqual({ placeholders: ['a'], errors: [] });
    expect(parseTemplate('{{a}}}')).toEqual({ placeholders: ['a'], errors: [] });
  });
});

describe('isWellFormedTemplate and wellFormedPlaceholders', () => {
  it('agree with parseTemplate', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('{', '}', 'a', 'Z', '_', '1', ' ', '.', '-') }), (text) => {
        const parsed = parseTemplate(text);
        expect(isWellFormedTemplate(text)).toBe(parsed.errors.length === 0);
        expect(wellFormedPlaceholders(text)).toEqual(parsed.errors.length === 0 ? parsed.placeholders : null);
      }),
      { numRuns: 3000 },
    );
    for (const text of ['{{a}}}', '{{{a}}', '{ {{a}}', '{{a}', 'x}}', '{{_1}}{{b}}', '']) {
      expect(isWellFormedTemplate(text)).toBe(parseTemplate(text).errors.length === 0);
    }
  });
});

describe('isWellFormedTemplate at the edges of a field name', () => {
  it.each([
    ['{{A}}', true],
    ['{{Z}}', true],
    ['{{a}}', true],
    ['{{z}}', true],
    ['{{_}}', true],
    ['{{a0}}', true],
    ['{{a9}}', true],
    ['{{@}}', false],
    ['{{[}}', false],
    ['{{`}}', false],
    ['{{0a}}', false],
    ['{{a/}}', false],
    ['{{a:}}', false],
    ['{{a}', false],
    ['{{a}x}', false],
    ['{{a}}{{b', false],
    ['ok {{a}} }}', false],
  ])('%j → %s', (text, ok) => {
    expect(isWellFormedTemplate(text)).toBe(ok);
    expect(parseTemplate(text).errors.length === 0).toBe(ok);
  });
});

describe('renderTemplate', () => {
  it('fills fields and lists missing ones', () => {
    expect(renderTemplate('Hi {{firstName}} from {{company}}, {{firstName}}!', { firstName: 'Ada' })).toEqual({
      text: 'Hi Ada from {{company}}, Ada!',
      missing: ['company'],
    });
  });

  it('leaves malformed parts verbatim and ignores inherited properties', () => {
    expect(renderTemplate('{{a.b}} {{toString}} {{x}}', { x: '{{y}}' })).toEqual({
      text: '{{a.b}} {{toString}} {{y}}',
      missing: ['toString'],
    });
  });

  it('fills placeholders next to each other and keeps the text between them', () => {
    expect(renderTemplate('{{a}}{{b}}-{{a}}!', { a: '1', b: '2' })).toEqual({ text: '12-1!', missing: [] });
    expect(renderTemplate('x {{a}} {{b}} {{a}} {{b}}', {})).toEqual({ text: 'x {{a}} {{b}} {{a}} {{b}}', missing: ['a', 'b'] });
    expect(renderTemplate('{{{a}}} {{a}}', { a: 'A' })).toEqual({ text: '{{{a}}} A', missing: [] });
  });

  it('renders a template with no placeholders unchanged', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!text.includes('{{') && !text.includes('}}'));
        expect(renderTemplate(text, {})).toEqual({ text, missing: [] });
      }),
    );
  });
});

describe('placeholderValues (contract 9.1)', () => {
  it('custom fields first, then the top-level field of the same name; numbers and booleans as text', () => {
    const values = placeholderValues({
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      email: null,
      customFields: { firstName: 'Ada', company: 'AE Ltd', score: 82, vip: true },
    });
    expect(values).toEqual({ name: 'Ada Lovelace', company: 'AE Ltd', firstName: 'Ada', score: '82', vip: 'true' });
    expect(renderTemplate('Hi {{firstName}} of {{company}} ({{email}})', values)).toEqual({
      text: 'Hi Ada of AE Ltd ({{email}})',
      missing: ['email'],
    });
  });
});

describe('renderSegments', () => {
  it('fills what it can and keeps each unfilled placeholder a piece of its own, as written', () => {
    expect(renderSegments('Hi {{firstName}}, how is {{company}} doing at {{city}}?', { firstName: 'Ada' })).toEqual({
      segments: [
        { text: 'Hi Ada, how is ' },
        { text: '{{company}}', missing: 'company' },
        { text: ' doing at ' },
        { text: '{{city}}', missing: 'city' },
        { text: '?' },
      ],
      missing: ['company', 'city'],
    });
  });

  it('reads the same text renderTemplate writes, and never takes a filled value for a placeholder', () => {
    const fields = { firstName: 'Ada {{company}}' };
    const text = 'Hi {{firstName}}';
    expect(renderSegments(text, fields)).toEqual({ segments: [{ text: 'Hi Ada {{company}}' }], missing: [] });
    expect(
      renderSegments(text, fields)
        .segments.map((s) => s.text)
        .join(''),
    ).toBe(renderTemplate(text, fields).text);
    expect(renderSegments('', {})).toEqual({ segments: [{ text: '' }], missing: [] });
  });
});
