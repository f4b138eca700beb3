import type { CampaignStatus } from '../../domain';

/**
 * A campaign's status in users' words, written once for every page (the list, its filter, the
 * editor's badge, the launch review). The wire keeps the contract's words (contract 4).
 */
export const CAMPAIGN_STATUS_LABEL: Readonly<Record<CampaignStatus, string>> = {
  draft: 'Draft',
  active: 'Running',
  paused: 'Paused',
  completed: 'Finished',
};

/** One sentence on what the status means for the user, for a badge's tooltip. */
export const CAMPAIGN_STATUS_HELP: Readonly<Record<CampaignStatus, string>> = {
  draft: 'Not launched yet: you can change it, and nothing is sent.',
  active: 'Launched: it is sending. Its steps can no longer change; duplicate it to edit a copy.',
  paused: 'Launched, then paused: nothing is sent until it resumes.',
  completed: 'Launched and finished: nothing more is sent.',
};
