import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import type { CampaignStatus } from '../../../domain';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { useEditorStore } from './editor-store';

/**
 * Undo as the user sees it (issue 16): typing bursts coalesce per field, so a change of one field
 * followed quickly by a change of another field is two undo steps — Ctrl+Z takes back only the
 * last one. The inspector writes every field with the coalesce key `<nodeId>:<field>`.
 */

const store = () => useEditorStore.getState();
const original = connectionOnlyGraph().nodes[1]!.data;
const write = (field: string, value: unknown) =>
  store().updateNodeData('invite', { [field]: value }, { label: `Edit Connection request · ${field}`, coalesceKey: `invite:${field}` });
const data = () => store().nodes.find((n) => n.id === 'invite')!.data;

beforeEach(() =>
  store().open({
    campaignId: 'c1',
    workspaceId: 'w1',
    name: 'Test',
    status: 'draft' as CampaignStatus,
    editingMode: 'easy',
    senderAccountIds: [],
    schedule: DEFAULT_SCHEDULE,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    workflow_definition: connectionOnlyGraph(),
  }),
);

describe('edits to different fields within the coalescing window are separate undo steps', () => {
  it('checkbox then text: undo takes back the text only, a second undo the checkbox', () => {
    write('send_empty_request', true);
    for (const text of ['H', 'Hi', 'Hi!']) write('message_template', text);
    expect(data()).toMatchObject({ send_empty_request: true, message_template: 'Hi!' });

    store().undo();
    expect(data()).toMatchObject({ send_empty_request: true, message_template: original.message_template });
    store().undo();
    expect(data()).toMatchObject({ send_empty_request: false, message_template: original.message_template });
  });

  it('number then text then the number again: three steps, undone newest first', () => {
    write('wait_for_response_days', 7);
    write('message_template', 'Hello');
    write('wait_for_response_days', 9);
    store().undo();
    expect(data()).toMatchObject({ wait_for_response_days: 7, message_template: 'Hello' });
    store().undo();
    expect(data()).toMatchObject({ wait_for_response_days: 7, message_template: original.message_template });
    store().undo();
    expect(data()).toMatchObject({ wait_for_response_days: original.wait_for_response_days });
    expect(store().dirty).toBe(false);
  });

  it('the same field on another step is another step too', () => {
    store().loadDefinition(
      {
        ...connectionOnlyGraph(),
        nodes: [
          ...connectionOnlyGraph().nodes,
          { id: 'second', type: 'connection_request', position: { x: 0, y: 0 }, data: { ...original } },
        ],
      },
      { label: 'Load', markDirty: true },
    );
    write('message_template', 'First');
    store().updateNodeData('second', { message_template: 'Second' }, { coalesceKey: 'second:message_template' });
    store().undo();
    expect(data().message_template).toBe('First');
    expect(store().nodes.find((n) => n.id === 'second')!.data.message_template).toBe(original.message_template);
  });

  it('redo brings the text back after undoing it', () => {
    write('send_empty_request', true);
    write('message_template', 'Hi!');
    store().undo();
    store().redo();
    expect(data()).toMatchObject({ send_empty_request: true, message_template: 'Hi!' });
  });
});
