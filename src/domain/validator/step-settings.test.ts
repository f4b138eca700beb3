import { describe, expect, it } from 'vitest';
import { find } from '../testing/case-helpers';
import { connectionOnlyGraph, emailPushFallbackGraph, inmailFallbackGraph, scoredFollowUpGraph } from '../testing/fixtures';
import type { ValidationContext } from '../workflow-types';
import { validateWorkflow } from './index';

/**
 * What a step's settings are told (spec 4.1 rules 9, 10, templates of spec 2.5, contract 8.6
 * readiness), in the words and at the paths a form shows them.
 */

const senders = (...list: Array<{ name?: string; premium?: boolean }>): ValidationContext => ({
  senders: list.map((s, i) => ({ accountId: `acc_${i}`, premium: s.premium ?? false, ...(s.name === undefined ? {} : { name: s.name }) })),
});

describe('email push configuration (rule 9)', () => {
  it('asks for each missing setting by its label', () => {
    const g = emailPushFallbackGraph();
    find(g, 'push').data.credential_id = ' ';
    delete find(g, 'push').data.campaign_id;
    expect(validateWorkflow(g)).toStrictEqual([
      {
        code: 'email_push_config',
        rule: '4.1.9',
        severity: 'error',
        message: 'Choose the credential of Add to an email campaign (first email tool)',
        nodeId: 'push',
        path: 'nodes.3.data.credential_id',
      },
      {
        code: 'email_push_config',
        rule: '4.1.9',
        severity: 'error',
        message: 'Choose the external campaign of Add to an email campaign (first email tool)',
        nodeId: 'push',
        path: 'nodes.3.data.campaign_id',
      },
    ]);
  });
});

describe('InMail and premium seats (rule 10)', () => {
  const closedInMail = () => {
    const g = inmailFallbackGraph();
    find(g, 'inmail').data.only_open_profiles = false;
    return g;
  };

  it('names the senders who lack a seat, once each, trimmed, and unnamed ones as “a sender”', () => {
    const context = senders({ name: ' Robin ' }, {}, { name: '  ' }, { name: 'Robin' }, { name: 'Sam' }, { name: 'Pro', premium: true });
    expect(validateWorkflow(closedInMail(), context)).toStrictEqual([
      {
        code: 'inmail_premium',
        rule: '4.1.10',
        severity: 'error',
        message: 'InMail needs a premium seat, which Robin, a sender and Sam lacks: send to open profiles only, or use senders with a seat',
        nodeId: 'inmail',
        path: 'nodes.4.data.only_open_profiles',
      },
    ]);
    expect(validateWorkflow(closedInMail(), senders({})).map((v) => v.message)).toEqual([
      'InMail needs a premium seat, which a sender lacks: send to open profiles only, or use senders with a seat',
    ]);
  });

  it('only warns while the senders are unknown', () => {
    expect(validateWorkflow(closedInMail())).toStrictEqual([
      {
        code: 'inmail_premium',
        rule: '4.1.10',
        severity: 'warning',
        message: 'InMail needs senders with a premium seat, or open profiles only',
        nodeId: 'inmail',
        path: 'nodes.4.data.only_open_profiles',
      },
    ]);
  });
});

describe('templates (spec 2.5, contract 5)', () => {
  const withNote = (text: string) => {
    const g = connectionOnlyGraph();
    find(g, 'invite').data.message_template = text;
    return validateWorkflow(g);
  };

  it('lists each problem with where it starts', () => {
    expect(withNote('Hi {{ first }}, {{a b}}')).toStrictEqual([
      {
        code: 'template_invalid',
        rule: '2',
        severity: 'error',
        message:
          'Message: Remove the spaces: write {{first}} (at character 4); “a b” is not a field name (one word of letters and digits): write {{aB}} (at character 17)',
        nodeId: 'invite',
        path: 'nodes.1.data.message_template',
      },
    ]);
  });

  it('lists twenty problems, then counts the rest', () => {
    const listed = (count: number) => withNote('{{a b}} '.repeat(count))[0]!.message.split('; ');
    expect(listed(20)).toHaveLength(20);
    expect(listed(20).at(-1)).toBe('“a b” is not a field name (one word of letters and digits): write {{aB}} (at character 153)');
    expect(listed(21)).toHaveLength(21);
    expect(listed(21).at(-1)).toBe('1 more problems after these');
    expect(listed(27).at(-1)).toBe('7 more problems after these');
  });
});

describe('provider limits (contract 8.6)', () => {
  const note = (text: string, data: Record<string, unknown> = {}) => {
    const g = connectionOnlyGraph();
    Object.assign(find(g, 'invite').data, { message_template: text, ...data });
    return g;
  };

  it('warns with the count, the limit and the step, at the field', () => {
    expect(validateWorkflow(note('x'.repeat(301)))).toStrictEqual([
      {
        code: 'provider_limit',
        rule: '2',
        severity: 'warning',
        message: 'The connection note of Connection request has 301 characters: the network accepts at most 300. Shorten it before launch.',
        nodeId: 'invite',
        path: 'nodes.1.data.message_template',
      },
    ]);
    expect(validateWorkflow(note('x'.repeat(201)), senders({ name: 'Robin Free' }, { name: 'Sam Pro', premium: true }))).toStrictEqual([
      {
        code: 'provider_limit',
        rule: '2',
        severity: 'warning',
        message:
          'The connection note of Connection request has 201 characters: the network accepts at most 200 from a sender without a premium seat (Robin Free). Shorten it before launch.',
        nodeId: 'invite',
        path: 'nodes.1.data.message_template',
      },
    ]);
  });

  it('counts characters as people do: an emoji is one', () => {
    expect(validateWorkflow(note('🙂'.repeat(300)))).toEqual([]);
    expect(validateWorkflow(note('🙂'.repeat(301))).map((v) => v.message)).toEqual([
      'The connection note of Connection request has 301 characters: the network accepts at most 300. Shorten it before launch.',
    ]);
  });

  it('a request sent without a note sends no text at all', () => {
    expect(validateWorkflow(note('x'.repeat(400), { send_empty_request: true }))).toEqual([]);
    expect(validateWorkflow(note('x'.repeat(400), { send_empty_request: false })).map((v) => v.code)).toEqual(['provider_limit']);
  });

  it('“send without a note” silences only a connection request: a message carrying it is still too long', () => {
    const g = scoredFollowUpGraph();
    Object.assign(find(g, 'thanks').data, { message_template: 'm'.repeat(3001), send_empty_request: true });
    expect(validateWorkflow(g).map((v) => v.message)).toEqual([
      'The message of Message has 3001 characters: the network accepts at most 3000. Shorten it before launch.',
    ]);
  });

  it('only the connection note has a lower limit for senders without a seat', () => {
    const g = scoredFollowUpGraph();
    find(g, 'thanks').data.message_template = 'm'.repeat(3001);
    expect(validateWorkflow(g, senders({ name: 'Robin Free' })).map((v) => v.message)).toEqual([
      'The message of Message has 3001 characters: the network accepts at most 3000. Shorten it before launch.',
    ]);
  });
});

describe('web addresses (contract 8.6)', () => {
  const request = (url: string) => {
    const g = connectionOnlyGraph();
    g.nodes.push({ id: 'call', type: 'http_request', position: { x: 0, y: 0 }, data: { method: 'GET', url } });
    g.edges = g.edges.map((e) => (e.sourceHandle === 'accepted' ? { ...e, target: 'call' } : e));
    g.edges.push({ id: 'e_call', source: 'call', target: 'end' });
    return validateWorkflow(g);
  };

  it('asks for a full address, and leaves an empty one alone', () => {
    expect(request('example.com/page')).toStrictEqual([
      {
        code: 'invalid_url',
        rule: '2',
        severity: 'warning',
        message: 'The URL of HTTP request is not a web address: write it in full, like https://example.com/page.',
        nodeId: 'call',
        path: 'nodes.3.data.url',
      },
    ]);
    expect(request('')).toEqual([]);
    expect(request('   ')).toEqual([]);
  });
});
