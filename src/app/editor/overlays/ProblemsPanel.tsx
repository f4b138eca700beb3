import { useDeferredValue, useMemo, useRef } from 'react';
import { useToastsClearOf } from '../../ui/toast-room';
import { useCanvasUi } from '../canvas/canvas-ui';
import { editorStore, useEditorStore, useViolations } from '../store';
import { groupProblems } from './problem-groups';
import { quickFixOf } from './quick-fixes';

/** Header badge: error and warning counts; toggles the problems panel. */
export function ProblemsBadge() {
  const { errors, warnings } = useViolations();
  const open = useCanvasUi((s) => s.problemsOpen);
  const label =
    errors + warnings === 0
      ? 'No problems'
      : `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
  return (
    <button
      type="button"
      className={`btn btn-sm problems-badge${errors ? ' has-errors' : warnings ? ' has-warnings' : ''}`}
      aria-expanded={open}
      aria-controls="problems-panel"
      aria-label={`${label}. ${open ? 'Hide' : 'Show'} problems`}
      onClick={() => useCanvasUi.getState().setProblemsOpen(!open)}
    >
      <span className="badge badge-error" aria-hidden="true">
        {errors}
      </span>
      <span className="badge badge-warning" aria-hidden="true">
        {warnings}
      </span>
      <span aria-hidden="true" className="toolbar-label">
        Problems
      </span>
    </button>
  );
}

/** Every violation, grouped by step, errors first; clicking one selects and centres it. */
export function ProblemsPanel() {
  const open = useCanvasUi((s) => s.problemsOpen);
  const panel = useRef<HTMLElement>(null);
  // The toasts stand above the list, never over it.
  useToastsClearOf(panel, open, 'bottom');
  const live = useViolations().violations;
  const liveRevision = useEditorStore((s) => s.revision);
  const readOnly = useEditorStore((s) => s.readOnly);
  // The list may trail a keystroke by a render (useDeferredValue): the canvas overlays and the
  // badge update first, within the frame; a long list is rebuilt after them.
  const violations = useDeferredValue(live);
  const revision = useDeferredValue(liveRevision);
  // Grouping reads nodes/edges once per graph change, not on every store update.
  const groups = useMemo(() => {
    if (!open) return [];
    const s = editorStore.getState();
    return groupProblems(violations, s.nodes, s.edges);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision stands for the graph this reads from the store
  }, [open, violations, revision]);
  if (!open) return null;
  return (
    <section ref={panel} id="problems-panel" className="problems-panel" aria-labelledby="problems-title">
      <header className="problems-head">
        <h2 id="problems-title">Problems</h2>
        <button
          type="button"
          className="icon-btn"
          aria-label="Close problems"
          onClick={() => useCanvasUi.getState().setProblemsOpen(false)}
        >
          ×
        </button>
      </header>
      {groups.length === 0 ? (
        <p className="muted problems-empty">No problems: this campaign follows every rule.</p>
      ) : (
        <div className="problems-groups">
          {groups.map((g) => (
            <div key={g.key} className="problems-group">
              <h3>{g.title}</h3>
              <ul>
                {g.items.map((item, i) => {
                  const fix = readOnly ? null : quickFixOf(item.violation);
                  return (
                    <li key={i} className="problem-item">
                      <button
                        type="button"
                        className={`problem-line problem-${item.violation.severity}`}
                        disabled={!item.target.nodeId && !item.target.edgeId}
                        onClick={() => editorStore.getState().focusElement(item.target)}
                      >
                        <span className="problem-sev">{item.violation.severity === 'error' ? 'Error' : 'Warning'}</span>
                        {item.where && <span className="problem-where">{item.where}:</span>} {item.violation.message}
                      </button>
                      {fix && (
                        <button type="button" className="btn btn-sm problem-fix" onClick={fix.apply}>
                          {fix.label}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
