import { describe, expect, it } from 'vitest';
import { firstMessage, renderForRow } from './preview';

const graph = {
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'visit', type: 'profile_visit', position: { x: 0, y: 100 }, data: {} },
    {
      id: 'msg',
      type: 'message',
      position: { x: 0, y: 200 },
      data: { message_template: 'Hi {{firstName}}, how is {{company}}? {{missingOne}}', reply_wait_days: 3 },
    },
    { id: 'end', type: 'end', position: { x: 0, y: 300 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'visit' },
    { id: 'e2', source: 'visit', target: 'msg' },
    { id: 'e3', source: 'msg', target: 'end', sourceHandle: 'replied' },
  ],
};

describe('firstMessage', () => {
  it('finds the first step that sends text on the main path', () => {
    expect(firstMessage(graph)).toEqual({
      stepLabel: expect.any(String),
      template: 'Hi {{firstName}}, how is {{company}}? {{missingOne}}',
    });
  });
  it('is null for a campaign that sends no text, or no graph at all', () => {
    expect(firstMessage({ nodes: graph.nodes.filter((n) => n.id !== 'msg'), edges: [] })).toBeNull();
    expect(firstMessage(null)).toBeNull();
  });
});

describe('renderForRow', () => {
  it('fills custom fields, then top-level fields, and marks what stays unfilled', () => {
    const row = { profileUrl: 'https://linkedin.com/in/ada', company: 'Engines Ltd', customFields: { firstName: 'Ada' } };
    expect(renderForRow('Hi {{firstName}}, how is {{company}}? {{missingOne}}!', row)).toEqual({
      segments: [{ text: 'Hi Ada, how is Engines Ltd? ' }, { text: '{{missingOne}}', missing: 'missingOne' }, { text: '!' }],
      missing: ['missingOne'],
    });
  });
  it('prefers a custom field over the top-level field of the same name', () => {
    const row = { profileUrl: 'https://x.test/in/a', company: 'Top', customFields: { company: 'Custom' } };
    expect(renderForRow('{{company}}', row).segments).toEqual([{ text: 'Custom' }]);
  });
});
