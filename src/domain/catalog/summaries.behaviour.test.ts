import { describe, expect, it } from 'vitest';
import { CATALOG, NODE_TYPES, isBranching, isNodeType, isSend, nodeDefinition, type NodeType } from './index';

/**
 * The one-line summary each step shows on its canvas card and in path summaries: what the user
 * reads about a step without opening it. Empty data says what is missing; filled data quotes it.
 */

const FILLED = {
  keyword: 'pricing',
  condition: 'company contains Acme',
  url: 'https://acme.example/hook',
  query: 'Acme news',
  sheet: 'Leads',
  channel: '#sales',
  method: 'PUT',
  post_url: 'https://x.example/p/1',
  reply_message: 'Thanks for sharing!',
  campaign_id: 'ext_42',
  subject: 'Quick question',
  message_template: 'Hello {{firstName}}',
  reply_wait_days: 1,
  wait_for_response_days: 3,
  icpThreshold: 70,
  thresholdOperator: '<',
  delay_amount: 2,
  delay_type: 'hours',
  prompt: 'Write a short intro',
  customInstructions: 'Be brief',
};

const cases: [NodeType, empty: string, filled: string][] = [
  ['start', 'Prospects enter here', 'Prospects enter here'],
  ['end', 'Sequence ends', 'Sequence ends'],
  ['website_visitor_trigger', 'When the prospect visits your site', 'When the prospect visits your site'],
  ['new_connection_trigger', 'When a new connection appears', 'When a new connection appears'],
  ['post_keyword_trigger', 'No keyword yet', 'Comment contains “pricing”'],
  ['icp_scoring', 'No threshold set', 'Score < 70'],
  ['cancel_invitation', 'Withdraw the pending invitation', 'Withdraw the pending invitation'],
  ['message', 'No message yet', '“Hello {{firstName}}” · wait 1 day'],
  ['inmail', 'No subject', '“Quick question” · wait 1 day'],
  ['delay', 'No delay set', 'Wait 2 hours'],
  ['condition', 'No condition yet', 'If company contains Acme'],
  ['is_connected', 'If already connected', 'If already connected'],
  ['profile_visit', 'Visit the profile', 'Visit the profile'],
  ['follow', 'Follow the prospect', 'Follow the prospect'],
  ['like_post', 'Like the latest post', 'Like https://x.example/p/1'],
  ['post_comment_reply', 'No reply text yet', 'Reply “Thanks for sharing!”'],
  ['research_agent', 'No instructions yet', 'Be brief'],
  ['messaging_app_message', 'No message yet', '“Hello {{firstName}}” · wait 1 day'],
  ['email_finder_1', 'Work email by name and company', 'Work email by name and company'],
  ['email_campaign_push_1', 'Choose a credential and campaign', 'Push to campaign ext_42'],
  ['webhook', 'No URL yet', 'POST https://acme.example/hook'],
  ['web_search_1', 'Search the web', 'Search “Acme news”'],
  ['web_scrape_1', 'Scrape the company site', 'Scrape https://acme.example/hook'],
  ['web_scrape_2', 'Scrape the company site', 'Scrape https://acme.example/hook'],
  ['http_request', 'No URL yet', 'PUT https://acme.example/hook'],
  ['spreadsheet_export', 'Add a row', 'Add a row to Leads'],
  ['chat_notification', 'Notify the team', 'Notify #sales'],
];

describe('step summaries', () => {
  it.each(cases)('%s: “%s” when empty, “%s” when filled', (type, empty, filled) => {
    expect(CATALOG[type].summary({})).toBe(empty);
    expect(CATALOG[type].summary(FILLED)).toBe(filled);
  });

  it('every type says something, even about foreign data', () => {
    for (const type of NODE_TYPES) {
      expect(CATALOG[type].summary({}).length, type).toBeGreaterThan(0);
      expect(CATALOG[type].summary(CATALOG[type].defaults()).length, type).toBeGreaterThan(0);
      expect(
        CATALOG[type].summary({ url: 5, message_template: null, reply_wait_days: '3', delay_amount: 'x' }).length,
        type,
      ).toBeGreaterThan(0);
    }
  });

  it('a connection request quotes its note and its wait, or says it goes without a note', () => {
    const invite = CATALOG.connection_request.summary;
    expect(invite({ message_template: 'Hi {{firstName}}', wait_for_response_days: 1 })).toBe('Invite “Hi {{firstName}}” · wait 1 day');
    expect(invite({ message_template: 'Hi', wait_for_response_days: 14 })).toBe('Invite “Hi” · wait 14 days');
    expect(invite({ message_template: 'Hi' })).toBe('Invite “Hi”');
    expect(invite({ send_empty_request: true, message_template: 'Hi', wait_for_response_days: 2 })).toBe(
      'Invite without note · wait 2 days',
    );
    expect(invite({ send_empty_request: 'yes', message_template: 'Hi' })).toBe('Invite “Hi”');
  });

  it('the scoring card shows the operator as a sign, ≥ by default', () => {
    const score = CATALOG.icp_scoring.summary;
    expect(score({ icpThreshold: 70 })).toBe('Score ≥ 70');
    expect(score({ icpThreshold: 0, thresholdOperator: '>' })).toBe('Score > 0');
    expect(score({ icpThreshold: 5, thresholdOperator: 'between' })).toBe('Score ≥ 5');
  });

  it('an InMail card shows the subject and the reply wait', () => {
    const inmail = CATALOG.inmail.summary;
    expect(inmail({ subject: 'Hello', reply_wait_days: 4 })).toBe('“Hello” · wait 4 days');
    expect(inmail({ subject: 'Hello' })).toBe('“Hello”');
    expect(inmail({ reply_wait_days: 2 })).toBe('No subject · wait 2 days');
  });

  it('delays read in their unit, days when the unit is unknown', () => {
    const delay = CATALOG.delay.summary;
    expect(delay({ delay_amount: 30, delay_type: 'minutes' })).toBe('Wait 30 minutes');
    expect(delay({ delay_amount: 1, delay_type: 'hours' })).toBe('Wait 1 hour');
    expect(delay({ delay_amount: 3, delay_type: 'weeks' })).toBe('Wait 3 days');
    expect(delay({ delay_amount: 1 })).toBe('Wait 1 day');
  });

  it('numbers that are not finite numbers are not shown as waits', () => {
    for (const bad of ['3', Infinity, Number.NaN, null]) {
      expect(CATALOG.message.summary({ message_template: 'Hi', reply_wait_days: bad })).toBe('“Hi”');
      expect(CATALOG.delay.summary({ delay_amount: bad })).toBe('No delay set');
    }
  });

  it('agents quote their instructions first, then their prompt', () => {
    expect(CATALOG.research_agent.summary({ prompt: 'Find the CEO' })).toBe('Find the CEO');
    expect(CATALOG.research_agent.summary({ prompt: 'Find the CEO', customInstructions: 'Be brief' })).toBe('Be brief');
  });

  it('an HTTP request without a method is a GET', () => {
    expect(CATALOG.http_request.summary({ url: 'https://a.example' })).toBe('GET https://a.example');
  });

  it('long texts are cut with an ellipsis and whitespace runs read as one space', () => {
    const forty = 'x'.repeat(40);
    expect(CATALOG.message.summary({ message_template: forty })).toBe(`“${forty}”`);
    expect(CATALOG.message.summary({ message_template: `${forty}y` })).toBe(`“${'x'.repeat(39)}…”`);
    expect(CATALOG.message.summary({ message_template: '  Hi\n\n   there  ' })).toBe('“Hi there”');
    expect(CATALOG.post_keyword_trigger.summary({ keyword: 'k'.repeat(30) })).toBe(`Comment contains “${'k'.repeat(23)}…”`);
  });
});

describe('type lookups are safe for any string', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'nope', ''])('%j is not a node type', (name) => {
    expect(isNodeType(name)).toBe(false);
    expect(nodeDefinition(name)).toBeUndefined();
    expect(isBranching(name)).toBe(false);
    expect(isSend(name)).toBe(false);
  });

  it('non-strings are not node types', () => {
    for (const value of [undefined, null, 1, {}, ['start']]) {
      expect(isNodeType(value)).toBe(false);
      expect(isBranching(value)).toBe(false);
    }
  });
});
