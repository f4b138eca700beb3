import { isRecord } from '../is-record';
import type { WorkflowDefinition, WorkflowEdge, WorkflowNode } from '../workflow-types';

/**
 * Export and import of a workflow_definition as JSON (spec 2.2). Import only refuses what cannot
 * be drawn at all (not JSON, no nodes/edges arrays, items without unique ids); every other problem
 * is left for the validator to pin on the imported graph, so the user sees and fixes it there.
 */

export type ImportResult = { ok: true; definition: WorkflowDefinition; notes: string[] } | { ok: false; error: string };

/** Pretty JSON of a definition: exactly {nodes, edges}, as update-campaign-workflow takes it. */
export const exportWorkflowJson = (definition: WorkflowDefinition): string =>
  `${JSON.stringify({ nodes: definition.nodes, edges: definition.edges }, null, 2)}\n`;

/** "Q3 founders outreach" → "q3-founders-outreach.workflow.json"; "Café Résumé" → "cafe-resume.workflow.json". */
export function exportFileName(campaignName: string): string {
  const slug = campaignName
    .toLowerCase()
    .normalize('NFKD')
    // accents come apart from their letters under NFKD: drop them ("Über" → "uber", not "u-ber")
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'campaign'}.workflow.json`;
}

function checkIds(items: unknown[], what: 'node' | 'edge'): string | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isRecord(item)) return `${what === 'node' ? 'Step' : 'Connection'} ${i + 1} is not an object.`;
    if (typeof item.id !== 'string' || item.id === '') return `${what === 'node' ? 'Step' : 'Connection'} ${i + 1} has no id.`;
    if (seen.has(item.id)) return `Two ${what === 'node' ? 'steps' : 'connections'} share the id “${item.id}”: ids must be unique.`;
    seen.add(item.id);
    if (what === 'edge' && (typeof item.source !== 'string' || typeof item.target !== 'string'))
      return `Connection “${item.id}” needs a source and a target step id.`;
  }
  return undefined;
}

/**
 * Reads pasted or uploaded text: a workflow_definition `{nodes, edges}`, or a whole campaign
 * record (get-campaign output) whose workflow_definition is taken.
 */
export function parseWorkflowImport(text: string): ImportResult {
  if (text.trim() === '') return { ok: false, error: 'Paste an exported campaign or choose its file first.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `This is not valid JSON: ${(error as Error).message}` };
  }
  const notes: string[] = [];
  if (isRecord(value) && isRecord(value.workflow_definition) && !('nodes' in value)) {
    notes.push('Took the steps and connections of the whole campaign.');
    value = value.workflow_definition;
  }
  if (!isRecord(value) || !Array.isArray(value.nodes) || !Array.isArray(value.edges)) {
    return { ok: false, error: 'This is not an exported campaign: its steps and connections are missing.' };
  }
  const problem = checkIds(value.nodes, 'node') ?? checkIds(value.edges, 'edge');
  if (problem) return { ok: false, error: problem };
  const ignored = Object.keys(value).filter((k) => k !== 'nodes' && k !== 'edges');
  if (ignored.length > 0)
    notes.push(`Ignored ${ignored.map((k) => `“${k}”`).join(', ')}: a campaign file holds only steps and connections.`);
  return { ok: true, definition: { nodes: value.nodes as WorkflowNode[], edges: value.edges as WorkflowEdge[] }, notes };
}
