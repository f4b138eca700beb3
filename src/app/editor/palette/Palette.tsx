import { memo, useMemo, useState, type DragEvent } from 'react';
import { nodeRole, type NodeType } from '../../../domain';
import { categoryColor, NodeIcon } from '../nodes/presentation';
import { useEditorStore } from '../store';
import { searchCatalog, STEP_DRAG_TYPE } from './catalog-search';

const onDragStart = (e: DragEvent<HTMLButtonElement>, type: NodeType) => {
  e.dataTransfer.setData(STEP_DRAG_TYPE, type);
  e.dataTransfer.setData('text/plain', type);
  e.dataTransfer.effectAllowed = 'copy';
};

/** Searchable list of step types by category. Click adds below the selected step; drag drops anywhere (or on a connection). */
export const Palette = memo(function Palette({ onPick }: { onPick: (type: NodeType) => void }) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => searchCatalog(query), [query]);
  const readOnly = useEditorStore((s) => s.readOnly);
  const hasStart = useEditorStore((s) => s.nodes.some((n) => nodeRole(n.type) === 'start'));
  return (
    <aside className="palette" aria-label="Steps">
      <div className="palette-search">
        <label className="visually-hidden" htmlFor="palette-search">
          Search steps
        </label>
        <input
          id="palette-search"
          className="input input-sm"
          type="search"
          placeholder="Search steps…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the first step that matches (as a click on it would).
            if (e.key !== 'Enter' || readOnly) return;
            const first = groups.flatMap((g) => g.items).find((d) => !(nodeRole(d.type) === 'start' && hasStart));
            if (!first) return;
            e.preventDefault();
            onPick(first.type);
          }}
        />
      </div>
      <div className="palette-groups">
        {groups.length === 0 && <p className="muted palette-empty">No step matches “{query}”.</p>}
        {groups.map((g) => (
          <section key={g.id} className="palette-group" aria-labelledby={`palette-${g.id}`}>
            <h3 id={`palette-${g.id}`} className="palette-group-title">
              {g.label}
            </h3>
            <ul>
              {g.items.map((def) => {
                const onlyOne = nodeRole(def.type) === 'start' && hasStart;
                return (
                  <li key={def.type}>
                    <button
                      type="button"
                      className="palette-item"
                      draggable={!readOnly && !onlyOne}
                      disabled={readOnly || onlyOne}
                      title={onlyOne ? 'A campaign has exactly one Start' : def.description}
                      onDragStart={(e) => onDragStart(e, def.type)}
                      onClick={() => onPick(def.type)}
                      style={{ '--node-cat': categoryColor(def.type) } as React.CSSProperties}
                    >
                      <span className="palette-icon">
                        <NodeIcon type={def.type} />
                      </span>
                      <span className="palette-text">
                        <span className="palette-label">{def.label}</span>
                        <span className="palette-desc">{def.description}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </aside>
  );
});
