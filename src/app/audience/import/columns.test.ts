import { describe, expect, it } from 'vitest';
import { buildProspects, customFieldKey, mappingProblems, matchColumns, type ColumnTarget } from './columns';

const field = (f: string): ColumnTarget => ({ kind: 'field', field: f }) as ColumnTarget;
const custom = (key: string): ColumnTarget => ({ kind: 'custom', key });
const part = (p: 'firstName' | 'lastName'): ColumnTarget => ({ kind: 'namePart', part: p });

describe('matchColumns', () => {
  it('matches the headers of the usual exports, whatever their case and punctuation', () => {
    expect(matchColumns(['First name', 'Last Name', 'LinkedIn URL', 'Company', 'Job title', 'E-mail', 'Time zone'])).toEqual([
      part('firstName'),
      part('lastName'),
      field('profileUrl'),
      field('company'),
      field('headline'),
      field('email'),
      field('timeZone'),
    ]);
    expect(matchColumns(['full_name', 'PROFILE URL', 'Company Name', 'Prénom'])).toEqual([
      field('name'),
      field('profileUrl'),
      field('company'),
      part('firstName'),
    ]);
    // A headline column keeps the headline; a job title beside it stays a custom field.
    expect(matchColumns(['Headline', 'Title'])).toEqual([field('headline'), custom('title')]);
  });

  it('finds the profile column by its values when no header names it', () => {
    const rows = [
      ['Ada', 'https://www.linkedin.com/in/ada'],
      ['Grace', 'linkedin.com/in/grace'],
      ['Alan', ''],
    ];
    expect(matchColumns(['Who', 'Link'], rows)).toEqual([custom('who'), field('profileUrl')]);
    expect(matchColumns(['Who', 'Link'], [['Ada', 'https://example.com']])).toEqual([custom('who'), custom('link')]);
  });

  it('gives each field to the first column only; later ones become custom fields with their own names', () => {
    expect(matchColumns(['Email', 'Work email', 'Note', 'note'])).toEqual([
      field('email'),
      custom('workEmail'),
      custom('note'),
      custom('note2'),
    ]);
    expect(matchColumns(['Tag', 'Tag'])).toEqual([custom('tag'), custom('tag2')]);
  });
});

describe('customFieldKey', () => {
  it('turns a header into a placeholder name', () => {
    expect(customFieldKey('Favourite colour')).toBe('favouriteColour');
    expect(customFieldKey('2nd email')).toBe('_2ndEmail');
    expect(customFieldKey('Ville d’été')).toBe('villeDEte');
    expect(customFieldKey('score')).toBe('score');
    expect(customFieldKey('companySize')).toBe('companySize');
    expect(customFieldKey('NPS score')).toBe('npsScore');
    expect(customFieldKey('!!')).toBe('field');
  });
});

describe('mappingProblems', () => {
  it('asks for a profile column, valid custom names and one column per field', () => {
    expect(mappingProblems(['A'], [custom('a')])).toEqual(['Choose the column with the LinkedIn profile URLs: every prospect needs one.']);
    expect(mappingProblems(['URL', 'Bad'], [field('profileUrl'), custom('my field')])[0]).toMatch(/“Bad”: a custom field name is one word/);
    expect(mappingProblems(['URL', 'Link'], [field('profileUrl'), field('profileUrl')])).toEqual([
      '“URL” and “Link” both fill LinkedIn profile URL: choose one.',
    ]);
    expect(mappingProblems(['URL', 'X'], [field('profileUrl'), { kind: 'ignore' }])).toEqual([]);
    expect(mappingProblems(['URL', 'First', 'Given'], [field('profileUrl'), part('firstName'), part('firstName')])).toEqual([
      '“First” and “Given” both fill First name: choose one.',
    ]);
  });
});

describe('buildProspects', () => {
  const targets = [part('firstName'), part('lastName'), field('profileUrl'), { kind: 'ignore' } as ColumnTarget, field('company')];

  it('trims values, leaves empty cells out, names people from first and last name, skips blank rows', () => {
    const rows = [
      [' Ada ', 'Lovelace', 'https://linkedin.com/in/ada', 'x', ''],
      ['', '', '', 'only ignored', ''],
      ['Grace', '', 'not a url', '', 'Navy'],
    ];
    expect(buildProspects(rows, targets)).toEqual({
      prospects: [
        { profileUrl: 'https://linkedin.com/in/ada', name: 'Ada Lovelace', customFields: { firstName: 'Ada', lastName: 'Lovelace' } },
        { profileUrl: 'not a url', name: 'Grace', company: 'Navy', customFields: { firstName: 'Grace' } },
      ],
      rowIndex: [0, 2],
      blankRows: 1,
    });
  });

  it('keeps a full-name column as the name', () => {
    const { prospects } = buildProspects(
      [['Ada', 'Countess Lovelace', 'https://x.test/in/a']],
      [part('firstName'), field('name'), field('profileUrl')],
    );
    expect(prospects[0]).toEqual({ profileUrl: 'https://x.test/in/a', name: 'Countess Lovelace', customFields: { firstName: 'Ada' } });
  });

  it('sends an empty profile URL for a row without one, so the import reports that row', () => {
    expect(buildProspects([['Ada', '']], [part('firstName'), field('profileUrl')]).prospects).toEqual([
      { profileUrl: '', name: 'Ada', customFields: { firstName: 'Ada' } },
    ]);
  });
});
