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
  /** Where the value goes when it is not the step's own field (a variant's text or label); default: `data[field.key]`. */
  write?: (value: unknown) => void;
  /** How the value is removed then; default: the step's field is removed. */
  clear?: () => void;
  /** Contract 10.1: the variant (index) whose text this field edits, when it is a variant's. */
  variant?: number;
}

/** Writes a field; typing bursts in one field coalesce into one undo step (sealed on blur). */
export function writeField(p: FieldProps, value: unknown): void {
  if (p.write) return p.write(value);
  editorStore
    .getState()
    .updateNodeData(
      p.nodeId,
      { [p.field.key]: value },
      { label: `Edit ${p.nodeLabel} · ${p.field.label}`, coalesceKey: `${p.nodeId}:${p.field.key}` },
    );
}

export function clearField(p: FieldProps): void {
  if (p.clear) return p.clear();
  editorStore.getState().removeNodeField(p.nodeId, p.field.key);
}

export const sealTyping = () => editorStore.getState().sealTyping();
