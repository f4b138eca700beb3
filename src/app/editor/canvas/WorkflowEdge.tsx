import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps, type EdgeTypes } from '@xyflow/react';
import { memo } from 'react';
import { useEdgeHighlight, useEdgeViolations, useSharedCanvasValue, worstSeverity } from '../store';
import { WORKFLOW_EDGE_TYPE } from '../store/convert';
import { useCanvasUi } from './canvas-ui';

/**
 * The one edge component: a step path coloured by its violations (red/amber) or a power feature's
 * highlight, with a "+" button to insert a step (shown when the edge is hovered or selected).
 */
function WorkflowEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, selected, markerEnd }: EdgeProps) {
  const violations = useEdgeViolations(id);
  const highlight = useEdgeHighlight(id);
  const hovered = useCanvasUi((s) => s.hoveredEdgeId === id);
  const readOnly = useSharedCanvasValue((s) => s.readOnly);
  const [path, labelX, labelY] = getSmoothStepPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    borderRadius: 10,
  });
  const severity = worstSeverity(violations);
  const className = `wf-edge${severity ? ` wf-edge-${severity}` : ''}${highlight ? ` wf-edge-hl-${highlight}` : ''}`;
  const showInsert = !readOnly && (hovered || selected);
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} className={className} interactionWidth={24} />
      {(showInsert || severity) && (
        <EdgeLabelRenderer>
          <div className="wf-edge-tools nodrag nopan" style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}>
            {severity && !showInsert && (
              <span
                className={`wf-edge-mark wf-edge-mark-${severity}`}
                role="img"
                aria-label={violations.map((v) => v.message).join('; ')}
                title={violations.map((v) => v.message).join('\n')}
              >
                !
              </span>
            )}
            {showInsert && (
              <button
                type="button"
                className="wf-edge-insert"
                aria-label="Insert a step on this connection"
                title="Insert a step here"
                onMouseEnter={() => useCanvasUi.getState().setHoveredEdge(id)}
                onClick={(e) => {
                  const r = e.currentTarget.getBoundingClientRect();
                  useCanvasUi.getState().openInsertMenu({ edgeId: id, x: r.left + r.width / 2, y: r.bottom + 4 });
                }}
              >
                +
              </button>
            )}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const WorkflowEdge = memo(WorkflowEdgeView);

export const edgeTypes: EdgeTypes = Object.freeze({ [WORKFLOW_EDGE_TYPE]: WorkflowEdge });
