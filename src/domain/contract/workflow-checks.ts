import { z } from 'zod';
import { VARIANT_IDS } from '../variants/variants';

/**
 * What the graph tools answer about a graph (contract 3, 5, 8.4): the node types, a validation's
 * verdict and its violations, a simulation's paths. `campaigns.ts` names the tools that return them.
 */

/** Contract 5 violation, as tools return it. */
export const violationSchema = z.object({
  code: z.string(),
  rule: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  nodeId: z.string().optional(),
  edgeId: z.string().optional(),
  handle: z.string().optional(),
  path: z.string().optional(),
});

export const nodeTypeListSchema = z.object({
  items: z.array(
    z.object({
      type: z.string(),
      label: z.string(),
      category: z.string(),
      description: z.string(),
      outputs: z.array(z.string()).describe('sourceHandle names of a branching type; empty for a single output (and for end).'),
      dataSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of the node’s data.'),
      sends: z.boolean(),
    }),
  ),
});

export const validationVerdictSchema = z.object({
  valid: z.boolean(),
  violations: z.array(violationSchema),
  errors: z.int(),
  warnings: z.int(),
  hint: z.string().optional().describe('When not valid: which violation to fix first, and how.'),
});
export type ValidationVerdict = z.infer<typeof validationVerdictSchema>;

export const simulationSchema = z.object({
  paths: z.array(
    z.object({
      outcomes: z.array(z.object({ nodeId: z.string(), handle: z.string() })),
      steps: z.array(
        z.object({
          nodeId: z.string(),
          type: z.string(),
          day: z.number(),
          sends: z.boolean(),
          rendered: z.string().optional(),
          renderedSubject: z.string().optional(),
          variants: z
            .array(
              z.object({
                variantId: z.enum(VARIANT_IDS),
                label: z.string(),
                rendered: z.string().describe('The variant’s own text (message, note or AI instructions) as the prospect gets it.'),
                renderedSubject: z.string().optional().describe('InMail: the subject this variant sends.'),
              }),
            )
            .optional()
            .describe('Contract 10.1: every variant of the step, one row each (paths do not multiply); `rendered` is then the first’s.'),
          unfilledPlaceholders: z.array(z.string()),
        }),
      ),
      endNodeId: z.string().nullable(),
      totalDays: z.number(),
    }),
  ),
  truncated: z.boolean(),
});
export type Simulation = z.infer<typeof simulationSchema>;
