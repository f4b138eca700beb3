import { CATALOG, NODE_CATEGORIES, NODE_TYPES, type NodeCategory, type NodeTypeDefinition } from '../../../domain';

/** The drag-and-drop data type of a palette item (its value is the node type). */
export const STEP_DRAG_TYPE = 'application/x-campaign-step';

export interface CatalogGroup {
  id: NodeCategory;
  label: string;
  items: NodeTypeDefinition[];
}

const normalize = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** Catalog entries grouped by category, filtered by a search over label, description and category. */
export function searchCatalog(query: string): CatalogGroup[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  const matches = (def: NodeTypeDefinition, category: string) => {
    const text = normalize(`${def.label} ${def.description} ${category} ${def.type}`);
    return words.every((w) => text.includes(w));
  };
  return NODE_CATEGORIES.map((c) => ({
    id: c.id,
    label: c.label,
    items: NODE_TYPES.map((t) => CATALOG[t]).filter((def) => def.category === c.id && matches(def, c.label)),
  })).filter((g) => g.items.length > 0);
}
