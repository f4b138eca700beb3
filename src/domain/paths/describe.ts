import { branchOutputs, HANDLE, nodeDefinition } from '../catalog';
import { num, plural } from '../catalog/define';
import { FIELDS } from '../catalog/fields';
import type { GraphNode } from '../validator';

/**
 * Shared facts about one step for the path summaries and the simulator: how long it waits on an
 * output (spec 3.3 "fires after wait_for_response_days", "after reply_wait_days"; delay nodes),
 * which texts it sends, and its outputs. Reads catalog roles and fields, never type strings.
 */

const DAYS_PER_UNIT: Readonly<Record<string, number>> = { minutes: 1 / 1440, hours: 1 / 24, days: 1 };

/** A delay node's wait in days (minutes and hours as fractions); 0 when unset or invalid. */
export function delayDays(data: Record<string, unknown>): number {
  const amount = num(data.delay_amount);
  const unit = typeof data.delay_type === 'string' && Object.hasOwn(DAYS_PER_UNIT, data.delay_type) ? data.delay_type : 'days';
  return amount !== undefined && amount > 0 ? amount * DAYS_PER_UNIT[unit]! : 0;
}

const positive = (v: unknown): number => {
  const n = num(v);
  return n !== undefined && n > 0 ? n : 0;
};

/** Days that pass between this step and the next when it leaves through `handle`. */
export function waitDays(node: Pick<GraphNode, 'role' | 'data'>, handle: string | undefined): number {
  if (node.role === 'delay') return delayDays(node.data);
  if (node.role === 'invitation' && handle === HANDLE.noResponse) return positive(node.data.wait_for_response_days);
  if (node.role === 'awaits_reply' && handle === HANDLE.noReply) return positive(node.data.reply_wait_days);
  return 0;
}

/** "3 days", "2 hours", "1.5 days": a duration in days, in the unit that reads best. */
export function formatDays(days: number): string {
  if (days <= 0) return '0 days';
  if (days < 1 / 24) return plural(Math.round(days * 1440), 'minutes');
  if (days < 1) return plural(Math.round(days * 24 * 10) / 10, 'hours');
  return plural(Math.round(days * 10) / 10, 'days');
}

export const nodeLabel = (type: string | undefined): string => nodeDefinition(type)?.label ?? type ?? 'Unknown step';
export const handleLabel = (type: string | undefined, handle: string): string =>
  branchOutputs(type).find((h) => h.name === handle)?.label ?? handle;

/** The message text a step sends, or undefined when it sends none (no field, or an invitation without a note). */
export function messageText(node: Pick<GraphNode, 'type' | 'data'>): string | undefined {
  const def = nodeDefinition(node.type);
  if (!def?.fields.includes('message_template')) return undefined;
  if (def.fields.includes('send_empty_request') && node.data.send_empty_request === true) return undefined;
  return typeof node.data.message_template === 'string' ? node.data.message_template : '';
}

/** The subject line a step sends (InMail), or undefined. */
export function subjectText(node: Pick<GraphNode, 'type' | 'data'>): string | undefined {
  if (!nodeDefinition(node.type)?.fields.includes('subject')) return undefined;
  return typeof node.data.subject === 'string' ? node.data.subject : '';
}

/** The one-line catalog summary of a step ("Score ≥ 70"); never throws on foreign data. */
export function stepSummary(node: Pick<GraphNode, 'type' | 'data'>): string {
  const def = nodeDefinition(node.type);
  try {
    return def ? def.summary(node.data) : '';
  } catch {
    return '';
  }
}

export const isSendType = (type: string | undefined): boolean => nodeDefinition(type)?.sends === true;

const NEGATED: Readonly<Record<string, string>> = { '>=': '<', '>': '≤', '<=': '>', '<': '≥', '==': '≠' };
const SIGN: Readonly<Record<string, string>> = FIELDS.thresholdOperator!.optionLabels!;
const operatorOf = (data: Record<string, unknown>): string =>
  typeof data.thresholdOperator === 'string' && Object.hasOwn(SIGN, data.thresholdOperator) ? data.thresholdOperator : '>=';

/** Does an ICP score qualify under the node's icpThreshold and thresholdOperator (default ≥)? */
export function scoreQualifies(data: Record<string, unknown>, score: number): boolean {
  const threshold = num(data.icpThreshold) ?? 0;
  switch (operatorOf(data)) {
    case '>':
      return score > threshold;
    case '<=':
      return score <= threshold;
    case '<':
      return score < threshold;
    case '==':
      return score === threshold;
    default:
      return score >= threshold;
  }
}

/** "≥ 70" for qualified, "< 70" for not qualified. */
export function scoreCondition(data: Record<string, unknown>, qualified: boolean): string {
  const op = operatorOf(data);
  const threshold = num(data.icpThreshold);
  return `${qualified ? SIGN[op] : NEGATED[op]} ${threshold ?? '?'}`;
}
