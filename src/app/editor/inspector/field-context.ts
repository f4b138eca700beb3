import type { FieldDefinition, Violation } from '../../../domain';
import { editorStore } from '../store';

/** What every field input receives: its definition, value, violations and how to write. */
export interface FieldProps {
  nodeId: string;
  nodeType: string;
  nodeLabel: string;
  field: FieldDefinition;
  value: unknown;
  violations: readonly Violation[];
  disabled: boolean;
  inputId: string;
}

/** Writes a field; typing bursts in one field coalesce into one undo step (sealed on blur). */
export function writeField(nodeId: string, nodeLabel: string, field: FieldDefinition, value: unknown): void {
  editorStore
    .getState()
    .updateNodeData(nodeId, { [field.key]: value }, { label: `Edit ${nodeLabel} · ${field.label}`, coalesceKey: `${nodeId}:${field.key}` });
}

export function clearField(nodeId: string, field: FieldDefinition): void {
  editorStore.getState().removeNodeField(nodeId, field.key);
}

export const sealTyping = () => editorStore.getState().sealTyping();
