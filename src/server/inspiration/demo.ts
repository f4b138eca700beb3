import type { Db } from '../db/types';
import type { InspirationInput } from '../../domain/contract/inspiration';
import { saveInspiration } from './queries';

/** Demo inspirations (spec 4.3 shapes), some with media. Saved through the same path as the API. */
/**
 * Demo media ship with the app (public/demo, served by this server at these path-absolute URLs), so
 * an offline machine shows them and no view asks a foreign host for anything.
 */
const DEMO: InspirationInput[] = [
  {
    text: 'Stop sending 300-word cold messages. The best first touch I ever got was 2 lines: a specific compliment and one question.',
    author: 'Maya Lindqvist',
    authorUrl: 'https://www.linkedin.com/in/maya-lindqvist',
    reactions: 1840,
    comments: 212,
    reposts: 96,
    publishedAt: '2026-02-11T08:30:00Z',
    observedAt: '2026-02-12T10:02:11Z',
    url: 'https://www.linkedin.com/posts/maya-lindqvist_outreach-1',
    providerId: 'urn:li:activity:7161',
    notes: 'Hook: contrarian + concrete number',
  },
  {
    text: 'We A/B tested 14 connection-request notes across 9,000 prospects. Blank requests won by 11%. Here is the breakdown 👇',
    author: 'Diego Alvarez',
    reactions: 3205,
    comments: 488,
    reposts: 301,
    publishedAt: '2026-01-28T15:00:00Z',
    media: [
      {
        type: 'image',
        url: '/demo/ab-test-chart.svg',
        thumbnailUrl: '/demo/ab-test-chart-thumb.svg',
        width: 1200,
        height: 675,
      },
    ],
  },
  {
    text: 'ICP scoring is not about excluding people. It is about deciding where your best hours go.',
    author: 'Priya Raman',
    reactions: 655,
    comments: 41,
    reposts: 12,
    notes: 'Good framing for the scoring step',
  },
  {
    text: 'My 3-step follow-up rule: add value, add proof, add a way out. Never "just bumping this".',
    author: 'Tom Becker',
    reactions: 980,
    comments: 77,
    reposts: 45,
    media: [{ type: 'image', url: '/demo/follow-up-rule.svg', thumbnailUrl: null, width: 320, height: 180 }],
  },
  {
    text: 'Your inbox is a CRM whether you like it or not. Tag every reply within 24 hours.',
    author: 'Hana Sato',
    reactions: 412,
    comments: 29,
    reposts: 8,
    url: null,
    authorId: null,
  },
  {
    text: 'We replaced our SDR playbook PDF with a single workflow graph. Onboarding dropped from 3 weeks to 4 days.',
    author: 'Marcus Webb',
    reactions: 2210,
    comments: 190,
    reposts: 140,
    media: [
      { type: 'image', url: '/demo/workflow-1.svg', thumbnailUrl: null, width: 1600, height: 900 },
      { type: 'image', url: '/demo/workflow-2.svg', thumbnailUrl: null, width: 1600, height: 900 },
    ],
  },
  {
    text: 'Voice notes on WhatsApp get 3x the reply rate of text for warm leads. Cold leads? They block you.',
    author: 'Zara Haddad',
    reactions: 743,
    comments: 133,
    reposts: 22,
  },
  {
    text: 'Stop measuring reply rate. Measure positive-reply rate per 100 prospects. Everything else is vanity.',
    author: 'Lucas Martin',
    reactions: 1502,
    comments: 98,
    reposts: 70,
    observedAt: '2026-03-02T09:00:00Z',
  },
  {
    text: 'InMail to open profiles is free. Most teams never check. That is a line item you can delete today.',
    author: 'Elena Novak',
    reactions: 508,
    comments: 36,
    reposts: 19,
    media: [
      {
        type: 'image',
        url: '/demo/open-profile.svg',
        thumbnailUrl: '/demo/open-profile-t.svg',
        width: null,
        height: null,
      },
    ],
  },
];

export async function seedInspirations(db: Db, workspaceId: string): Promise<void> {
  for (const item of DEMO) await saveInspiration(db, workspaceId, item);
}
