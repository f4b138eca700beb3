import type { WorkflowDefinition } from './workflow-types';

/** Contract 4 campaign states and editing modes. */
export type CampaignStatus = 'draft' | 'active' | 'paused' | 'completed';
export type EditingMode = 'easy' | 'advanced';

/** Contract 4 campaign record, as every campaign tool returns it. */
export interface CampaignRecord {
  campaignId: string;
  workspaceId: string;
  name: string;
  status: CampaignStatus;
  editingMode: EditingMode;
  senderAccountIds: string[];
  created_at: string;
  updated_at: string;
  workflow_definition: WorkflowDefinition;
}
