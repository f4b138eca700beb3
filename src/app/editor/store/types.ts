import type { CampaignRecord } from '../../../domain';
import type { Edge, Node } from '@xyflow/react';
import type { NodeData, Violation, WorkflowDefinition } from '../../../domain';

/** A canvas node: React Flow's own props only; `data` is the workflow node's data, verbatim. */
export type FlowNode = Node<NodeData>;
/** A canvas edge; `sourceHandle` is the workflow edge's output name (null on single-output nodes). */
export type FlowEdge = Edge;

/**
 * What a workflow node carries beyond id/type/position/data (spec 2.3: extra properties allowed).
 * Kept beside the canvas, never as React Flow props, since names like `style`/`hidden` collide.
 * `type` holds the original type string when it is not in the catalog (the canvas shows it as "unknown").
 */
export interface NodeExtras {
  props: Record<string, unknown>;
  type?: string;
}

export type NodeExtrasMap = Readonly<Record<string, NodeExtras>>;
export type EdgeExtrasMap = Readonly<Record<string, Record<string, unknown>>>;

/** The graph content: what undo/redo restores and what a save sends. */
export interface GraphSnapshot {
  nodes: FlowNode[];
  edges: FlowEdge[];
  nodeExtras: NodeExtrasMap;
  edgeExtras: EdgeExtrasMap;
  /** Identity of this graph content; a new number for every change (dirty = revision ≠ saved revision). */
  revision: number;
}

/** A saved version an edit is based on: its `updated_at` and graph (the three-way merge's base). */
export interface BaseVersion {
  updatedAt: string | null;
  definition: WorkflowDefinition | null;
}

export interface HistoryEntry {
  /** Users' words: "Add Message", "Edit Message · Wait for a reply". */
  label: string;
  snapshot: GraphSnapshot;
  /**
   * A step that also moved the edit onto another saved version (taking or merging theirs): undoing it
   * goes back to `before` as well, so a save after the undo is checked against their version (and
   * merges or asks) instead of silently replacing it; redoing it takes `after` again.
   */
  base?: { before: BaseVersion; after: BaseVersion };
  /** Changes with the same key in quick succession share one entry (typing in one field). */
  coalesceKey?: string;
  at: number;
}

export interface ValidationState {
  violations: Violation[];
  byNode: ReadonlyMap<string, readonly Violation[]>;
  byEdge: ReadonlyMap<string, readonly Violation[]>;
  errors: number;
  warnings: number;
}

export type HighlightTone = 'info' | 'success' | 'warning' | 'danger' | 'added' | 'removed' | 'changed';

export interface Highlight {
  nodeIds: ReadonlySet<string>;
  edgeIds: ReadonlySet<string>;
  tone: HighlightTone;
}

/** The campaign the canvas belongs to (contract 4 record without its graph). */
export type CampaignMeta = Omit<CampaignRecord, 'workflow_definition'>;
