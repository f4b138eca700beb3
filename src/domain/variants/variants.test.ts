import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CATALOG, NODE_TYPES } from '../catalog';
import { stepVariants, variantGroupOf, variantLetters, variantProblems, variantsSchema, variantTextsOf, withVariant } from './variants';

const two = [
  { variantId: 'a', label: 'Short', text: 'Hi {{firstName}}' },
  { variantId: 'b', label: 'Warm', text: 'Hello {{firstName}}, how is {{company}}?' },
];

describe('variant texts (contract 10.1)', () => {
  it('are the note, the message, the InMail message and subject, and the AI instructions of the sending steps the contract names', () => {
    const varied = Object.fromEntries(NODE_TYPES.flatMap((t) => (variantTextsOf(t) ? [[t, variantTextsOf(t)]] : [])));
    expect(varied).toEqual({
      connection_request: { text: 'message_template' },
      message: { text: 'message_template' },
      template_message: { text: 'message_template' },
      enhanced_message: { text: 'customInstructions' },
      inmail: { text: 'message_template', subject: 'subject' },
      messaging_app_message: { text: 'message_template' },
    });
  });

  it('put variants and their group in the form right after the text they vary', () => {
    expect(CATALOG.connection_request.fields).toEqual([
      'send_empty_request',
      'message_template',
      'variants',
      'variantGroup',
      'wait_for_response_days',
    ]);
    expect(CATALOG.enhanced_message.fields).toEqual([
      'message_template',
      'customInstructions',
      'variants',
      'variantGroup',
      'reply_wait_days',
    ]);
    expect(CATALOG.profile_visit.fields).not.toContain('variants');
  });
});

describe('variantProblems', () => {
  it('finds nothing in well-formed variants, or in none at all', () => {
    expect(variantProblems('message', { variants: two })).toEqual([]);
    expect(variantProblems('message', {})).toEqual([]);
    expect(variantProblems('inmail', { variants: [{ ...two[0], subject: 'Hi' }, two[1]] })).toEqual([]);
  });

  it('agrees with the published schema on what is well formed', () => {
    const samples: unknown[] = [
      two,
      [two[0]],
      [...two, ...two],
      [two[0], { ...two[1], variantId: 'f' }],
      [two[0], { ...two[1], label: '' }],
      [two[0], { ...two[1], label: 'x'.repeat(61) }],
      [two[0], { ...two[1], text: '' }],
      [two[0], { ...two[1], weight: 2 }],
      'a, b',
    ];
    for (const variants of samples) {
      const unique = Array.isArray(variants) && new Set(variants.map((v: { variantId?: unknown }) => v.variantId)).size === variants.length;
      expect(variantProblems('inmail', { variants }).length === 0, JSON.stringify(variants)).toBe(
        variantsSchema.safeParse(variants).success && unique,
      );
    }
  });

  it('says what is wrong, where, in users’ words', () => {
    expect(variantProblems('message', { variants: [two[0]] })).toEqual([
      { path: 'variants', message: 'A test needs 2 to 5 variants, not 1: add one, or remove the variants' },
    ]);
    expect(variantProblems('enhanced_message', { variants: [two[0], { ...two[1], text: '' }] })).toEqual([
      { path: 'variants.1.text', message: 'Variant B has no instructions: write one' },
    ]);
    expect(variantProblems('message', { variants: [two[0], { ...two[1], variantId: 'x' }] })).toEqual([
      { path: 'variants.1.variantId', message: 'Variant 2 needs a letter from A to E' },
    ]);
    expect(variantProblems('profile_visit', { variants: two })).toEqual([
      { path: 'variants', message: 'This step sends no text that variants could replace: remove its variants' },
    ]);
    expect(variantProblems('connection_request', { send_empty_request: true, variants: two })[0]!.message).toContain('Send without a note');
  });
});

describe('stepVariants and withVariant', () => {
  it('reads only well-formed variants', () => {
    expect(stepVariants({ type: 'message', data: { variants: two } })).toEqual(two);
    expect(stepVariants({ type: 'message', data: { variants: [two[0]] } })).toBeUndefined();
    expect(stepVariants({ type: 'message', data: {} })).toBeUndefined();
  });

  it('puts a variant’s text (and subject) where the step’s would be', () => {
    const inmail = { subject: 'Step subject', message_template: 'Step text', variants: two, variantGroup: 'g', only_open_profiles: true };
    expect(withVariant('inmail', inmail, { variantId: 'b', label: 'B', text: 'B text', subject: 'B subject' })).toEqual({
      subject: 'B subject',
      message_template: 'B text',
      variantGroup: 'g',
      only_open_profiles: true,
    });
    expect(withVariant('inmail', inmail, { variantId: 'a', label: 'A', text: 'A text' })).toMatchObject({
      subject: 'Step subject',
      message_template: 'A text',
    });
    expect(
      withVariant(
        'enhanced_message',
        { message_template: 'Hi', customInstructions: 'Be brief' },
        { variantId: 'a', label: 'A', text: 'Be warm' },
      ),
    ).toEqual({
      message_template: 'Hi',
      customInstructions: 'Be warm',
    });
  });

  it('reads as letters on the card, with the labels instead of the one text', () => {
    expect(variantLetters(two as z.infer<typeof variantsSchema>)).toBe('A/B');
    expect(CATALOG.connection_request.summary({ message_template: 'Hi', wait_for_response_days: 14, variants: two })).toBe(
      'A/B: “Short”, “Warm” · wait 14 days',
    );
    expect(
      CATALOG.messaging_app_message.summary({
        variants: [...two, { variantId: 'c', label: 'A very long label for a variant', text: 'x' }],
      }),
    ).toBe('A/B/C: “Short”, “Warm”, “A very long lab…”');
    expect(CATALOG.message.summary({ message_template: 'Hi there', reply_wait_days: 3 })).toBe('“Hi there” · wait 3 days');
  });
});

describe('variantProblems, each rule and its exact message', () => {
  it('a variant that is not an object names its place and what it must have', () => {
    expect(variantProblems('message', { variants: [two[0], 'oops'] })).toEqual([
      { path: 'variants.1', message: 'Variant 2 must have a letter, a label and a text' },
    ]);
    expect(variantProblems('message', { variants: [two[0], null] })).toEqual([
      { path: 'variants.1', message: 'Variant 2 must have a letter, a label and a text' },
    ]);
  });

  it('a label is 1 to 60 characters, not blank', () => {
    const labelled = (label: unknown) => variantProblems('message', { variants: [two[0], { ...two[1], label }] });
    const problem = [{ path: 'variants.1.label', message: 'Variant B needs a label of 1 to 60 characters' }];
    expect(labelled('x'.repeat(60))).toEqual([]);
    expect(labelled('😀'.repeat(60))).toEqual([]);
    expect(labelled('x'.repeat(61))).toEqual(problem);
    expect(labelled('   ')).toEqual(problem);
    expect(labelled('')).toEqual(problem);
    expect(labelled(7)).toEqual(problem);
  });

  it('a text is not blank, and is named as the step names it', () => {
    expect(variantProblems('message', { variants: [two[0], { ...two[1], text: '  \n' }] })).toEqual([
      { path: 'variants.1.text', message: 'Variant B has no message: write one' },
    ]);
    expect(variantProblems('message', { variants: [{ ...two[0], text: 3 }, two[1]] })).toEqual([
      { path: 'variants.0.text', message: 'Variant A has no message: write one' },
    ]);
  });

  it('a subject only where the step sends one, and only as text', () => {
    expect(variantProblems('message', { variants: [two[0], { ...two[1], subject: 'Hi' }] })).toEqual([
      { path: 'variants.1.subject', message: 'Variant B has a subject, which this step never sends: remove it' },
    ]);
    expect(variantProblems('inmail', { variants: [two[0], { ...two[1], subject: 5 }] })).toEqual([
      { path: 'variants.1.subject', message: "Variant B's subject must be text" },
    ]);
    expect(variantProblems('inmail', { variants: [two[0], { ...two[1], subject: '' }] })).toEqual([]);
  });

  it('a field a variant does not hold is named', () => {
    expect(variantProblems('message', { variants: [two[0], { ...two[1], weight: 2 }] })).toEqual([
      {
        path: 'variants.1.weight',
        message: 'Variant B has “weight”, which a variant does not hold: it has a letter, a label, a text and (InMail) a subject',
      },
    ]);
  });

  it('two variants with one letter', () => {
    expect(variantProblems('message', { variants: [two[0], { ...two[1], variantId: 'a' }] })).toEqual([
      { path: 'variants.1.variantId', message: 'Two variants are A: each needs its own letter' },
    ]);
  });

  it('no variants (null) is nothing wrong; a non-list is', () => {
    expect(variantProblems('message', { variants: null })).toEqual([]);
    expect(variantProblems('profile_visit', { variants: null })).toEqual([]);
    expect(variantProblems('message', { variants: 'a, b' })).toEqual([
      { path: 'variants', message: 'Variants must be a list of 2 to 5 versions of the text' },
    ]);
  });

  it('2 to 5 variants: 5 is fine, 6 is one too many', () => {
    const letters = ['a', 'b', 'c', 'd', 'e'] as const;
    const five = letters.map((variantId) => ({ variantId, label: variantId, text: `Text ${variantId}` }));
    expect(variantProblems('message', { variants: five })).toEqual([]);
    expect(variantProblems('message', { variants: five.slice(0, 2) })).toEqual([]);
    const six = [...five, { variantId: 'a', label: 'f', text: 'Text f' }];
    expect(variantProblems('message', { variants: six })).toEqual([
      { path: 'variants', message: 'A test needs 2 to 5 variants, not 6' },
      { path: 'variants.5.variantId', message: 'Two variants are A: each needs its own letter' },
    ]);
    expect(variantProblems('message', { variants: [] })).toEqual([
      { path: 'variants', message: 'A test needs 2 to 5 variants, not 0: add one, or remove the variants' },
    ]);
  });

  it('an invitation sent without a note cannot test its note', () => {
    expect(variantProblems('connection_request', { send_empty_request: true, variants: two })).toEqual([
      {
        path: 'variants',
        message: 'It is sent without a note, so no variant would ever be sent: turn off “Send without a note” or remove the variants',
      },
    ]);
    expect(variantProblems('connection_request', { send_empty_request: false, variants: two })).toEqual([]);
  });
});

describe('variantGroupOf', () => {
  it('is the trimmed group, or undefined when blank or not text', () => {
    expect(variantGroupOf({ variantGroup: '  intro  ' })).toBe('intro');
    expect(variantGroupOf({ variantGroup: 'intro' })).toBe('intro');
    expect(variantGroupOf({ variantGroup: '   ' })).toBeUndefined();
    expect(variantGroupOf({ variantGroup: '' })).toBeUndefined();
    expect(variantGroupOf({ variantGroup: 3 })).toBeUndefined();
    expect(variantGroupOf({})).toBeUndefined();
  });
});

describe('withVariant on a step that holds no variant texts', () => {
  it('only leaves the variants out', () => {
    expect(withVariant('profile_visit', { variants: two, note: 'x' }, { variantId: 'a', label: 'A', text: 'A text' })).toEqual({
      note: 'x',
    });
  });
});
