import { describe, expect, it } from 'vitest';
import { postTags } from './post-tags';

describe('postTags', () => {
  it('finds the hashtags of a post, each once, in order', () => {
    expect(postTags('Pipeline tips for #SaaS founders. #growth #saas #RevOps_2026')).toEqual(['SaaS', 'growth', 'RevOps_2026']);
    expect(postTags('Über #Vertrieb und #KI in 2026')).toEqual(['Vertrieb', 'KI']);
  });

  it('leaves out what is no tag: numbers, anchors in links, a # inside a word', () => {
    expect(postTags('We are #1 again! See https://example.com/page#pricing and C# tips, issue#42.')).toEqual([]);
    expect(postTags('')).toEqual([]);
  });
});
