import { FIELDS, NODE_TYPES, nodeDefinition, providerLimit, requiredFields } from '../catalog';

/**
 * Per node type, the fields each per-step rule reads, taken from the catalog and the field table once
 * at load: a rule then visits only the fields that concern it, not every field of every step.
 */
const table = (pick: (type: string, key: string) => boolean): ReadonlyMap<unknown, readonly string[]> =>
  new Map(NODE_TYPES.map((type) => [type, (nodeDefinition(type)?.fields ?? []).filter((key) => pick(type, key))]));

const NONE: readonly string[] = [];
const LIMITED = table((type, key) => providerLimit(type, key) !== undefined);
const URLS = table((_type, key) => FIELDS[key]?.kind === 'url');
const REQUIRED: ReadonlyMap<unknown, readonly string[]> = new Map(NODE_TYPES.map((type) => [type, requiredFields(type)]));

/** Fields of `type` with a provider limit (contract 8.6 provider_limit). */
export const limitedFieldsOf = (type: unknown): readonly string[] => LIMITED.get(type) ?? NONE;
/** URL fields of `type` (contract 8.6 invalid_url). */
export const urlFieldsOf = (type: unknown): readonly string[] => URLS.get(type) ?? NONE;
/** Fields `type` must fill (spec 4.1 rule 9). */
export const requiredFieldsOf = (type: unknown): readonly string[] => REQUIRED.get(type) ?? NONE;
