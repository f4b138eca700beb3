import { memo, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { nodeRole, startStep, type NodeType } from '../../../domain';
import { categoryColor, NodeIcon } from '../nodes/presentation';
import { useEditorStore } from '../store';
import { searchCatalog, STEP_DRAG_TYPE } from './catalog-search';
import { usePaletteCollapsed, usePaletteLayout } from './palette-store';

const onDragStart = (e: DragEvent<HTMLButtonElement>, type: NodeType) => {
  e.dataTransfer.setData(STEP_DRAG_TYPE, type);
  e.dataTransfer.setData('text/plain', type);
  e.dataTransfer.effectAllowed = 'copy';
};

/** The search and the step types by category: click adds (below the selected step), drag drops anywhere. */
function StepList({ onPick, onDragEnd, focusSearch }: { onPick: (type: NodeType) => void; onDragEnd?: () => void; focusSearch?: boolean }) {
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  // The step menu opens for typing (a menu the user asked for, not a page landing).
  useEffect(() => {
    if (focusSearch) search.current?.focus();
  }, [focusSearch]);
  const groups = useMemo(() => searchCatalog(query), [query]);
  const readOnly = useEditorStore((s) => s.readOnly);
  const hasStart = useEditorStore((s) => startStep(s.nodes) !== undefined);
  return (
    <>
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
          ref={search}
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
                      onDragEnd={onDragEnd}
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
    </>
  );
}

/**
 * The rail the step list collapses to when space is short: a "+" that opens the step list as a
 * menu over the canvas's left edge (n8n's node creator), and a button that keeps the list open.
 */
function PaletteRail({ onPick }: { onPick: (type: NodeType) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const plus = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);
  return (
    <aside ref={ref} className="palette palette-rail" aria-label="Steps">
      <button
        ref={plus}
        type="button"
        className="btn btn-primary palette-rail-add"
        aria-expanded={open}
        aria-controls="palette-menu"
        title="Add a step"
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">+</span>
        <span className="visually-hidden">Add a step</span>
      </button>
      <button
        type="button"
        className="icon-btn palette-rail-pin"
        title="Keep the step list open"
        aria-label="Keep the step list open"
        onClick={() => usePaletteLayout.getState().setCollapsed(false)}
      >
        <span aria-hidden="true">»</span>
      </button>
      {open && (
        // A non-modal menu: Escape closes it from any of its controls and gives focus back to the "+".
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          id="palette-menu"
          className="palette-menu"
          role="dialog"
          aria-label="Add a step"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setOpen(false);
            plus.current?.focus();
          }}
        >
          <StepList
            focusSearch
            onPick={(type) => {
              onPick(type);
              setOpen(false);
            }}
            onDragEnd={() => setOpen(false)}
          />
        </div>
      )}
    </aside>
  );
}

/** The step list beside the canvas, or its rail when space is short (the user's choice, once made, wins). */
export const Palette = memo(function Palette({ onPick }: { onPick: (type: NodeType) => void }) {
  const collapsed = usePaletteCollapsed();
  if (collapsed) return <PaletteRail onPick={onPick} />;
  return (
    <aside className="palette" aria-label="Steps">
      <StepList onPick={onPick} />
      <button
        type="button"
        className="btn btn-ghost btn-sm palette-collapse"
        onClick={() => usePaletteLayout.getState().setCollapsed(true)}
      >
        <span aria-hidden="true">«</span> Collapse the step list
      </button>
    </aside>
  );
});
