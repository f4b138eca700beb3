import { FIELDS, nodeDefinition, providerLimit } from '../catalog';
import { parseCondition } from '../run/condition';
import type { ValidationContext, Violation } from '../workflow-types';
import type { Graph } from './graph';
import { senderNames, stepName } from './names';
import { violation } from './violation';

/**
 * Contract 8.6 launch readiness: warnings that never block a save but block a launch
 * (`provider_limit`, `invalid_url`). Both read the field table, never a second copy of a limit.
 */

/** Codes that block a launch although they are warnings (contract 8.6). */
const LAUNCH_BLOCKING_CODES: ReadonlySet<Violation['code']> = new Set(['provider_limit', 'invalid_url', 'condition_unreadable']);

/** Contract 8.6 / 9.3: a launch is refused while any error, or any provider_limit / invalid_url / condition_unreadable warning, remains. */
export const blocksLaunch = (v: Violation): boolean => v.severity === 'error' || LAUNCH_BLOCKING_CODES.has(v.code);

const dataPath = (index: number, key: string): string => `nodes.${index}.data.${key}`;

/** Characters as people count them (code points), not UTF-16 units. */
const characters = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** Senders known to lack a premium seat (empty when the senders are unknown). */
const freeSenders = (context: ValidationContext | undefined) => (context?.senders ?? []).filter((s) => s.premium !== true);

/**
 * The limit a step's text must keep to: the lower one when a sender without a premium seat may send
 * it (the campaign's senders are known and one lacks a seat). Shared with the form's counter.
 */
export function textLimitFor(type: unknown, key: string, context: ValidationContext | undefined): number | undefined {
  const limit = providerLimit(type, key);
  if (!limit) return undefined;
  return limit.freeMax !== undefined && freeSenders(context).length > 0 ? limit.freeMax : limit.max;
}

/** Contract 8.6 provider_limit: connection note, InMail subject, message over what the network accepts. */
export function checkProviderLimits(graph: Graph, context: ValidationContext | undefined): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    const def = nodeDefinition(node.type);
    if (!def?.sends) continue;
    for (const key of def.fields) {
      const text = node.data[key];
      const max = textLimitFor(node.type, key, context);
      if (typeof text !== 'string' || max === undefined || text.length <= max) continue;
      // A connection request sent without a note sends no text at all.
      if (key === 'message_template' && def.fields.includes('send_empty_request') && node.data.send_empty_request === true) continue;
      const length = characters(text);
      if (length <= max) continue;
      const limit = providerLimit(node.type, key)!;
      const free = max !== limit.max ? ` from a sender without a premium seat (${senderNames(freeSenders(context))})` : '';
      out.push(
        violation(
          'provider_limit',
          `The ${limit.what} of ${stepName(graph, node)} has ${length} characters: the network accepts at most ${max}${free}. Shorten it before launch.`,
          { nodeId: node.id, path: dataPath(node.index, key), severity: 'warning' },
        ),
      );
    }
  }
  return out;
}

/** An absolute http(s) URL: scheme, `//`, a host, no spaces, and one `URL` can parse. */
export function isWebAddress(text: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+\S*$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** Contract 8.6 invalid_url: a URL field of a step (left empty is fine) that is not an absolute http(s) URL. */
export function checkUrls(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    const def = nodeDefinition(node.type);
    if (!def) continue;
    for (const key of def.fields) {
      const field = FIELDS[key];
      const value = node.data[key];
      if (field?.kind !== 'url' || typeof value !== 'string' || value.trim() === '' || isWebAddress(value)) continue;
      out.push(
        violation(
          'invalid_url',
          `The ${field.label} of ${stepName(graph, node)} is not a web address: write it in full, like https://example.com/page.`,
          { nodeId: node.id, path: dataPath(node.index, key), severity: 'warning' },
        ),
      );
    }
  }
  return out;
}

/** Contract 9.3: a condition step whose `field operator value` the engine's parser cannot read. */
export function checkConditions(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    const run = nodeDefinition(node.type)?.run;
    if (run?.does !== 'condition') continue;
    const parsed = parseCondition(node.data[run.textField]);
    if (parsed.ok) continue;
    out.push(
      violation('condition_unreadable', `The condition of ${stepName(graph, node)} can't be read: ${parsed.reason}.`, {
        nodeId: node.id,
        path: dataPath(node.index, run.textField),
        severity: 'warning',
      }),
    );
  }
  return out;
}
