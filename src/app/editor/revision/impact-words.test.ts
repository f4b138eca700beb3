import { describe, expect, it } from 'vitest';
import { edge, node } from '../../../domain/testing/fixtures';
import type { WorkflowDefinition } from '../../../domain/workflow-types';
import { impactWords } from './impact-words';

const launched: WorkflowDefinition = {
  nodes: [
    node('start', 'start'),
    node('visit', 'profile_visit'),
    node('invite', 'connection_request', { message_template: 'Hi' }),
    node('follow', 'message', { name: 'Follow-up', message_template: 'Any thoughts?', reply_wait_days: 2 }),
    node('end', 'end'),
  ],
  edges: [edge('start', 'visit'), edge('visit', 'invite'), edge('invite', 'follow', 'accepted'), edge('invite', 'end', 'no_response')],
};
const revision: WorkflowDefinition = {
  nodes: launched.nodes
    .filter((n) => n.id !== 'visit')
    .map((n) => (n.id === 'follow' ? { ...n, data: { ...n.data, message_template: 'Any thoughts, friend?' } } : n)),
  edges: [edge('start', 'invite'), ...launched.edges.slice(2)],
};

describe('impactWords (contract 10.4 review)', () => {
  it('says what changes for whom, in users’ words, with the texts before and after', () => {
    const words = impactWords(
      { removed: [{ nodeId: 'visit', prospects: 14 }], changedText: [{ nodeId: 'follow', prospectsAhead: 120 }], added: [] },
      launched,
      revision,
    );
    expect(words.headline).toBe('1 step changed, 1 step removed');
    expect(words.changed).toEqual([
      {
        nodeId: 'follow',
        sentence: '120 prospects will get the new “Follow-up” text.',
        before: { short: 'Any thoughts?', full: 'Any thoughts?' },
        after: { short: 'Any thoughts, friend?', full: 'Any thoughts, friend?' },
      },
    ]);
    expect(words.removed).toEqual([
      { nodeId: 'visit', prospects: 14, sentence: '“Visit profile” removed: 14 prospects there — move them to:' },
    ]);
    expect(words.targets.map((t) => t.label)).toEqual(['Connection request', 'Follow-up', 'End their run']);
    const sentences = [words.headline, ...words.changed.map((c) => c.sentence), ...words.removed.map((r) => r.sentence)];
    expect(sentences.join(' ')).not.toMatch(/visit|follow|_/);
  });

  it('says when nothing changes', () => {
    expect(impactWords({ removed: [], changedText: [], added: [] }, launched, launched).headline).toMatch(/^Nothing changes yet/);
  });
});
