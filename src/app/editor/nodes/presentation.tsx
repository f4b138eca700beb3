import { memo } from 'react';
import { nodeDefinition, type NodeCategory } from '../../../domain';

/**
 * The app's presentation map: only looks and form hints, keyed by the catalog's type or
 * category. Behaviour stays in the catalog.
 */

// 24×24 stroke glyphs (no emoji): one per category, a few types get their own.
const CATEGORY_GLYPH: Record<NodeCategory, string> = {
  entry: 'M5 12h11M12 7l5 5-5 5M20 4v16',
  scoring: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7z',
  linkedin: 'M16 11a4 4 0 10-8 0 4 4 0 008 0zM4 21c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
  messaging: 'M4 5h16v11H9l-5 4z',
  ai_agents: 'M12 3v3M5 8h14v11H5zM9 13h.01M15 13h.01M9 17h6',
  email_finders: 'M11 4a7 7 0 105 12l4 4M8 11h6',
  email_destinations: 'M3 6h18v12H3zM3 7l9 6 9-6',
  integrations: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  flow_control: 'M6 4v16M6 8h8l4 4-4 4H6',
};

const TYPE_GLYPH: Partial<Record<string, string>> = {
  start: 'M8 5v14l11-7z',
  end: 'M6 6h12v12H6z',
  delay: 'M12 7v5l3 2M12 3a9 9 0 100 18 9 9 0 000-18z',
  connection_request: 'M15 8a3 3 0 10-6 0 3 3 0 006 0zM4 20c1-3 4-5 8-5M18 14v6M15 17h6',
  cancel_invitation: 'M15 8a3 3 0 10-6 0 3 3 0 006 0zM4 20c1-3 4-5 8-5M15 15l5 5M20 15l-5 5',
  inmail: 'M3 6h18v12H3zM3 7l9 6 9-6M17 3l2 2',
  messaging_app_message: 'M5 19l1.5-4A8 8 0 1112 20a8 8 0 01-3.5-.8z',
  webhook: 'M9 15a4 4 0 11-2-7M15 9a4 4 0 114 6M12 12l-3 6M12 12l4-4',
  condition: 'M12 3l9 9-9 9-9-9z',
};

/** The glyph of a node type (falls back to its category's, then a question mark). */
export const NodeIcon = memo(function NodeIcon({ type, size = 16 }: { type: string | undefined; size?: number }) {
  const def = nodeDefinition(type);
  const d = (type && TYPE_GLYPH[type]) ?? (def ? CATEGORY_GLYPH[def.category] : 'M9 9a3 3 0 116 0c0 2-3 2-3 4M12 17h.01');
  return (
    <svg
      className="node-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
});

/** The CSS variable holding a category's colour (the --cat-<category> tokens of the theme), --error for an unknown type. */
export const categoryToken = (category: NodeCategory | null | undefined): string => (category ? `--cat-${category}` : '--error');

/** CSS colour of a step type's category. */
export const categoryColor = (type: string | undefined): string => `var(${categoryToken(nodeDefinition(type)?.category)})`;
