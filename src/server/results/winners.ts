import type { CampaignResults } from '../../domain/contract/results';
import { stepVariants, variantGroupKey, variantLetter, type VariantId } from '../../domain/variants';
import type { Db } from '../db/types';
import { ApiError } from '../http/errors';
import { campaignResults, campaignGraphs, resultsCampaign } from './results';

/**
 * Contract 10.1 POST /api/v1/campaigns/{id}/steps/{nodeId}/winner (and choose-variant-winner): the
 * variant every prospect who reaches the step — or any step of its variant group — from now on gets.
 * Those past it keep theirs; every choice is kept (variant_winner_choices), the current one per group
 * on the campaign (`variant_winners`, read by the engine with each enrollment row).
 */

const RUNNING = new Set(['active', 'paused']);

export async function chooseVariantWinner(
  db: Db,
  workspaceId: string,
  choice: { campaignId: string; nodeId: string; variantId: VariantId },
): Promise<CampaignResults | undefined> {
  const found = await db.transaction(async (tx) => {
    const campaign = await resultsCampaign(tx, workspaceId, choice.campaignId, true);
    if (!campaign) return false;
    if (!RUNNING.has(campaign.status) || campaign.launched_version === null)
      throw new ApiError(409, 'campaign_not_active', `The campaign is ${campaign.status}: a winner is chosen while it runs or is paused.`, {
        status: campaign.status,
      });
    const graph = (await campaignGraphs(tx, choice.campaignId, [campaign.launched_version])).get(campaign.launched_version);
    const node = graph?.nodes.find((n) => n.id === choice.nodeId);
    if (!node)
      throw new ApiError(404, 'not_found', 'This campaign has no step with that nodeId.', {
        hint: 'Call get-campaign-results: each step row names its nodeId.',
      });
    const variants = stepVariants(node);
    if (!variants)
      throw new ApiError(
        400,
        'invalid_request',
        'This step has no variants: every prospect already gets its one text, so there is no winner to choose.',
        {
          errors: [{ path: 'nodeId', message: 'has no variants' }],
        },
      );
    if (!variants.some((v) => v.variantId === choice.variantId))
      throw new ApiError(404, 'not_found', `This step has no variant ${variantLetter(choice.variantId)}.`, {
        hint: `Choose one of its variants: ${variants.map((v) => variantLetter(v.variantId)).join(', ')}.`,
      });
    const key = variantGroupKey(node);
    await tx.query(`UPDATE campaigns SET variant_winners = variant_winners || jsonb_build_object($2::text, $3::text) WHERE id = $1`, [
      choice.campaignId,
      key,
      choice.variantId,
    ]);
    await tx.query('INSERT INTO variant_winner_choices (campaign_id, node_id, group_key, variant_id) VALUES ($1, $2, $3, $4)', [
      choice.campaignId,
      choice.nodeId,
      key,
      choice.variantId,
    ]);
    return true;
  });
  return found ? campaignResults(db, workspaceId, choice.campaignId) : undefined;
}
