import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv';

describe('csv', () => {
  it('escapes formulas, quotes what must be quoted, writes numbers as they are', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('Hi, there')).toBe('"Hi, there"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(null)).toBe('');
    expect(csvText(['a', 'b'], [[1, 'x']])).toBe('\ufeffa,b\r\n1,x\r\n');
  });
});

describe('csv numbers', () => {
  it('writes a number that is not finite as an empty cell', () => {
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvCell(0)).toBe('0');
  });
});
