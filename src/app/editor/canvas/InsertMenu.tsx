import { useEffect, useMemo, useRef, useState } from 'react';
import { nodeRole, type NodeType } from '../../../domain';
import { NodeIcon } from '../nodes/presentation';
import { searchCatalog } from '../palette/catalog-search';
import { sizedSteps, useEditorStore } from '../store';
import { useCanvasUi, type StepMenuTarget } from './canvas-ui';
import { canLinkNewStep, placeDropped } from './placement';
import { toast } from '../../ui/toast';

/** Adds the chosen step for the menu's target: on the connection, or at the drop spot connected from its output. */
function addFor(menu: StepMenuTarget, type: NodeType): void {
  const s = useEditorStore.getState();
  if (menu.kind === 'edge') return s.insertOnEdge(menu.edgeId, type);
  const at = placeDropped(sizedSteps(s.nodes), type, menu.at, 'input');
  const verdict = canLinkNewStep(s.getDefinition(), menu.source, menu.sourceHandle, type);
  s.addNode(type, at, verdict.ok ? { source: menu.source, sourceHandle: menu.sourceHandle } : null);
  if (!verdict.ok) toast.error(`Added without a connection: ${verdict.reason}`);
}

/** The step menu: a searchable list opened from a connection's + button or where a dragged connection was dropped. */
export function InsertMenu() {
  const menu = useCanvasUi((s) => s.insertMenu);
  const close = () => useCanvasUi.getState().openInsertMenu(null);
  const [query, setQuery] = useState('');
  // Every opening starts with an empty search (state adjusted while rendering, not in an effect).
  const [openedFor, setOpenedFor] = useState(menu);
  if (menu !== openedFor) {
    setOpenedFor(menu);
    setQuery('');
  }
  const ref = useRef<HTMLDivElement>(null);
  const groups = useMemo(
    () =>
      searchCatalog(query)
        .map((g) => ({ ...g, items: g.items.filter((d) => nodeRole(d.type) !== 'start') }))
        .filter((g) => g.items.length),
    [query],
  );

  useEffect(() => {
    if (!menu) return;
    ref.current?.querySelector('input')?.focus();
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [menu]);

  if (!menu) return null;
  const pick = (type: NodeType) => {
    addFor(menu, type);
    close();
  };
  const title = menu.kind === 'edge' ? 'Insert a step' : 'Add a step here';
  const left = Math.min(menu.x - 140, window.innerWidth - 300);
  const top = Math.min(menu.y, window.innerHeight - 340);
  return (
    // A small non-modal dialog: Escape closes it from any of its controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      className="insert-menu"
      role="dialog"
      aria-label={title}
      style={{ left, top }}
      onKeyDown={(e) => e.key === 'Escape' && close()}
    >
      <label className="visually-hidden" htmlFor="insert-search">
        Search steps to insert
      </label>
      <input
        id="insert-search"
        className="input input-sm"
        type="search"
        placeholder={`${title}…`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && groups[0]?.items[0]) pick(groups[0].items[0].type);
        }}
      />
      <div className="insert-menu-list">
        {groups.map((g) => (
          <div key={g.id} role="group" aria-label={g.label}>
            <div className="insert-menu-group">{g.label}</div>
            {g.items.map((def) => (
              <button key={def.type} type="button" className="insert-menu-item" onClick={() => pick(def.type)}>
                <NodeIcon type={def.type} /> {def.label}
              </button>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
