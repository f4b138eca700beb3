import { describe, expect, it } from 'vitest';
import { VIOLATION_CASES } from '../testing/violation-cases';
import { connectionOnlyGraph } from '../testing/fixtures';
import { validateWorkflow } from './index';

/**
 * Every violation message a marketer reads is in users' words. The machine fields (code,
 * rule, path, nodeId, handle) keep the contract's identifiers; the message never does.
 */

const SNAKE_CASE = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/;
const DATA_PATH = /\bdata\.|\bnodes\.\d|\bedges\.\d/;
const RULE_NUMBER = /\brule\s*\d|\b4\.1\.\d+/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ZOD_WORDS = /expected (number|string|boolean|object)|Too (small|big)|Invalid input/;
// Ids of the test graphs' steps: a message names steps by label, never by id.
const STEP_IDS = /“(start|score|invite|thanks|follow_up|withdraw|end|end_unqualified|inmail|push|call|orphan)”/;

/** Contract 5: the unknown_node_type message suggests `cancel_invitation`; the bad type is quoted back. */
const CONTRACT_NAMES = ['cancel_connection_request', 'cancel_invitation'];

function problems(message: string): string[] {
  let text = message;
  for (const name of CONTRACT_NAMES) text = text.split(name).join('');
  const found: string[] = [];
  for (const [what, pattern] of [
    ['snake_case identifier', SNAKE_CASE],
    ['data path', DATA_PATH],
    ['rule number', RULE_NUMBER],
    ['UUID', UUID],
    ['zod wording', ZOD_WORDS],
    ['step id', STEP_IDS],
  ] as const) {
    const match = pattern.exec(text);
    if (match) found.push(`${what} “${match[0]}”`);
  }
  return found;
}

describe('violation messages are in users’ words', () => {
  it.each(VIOLATION_CASES)('$code: $name', ({ broken, context }) => {
    const violations = validateWorkflow(broken(), context);
    expect(violations.length).toBeGreaterThan(0);
    for (const v of violations) expect({ message: v.message, problems: problems(v.message) }).toEqual({ message: v.message, problems: [] });
  });

  it('names steps by label and outputs by label, with UUID ids', () => {
    const g = connectionOnlyGraph();
    const id = '3f0c2a1e-8b7d-4c6e-9a5b-1d2e3f4a5b6c';
    g.nodes[1]!.id = id;
    g.edges = g.edges
      .filter((e) => e.sourceHandle !== 'no_response')
      .map((e) => ({ ...e, source: e.source === 'invite' ? id : e.source, target: e.target === 'invite' ? id : e.target }));
    const [missing] = validateWorkflow(g).filter((v) => v.code === 'missing_output');
    expect(missing).toMatchObject({ nodeId: id, handle: 'no_response', message: 'Connect the “No response” output of Connection request' });
  });

  it('numbers steps that share a label', () => {
    const g = connectionOnlyGraph();
    g.nodes.push({ id: 'invite_2', type: 'connection_request', position: { x: 0, y: 0 }, data: {} });
    const orphan = validateWorkflow(g).find((v) => v.code === 'unreachable_node');
    expect(orphan?.message).toBe('Connection request 2 cannot be reached from Start');
  });

  it('a data field out of its bound says what the field must hold', () => {
    const g = connectionOnlyGraph();
    g.nodes[1]!.data.wait_for_response_days = 0;
    const [v] = validateWorkflow(g).filter((x) => x.code === 'invalid_field');
    expect(v).toMatchObject({
      path: 'nodes.1.data.wait_for_response_days',
      message: 'Wait for acceptance must be a number of days greater than 0',
    });
  });

  it('lists every template problem of a text, with right suggestions', () => {
    const g = connectionOnlyGraph();
    g.nodes[1]!.data.message_template = 'Hi {{ first name }}, from {{company.name}} {{ role }}';
    const [v] = validateWorkflow(g).filter((x) => x.code === 'template_invalid');
    expect(v!.message).toContain('write {{firstName}}');
    expect(v!.message).toContain('{{companyName}}');
    expect(v!.message).toContain('Remove the spaces: write {{role}}');
    expect(v!.message).not.toMatch(/more\)/);
  });
});
