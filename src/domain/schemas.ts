import { z } from 'zod';
import { NODE_TYPES, nodeDataSchema } from './catalog';

/** Spec 8: graph size limits. */
export const MAX_NODES = 500;
export const MAX_EDGES = 2000;

/** Spec 2.3: x and y required, finite (contract 5), nothing else. zod 4 numbers reject ±Infinity and NaN. */
const nodePositionSchema = z.strictObject({ x: z.number(), y: z.number() });

/** Spec 2.3 node: extra properties allowed and kept. */
export const workflowNodeSchema = z.looseObject({
  id: z.string().min(1),
  type: z.enum(NODE_TYPES),
  position: nodePositionSchema,
  data: nodeDataSchema,
});

/** Spec 2.4 edge: extra properties allowed; sourceHandle rules are graph rules (4.1.12), not schema. */
export const workflowEdgeSchema = z.looseObject({
  id: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  sourceHandle: z.string().optional(),
});

/** Spec 2.2: additional properties forbidden; 1..500 nodes, at most 2000 edges. */
export const workflowDefinitionSchema = z.strictObject({
  nodes: z.array(workflowNodeSchema).min(1).max(MAX_NODES),
  edges: z.array(workflowEdgeSchema).max(MAX_EDGES),
});

/** @public A type of the published contract, for clients of the API. */
export type WorkflowNodeInput = z.infer<typeof workflowNodeSchema>;
/** @public A type of the published contract, for clients of the API. */
export type WorkflowEdgeInput = z.infer<typeof workflowEdgeSchema>;
/** @public A type of the published contract, for clients of the API. */
export type WorkflowDefinitionInput = z.infer<typeof workflowDefinitionSchema>;
