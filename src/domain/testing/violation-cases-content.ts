import { expect } from 'vitest';
import type { ViolationCase } from './violation-cases';
import { find } from './case-helpers';
import { connectionOnlyGraph, inmailFallbackGraph, scoredFollowUpGraph } from './fixtures';

/** What a step says and where it points: templates, unstorable text, provider limits, URLs (contract 5, 8.4, 8.6). */
export const CONTENT_CASES: ViolationCase[] = [
  {
    code: 'template_invalid',
    name: 'nested placeholder',
    broken: () => {
      const g = scoredFollowUpGraph();
      find(g, 'thanks').data.message_template = 'Hi {{first{{name}}}}';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'thanks', path: 'nodes.3.data.message_template', severity: 'error', rule: '2' },
  },
  {
    code: 'template_invalid',
    name: 'dotted path in a connection note',
    broken: () => {
      const g = connectionOnlyGraph();
      find(g, 'invite').data.message_template = 'Hi {{contact.firstName}}';
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'invite', path: 'nodes.1.data.message_template' },
  },
  {
    code: 'invalid_field',
    name: 'a NUL character in an extra data property (contract 8.4)',
    broken: () => {
      const g = connectionOnlyGraph();
      find(g, 'invite').data.note = 'a\u0000b';
      return g;
    },
    fixed: connectionOnlyGraph,
    expected: { nodeId: 'invite', path: 'nodes.1.data.note', severity: 'error', rule: '2' },
  },
  {
    code: 'invalid_field',
    name: 'a lone surrogate in a message (contract 8.4)',
    broken: () => {
      const g = scoredFollowUpGraph();
      find(g, 'thanks').data.message_template = 'Hi \ud800 there';
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'thanks', path: 'nodes.3.data.message_template' },
  },
  {
    code: 'provider_limit',
    name: 'a connection note over 300 characters',
    broken: () => {
      const g = connectionOnlyGraph();
      find(g, 'invite').data.message_template = 'x'.repeat(301);
      return g;
    },
    fixed: () => {
      const g = connectionOnlyGraph();
      find(g, 'invite').data.message_template = 'x'.repeat(300);
      return g;
    },
    expected: { nodeId: 'invite', path: 'nodes.1.data.message_template', severity: 'warning', rule: '2' },
  },
  {
    code: 'provider_limit',
    name: 'a connection note over 200 characters when a sender has no premium seat',
    context: { senders: [{ accountId: 'acc_free', premium: false, name: 'Robin Free' }] },
    broken: () => {
      const g = connectionOnlyGraph();
      find(g, 'invite').data.message_template = 'x'.repeat(201);
      return g;
    },
    fixed: () => {
      const g = connectionOnlyGraph();
      find(g, 'invite').data.message_template = 'x'.repeat(200);
      return g;
    },
    expected: { nodeId: 'invite', severity: 'warning', message: expect.stringContaining('Robin Free') },
  },
  {
    code: 'provider_limit',
    name: 'an InMail subject over 200 characters',
    broken: () => {
      const g = inmailFallbackGraph();
      find(g, 'inmail').data.subject = 's'.repeat(230);
      return g;
    },
    fixed: inmailFallbackGraph,
    expected: { nodeId: 'inmail', path: 'nodes.4.data.subject', severity: 'warning' },
  },
  {
    code: 'provider_limit',
    name: 'a message over 3000 characters',
    broken: () => {
      const g = scoredFollowUpGraph();
      find(g, 'thanks').data.message_template = 'm'.repeat(3001);
      return g;
    },
    fixed: scoredFollowUpGraph,
    expected: { nodeId: 'thanks', path: 'nodes.3.data.message_template', severity: 'warning' },
  },
  {
    code: 'invalid_url',
    name: 'an HTTP request URL that is not a web address',
    broken: () => {
      const g = connectionOnlyGraph();
      g.nodes.push({ id: 'call', type: 'http_request', position: { x: 0, y: 0 }, data: { method: 'GET', url: 'not a url' } });
      g.edges = g.edges.map((e) => (e.sourceHandle === 'accepted' ? { ...e, target: 'call' } : e));
      g.edges.push({ id: 'e_call', source: 'call', target: 'end' });
      return g;
    },
    fixed: () => {
      const g = connectionOnlyGraph();
      g.nodes.push({
        id: 'call',
        type: 'http_request',
        position: { x: 0, y: 0 },
        data: { method: 'GET', url: 'https://api.example.com/x' },
      });
      g.edges = g.edges.map((e) => (e.sourceHandle === 'accepted' ? { ...e, target: 'call' } : e));
      g.edges.push({ id: 'e_call', source: 'call', target: 'end' });
      return g;
    },
    expected: { nodeId: 'call', path: 'nodes.3.data.url', severity: 'warning', rule: '2' },
  },
  {
    code: 'condition_unreadable',
    name: 'a condition without a test (contract 9.3)',
    broken: () => {
      const g = connectionOnlyGraph();
      g.nodes.push({ id: 'check', type: 'condition', position: { x: 0, y: 0 }, data: { condition: 'company Acme' } });
      g.edges = g.edges.map((e) => (e.sourceHandle === 'accepted' ? { ...e, target: 'check' } : e));
      g.edges.push({ id: 'e_check', source: 'check', target: 'end' });
      return g;
    },
    fixed: () => {
      const g = connectionOnlyGraph();
      g.nodes.push({ id: 'check', type: 'condition', position: { x: 0, y: 0 }, data: { condition: 'company contains Acme' } });
      g.edges = g.edges.map((e) => (e.sourceHandle === 'accepted' ? { ...e, target: 'check' } : e));
      g.edges.push({ id: 'e_check', source: 'check', target: 'end' });
      return g;
    },
    expected: {
      nodeId: 'check',
      path: 'nodes.3.data.condition',
      severity: 'warning',
      rule: '2',
      message: expect.stringContaining("can't be read: it has no test"),
    },
  },
];
