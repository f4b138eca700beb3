import { useEffect } from 'react';
import { nodeDefinition, stepNames, type ValidationContext } from '../../domain';
import { useAccounts } from '../api/accounts';
import { useEditorBridge } from '../shared-bridge';
import { messageCursorOf } from './inspector/message-cursor';
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
    setTarget({
      nodeId,
      label: name ?? def.label,
      currentText: () => {
        const template = editorStore.getState().nodes.find((n) => n.id === nodeId)?.data.message_template;
        return typeof template === 'string' ? template : '';
      },
      cursor: () => messageCursorOf(nodeId),
      applyTemplate: (text) =>
        editorStore.getState().updateNodeData(nodeId, { message_template: text }, { label: `Use inspiration in ${def.label}` }),
      isDropTarget: (element) => element.closest('.react-flow__node[data-id]')?.getAttribute('data-id') === nodeId,
    });
  }, [nodeId, type, readOnly, name]);
  useEffect(() => () => useEditorBridge.getState().setMessageTarget(null), []);
}
