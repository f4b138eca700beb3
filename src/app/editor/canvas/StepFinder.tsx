import { useMemo, useState } from 'react';
import { nodeDefinition } from '../../../domain';
import { Dialog } from '../../ui/Dialog';
import { NodeIcon } from '../nodes/presentation';
import { editorStore, useEditorStore } from '../store';
import { useCanvasUi } from './canvas-ui';

interface FoundStep {
  id: string;
  type: string;
  label: string;
  summary: string;
}

function summaryOf(type: string, data: unknown): string {
  try {
    return nodeDefinition(type)?.summary(data as never) ?? '';
  } catch {
    return '';
  }
}

/** Steps whose label or summary contains every word of the query (case-insensitive), in canvas order. */
export function findSteps(steps: readonly FoundStep[], query: string): FoundStep[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return steps.filter((s) => {
    const text = `${s.label} ${s.summary}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Ctrl/Cmd+K: jump to a step by its label or summary; Enter centres and selects it. */
export function StepFinder() {
  const open = useCanvasUi((s) => s.finderOpen);
  return open ? <Finder /> : null;
}

function Finder() {
  const nodes = useEditorStore((s) => s.nodes);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const steps = useMemo(
    () =>
      nodes.map((n) => ({
        id: n.id,
        type: n.type ?? '',
        label: nodeDefinition(n.type)?.label ?? n.type ?? '',
        summary: summaryOf(n.type ?? '', n.data),
      })),
    [nodes],
  );
  const found = useMemo(() => findSteps(steps, query).slice(0, 50), [steps, query]);
  const close = () => useCanvasUi.getState().setFinderOpen(false);
  const go = (id: string) => {
    close();
    editorStore.getState().focusElement({ nodeId: id });
  };
  const current = Math.min(active, Math.max(0, found.length - 1));
  return (
    <Dialog
      title="Go to a step"
      onClose={close}
      actions={
        <button type="button" className="btn btn-sm" onClick={close}>
          Close
        </button>
      }
    >
      <label className="visually-hidden" htmlFor="step-finder-search">
        Search steps by name or summary
      </label>
      <input
        id="step-finder-search"
        data-autofocus
        className="input"
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls="step-finder-list"
        aria-activedescendant={found[current] ? `step-finder-${found[current].id}` : undefined}
        placeholder="Step name or what it says…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive(Math.min(current + 1, found.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive(Math.max(current - 1, 0));
          } else if (e.key === 'Enter' && found[current]) {
            e.preventDefault();
            go(found[current].id);
          }
        }}
      />
      <ul id="step-finder-list" role="listbox" aria-label="Steps" className="step-finder-list">
        {found.length === 0 && <li className="muted">No step matches “{query}”.</li>}
        {found.map((s, i) => (
          // The search field owns the keys (arrows move, Enter opens: aria-activedescendant); a click is the mouse's way.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={s.id}
            id={`step-finder-${s.id}`}
            role="option"
            aria-selected={i === current}
            className={i === current ? 'step-finder-item is-active' : 'step-finder-item'}
            onClick={() => go(s.id)}
            onMouseEnter={() => setActive(i)}
          >
            <NodeIcon type={s.type} />
            <span className="step-finder-text">
              <span className="step-finder-label">{s.label}</span>
              {s.summary && <span className="step-finder-summary">{s.summary}</span>}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
