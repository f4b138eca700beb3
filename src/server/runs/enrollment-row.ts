import type { Schedule } from '../../domain/contract/schedule';
import { excludedProspectSql } from '../audience/exclusions';
import { PROSPECT_COLUMNS, type ProspectColumns } from '../db/prospect-columns';

/** The enrollment row every engine transaction reads (contract 9.3): itself, its campaign's pin and schedule, its prospect. */
export interface EnrollmentRow extends ProspectColumns {
  id: string;
  workspace_id: string;
  campaign_id: string;
  prospect_id: string;
  sender_account_id: string | null;
  /** The campaign's senders now (contract 9.4: a removed one holds or hands over its prospects). */
  campaign_sender_ids: string[];
  status: string;
  current_node_id: string | null;
  phase: 'enter' | 'act' | 'wait';
  arrived_by: string | null;
  replied: boolean;
  visit: number;
  open_step: string | null;
  /** The graph version it moves on (contract 10.4): its own, or its campaign's launched one before it started. */
  graph_version: number;
  schedule: Schedule;
  /** Under way when its campaign was revised (contract 10.4): its timeline is read before each step (history.ts). */
  revised: boolean;
  /** On the do-not-contact list (contract 10.3): the enrollment ends before its next action. */
  excluded: boolean;
  /** Contract 10.1: the winners chosen on the campaign, by step or variant group (results/winners.ts). */
  variant_winners: Record<string, string>;
}

export const ENROLLMENT_COLUMNS = `e.id, e.workspace_id, e.campaign_id, e.prospect_id, e.sender_account_id, e.status, e.current_node_id, e.phase,
  e.arrived_by, e.replied, e.visit, e.open_step, e.revised, coalesce(e.graph_version, c.launched_version) AS graph_version, c.schedule, c.sender_account_ids::text[] AS campaign_sender_ids,
  ${PROSPECT_COLUMNS}, ${excludedProspectSql('p')} AS excluded, c.variant_winners`;
export const ENROLLMENT_FROM = 'enrollments e JOIN campaigns c ON c.id = e.campaign_id JOIN prospects p ON p.id = e.prospect_id';
