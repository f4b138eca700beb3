import { memo, useMemo } from 'react';
import { nodeDefinition, type WorkflowDefinition } from '../../../domain';

/** A small SVG picture of a graph (template gallery): boxes coloured by category, lines for edges. */

const NODE_W = 200;
const NODE_H = 64;
const PAD = 40;

export const GraphThumbnail = memo(function GraphThumbnail({ definition, label }: { definition: WorkflowDefinition; label: string }) {
  const picture = useMemo(() => {
    const at = new Map(definition.nodes.map((n) => [n.id, n]));
    const xs = definition.nodes.map((n) => n.position.x);
    const ys = definition.nodes.map((n) => n.position.y);
    const minX = Math.min(...xs) - PAD;
    const minY = Math.min(...ys) - PAD;
    const width = Math.max(...xs) + NODE_W + PAD - minX;
    const height = Math.max(...ys) + NODE_H + PAD - minY;
    const lines = definition.edges.flatMap((e) => {
      const from = at.get(e.source);
      const to = at.get(e.target);
      if (!from || !to) return [];
      const negative =
        nodeDefinition(from.type)?.outputs.kind === 'branch' && e.sourceHandle !== undefined && /^no_|^not_/.test(e.sourceHandle);
      const x1 = from.position.x + NODE_W / 2;
      const y1 = from.position.y + NODE_H;
      const x2 = to.position.x + NODE_W / 2;
      const y2 = to.position.y;
      const mid = (y1 + y2) / 2;
      return [{ id: e.id, d: `M${x1},${y1} C${x1},${mid} ${x2},${mid} ${x2},${y2}`, negative }];
    });
    return { viewBox: `${minX} ${minY} ${width} ${height}`, lines };
  }, [definition]);
  const steps = definition.nodes.map((n) => nodeDefinition(n.type)?.label ?? n.type);
  return (
    <svg
      className="power-thumb"
      viewBox={picture.viewBox}
      role="img"
      aria-label={`${label}: ${steps.join(', ')}`}
      preserveAspectRatio="xMidYMid meet"
    >
      {picture.lines.map((l) => (
        <path key={l.id} d={l.d} fill="none" strokeWidth={6} className={l.negative ? 'power-thumb-edge is-negative' : 'power-thumb-edge'} />
      ))}
      {definition.nodes.map((n) => {
        const category = nodeDefinition(n.type)?.category ?? 'flow_control';
        return (
          <rect
            key={n.id}
            x={n.position.x}
            y={n.position.y}
            width={NODE_W}
            height={NODE_H}
            rx={14}
            style={{ fill: `var(--cat-${category})` }}
          />
        );
      })}
    </svg>
  );
});
