import { describe, expect, it } from 'vitest';
import { parseCsvText } from './parse-csv';

describe('parseCsvText', () => {
  it('reads quoted commas, quotes and line breaks inside a value', () => {
    const csv = 'Name,Company,Note\n"Lovelace, Ada","Engines, Ltd","She said ""hi""\nthen left"\n';
    const { headers, rows, warnings } = parseCsvText(csv);
    expect(headers).toEqual(['Name', 'Company', 'Note']);
    expect(rows).toEqual([['Lovelace, Ada', 'Engines, Ltd', 'She said "hi"\nthen left']]);
    expect(warnings).toEqual([]);
  });

  it('drops a byte-order mark and reads Windows line endings', () => {
    const { headers, rows } = parseCsvText(
      '\ufeffFirst name,LinkedIn URL\r\nAda,https://linkedin.com/in/ada\r\nGrace,https://linkedin.com/in/grace\r\n',
    );
    expect(headers).toEqual(['First name', 'LinkedIn URL']);
    expect(rows).toEqual([
      ['Ada', 'https://linkedin.com/in/ada'],
      ['Grace', 'https://linkedin.com/in/grace'],
    ]);
  });

  it('skips blank lines, pads short rows and names empty headers', () => {
    const { headers, rows } = parseCsvText('a,,c\n1,2\n\n , , \n4,5,6\n');
    expect(headers).toEqual(['a', 'Column 2', 'c']);
    expect(rows).toEqual([
      ['1', '2', ''],
      ['4', '5', '6'],
    ]);
  });

  it('guesses a semicolon delimiter', () => {
    expect(parseCsvText('Name;Company\nAda;Engines, Ltd\n').rows).toEqual([['Ada', 'Engines, Ltd']]);
  });

  it('says where a quote is never closed', () => {
    const { warnings } = parseCsvText('Name,Company\n"Ada,Engines\nGrace,Navy\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Line \d+: a quoted value is never closed/);
  });

  it('reads 10,000 rows', () => {
    const lines = ['First name,LinkedIn URL'];
    for (let i = 0; i < 10_000; i++) lines.push(`"Person, ${i}",https://www.linkedin.com/in/p${i}`);
    const { rows } = parseCsvText(lines.join('\r\n'));
    expect(rows).toHaveLength(10_000);
    expect(rows[9_999]).toEqual(['Person, 9999', 'https://www.linkedin.com/in/p9999']);
  });
});
