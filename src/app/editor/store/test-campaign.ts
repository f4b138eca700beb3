import type { WorkflowDefinition } from '../../../domain';
import { DEFAULT_SCHEDULE } from '../../../domain/contract/schedule';
import { editorStore } from './editor-store';
import type { CampaignMeta } from './types';

type OpenedCampaign = CampaignMeta & { workflow_definition: WorkflowDefinition };

/** A draft campaign record around `def` (tests); `meta` changes any of its fields. */
export const testCampaign = (def: WorkflowDefinition, meta: Partial<CampaignMeta> = {}): OpenedCampaign => ({
  campaignId: 'c1',
  workspaceId: 'w1',
  name: 'Test',
  status: 'draft',
  editingMode: 'easy',
  senderAccountIds: [],
  schedule: DEFAULT_SCHEDULE,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  archivedAt: null,
  revisionOf: null,
  openRevisionId: null,
  ...meta,
  workflow_definition: def,
});

/** Opens `def` in the editor store as the page does once a campaign is read (tests). */
export const openInEditor = (def: WorkflowDefinition, meta: Partial<CampaignMeta> = {}): void =>
  editorStore.getState().open(testCampaign(def, meta));
