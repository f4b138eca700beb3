import { describe, expect, it } from 'vitest';
import { findProspectIds, type ProspectPageLike } from './find-imported';

const pages: ProspectPageLike[] = [
  {
    items: [
      { prospectId: 'a', profileUrl: 'https://www.linkedin.com/in/ada' },
      { prospectId: 'x', profileUrl: 'https://www.linkedin.com/in/x' },
    ],
    nextCursor: 'c1',
  },
  { items: [{ prospectId: 'g', profileUrl: 'https://www.linkedin.com/in/grace' }], nextCursor: 'c2' },
  { items: [{ prospectId: 'z', profileUrl: 'https://www.linkedin.com/in/z' }], nextCursor: null },
];

describe('findProspectIds', () => {
  it('matches profiles as the server stores them and stops once all are found', async () => {
    const read: (string | undefined)[] = [];
    const ids = await findProspectIds(
      ['https://WWW.LinkedIn.com/in/ada/?utm=x', 'https://www.linkedin.com/in/grace#top', 'not a url'],
      async (cursor) => {
        read.push(cursor);
        return pages[read.length - 1]!;
      },
    );
    expect(ids).toEqual(['a', 'g']);
    expect(read).toEqual([undefined, 'c1']);
  });
  it('reads to the end when a profile is missing', async () => {
    let n = 0;
    expect(await findProspectIds(['https://www.linkedin.com/in/nobody'], async () => pages[n++]!)).toEqual([]);
    expect(n).toBe(3);
  });
});
