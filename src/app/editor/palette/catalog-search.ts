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

/**
 * How well a step's name answers the search, best first: its name starts with it (0), a word of its
 * name starts with each word searched (1), its name holds every word (2), only its description or
 * category does (3); null when it does not match.
 */
export function searchRank(def: NodeTypeDefinition, categoryLabel: string, query: string): number | null {
  const wanted = normalize(query).trim();
  const words = wanted.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const name = normalize(def.label);
  const text = `${name} ${normalize(`${def.description} ${categoryLabel} ${def.type}`)}`;
  if (!words.every((w) => text.includes(w))) return null;
  if (name.startsWith(wanted)) return 0;
  const nameWords = name.split(/[\s/()-]+/);
  if (words.every((w) => nameWords.some((n) => n.startsWith(w)))) return 1;
  if (words.every((w) => name.includes(w))) return 2;
  return 3;
}

/**
 * Catalog entries grouped by category, filtered by a search over name, description and category.
 * While searching, the best-named match comes first ("visit" → Visit profile before Website visitor):
 * groups in the order of their best step, steps by rank, catalog order among equals.
 */
export function searchCatalog(query: string): CatalogGroup[] {
  const groups = NODE_CATEGORIES.map((c) => {
    const ranked = NODE_TYPES.map((t) => CATALOG[t])
      .filter((def) => def.category === c.id)
      .map((def, order) => ({ def, order, rank: searchRank(def, c.label, query) }))
      .filter((r): r is typeof r & { rank: number } => r.rank !== null)
      .sort((a, b) => a.rank - b.rank || a.order - b.order);
    return { group: { id: c.id, label: c.label, items: ranked.map((r) => r.def) }, best: ranked[0]?.rank ?? Infinity };
  }).filter((g) => g.group.items.length > 0);
  return groups
    .map((g, order) => ({ ...g, order }))
    .sort((a, b) => a.best - b.best || a.order - b.order)
    .map((g) => g.group);
}
