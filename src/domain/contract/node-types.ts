import { z } from 'zod';
import { branchHandles, NODE_TYPES, nodeDefinition, requiredFields } from '../catalog';
import { variantGroupSchema, variantsSchema } from '../variants/variants';
import type { CampaignToolResult } from './campaigns';

/**
 * Contract 8.1 list-node-types, generated from the node catalog (never written by hand): for each
 * type its outputs and the JSON Schema of its data. The schema is the catalog's zod data schema
 * (spec 2.5 bounds) narrowed to the fields the type uses, with the catalog's defaults and the
 * fields it requires; other properties stay allowed (spec 2.3) and keep their bounds when checked.
 */

type NodeTypeItem = CampaignToolResult<'list-node-types'>['items'][number];
type JsonSchema = Record<string, unknown>;

const toJsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Contract 10.1 fields checked by the validator's own rules (invalid_variants), published with their shape. */
const VARIANT_FIELDS: Readonly<Record<string, z.ZodType>> = { variants: variantsSchema, variantGroup: variantGroupSchema };

/** The type's data schema: its own fields only, each with its bounds and its default value. */
function dataSchemaOf(type: string): JsonSchema {
  const def = nodeDefinition(type)!;
  const full = toJsonSchema(def.dataSchema);
  const known = (full.properties ?? {}) as Record<string, JsonSchema>;
  const defaults = def.defaults();
  const required = requiredFields(type);
  const properties = Object.fromEntries(
    def.fields.map((key) => {
      const own = VARIANT_FIELDS[key];
      const property: JsonSchema = { ...(known[key] ?? (own ? toJsonSchema(own) : {})) };
      if (required.includes(key) && property.type === 'string') property.minLength = Math.max(1, Number(property.minLength ?? 0));
      if (defaults[key] !== undefined && defaults[key] !== '') property.default = defaults[key];
      return [key, property];
    }),
  );
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required: [...required] } : {}),
    additionalProperties: true,
  };
}

let cached: { items: NodeTypeItem[] } | undefined;

/** All 40 node types of the catalog, in the spec's order. Built once; callers must not modify it. */
export function listNodeTypes(): { items: NodeTypeItem[] } {
  cached ??= {
    items: NODE_TYPES.map((type) => {
      const def = nodeDefinition(type)!;
      return {
        type,
        label: def.label,
        category: def.category,
        description: def.description,
        outputs: [...branchHandles(type)],
        dataSchema: dataSchemaOf(type),
        sends: def.sends,
      };
    }),
  };
  return cached;
}
