import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionOnlyGraph } from '../../../domain/testing/fixtures';
import { ERROR_CODES } from '../../../domain/contract/errors';
import { ToolError } from '../../api/mcp';
import { useToasts } from '../../ui/toast';
import { editorStore } from '../store';
import { openInEditor, testCampaign } from '../store/test-campaign';
import { readDraft, writeDraft } from './drafts';
import { MAX_MERGED_RESAVES, saveCampaign, useSaveState } from './save';

const api = vi.hoisted(() => ({ saveWorkflow: vi.fn(), fetchCampaign: vi.fn(), rememberCampaign: vi.fn() }));
vi.mock('../../api/campaigns', () => api);
// A stale save's merge is merge-flow's to test: here it always merges without a question.
const merge = vi.hoisted(() => ({ mergeWithServer: vi.fn() }));
vi.mock('./merge-flow', async (original) => ({ ...(await original<object>()), ...merge }));

const SAVED_AT = '2026-01-01T00:09:00.000Z';
const lastToast = () => useToasts.getState().toasts.at(-1);
const storage = new Map<string, string>();

beforeEach(() => {
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  storage.clear();
  useToasts.setState({ toasts: [] });
  useSaveState.setState({ saving: false });
  api.saveWorkflow.mockReset();
  api.fetchCampaign.mockReset().mockResolvedValue(testCampaign(connectionOnlyGraph(), { updated_at: SAVED_AT }));
  merge.mergeWithServer.mockReset().mockResolvedValue('merged');
  openInEditor(connectionOnlyGraph());
  // An unsaved change that breaks no rule: the first step moved.
  const moved = connectionOnlyGraph();
  moved.nodes[0]!.position = { x: 40, y: 40 };
  editorStore.getState().loadDefinition(moved, { label: 'Move', markDirty: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('saveCampaign', () => {
  it('saves the canvas based on the updated_at it was read at, marks it saved and forgets the draft', async () => {
    writeDraft('c1', { definition: connectionOnlyGraph(), baseUpdatedAt: null, savedAt: SAVED_AT });
    const definition = editorStore.getState().getDefinition();
    api.saveWorkflow.mockResolvedValue(testCampaign(definition, { updated_at: SAVED_AT }));
    expect(await saveCampaign()).toBe(true);
    expect(api.saveWorkflow).toHaveBeenCalledWith({
      campaignId: 'c1',
      expectedUpdatedAt: '2026-01-01T00:00:00.000Z',
      workflow_definition: definition,
    });
    expect(editorStore.getState().dirty).toBe(false);
    expect(editorStore.getState().baseUpdatedAt).toBe(SAVED_AT);
    expect(readDraft('c1')).toBeNull();
    expect(lastToast()).toMatchObject({ tone: 'success' });
    expect(useSaveState.getState().saving).toBe(false);
  });

  it('a stale save merged without a question is saved again', async () => {
    api.saveWorkflow
      .mockRejectedValueOnce(new ToolError(ERROR_CODES.stale_edit, 'stale', {}))
      .mockImplementation(async () => testCampaign(editorStore.getState().getDefinition(), { updated_at: SAVED_AT }));
    expect(await saveCampaign()).toBe(true);
    expect(api.saveWorkflow).toHaveBeenCalledTimes(2);
    expect(merge.mergeWithServer).toHaveBeenCalledTimes(1);
  });

  it('stops after a bounded number of merged re-saves when others keep saving, and says so', async () => {
    api.saveWorkflow.mockRejectedValue(new ToolError(ERROR_CODES.stale_edit, 'stale', {}));
    expect(await saveCampaign()).toBe(false);
    expect(api.saveWorkflow).toHaveBeenCalledTimes(MAX_MERGED_RESAVES + 1);
    expect(lastToast()).toMatchObject({ tone: 'error', message: expect.stringContaining('others keep saving') });
    expect(useSaveState.getState().saving).toBe(false);
  });

  it('a merge that asks a question does not save again', async () => {
    merge.mergeWithServer.mockResolvedValue('conflicts');
    api.saveWorkflow.mockRejectedValue(new ToolError(ERROR_CODES.stale_edit, 'stale', {}));
    expect(await saveCampaign()).toBe(false);
    expect(api.saveWorkflow).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s rule breaks on the canvas', async () => {
    const violations = [{ code: 'orphan_node', severity: 'error', message: 'Not reachable from Start.', nodeId: 'end' }];
    api.saveWorkflow.mockRejectedValue(new ToolError(ERROR_CODES.invalid_workflow, 'invalid', { violations }));
    expect(await saveCampaign()).toBe(false);
    expect(editorStore.getState().serverViolations).toEqual(violations);
    expect(editorStore.getState().dirty).toBe(true);
  });

  it('turns the editor read-only when the campaign is no longer a draft', async () => {
    api.saveWorkflow.mockRejectedValue(new ToolError(ERROR_CODES.campaign_not_draft, 'not a draft', { status: 'active' }));
    expect(await saveCampaign()).toBe(false);
    expect(editorStore.getState().readOnly).toBe(true);
  });

  it('saves nothing while read-only, and says why', async () => {
    editorStore.getState().setReadOnly('This campaign is live.');
    expect(await saveCampaign()).toBe(false);
    expect(api.saveWorkflow).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ tone: 'error', message: 'This campaign is live.' });
  });
});
