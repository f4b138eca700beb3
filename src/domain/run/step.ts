import { branchOutputs, CATALOG, HANDLE, nodeDefinition, type LimitKind, type RunEvent } from '../catalog';
import { num } from '../catalog/define';
import type { EnrollmentOutcome } from '../contract/statuses';
import { messageText, scoreQualifies, subjectText } from '../paths/describe';
import { placeholderValues, renderTemplate } from '../template';
import { assignedVariant, sentVersions, variantGroupKey, withVariant, type VariantId } from '../variants';
import { conditionHolds, parseCondition } from './condition';
import { prospectField, type RunProspect } from './prospect';
import { addCalendarDays, addDelay } from './windows';

/**
 * Contract 9.3 as one pure transition function: what the engine does at a step, given what just
 * happened there. It reads each type's behaviour from its catalog entry (`run`), never a type
 * string. The engine follows `take` decisions along the edges itself (see walker.ts).
 */

/** Contract 9.2 outcome of an enrollment. */
export type RunOutcome = EnrollmentOutcome;

export interface RunNode {
  readonly id: string;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface StepContext {
  readonly prospect: RunProspect;
  /** Epoch ms: when the input happened. */
  readonly now: number;
  /** The zone calendar-day waits count in (windows.ts `waitZone`). */
  readonly zone: string;
  /** The output that led into this step; null after a single output. */
  readonly arrivedBy: string | null;
  /** The prospect replied (stop on reply): the end it reaches says so. */
  readonly replied: boolean;
  /**
   * Contract 10.1: whose variant a step with variants sends — the prospect's by the assignment, or the
   * winner chosen for the step's group (keyed by `variantGroupKey`). Absent: the first variant (the control).
   */
  readonly assignment?: {
    readonly campaignId: string;
    readonly prospectId: string;
    readonly winners?: Readonly<Record<string, string>>;
  };
}

export type StepInput =
  | { readonly kind: 'enter' }
  | { readonly kind: 'result'; readonly status: 'done'; readonly result?: Readonly<Record<string, unknown>> }
  | { readonly kind: 'result'; readonly status: 'failed'; readonly error: string }
  | { readonly kind: 'event'; readonly event: RunEvent; readonly text?: string }
  | { readonly kind: 'timeout' };

/** An event that ends a wait, and the output it takes (null: the single output). */
export interface WaitEvent {
  readonly event: RunEvent;
  readonly handle: string | null;
  /** post_comment: the comment must contain this text (case-insensitive); absent: any. */
  readonly keyword?: string;
}

export interface ActionOffer {
  readonly type: string;
  /** Starts only inside the sending window (contract 9.3). */
  readonly window: boolean;
  /** The sender daily limit it counts against; absent: none. */
  readonly limitKind?: LimitKind;
  readonly payload: { readonly text?: string; readonly subject?: string; readonly data: Readonly<Record<string, unknown>> };
  /** Contract 10.1: the variant sent, recorded on the timeline item; absent for a step without variants. */
  readonly variantId?: VariantId;
}

export type Decision =
  | { readonly kind: 'take'; readonly handle: string | null }
  | { readonly kind: 'wait'; readonly until: number | null; readonly on: readonly WaitEvent[]; readonly timeoutHandle: string | null }
  | { readonly kind: 'act'; readonly action: ActionOffer }
  | { readonly kind: 'call'; readonly method: string; readonly url: string }
  | { readonly kind: 'end'; readonly outcome: RunOutcome; readonly error?: string }
  /** The input changes nothing here (an event this step does not wait for, other than a reply). */
  | { readonly kind: 'ignore' };

const take = (handle: string | null): Decision => ({ kind: 'take', handle });
const end = (outcome: RunOutcome, error?: string): Decision =>
  error === undefined ? { kind: 'end', outcome } : { kind: 'end', outcome, error };
const IGNORE: Decision = { kind: 'ignore' };

/** The positive / negative branch of a branching type, by tone (qualified / not_qualified). */
const branchByTone = (type: string, tone: 'positive' | 'negative'): string | null =>
  branchOutputs(type).find((h) => h.tone === tone)?.name ?? null;

function render(template: string | undefined, prospect: RunProspect): string | undefined {
  return template === undefined ? undefined : renderTemplate(template, placeholderValues(prospect)).text;
}

function offer(node: RunNode, context: StepContext): Decision {
  const def = nodeDefinition(node.type)!;
  const { prospect, assignment } = context;
  // Contract 10.1: a step with variants sends one of them (its data as that variant sends it).
  const variant = assignment
    ? assignedVariant(node, assignment.campaignId, assignment.prospectId, assignment.winners?.[variantGroupKey(node)])
    : sentVersions(node)[0]!.variant;
  const sent = variant ? withVariant(node.type, node.data, variant) : node.data;
  const text = render(messageText({ type: node.type, data: sent }), prospect);
  const subject = render(subjectText({ type: node.type, data: sent }), prospect);
  const action: ActionOffer = {
    type: node.type,
    window: def.window,
    ...(def.limitKind ? { limitKind: def.limitKind } : {}),
    payload: { ...(text !== undefined ? { text } : {}), ...(subject !== undefined ? { subject } : {}), data: sent },
    ...(variant ? { variantId: variant.variantId } : {}),
  };
  return { kind: 'act', action };
}

const numeric = (value: unknown): number | undefined => {
  if (typeof value === 'string' && value.trim() !== '') return num(Number(value));
  return num(value);
};

const scoreHandle = (node: RunNode, score: number): string | null =>
  branchByTone(node.type, scoreQualifies(node.data, score) ? 'positive' : 'negative');

/** A wait's length in days from the step's field, or its catalog default when unset. */
function waitDaysOf(node: RunNode, field: string): number {
  const set = num(node.data[field]);
  if (set !== undefined && set > 0) return set;
  const fallback = num(CATALOG[node.type as keyof typeof CATALOG]?.defaults()[field]);
  return fallback !== undefined && fallback > 0 ? fallback : 0;
}

const keywordMatches = (wanted: string | undefined, text: string | undefined): boolean =>
  wanted === undefined || wanted.trim() === '' || (text ?? '').toLowerCase().includes(wanted.trim().toLowerCase());

/** The decision after a wait's event; a reply this step does not wait for ends the run (stop on reply). */
function onEvent(waiting: readonly WaitEvent[], input: Extract<StepInput, { kind: 'event' }>): Decision {
  const match = waiting.find((w) => w.event === input.event && keywordMatches(w.keyword, input.text));
  if (match) return take(match.handle);
  return input.event === 'message_received' ? end('replied') : IGNORE;
}

/** What the step waits for once it is entered or its action is done (empty for steps that do not wait). */
export function waitEvents(node: RunNode): readonly WaitEvent[] {
  const run = nodeDefinition(node.type)?.run;
  if (run?.does === 'trigger') {
    const keyword =
      run.keywordField !== undefined && typeof node.data[run.keywordField] === 'string'
        ? (node.data[run.keywordField] as string)
        : undefined;
    return [{ event: run.event, handle: null, ...(keyword !== undefined ? { keyword } : {}) }];
  }
  if (run?.does === 'act' && run.await) return [{ event: run.await.event, handle: run.await.handle }];
  return [];
}

/** Contract 9.3: the decision at `node` for `input`. Never throws on foreign data. */
export function stepDecision(node: RunNode, context: StepContext, input: StepInput): Decision {
  const def = nodeDefinition(node.type);
  if (!def) return end('failed', `This campaign has a step of an unknown type (${node.type}).`);
  const run = def.run;
  if (input.kind === 'event') return onEvent(waitEvents(node), input);
  if (input.kind === 'result' && input.status === 'failed') return end('failed', input.error);
  switch (run.does) {
    case 'pass':
      return take(null);
    case 'end':
      if (context.replied) return end('replied');
      return end(context.arrivedBy === HANDLE.notQualified ? 'not_qualified' : 'finished');
    case 'delay': {
      if (input.kind === 'timeout') return take(null);
      const amount = num(node.data.delay_amount);
      const unit = typeof node.data.delay_type === 'string' ? node.data.delay_type : 'days';
      const until = amount !== undefined && amount > 0 ? addDelay(context.now, amount, unit, context.zone) : context.now;
      return { kind: 'wait', until, on: [], timeoutHandle: null };
    }
    case 'score': {
      if (input.kind === 'enter') {
        const variable =
          typeof node.data.outputVariable === 'string' && node.data.outputVariable !== '' ? node.data.outputVariable : 'icp_score';
        const known = numeric(prospectField(context.prospect, variable));
        return known !== undefined ? take(scoreHandle(node, known)) : offer(node, context);
      }
      const score = input.kind === 'result' ? numeric(input.result?.score) : undefined;
      return score !== undefined ? take(scoreHandle(node, score)) : end('failed', 'The executor answered without a score.');
    }
    case 'condition': {
      const parsed = parseCondition(node.data[run.textField]);
      if (!parsed.ok) return end('failed', `This condition can't be read: ${parsed.reason}.`);
      return conditionHolds(parsed.condition, context.prospect) ? take(null) : end('condition_not_met');
    }
    case 'ask':
      if (input.kind === 'enter') return offer(node, context);
      return input.kind === 'result' && input.result?.[run.resultKey] === true ? take(null) : end('condition_not_met');
    case 'trigger':
      return input.kind === 'enter' ? { kind: 'wait', until: null, on: waitEvents(node), timeoutHandle: null } : IGNORE;
    case 'call': {
      if (input.kind !== 'enter') return take(null);
      const method =
        run.methodField !== undefined && typeof node.data[run.methodField] === 'string' ? (node.data[run.methodField] as string) : 'POST';
      return { kind: 'call', method, url: typeof node.data.url === 'string' ? node.data.url : '' };
    }
    case 'act': {
      if (input.kind === 'enter') return offer(node, context);
      if (input.kind === 'timeout') return take(run.await?.timeoutHandle ?? null);
      if (!run.await) return take(null);
      const until = addCalendarDays(context.now, waitDaysOf(node, run.await.timeoutField), context.zone);
      return { kind: 'wait', until, on: waitEvents(node), timeoutHandle: run.await.timeoutHandle };
    }
  }
}
