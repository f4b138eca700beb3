import { FIELDS, nodeDefinition } from '../catalog';
import { parseTemplate } from '../template';
import { blocksLaunch, stepNames, validateWorkflow } from '../validator';
import type { Violation, WorkflowDefinition } from '../workflow-types';
import { assignedVariant, sentVersions } from '../variants';
import { isSendType, messageText, nodeLabel, stepSummary, subjectText } from './describe';
import { summarizePaths, type PathSummaries } from './summary';
import { isSampleSetting } from './templates';
import { walkVariants, type SampleProspect, type WalkVariant } from './walk';

/**
 * What the launch review shows (spec 3.1, 5: the saved graph is inspected before an explicit
 * launch): the paths, every step that sends and the sender accounts that send it, and the
 * problems. A `blocker` stops the launch button; a `warning` is for the reader to judge.
 */

export interface SenderAccount {
  accountId: string;
  name?: string;
  channel?: 'professional_network' | 'messaging_app';
  premium: boolean;
}

export interface SendStep {
  nodeId: string;
  type: string;
  label: string;
  summary: string;
  /** The template as written ({{placeholders}} kept), when the step sends text; with variants, the first one's. */
  message?: string;
  subject?: string;
  /** Contract 10.1: each variant, its text as written and as the review's prospect gets it. */
  variants?: SendVariant[];
}

/** One variant of a send: as written (`template`) and filled in for the review's prospect (`text`). */
export interface SendVariant extends WalkVariant {
  /** The review's real prospect gets this one (the engine's own assignment); absent when the review has no real prospect. */
  forProspect?: boolean;
}

/** A real prospect of the campaign: the review fills the texts in for them and says which variant each step gives them. */
export interface AssignedProspect extends SampleProspect {
  campaignId: string;
  prospectId: string;
}

export interface ReviewWarning {
  level: 'blocker' | 'warning';
  message: string;
  nodeId?: string;
}

export interface LaunchReview {
  paths: PathSummaries;
  sends: SendStep[];
  /** The campaign's senders as known; undefined when the accounts could not be read. */
  senders: SenderAccount[] | undefined;
  warnings: ReviewWarning[];
  violations: Violation[];
  canLaunch: boolean;
}

/** A plausible prospect for previews: the fields most templates use. */
export const DEFAULT_SAMPLE_PROSPECT: SampleProspect = {
  customFields: { firstName: 'Alex', lastName: 'Morgan', company: 'Northwind', jobTitle: 'Head of Sales' },
};

/**
 * Every step that sends something, in the order of the definition; a step with variants lists each,
 * filled in for `prospect` (and marked for the real prospect `assigned` names, by contract 10.1's assignment).
 */
export function sendSteps(
  definition: WorkflowDefinition,
  prospect: SampleProspect = DEFAULT_SAMPLE_PROSPECT,
  assigned?: AssignedProspect,
): SendStep[] {
  return definition.nodes
    .filter((n) => isSendType(n.type))
    .map((n) => {
      const node = { id: n.id, type: n.type, data: (n.data ?? {}) as Record<string, unknown> };
      const step: SendStep = { nodeId: n.id, type: n.type, label: nodeLabel(n.type), summary: stepSummary(node) };
      const sent = { type: n.type, data: sentVersions(node)[0]!.data };
      const message = messageText(sent);
      const subject = subjectText(sent);
      if (message) step.message = message;
      if (subject) step.subject = subject;
      const variants = walkVariants(node, prospect.customFields);
      if (variants) {
        const theirs = assigned ? assignedVariant(node, assigned.campaignId, assigned.prospectId)?.variantId : undefined;
        step.variants = variants.map((v) => (theirs ? { ...v, forProspect: v.variantId === theirs } : v));
      }
      return step;
    });
}

/**
 * Warnings about what will be sent beyond the validator's: template sample values, placeholders
 * the sample prospect lacks. Premium seats (rule 10) and missing senders (no_sender) are the validator's.
 */
export function sendWarnings(
  definition: WorkflowDefinition,
  senders: SenderAccount[] | undefined,
  prospect: SampleProspect = DEFAULT_SAMPLE_PROSPECT,
): ReviewWarning[] {
  const warnings: ReviewWarning[] = [];
  const missing = new Map<string, string[]>();
  const names = stepNames(definition.nodes);
  for (const n of definition.nodes) {
    const data = (n.data ?? {}) as Record<string, unknown>;
    const def = nodeDefinition(n.type);
    for (const field of def?.fields ?? []) {
      if (isSampleSetting(data[field])) {
        warnings.push({
          level: 'blocker',
          nodeId: n.id,
          message: `${names.get(n.id)} still has the template’s sample ${(FIELDS[field]?.label ?? 'setting').toLowerCase()}: replace it with your own before launch.`,
        });
      }
    }
    const texts = sentVersions({ type: n.type, data }).flatMap((v) => [
      subjectText({ type: n.type, data: v.data }),
      messageText({ type: n.type, data: v.data }),
    ]);
    for (const text of texts) {
      for (const name of text ? parseTemplate(text).placeholders : []) {
        if (Object.prototype.hasOwnProperty.call(prospect.customFields, name)) continue;
        const at = missing.get(name) ?? [];
        if (!at.includes(n.id)) at.push(n.id);
        missing.set(name, at);
      }
    }
  }
  for (const [name, nodeIds] of missing) {
    warnings.push({
      level: 'warning',
      nodeId: nodeIds[0],
      message: `{{${name}}} (in ${nodeIds.map((id) => names.get(id)).join(', ')}) is not a field of the sample prospect: prospects without it would get the placeholder as written.`,
    });
  }
  return warnings;
}

/** The whole launch review of a saved graph. */
export function reviewLaunch(
  definition: WorkflowDefinition,
  options: {
    senders?: SenderAccount[];
    /** The sample prospect: its fields are what placeholders are checked against. */
    prospect?: SampleProspect;
    /** A real enrolled prospect: the sends are filled in for them (else for the sample prospect). */
    assigned?: AssignedProspect;
    maxPaths?: number;
  } = {},
): LaunchReview {
  const { senders, prospect = DEFAULT_SAMPLE_PROSPECT } = options;
  const violations = validateWorkflow(
    definition,
    senders
      ? { senders: senders.map((s) => ({ accountId: s.accountId, premium: s.premium, name: s.name, channel: s.channel })) }
      : undefined,
  );
  // One validator: its errors and the launch-blocking warnings (contract 8.6, 9.3, 9.4) block; its other warnings (e.g. rule 10 with unknown senders) inform.
  const warnings: ReviewWarning[] = violations.map((v) => ({
    level: blocksLaunch(v) ? ('blocker' as const) : ('warning' as const),
    message: v.message,
    ...(v.nodeId ? { nodeId: v.nodeId } : {}),
  }));
  warnings.push(...sendWarnings(definition, senders, prospect));
  return {
    paths: summarizePaths(definition, options.maxPaths),
    sends: sendSteps(definition, options.assigned ?? prospect, options.assigned),
    senders,
    warnings,
    violations,
    canLaunch: !warnings.some((w) => w.level === 'blocker'),
  };
}
