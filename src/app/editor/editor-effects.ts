import { useEffect } from 'react';
import { nodeDefinition, stepNames, variantTextsOf, type ValidationContext } from '../../domain';
import { useAccounts } from '../api/accounts';
import { useEditorBridge } from '../shared-bridge';
import { messageCursorOf, messageVariantOf } from './inspector/message-cursor';
import { editVariant, variantItems } from './inspector/variant-edits';
import { editorStore, useEditorStore, useSingleSelectedNodeId } from './store';

/**
 * Spec 4.1 rule 10 and contract 9.4 context: the campaign's sender accounts that still exist, with
 * their premium seat and channel — as the server builds it. Unknown until the accounts load.
 */
export function useSenderContext(): void {
  const { data: accounts } = useAccounts();
  const senderIds = useEditorStore((s) => s.campaign?.senderAccountIds);
  useEffect(() => {
    let context: ValidationContext | undefined;
    if (accounts && senderIds) {
      const ids = new Set(senderIds);
      context = {
        senders: accounts
          .filter((a) => ids.has(a.id))
          .map((a) => ({ accountId: a.id, premium: a.premium === true, name: a.name, channel: a.channel })),
      };
    }
    editorStore.getState().setContext(context);
  }, [accounts, senderIds]);
}

/**
 * Publishes the selected message-type step to the dock (shared-bridge), so the inspiration pane can
 * put text into its message_template — as an undoable edit.
 */
export function useMessageTargetBridge(): void {
  const nodeId = useSingleSelectedNodeId();
  const type = useEditorStore((s) => (nodeId ? s.nodes.find((n) => n.id === nodeId)?.type : undefined));
  const readOnly = useEditorStore((s) => s.readOnly);
  // The step's name as every surface shows it (its own name, or "Message 2"), never its id.
  const name = useEditorStore((s) =>
    nodeId ? stepNames(s.nodes.map((n) => ({ id: n.id, type: n.type, data: n.data }))).get(nodeId) : undefined,
  );
  useEffect(() => {
    const def = nodeDefinition(type);
    const setTarget = useEditorBridge.getState().setMessageTarget;
    if (!nodeId || !def || !def.fields.includes('message_template') || readOnly) {
      setTarget(null);
      return;
    }
    const dataOf = () => editorStore.getState().nodes.find((n) => n.id === nodeId)?.data ?? {};
    // Contract 10.1: with variants of its message, the one whose message last had the cursor (else the first).
    const variant = (): number | null =>
      variantTextsOf(type)?.text === 'message_template' && variantItems(dataOf()).length > 0 ? (messageVariantOf(nodeId) ?? 0) : null;
    setTarget({
      nodeId,
      label: name ?? def.label,
      currentText: () => {
        const at = variant();
        const template = at === null ? dataOf().message_template : variantItems(dataOf())[at]?.text;
        return typeof template === 'string' ? template : '';
      },
      cursor: () => messageCursorOf(nodeId, variant()),
      applyTemplate: (text) => {
        const at = variant();
        const label = `Use inspiration in ${def.label}`;
        editorStore
          .getState()
          .updateNodeData(nodeId, at === null ? { message_template: text } : editVariant(dataOf(), at, 'text', text), { label });
      },
      isDropTarget: (element) => element.closest('.react-flow__node[data-id]')?.getAttribute('data-id') === nodeId,
    });
  }, [nodeId, type, readOnly, name]);
  useEffect(() => () => useEditorBridge.getState().setMessageTarget(null), []);
}
