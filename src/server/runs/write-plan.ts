import type { EventType } from '../../domain/contract/webhooks';
import type { Queryable } from '../db/types';
import { asText, fromUnnest, type Value } from '../db/unnest';
import { emitEvents } from '../events';
import { countStepsMoved } from '../observe/metrics';
import { cancelActions, insertActions, type NewAction } from './action-store';
import { GateSession } from './gate';
import { notifyRunMoved } from './progress-notice';
import { wakeRuns } from './wake';

/**
 * The run engine's writes of one transaction (contract 9.3), collected while its enrollments are
 * advanced in memory and flushed in a few multi-row statements: one batch of due enrollments, one
 * batch of executor answers, or one enrollment (a prospect event) — the same code path for all.
 * Every row ends as it would after the single-row writes, in the same transaction.
 */

/** SQL types of the columns a plan writes; values travel as text arrays and are cast back. */
const STEP_TYPES = {
  enrollment_id: 'uuid',
  node_id: 'text',
  type: 'text',
  status: 'text',
  scheduled_for: 'timestamptz',
  started_at: 'timestamptz',
  finished_at: 'timestamptz',
  handle: 'text',
  action_id: 'uuid',
  rendered: 'jsonb',
  error: 'text',
  variant_id: 'text',
  version: 'int',
} as const;
const ENROLLMENT_TYPES = {
  current_node_id: 'text',
  arrived_by: 'text',
  replied: 'boolean',
  visit: 'int',
  open_step: 'bigint',
  status: 'text',
  outcome: 'text',
  error: 'text',
  finished_at: 'timestamptz',
  next_step_at: 'timestamptz',
  phase: 'text',
  wait_events: 'jsonb',
  timeout_handle: 'text',
  graph_version: 'int',
  waiting_reason: 'text',
} as const;

export type StepValues = Partial<Record<keyof typeof STEP_TYPES, Value>>;
export type EnrollmentValues = Partial<Record<keyof typeof ENROLLMENT_TYPES, Value | StepRef>>;

/** A timeline row this plan inserts; its position is allocated when the plan is flushed. */
export interface NewStep {
  readonly values: StepValues;
  position?: string;
}
/** A timeline row: an existing one by position, or one this plan inserts. */
export type StepRef = string | NewStep;

export class WritePlan {
  private readonly newSteps: NewStep[] = [];
  private readonly stepPatches = new Map<StepRef, StepValues>();
  private readonly enrollmentPatches = new Map<string, EnrollmentValues>();
  private readonly actions: NewAction[] = [];
  private readonly ended = new Set<string>();
  private readonly events: { workspaceId: string; type: EventType; data: unknown }[] = [];
  private readonly moved = new Set<string>();
  private wake = false;
  private gate: GateSession | undefined;

  /** `now`: the engine's clock when the transaction began. `optimisticQuota`: it runs again on `QuotaRaced` (gate.ts `withQuotaRetry`). */
  constructor(
    readonly now: number,
    private readonly optimisticQuota = false,
  ) {}

  /** The send gate of this plan's transaction (its quota and pacing writes go out with the plan). */
  gateSession(tx: Queryable): GateSession {
    return (this.gate ??= new GateSession(tx, this.optimisticQuota));
  }

  /** A new timeline row of `enrollmentId` (in timeline order: positions follow the calls). */
  openStep(values: StepValues): NewStep {
    const step: NewStep = { values: { ...values } };
    this.newSteps.push(step);
    return step;
  }

  patchStep(ref: StepRef | null, values: StepValues): void {
    if (ref === null) return;
    if (typeof ref === 'object') Object.assign(ref.values, values);
    else this.stepPatches.set(String(ref), { ...this.stepPatches.get(String(ref)), ...values });
  }

  patchEnrollment(id: string, values: EnrollmentValues): void {
    this.enrollmentPatches.set(id, { ...this.enrollmentPatches.get(id), ...values });
  }

  insertAction(values: NewAction): void {
    this.actions.push(values);
  }

  /** The enrollment ended: its actions not yet offered are cancelled with their quota slot given back. */
  endEnrollment(id: string): void {
    this.ended.add(id);
  }

  event(workspaceId: string, type: EventType, data: unknown): void {
    this.events.push({ workspaceId, type, data });
  }

  /** Contract 9.5 run.progress for the campaign (throttled per campaign). */
  campaignMoved(campaignId: string): void {
    this.moved.add(campaignId);
  }

  /** Run work may be due now (the next step's action). */
  wakeRuns(): void {
    this.wake = true;
  }

  async flush(tx: Queryable): Promise<void> {
    await this.insertSteps(tx);
    await patchRows(tx, 'enrollment_steps', 'position', 'bigint', STEP_TYPES, this.stepPatches, (ref) => positionOf(ref));
    await insertActions(tx, this.actions);
    const resolved = new Map(
      [...this.enrollmentPatches].map(([id, values]) => [
        id,
        Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k === 'open_step' && v !== null ? positionOf(v as StepRef) : v])),
      ]),
    );
    await patchRows(tx, 'enrollments', 'id', 'uuid', ENROLLMENT_TYPES, resolved, (id) => id);
    const gate = this.gateSession(tx);
    await cancelActions(tx, gate, { enrollmentIds: [...this.ended] }, this.now);
    await gate.flush();
    // Consecutive events of one workspace and type go out together; their order is kept.
    for (let i = 0; i < this.events.length;) {
      const { workspaceId, type } = this.events[i]!;
      let j = i;
      while (j < this.events.length && this.events[j]!.workspaceId === workspaceId && this.events[j]!.type === type) j++;
      await emitEvents(
        tx,
        workspaceId,
        type,
        this.events.slice(i, j).map((e) => e.data),
      );
      i = j;
    }
    await notifyRunMoved(tx, [...this.moved], this.now);
    if (this.wake) await wakeRuns(tx);
    countStepsMoved(this.newSteps.length); // contract 10.5: every write of the engine's moves ends here
  }

  /** Positions are allocated in one statement and handed out in call order, so each timeline reads in order. */
  private async insertSteps(tx: Queryable): Promise<void> {
    if (this.newSteps.length === 0) return;
    const allocated = await tx.query<{ position: string }>(
      `SELECT nextval(pg_get_serial_sequence('enrollment_steps', 'position'))::text AS position FROM generate_series(1, $1::int)`,
      [this.newSteps.length],
    );
    const positions = allocated.rows.map((r) => BigInt(r.position)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.newSteps.forEach((step, i) => (step.position = String(positions[i])));
    const columns = Object.keys(STEP_TYPES) as (keyof typeof STEP_TYPES)[];
    const { select, from } = fromUnnest(['position', ...columns], { ...STEP_TYPES, position: 'bigint' });
    await tx.query(`INSERT INTO enrollment_steps (position, ${columns.join(', ')}) SELECT ${select} FROM ${from}`, [
      this.newSteps.map((s) => s.position!),
      ...columns.map((c) => this.newSteps.map((s) => asText(s.values[c]))),
    ]);
  }
}

function positionOf(ref: StepRef): string {
  // A position read back may arrive as a number (bigint on the embedded database).
  if (typeof ref !== 'object') return String(ref);
  if (ref.position === undefined) throw new Error('a timeline row was referenced before its position was allocated');
  return ref.position;
}

/** One UPDATE per set of columns written (rows patched alike share a statement). */
async function patchRows<K>(
  tx: Queryable,
  table: string,
  key: string,
  keyType: string,
  types: Readonly<Record<string, string>>,
  patches: ReadonlyMap<K, Readonly<Record<string, unknown>>>,
  keyOf: (k: K) => string,
): Promise<void> {
  const byShape = new Map<string, [string, Readonly<Record<string, unknown>>][]>();
  for (const [k, values] of patches) {
    const shape = Object.keys(values).sort().join(',');
    if (shape === '') continue;
    byShape.set(shape, [...(byShape.get(shape) ?? []), [keyOf(k), values]]);
  }
  for (const [shape, rows] of byShape) {
    const columns = shape.split(',');
    const { from } = fromUnnest(['k', ...columns], { ...types, k: keyType });
    await tx.query(
      `UPDATE ${table} t SET ${columns.map((c) => `${c} = v.${c}::${types[c]}`).join(', ')} FROM ${from} WHERE t.${key} = v.k::${keyType}`,
      [rows.map(([k]) => k), ...columns.map((c) => rows.map(([, values]) => asText(values[c] as Value)))],
    );
  }
}
