import type { Queryable } from '../db/types';
import { wakeRuns } from './wake';

/**
 * Contract 9.3: launch pins the graph the run interprets (the saved version at launch); the
 * engine's worker then starts the campaign's enrollments at `start`.
 */
export async function pinLaunchedGraph(tx: Queryable, campaignId: string): Promise<void> {
  await tx.query('UPDATE campaigns SET launched_version = graph_version WHERE id = $1', [campaignId]);
  await wakeRuns(tx);
}
