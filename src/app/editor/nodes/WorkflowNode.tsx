import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, useMemo, type CSSProperties } from 'react';
import {
  customStepName,
  NODE_WIDTH,
  nodeDefinition,
  nodeOutputs,
  nodeRole,
  nominalSize,
  outputOffsetX,
  VIOLATION,
  type Severity,
  type Violation,
} from '../../../domain';
import { UNKNOWN_NODE_TYPE } from '../store/convert';
import { useNodeHighlight, useNodeViolations, useSharedCanvasValue, worstSeverity, type FlowNode } from '../store';
import { useFar } from './far';
import { useRunOverlay } from '../canvas/run-overlay';
import { categoryColor, NodeIcon } from './presentation';
import { StepStatsBadge } from '../step-stats/StepStats';
import { RunStepBadge } from '../../run/RunStepBadge';

/** Handle-level marks: the violation names the handle, or a single output has no edge. */
function handleSeverity(violations: readonly Violation[], handle: string | null): Severity | null {
  const mine = violations.filter((v) =>
    handle === null ? v.handle === undefined && v.code === VIOLATION.missing_output : v.handle === handle,
  );
  return worstSeverity(mine);
}

function ProblemBadge({ violations }: { violations: readonly Violation[] }) {
  const severity = worstSeverity(violations)!;
  const summary = `${violations.length} ${violations.length === 1 ? 'problem' : 'problems'}: ${violations.map((v) => v.message).join('; ')}`;
  return (
    <span className={`node-badge node-badge-${severity}`} role="img" aria-label={summary}>
      {severity === 'error' ? '!' : '⚠'} {violations.length}
      <span className="node-tip" aria-hidden="true">
        {violations.map((v, i) => (
          <span key={i} className={`node-tip-line tip-${v.severity}`}>
            {v.message}
          </span>
        ))}
      </span>
    </span>
  );
}

/**
 * The one node component for every catalog type: its look comes from the catalog and
 * the presentation map; it reads only its own violations and highlight from the store.
 * Zoomed out past FAR_ZOOM (far.ts) a step is drawn as its box, name, problem badge and handles at
 * its nominal size: no icon, summary, output labels or counts, whose text would be a few pixels tall
 * and makes a 500-step campaign's first view several times slower to lay out.
 */
function WorkflowNodeView({ id, type, data, selected }: NodeProps<FlowNode>) {
  const def = nodeDefinition(type);
  const far = useFar();
  // A launched campaign's canvas is its run view: each step shows its run counts (once the first view is drawn).
  const runCampaignId = useRunOverlay();
  const violations = useNodeViolations(id);
  const highlight = useNodeHighlight(id);
  const unknownType = useSharedCanvasValue((s) => (type === UNKNOWN_NODE_TYPE ? (s.nodeExtras[id]?.type ?? '?') : null));
  const summary = useMemo(() => {
    if (far) return '';
    try {
      return def?.summary(data) ?? '';
    } catch {
      return '';
    }
  }, [def, data, far]);
  const severity = worstSeverity(violations);
  const outputs = nodeOutputs(type);
  const hasInput = nodeRole(type) !== 'start';
  const style = {
    '--node-cat': categoryColor(type),
    width: NODE_WIDTH,
    ...(far ? { height: nominalSize(type).height } : {}),
  } as CSSProperties;
  return (
    <div
      className={`wf-node${outputs.length > 1 ? ' has-branches' : ''}${severity ? ` wf-node-${severity}` : ''}${highlight ? ` wf-node-hl-${highlight}` : ''}${selected ? ' is-selected' : ''}`}
      style={style}
      data-testid={`node-${id}`}
      data-node-type={type}
    >
      {hasInput && <Handle type="target" position={Position.Top} className="wf-handle wf-handle-in" />}
      {!far && <StepStatsBadge nodeId={id} type={type} />}
      {!far && runCampaignId && <RunStepBadge campaignId={runCampaignId} nodeId={id} type={type} />}
      <div className="wf-node-head">
        {!far && (
          <span className="wf-node-icon">
            <NodeIcon type={type} />
          </span>
        )}
        <span className="wf-node-label">{customStepName(data) ?? def?.label ?? `Unknown type “${unknownType}”`}</span>
        {violations.length > 0 && <ProblemBadge violations={violations} />}
      </div>
      {summary && <div className="wf-node-summary">{summary}</div>}
      {outputs.length > 0 && (
        <div className={`wf-node-outputs outputs-${outputs.length}`}>
          {outputs.map((o, i) => {
            const mark = handleSeverity(violations, o.id);
            // Where the router and the placement put this output: the domain's spread, as a share of the width.
            const left = `${outputOffsetX(i, outputs.length, 100)}%`;
            return (
              <div key={o.id ?? 'out'} className={`wf-output tone-${o.tone}${mark ? ` wf-output-${mark}` : ''}`} style={{ left }}>
                {o.label && !far && <span className="wf-output-label">{o.label}</span>}
                <Handle type="source" position={Position.Bottom} id={o.id ?? undefined} className="wf-handle wf-handle-out" />
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

export const WorkflowNode = memo(WorkflowNodeView);
