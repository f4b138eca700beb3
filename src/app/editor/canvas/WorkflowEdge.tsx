import { BaseEdge, EdgeLabelRenderer, type EdgeProps, type EdgeTypes } from '@xyflow/react';
import { memo } from 'react';
import { useEdgeFlow } from '../../run/RunEdgeFlow';
import { useEdgeHighlight, useEdgeViolations, useSharedCanvasValue, worstSeverity } from '../store';
import { WORKFLOW_EDGE_TYPE } from '../store/convert';
import { useCanvasUi } from './canvas-ui';
import { edgeShape, toolsTransform } from './edge-geometry';
import { useEdgeRoutes } from './edge-routes';
import { useRunOverlay } from './run-overlay';

/** The "+" sits this far beside the connection's middle, so a click on a short connection reaches the connection. */
const INSERT_GAP = 22;

/**
 * The one edge component: drawn along its route around the steps (edge-routes.ts), coloured by its violations (red/amber) or a power feature's
 * highlight, in a run view as thick as its flow with the count on it, with a "+" button to insert a step (shown when the edge is hovered or selected).
 */
function WorkflowEdgeView({
  id,
  source,
  sourceHandleId,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  selected,
  markerEnd,
}: EdgeProps) {
  const violations = useEdgeViolations(id);
  const highlight = useEdgeHighlight(id);
  const hovered = useCanvasUi((s) => s.hoveredEdgeId === id);
  const readOnly = useSharedCanvasValue((s) => s.readOnly);
  const flow = useEdgeFlow(useRunOverlay(), source, sourceHandleId);
  const stored = useEdgeRoutes((s) => s.routes.get(id));
  const { path, labelX, labelY, vertical } = edgeShape(stored, { sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  // The "+" goes beside a vertical piece (to its right) or above a horizontal one, never on the line itself.
  const insertAt = vertical ? { x: labelX + INSERT_GAP, y: labelY } : { x: labelX, y: labelY - INSERT_GAP };
  const severity = worstSeverity(violations);
  const className = `wf-edge${severity ? ` wf-edge-${severity}` : ''}${highlight ? ` wf-edge-hl-${highlight}` : ''}`;
  const showInsert = !readOnly && (hovered || selected);
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        className={className}
        interactionWidth={24}
        style={flow ? { strokeWidth: flow.width } : undefined}
      />
      {flow && flow.flow > 0 && (
        <EdgeLabelRenderer>
          <span
            className="wf-edge-flow nodrag nopan"
            style={{ transform: toolsTransform(labelX, labelY) }}
            title={`${flow.flow} ${flow.flow === 1 ? 'prospect' : 'prospects'} went this way`}
          >
            {flow.flow}
          </span>
        </EdgeLabelRenderer>
      )}
      {(showInsert || severity) && (
        <EdgeLabelRenderer>
          <div
            className="wf-edge-tools nodrag nopan"
            data-edge-id={id}
            style={{
              transform: showInsert ? toolsTransform(insertAt.x, insertAt.y) : toolsTransform(labelX, labelY),
            }}
          >
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
                  useCanvasUi.getState().openInsertMenu({ kind: 'edge', edgeId: id, x: r.left + r.width / 2, y: r.bottom + 4 });
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
