import type { NodeTypes } from '@xyflow/react';
import { NODE_TYPES } from '../../../domain';
import { UNKNOWN_NODE_TYPE } from '../store/convert';
import { WorkflowNode } from './WorkflowNode';

/** Every catalog type (and "unknown") maps to the one memoized node component; built once, at module load. */
export const nodeTypes: NodeTypes = Object.freeze(
  Object.fromEntries([...NODE_TYPES, UNKNOWN_NODE_TYPE].map((type) => [type, WorkflowNode])),
);
