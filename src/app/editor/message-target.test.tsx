// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionOnlyGraph, variantGraph } from '../../domain/testing/fixtures';
import { useEditorBridge } from '../shared-bridge';
import { useMessageTargetBridge } from './editor-effects';
import { rememberMessageCursor } from './inspector/message-cursor';
import { editorStore } from './store';
import { openInEditor } from './store/test-campaign';

/** "Use in message" (the inspiration pane, through the shared bridge) on a step whose message has variants (contract 10.1). */

function Bridge() {
  useMessageTargetBridge();
  return null;
}
const target = () => useEditorBridge.getState().messageTarget!;
const variantsOf = (nodeId: string) => editorStore.getState().nodes.find((n) => n.id === nodeId)!.data.variants as Array<{ text: string }>;

afterEach(cleanup);

describe('the message target of a step with variants', () => {
  it('is the message of the variant that last had the cursor, else the first variant’s', () => {
    openInEditor(variantGraph());
    editorStore.getState().select({ nodeId: 'thanks' });
    render(<Bridge />);
    expect(target().currentText()).toBe('Thanks, {{firstName}}!');
    target().applyTemplate('From a post');
    expect(variantsOf('thanks').map((v) => v.text)).toEqual([
      'From a post',
      'Thanks for connecting, {{firstName}}. How is {{company}} doing?',
    ]);
    const textarea = Object.assign(document.createElement('textarea'), { value: 'xxxx' });
    textarea.setSelectionRange(2, 3);
    rememberMessageCursor('thanks', textarea, 1);
    expect(target().cursor()).toEqual({ start: 2, end: 3 });
    target().applyTemplate('Into B');
    expect(variantsOf('thanks').map((v) => v.text)).toEqual(['From a post', 'Into B']);
  });

  it('is the step’s one message without variants', () => {
    openInEditor(connectionOnlyGraph());
    editorStore.getState().select({ nodeId: 'invite' });
    render(<Bridge />);
    target().applyTemplate('One note');
    expect(editorStore.getState().nodes.find((n) => n.id === 'invite')!.data.message_template).toBe('One note');
  });
});
