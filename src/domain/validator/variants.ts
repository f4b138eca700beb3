import type { Violation } from '../workflow-types';
import { VARIANT_GROUP_MAX, variantGroupOf, variantLetter, variantProblems, variantTextsOf } from '../variants';
import type { Graph, GraphNode } from './graph';
import { stepName } from './names';
import { violation } from './violation';

/**
 * Contract 10.1 variants: `invalid_variants` (count, ids, labels, empty text…), a group name out of
 * its bounds (`invalid_field`), and `variant_group_size` (steps of one group with different numbers
 * of variants). Each variant's text is checked like the text it replaces by the rules that check
 * that text, through `textsToCheck`.
 */

const dataPath = (node: GraphNode, key: string): string => `nodes.${node.index}.data.${key}`;

/** One text a rule checks: the field whose rules apply, the text, and (a variant's) its place and name. */
export interface CheckedText {
  readonly key: string;
  readonly text: string;
  /** A variant's text: its path inside the step's data (`variants.1.text`) and its name ("Variant B"). */
  readonly variant?: { readonly path: string; readonly name: string };
}

const NO_TEXTS: readonly CheckedText[] = [];

/**
 * The texts of `keys` a step holds that `keep` selects, each checked by its field's rules: the step's
 * own — or, where its variants replace a field, each variant's text (and InMail subject) in its place.
 * The validator runs this per step and rule: `keep` (a rule's cheap first test) means nothing is built
 * for the many texts a rule has nothing to say about.
 */
export function textsToCheck(
  node: GraphNode,
  keys: readonly string[],
  keep: (text: string, key: string) => boolean,
): readonly CheckedText[] {
  const listed = node.data.variants;
  const texts = Array.isArray(listed) ? variantTextsOf(node.type) : undefined;
  const variants = texts ? (listed as unknown[]) : undefined;
  let out: CheckedText[] | undefined;
  for (const key of keys) {
    const replaced = variants && (key === texts!.text ? 'text' : key === texts!.subject ? 'subject' : undefined);
    const own = node.data[key];
    // A variant without its own subject sends the step's: that one is checked as the step's.
    if ((!replaced || replaced === 'subject') && typeof own === 'string' && keep(own, key)) (out ??= []).push({ key, text: own });
    if (!replaced) continue;
    variants.forEach((item, index) => {
      if (typeof item !== 'object' || item === null) return;
      const { variantId, [replaced]: text } = item as Record<string, unknown>;
      if (typeof text !== 'string' || !keep(text, key)) return;
      const name = `Variant ${typeof variantId === 'string' ? variantLetter(variantId) : index + 1}`;
      (out ??= []).push({ key, text, variant: { path: `variants.${index}.${replaced}`, name } });
    });
  }
  return out ?? NO_TEXTS;
}

/** Where a checked text is: `nodes.3.data.message_template`, or a variant's `nodes.3.data.variants.1.text`. */
export const textPath = (node: GraphNode, checked: CheckedText): string => dataPath(node, checked.variant?.path ?? checked.key);

/** "Invitation" or "Invitation (variant B)": where a text is, in a message. */
export const textOwner = (graph: Graph, node: GraphNode, text: CheckedText): string =>
  text.variant ? `${stepName(graph, node)} (${text.variant.name.replace('Variant', 'variant')})` : stepName(graph, node);

export function checkVariants(graph: Graph): Violation[] {
  const out: Violation[] = [];
  const groups = new Map<string, GraphNode[]>();
  for (const node of graph.nodes) {
    const { variants, variantGroup } = node.data;
    // Most steps have neither: nothing to look at.
    if ((variants === undefined || variants === null) && (variantGroup === undefined || variantGroup === null)) continue;
    for (const problem of variantProblems(node.type, node.data))
      out.push(
        violation('invalid_variants', `${stepName(graph, node)}: ${problem.message}`, {
          nodeId: node.id,
          path: dataPath(node, problem.path),
        }),
      );
    const group = node.data.variantGroup;
    // An empty name is no group (the form's emptied field).
    if (group === undefined || group === null || (typeof group === 'string' && group.trim() === '')) continue;
    if (typeof group !== 'string' || [...group].length > VARIANT_GROUP_MAX || !variantTextsOf(node.type)) {
      const why = variantTextsOf(node.type)
        ? `must be a name of at most ${VARIANT_GROUP_MAX} characters`
        : 'is only for steps whose text can have variants: remove it';
      out.push(
        violation('invalid_field', `The variant group of ${stepName(graph, node)} ${why}`, {
          nodeId: node.id,
          path: dataPath(node, 'variantGroup'),
        }),
      );
      continue;
    }
    const key = variantGroupOf(node.data)!;
    groups.set(key, [...(groups.get(key) ?? []), node]);
  }
  for (const [group, nodes] of groups) {
    const counts = nodes.map((n) => (Array.isArray(n.data.variants) ? n.data.variants.length : 0));
    if (new Set(counts).size <= 1) continue;
    const listed = nodes.map((n, i) => `${stepName(graph, n)} has ${counts[i] === 0 ? 'none' : counts[i]}`).join(', ');
    for (const node of nodes)
      out.push(
        violation('variant_group_size', `The steps of variant group “${group}” need the same number of variants: ${listed}`, {
          nodeId: node.id,
          path: dataPath(node, 'variantGroup'),
        }),
      );
  }
  return out;
}
