import type { RunHistory } from '../../domain/run/revision';
import type { Queryable } from '../db/types';

/**
 * Contract 10.4: what a revised enrollment's timeline holds — each step done there, and each text sent
 * (an action made and not cancelled: one offered may have gone out even if its step was then
 * skipped) — so the walker passes a step it would otherwise do, or a message it would send, again.
 */
export async function runHistory(tx: Queryable, enrollmentId: string): Promise<RunHistory> {
  const { rows } = await tx.query<{ node_id: string; handle: string | null; done: boolean; text: string | null }>(
    `SELECT s.node_id, s.handle, s.status = 'done' AS done, s.rendered ->> 'text' AS text
     FROM enrollment_steps s LEFT JOIN run_actions a ON a.id = s.action_id
     WHERE s.enrollment_id = $1 AND (s.status = 'done' OR (a.id IS NOT NULL AND a.status <> 'cancelled'))
     ORDER BY s.position`,
    [enrollmentId],
  );
  const steps = new Map<string, { handle: string | null }>();
  const texts = new Map<string, { handle: string | null }>();
  for (const r of rows) {
    steps.set(r.node_id, { handle: r.handle });
    if (r.text !== null && r.text !== '') texts.set(r.text, { handle: r.handle });
  }
  return { step: (nodeId) => steps.get(nodeId), text: (rendered) => texts.get(rendered) };
}
