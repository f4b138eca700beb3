import { z } from 'zod';
import { NODE_TYPES, nodeDataSchema } from './catalog';

/** Spec 8: graph size limits. */
export const MAX_NODES = 500;
export const MAX_EDGES = 2000;
/** Spec 4.3 / 8: media items per inspiration. */
export const MAX_MEDIA_ITEMS = 4;

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

export type WorkflowNodeInput = z.infer<typeof workflowNodeSchema>;
export type WorkflowEdgeInput = z.infer<typeof workflowEdgeSchema>;
export type WorkflowDefinitionInput = z.infer<typeof workflowDefinitionSchema>;

/** Spec 2.6: all five fields required, nothing else. */
export const mediaItemSchema = z.strictObject({
  type: z.enum(['image', 'video']),
  url: z.url(),
  thumbnailUrl: z.url().nullable(),
  width: z.int().min(0).nullable(),
  height: z.int().min(0).nullable(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** Spec 4.3 body of save-inspiration: additional properties forbidden; nullability exactly as the table. */
export const inspirationInputSchema = z.strictObject({
  workspaceId: z.string().optional(), // spec 4.3 states no minimum length (spec 2.1: only where stated)
  text: z.string(),
  author: z.string().optional(),
  url: z.string().nullable().optional(),
  providerId: z.string().optional(),
  notes: z.string().nullable().optional(),
  authorId: z.string().nullable().optional(),
  authorUrl: z.string().nullable().optional(),
  linkedinAccountId: z.string().nullable().optional(),
  // Counts: the spec says "integer or null"; negative counts cannot happen, so minimum 0.
  reactions: z.int().min(0).nullable().optional(),
  comments: z.int().min(0).nullable().optional(),
  reposts: z.int().min(0).nullable().optional(),
  observedAt: z.string().optional(),
  publishedAt: z.string().nullable().optional(),
  avatarUrl: z.url().nullable().optional(),
  media: z.array(mediaItemSchema).max(MAX_MEDIA_ITEMS).optional(),
});
export type InspirationInput = z.infer<typeof inspirationInputSchema>;
