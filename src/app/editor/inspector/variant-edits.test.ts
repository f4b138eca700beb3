import { describe, expect, it } from 'vitest';
import { addVariant, editVariant, removeVariant } from './variant-edits';

const note = { text: 'message_template' };
const inmail = { text: 'message_template', subject: 'subject' };
const ab = [
  { variantId: 'a', label: 'Short', text: 'Hi' },
  { variantId: 'b', label: 'Warm', text: 'Hello', subject: 'Hey' },
];

describe('variant edits', () => {
  it('the first variant added splits the one text into A and B; later ones take the next free letter and the first’s text', () => {
    expect(addVariant({ message_template: 'Hi' }, note)).toEqual({
      variants: [
        { variantId: 'a', label: 'Variant A', text: 'Hi' },
        { variantId: 'b', label: 'Variant B', text: 'Hi' },
      ],
    });
    expect(addVariant({ variants: [ab[1], ab[0]].filter((v) => v.variantId !== 'a').concat(ab[0]!) }, note)!.variants).toContainEqual({
      variantId: 'c',
      label: 'Variant C',
      text: 'Hello',
    });
    const five = ['a', 'b', 'c', 'd', 'e'].map((variantId) => ({ variantId, label: variantId, text: 'x' }));
    expect(addVariant({ variants: five }, note)).toBeNull();
  });

  it('removing the last but one gives the step its one text (and subject) back', () => {
    expect(removeVariant({ variants: ab }, inmail, 0)).toEqual({ variants: undefined, message_template: 'Hello', subject: 'Hey' });
    expect(removeVariant({ variants: ab }, inmail, 1)).toEqual({ variants: undefined, message_template: 'Hi' });
    expect(removeVariant({ variants: [...ab, { variantId: 'c', label: 'C', text: 'Yo' }] }, note, 0)).toEqual({
      variants: [ab[1], { variantId: 'c', label: 'C', text: 'Yo' }],
    });
  });

  it('edits one part of one variant; an emptied subject is removed', () => {
    expect(editVariant({ variants: ab }, 0, 'label', 'Brief')).toEqual({ variants: [{ ...ab[0], label: 'Brief' }, ab[1]] });
    expect(editVariant({ variants: ab }, 1, 'subject', '')).toEqual({
      variants: [ab[0], { variantId: 'b', label: 'Warm', text: 'Hello' }],
    });
  });
});
