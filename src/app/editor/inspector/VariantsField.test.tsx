// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionOnlyGraph, inmailFallbackGraph, variantGraph } from '../../../domain/testing/fixtures';
import { editorStore } from '../store';
import { openInEditor } from '../store/test-campaign';
import { Inspector } from './Inspector';

/** Contract 10.1 in the step's form: add, edit and remove variants, each with the one text's own editor and the validator's live checks. */

const dataOf = (nodeId: string) => editorStore.getState().nodes.find((n) => n.id === nodeId)!.data;
const NOTE = 'Hi {{firstName}}, I enjoyed your recent post — would be great to connect.';

afterEach(cleanup);

describe('the variants of a step', () => {
  it('“Add a variant” turns the note into variants A and B, each with a label and the note’s own editor; the one note is no longer shown', async () => {
    const user = userEvent.setup();
    openInEditor(connectionOnlyGraph());
    render(<Inspector nodeId="invite" />);
    expect(screen.getByLabelText('Message')).toBeTruthy();
    expect(screen.queryByLabelText('Variant group')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    expect(dataOf('invite').variants).toEqual([
      { variantId: 'a', label: 'Variant A', text: NOTE },
      { variantId: 'b', label: 'Variant B', text: NOTE },
    ]);
    const b = screen.getByRole('region', { name: 'Variant B' });
    expect(within(b).getByLabelText('Label')).toHaveProperty('value', 'Variant B');
    // The note's own editor: placeholder chips, a preview and the connection note's counter.
    expect(within(b).getByRole('group', { name: 'Insert a placeholder' })).toBeTruthy();
    expect(within(b).getByLabelText(`${NOTE.length} of 300 characters`)).toBeTruthy();
    expect(screen.getAllByLabelText('Message')).toHaveLength(2);
    expect(screen.getByText(/Steps with the same group name give each prospect the same variant/)).toBeTruthy();
    expect(screen.getByText('Variants A/B')).toBeTruthy();
  });

  it('writes each variant’s label and text, one undo step per typing burst, and shows the validator’s problems under that variant', async () => {
    const user = userEvent.setup();
    openInEditor(variantGraph());
    render(<Inspector nodeId="thanks" />);
    const b = screen.getByRole('region', { name: 'Variant B' });
    const label = within(b).getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'Question');
    expect((dataOf('thanks').variants as Array<{ label: string }>)[1]!.label).toBe('Question');
    const text = within(b).getByLabelText('Message');
    await user.clear(text);
    expect(
      within(screen.getByRole('region', { name: 'Variant B' })).getByText('Message: Variant B has no message: write one'),
    ).toBeTruthy();
    await user.click(text);
    await user.paste('Hi {{first{{name}}}}');
    expect(within(screen.getByRole('region', { name: 'Variant B' })).getByText(/^Variant B, Message: /)).toBeTruthy();
    // Variant A is untouched; undo takes back the typing, then the label.
    expect((dataOf('thanks').variants as Array<{ text: string }>)[0]!.text).toBe('Thanks, {{firstName}}!');
    editorStore.getState().sealTyping();
    editorStore.getState().undo();
    expect((dataOf('thanks').variants as Array<{ text: string }>)[1]!.text).not.toContain('{{first{{name}}}}');
  });

  it('adds up to five variants, then no more', async () => {
    const user = userEvent.setup();
    openInEditor(variantGraph());
    render(<Inspector nodeId="thanks" />);
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    expect((dataOf('thanks').variants as Array<{ variantId: string }>).map((v) => v.variantId)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(screen.queryByRole('button', { name: 'Add a variant' })).toBeNull();
    expect(screen.getByText('Variants A/B/C/D/E')).toBeTruthy();
  });

  it('removing down to one variant makes its text the step’s one text again', async () => {
    const user = userEvent.setup();
    openInEditor(variantGraph());
    render(<Inspector nodeId="invite" />);
    await user.click(screen.getByRole('button', { name: 'Remove variant A' }));
    const data = dataOf('invite');
    expect(data).not.toHaveProperty('variants');
    expect(data.message_template).toBe('Hi {{firstName}}, I enjoyed your post about {{company}}. Shall we connect?');
    expect(screen.getByLabelText('Message')).toHaveProperty('value', data.message_template);
    // Its group partner still has two: the group's problem is the validator's, shown on the group field.
    expect(screen.getByText(/The steps of variant group “tone” need the same number of variants/)).toBeTruthy();
  });

  it('gives each InMail variant a subject of its own, empty to send the step’s', async () => {
    const user = userEvent.setup();
    openInEditor(inmailFallbackGraph());
    render(<Inspector nodeId="inmail" />);
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    const b = screen.getByRole('region', { name: 'Variant B' });
    await user.click(within(b).getByLabelText('Subject'));
    await user.paste('A question about {{company}}');
    expect((dataOf('inmail').variants as Array<{ subject?: string }>).map((v) => v.subject)).toEqual([
      undefined,
      'A question about {{company}}',
    ]);
    await user.clear(within(b).getByLabelText('Subject'));
    expect((dataOf('inmail').variants as Array<Record<string, unknown>>)[1]).not.toHaveProperty('subject');
    // The step's own subject stays: variants without one send it.
    expect(screen.getAllByLabelText('Subject')).toHaveLength(3);
  });

  it('varies an AI-enhanced message’s instructions, not its message', async () => {
    const user = userEvent.setup();
    const g = connectionOnlyGraph();
    g.nodes.push({
      id: 'ai',
      type: 'enhanced_message',
      position: { x: 0, y: 0 },
      data: { message_template: 'Hi', customInstructions: 'Be brief' },
    });
    openInEditor(g);
    render(<Inspector nodeId="ai" />);
    await user.click(screen.getByRole('button', { name: 'Add a variant' }));
    expect(screen.getAllByLabelText('Instructions')).toHaveLength(2);
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'Hi');
  });
});
