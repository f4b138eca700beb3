import { FIELDS, NODE_TYPES, nodeDefinition, nodeRole, providerLimit, type SenderChannel } from '../catalog';
import { CHANNEL_LABEL } from '../channels';
import { parseCondition } from '../run/condition';
import { KNOWN_PLACEHOLDERS, wellFormedPlaceholders } from '../template';
import type { ValidationContext, Violation } from '../workflow-types';
import type { Graph } from './graph';
import { senderNames, stepName } from './names';
import { limitedFieldsOf, urlFieldsOf } from './type-fields';
import { textOwner, textPath, textsToCheck } from './variants';
import { violation } from './violation';

/**
 * Contract 8.6 / 9.4 launch readiness: warnings that never block a save but block a launch
 * (`provider_limit`, `invalid_url`, `no_sender`). They read the field table and the catalog, never a second copy.
 */

/** Codes that block a launch although they are warnings (contract 8.6, 9.3, 9.4). */
const LAUNCH_BLOCKING_CODES: ReadonlySet<Violation['code']> = new Set([
  'provider_limit',
  'invalid_url',
  'no_sender',
  'condition_unreadable',
]);

/**
 * Contract 8.6 / 9.4: a launch is refused while any error, or any launch-blocking warning, remains —
 * including a field a step cannot run without and a template prospects would get with braces
 * (`invalid_field`, `template_invalid` warnings: saved, never sent).
 */
export const blocksLaunch = (v: Violation): boolean =>
  v.severity === 'error' || LAUNCH_BLOCKING_CODES.has(v.code) || v.code === 'invalid_field' || v.code === 'template_invalid';

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

/** The shortest text any provider limit refuses: shorter texts need no closer look. */
const SHORTEST_LIMIT = Math.min(
  ...NODE_TYPES.flatMap((type) =>
    limitedFieldsOf(type).map((key) => {
      const limit = providerLimit(type, key)!;
      return Math.min(limit.max, limit.freeMax ?? limit.max);
    }),
  ),
);
const longerThanAnyLimit = (text: string): boolean => text.length > SHORTEST_LIMIT;

/** Contract 8.6 provider_limit: connection note, InMail subject, message over what the network accepts. */
export function checkProviderLimits(graph: Graph, context: ValidationContext | undefined): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    const keys = limitedFieldsOf(node.type);
    if (keys.length === 0) continue;
    const def = nodeDefinition(node.type)!;
    for (const checked of textsToCheck(node, keys, longerThanAnyLimit)) {
      const { key, text } = checked;
      const max = textLimitFor(node.type, key, context);
      if (max === undefined || text.length <= max) continue;
      // A connection request sent without a note sends no text at all.
      if (key === 'message_template' && def.fields.includes('send_empty_request') && node.data.send_empty_request === true) continue;
      const length = characters(text);
      if (length <= max) continue;
      const limit = providerLimit(node.type, key)!;
      const free = max !== limit.max ? ` from a sender without a premium seat (${senderNames(freeSenders(context))})` : '';
      out.push(
        violation(
          'provider_limit',
          `The ${limit.what} of ${textOwner(graph, node, checked)} has ${length} characters: the network accepts at most ${max}${free}. Shorten it before launch.`,
          { nodeId: node.id, path: textPath(node, checked), severity: 'warning' },
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
    for (const key of urlFieldsOf(node.type)) {
      const field = FIELDS[key]!;
      const value = node.data[key];
      if (typeof value !== 'string' || value.trim() === '' || isWebAddress(value)) continue;
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

/**
 * Contract 9.4 no_sender: sending steps whose channel has no sender account on the campaign — one
 * warning per channel, on the campaign (the fix is its senders, not a step). Only when the senders are known.
 */
export function checkSenders(graph: Graph, context: ValidationContext | undefined): Violation[] {
  const senders = context?.senders;
  // Unknown senders, or one whose channel is not said (it might send anything): nothing to tell.
  if (!Array.isArray(senders) || senders.some((s) => s.channel === undefined)) return [];
  const channels = new Set(senders.map((s) => s.channel));
  const stranded = new Map<SenderChannel, string[]>();
  for (const node of graph.nodes) {
    const def = nodeDefinition(node.type);
    if (!def?.sends || !def.senderChannel || channels.has(def.senderChannel)) continue;
    const names = stranded.get(def.senderChannel) ?? [];
    names.push(stepName(graph, node));
    stranded.set(def.senderChannel, names);
  }
  return [...stranded].map(([channel, steps]) => {
    const listed = steps.length > 3 ? `${steps.slice(0, 3).join(', ')} and ${steps.length - 3} more` : steps.join(', ');
    return violation(
      'no_sender',
      `Nothing can be sent: add a ${CHANNEL_LABEL[channel]} account to the campaign's senders before launch (it sends ${listed})`,
      { severity: 'warning' },
    );
  });
}

const HAS_PLACEHOLDER = (text: string): boolean => text.includes('{{');
const KNOWN_BY_LOWER_CASE = new Map(KNOWN_PLACEHOLDERS.map((name) => [name.toLowerCase(), name]));
const PLACEHOLDER_FIELDS = Object.values(FIELDS)
  .filter((f) => f.placeholders)
  .map((f) => f.key);

/** The placeholders of a text written in the wrong case, each with the one it means (`Company` → `company`). */
export function placeholderCaseFixes(text: unknown): { wrong: string; right: string }[] {
  const names = typeof text === 'string' && text.includes('{{') ? wellFormedPlaceholders(text) : null;
  return (names ?? []).flatMap((name) => {
    const known = KNOWN_BY_LOWER_CASE.get(name.toLowerCase());
    return known && known !== name ? [{ wrong: name, right: known }] : [];
  });
}

/** The text with every placeholder in the wrong case written as the one it means (the Problems list's one-click fix). */
export function fixPlaceholderCase(text: string): string {
  return placeholderCaseFixes(text).reduce((fixed, { wrong, right }) => fixed.replaceAll(`{{${wrong}}}`, `{{${right}}}`), text);
}

/**
 * A placeholder in the wrong case (`{{Company}}` for `{{company}}`) is never filled: prospects would
 * get the braces. A launch-blocking warning with the fix.
 */
export function checkPlaceholderCase(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const node of graph.nodes) {
    for (const checked of textsToCheck(node, PLACEHOLDER_FIELDS, HAS_PLACEHOLDER)) {
      const { key, text } = checked;
      const wrong = placeholderCaseFixes(text).map(({ wrong, right }) => `{{${wrong}}} → {{${right}}}`);
      if (wrong.length === 0) continue;
      out.push(
        violation(
          'template_invalid',
          `The ${FIELDS[key]!.label.toLowerCase()} of ${textOwner(graph, node, checked)} has a placeholder in the wrong case, which prospects would get as written: ${wrong.join(', ')}`,
          { nodeId: node.id, path: textPath(node, checked), severity: 'warning' },
        ),
      );
    }
  }
  return out;
}

/** A Delay without a duration cannot wait: a launch-blocking warning at its amount. */
export function checkDelays(graph: Graph): Violation[] {
  return graph.nodes.flatMap((node) => {
    const amount = node.data.delay_amount;
    // A value of the wrong type or bound is already invalid_field (an error); this is only for none at all.
    if (nodeRole(node.type) !== 'delay' || (amount !== undefined && amount !== null)) return [];
    return [
      violation('invalid_field', `${stepName(graph, node)} has no duration: set how long it waits`, {
        nodeId: node.id,
        path: dataPath(node.index, 'delay_amount'),
        severity: 'warning',
      }),
    ];
  });
}
