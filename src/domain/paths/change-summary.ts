import { FIELDS } from '../catalog/fields';
import { plural } from '../catalog/define';
import { stepNames } from '../validator';
import type { WorkflowDefinition } from '../workflow-types';
import { diffGraphs, type ChangedNode } from './diff';

/**
 * One line saying what a save changed, in users' words (step names as the canvas shows them, field
 * labels of the step form, never an id): "Added Follow-up; changed Invite (Message text); moved 2
 * steps". The version history shows it beside each saved version.
 */

/** Names listed before "and N more" (the line stays one line). */
const LISTED = 2;

const listNames = (names: readonly string[]) =>
  names.length <= LISTED ? names.join(' and ') : `${names.slice(0, LISTED).join(', ')} and ${names.length - LISTED} more`;

/** The form labels of a step's changed fields ("another setting" for one the form does not show). */
export function changedFieldLabels(dataKeys: readonly string[]): string[] {
  return [...new Set(dataKeys.map((key) => FIELDS[key]?.label ?? 'another setting'))];
}

export function summarizeChange(before: WorkflowDefinition, after: WorkflowDefinition): string {
  const diff = diffGraphs(before, after);
  if (diff.same) return 'Saved without changes';
  const earlier = stepNames(before.nodes ?? []);
  const names = new Map([...earlier, ...stepNames(after.nodes ?? [])]);
  const nameOf = (id: string) => names.get(id) ?? 'a step';
  const edited = diff.nodes.changed.filter((c) => c.changes.some((k) => k !== 'position'));
  const movedOnly = diff.nodes.changed.length - edited.length;
  const parts: string[] = [];
  if (diff.nodes.added.length > 0) parts.push(`added ${listNames(diff.nodes.added.map((n) => nameOf(n.id)))}`);
  if (diff.nodes.removed.length > 0) parts.push(`removed ${listNames(diff.nodes.removed.map((n) => nameOf(n.id)))}`);
  // A step renamed and nothing else: "renamed Message to Follow-up".
  const renamed = edited.filter((c) => c.changes.length === 1 && c.changes[0] === 'data' && c.dataKeys.join() === 'name');
  const otherEdits = edited.filter((c) => !renamed.includes(c));
  for (const c of renamed.slice(0, LISTED)) parts.push(`renamed ${earlier.get(c.id) ?? 'a step'} to ${nameOf(c.id)}`);
  if (renamed.length > LISTED) parts.push(`renamed ${renamed.length - LISTED} more`);
  if (otherEdits.length === 1) parts.push(`changed ${describeEdit(otherEdits[0]!, nameOf)}`);
  else if (otherEdits.length > 1) parts.push(`changed ${listNames(otherEdits.map((c) => nameOf(c.id)))}`);
  const rewired = diff.edges.added.length + diff.edges.removed.length + diff.edges.changed.length;
  // Connections follow added or removed steps: only a re-wiring of its own is worth words.
  if (rewired > 0 && diff.nodes.added.length + diff.nodes.removed.length === 0) parts.push(`rewired ${plural(rewired, 'connections')}`);
  if (movedOnly > 0) parts.push(`moved ${plural(movedOnly, 'steps')}`);
  if (parts.length === 0) parts.push('rewired the connections');
  const line = parts.join('; ');
  return line[0]!.toUpperCase() + line.slice(1);
}

function describeEdit(change: ChangedNode, nameOf: (id: string) => string): string {
  if (change.changes.includes('type')) return `the kind of ${nameOf(change.id)}`;
  const labels = change.changes.includes('data') ? changedFieldLabels(change.dataKeys) : [];
  return labels.length > 0 && labels.length <= LISTED ? `${nameOf(change.id)} (${labels.join(', ')})` : nameOf(change.id);
}
