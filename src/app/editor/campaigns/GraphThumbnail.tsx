import { memo, useMemo } from 'react';
import { nodeDefinition, nodeOutputs, nominalSize, type WorkflowDefinition } from '../../../domain';
import { categoryColor } from '../nodes/presentation';

/** A small SVG picture of a graph (template gallery): each step a box of its nominal size coloured by category, lines for connections. */

const PAD = 40;

export const GraphThumbnail = memo(function GraphThumbnail({ definition, label }: { definition: WorkflowDefinition; label: string }) {
  const picture = useMemo(() => {
    const at = new Map(definition.nodes.map((n) => [n.id, n]));
    const boxes = definition.nodes.map((n) => ({ ...n.position, ...nominalSize(n.type) }));
    const minX = Math.min(...boxes.map((b) => b.x)) - PAD;
    const minY = Math.min(...boxes.map((b) => b.y)) - PAD;
    const width = Math.max(...boxes.map((b) => b.x + b.width)) + PAD - minX;
    const height = Math.max(...boxes.map((b) => b.y + b.height)) + PAD - minY;
    const lines = definition.edges.flatMap((e) => {
      const from = at.get(e.source);
      const to = at.get(e.target);
      if (!from || !to) return [];
      const negative = nodeOutputs(from.type).find((o) => o.id === (e.sourceHandle ?? null))?.tone === 'negative';
      const fromSize = nominalSize(from.type);
      const x1 = from.position.x + fromSize.width / 2;
      const y1 = from.position.y + fromSize.height;
      const x2 = to.position.x + nominalSize(to.type).width / 2;
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
        const size = nominalSize(n.type);
        return (
          <rect
            key={n.id}
            x={n.position.x}
            y={n.position.y}
            width={size.width}
            height={size.height}
            rx={14}
            style={{ fill: categoryColor(n.type) }}
          />
        );
      })}
    </svg>
  );
});
