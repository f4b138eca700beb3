import { describe, expect, it } from 'vitest';
import { validateWorkflow } from '../validator';
import { scoredFollowUpGraph } from '../testing/fixtures';
import { exportFileName, exportWorkflowJson, parseWorkflowImport } from './transfer';

describe('export and import', () => {
  it('round-trips a definition, extra properties included', () => {
    const def = scoredFollowUpGraph();
    def.nodes[0]!.width = 180;
    def.edges[0]!.animated = true;
    const back = parseWorkflowImport(exportWorkflowJson(def));
    expect(back).toEqual({ ok: true, definition: def, notes: [] });
  });

  it('takes the workflow_definition of a pasted campaign record', () => {
    const def = scoredFollowUpGraph();
    const result = parseWorkflowImport(JSON.stringify({ campaignId: 'x', name: 'Q3', workflow_definition: def }));
    expect(result).toMatchObject({ ok: true, definition: def, notes: ['Took the steps and connections of the whole campaign.'] });
  });

  it('ignores other top-level properties and says so', () => {
    const result = parseWorkflowImport(JSON.stringify({ ...scoredFollowUpGraph(), viewport: {} }));
    expect(result.ok && result.notes).toEqual(['Ignored “viewport”: a campaign file holds only steps and connections.']);
  });

  it('keeps the definition’s own nodes when a campaign record also has them at the top', () => {
    const def = scoredFollowUpGraph();
    const result = parseWorkflowImport(JSON.stringify({ ...def, workflow_definition: { nodes: [], edges: [] }, name: 'Q3' }));
    expect(result).toEqual({
      ok: true,
      definition: def,
      notes: ['Ignored “workflow_definition”, “name”: a campaign file holds only steps and connections.'],
    });
  });

  it('lets graph problems through for the validator to show', () => {
    const def = scoredFollowUpGraph();
    def.edges.pop();
    def.nodes.push({ id: 'x', type: 'cancel_connection_request', position: { x: 0, y: 0 }, data: { icpThreshold: 500 } });
    const result = parseWorkflowImport(JSON.stringify(def));
    expect(result.ok).toBe(true);
    expect(validateWorkflow(result.ok ? result.definition : null).length).toBeGreaterThan(2);
  });

  it.each([
    ['', 'Paste an exported campaign or choose its file first.'],
    ['{nodes:', /^This is not valid JSON: /],
    ['[1,2]', /not an exported campaign/],
    ['{"nodes": []}', /not an exported campaign/],
    ['{"nodes": [null], "edges": []}', 'Step 1 is not an object.'],
    ['{"nodes": [{"type": "start"}], "edges": []}', 'Step 1 has no id.'],
    ['{"nodes": [{"id": "a"}, {"id": "a"}], "edges": []}', 'Two steps share the id “a”: ids must be unique.'],
    ['{"nodes": [{"id": "a"}], "edges": [{"id": "e", "source": "a"}]}', 'Connection “e” needs a source and a target step id.'],
    ['{"nodes": [{"id": "a"}], "edges": [{"id": "e", "target": "a"}]}', 'Connection “e” needs a source and a target step id.'],
    [' \n\t ', 'Paste an exported campaign or choose its file first.'],
    ['null', /not an exported campaign/],
    ['42', /not an exported campaign/],
    ['"nodes"', /not an exported campaign/],
    ['{"nodes": [{"id": ""}], "edges": []}', 'Step 1 has no id.'],
    ['{"nodes": [{"id": "a"}], "edges": [null]}', 'Connection 1 is not an object.'],
    ['{"nodes": [{"id": "a"}], "edges": [{"source": "a", "target": "a"}]}', 'Connection 1 has no id.'],
    [
      '{"nodes": [{"id": "a"}], "edges": [{"id": "e", "source": "a", "target": "a"}, {"id": "e", "source": "a", "target": "a"}]}',
      'Two connections share the id “e”: ids must be unique.',
    ],
  ])('refuses %j', (text, error) => {
    const result = parseWorkflowImport(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
  });

  it('names the file after the campaign', () => {
    expect(exportFileName('Q3 Founders — outreach!')).toBe('q3-founders-outreach.workflow.json');
    expect(exportFileName('***')).toBe('campaign.workflow.json');
    expect(exportFileName('Über uns: Café Résumé')).toBe('uber-uns-cafe-resume.workflow.json');
    expect(exportFileName('ＱＵＡＲＴＥＲ ３')).toBe('quarter-3.workflow.json');
    // At most 60 characters, never ending in a dash where the cut falls between words.
    expect(exportFileName(`${'a'.repeat(59)} b ${'c'.repeat(20)}`)).toBe(`${'a'.repeat(59)}.workflow.json`);
  });
});
