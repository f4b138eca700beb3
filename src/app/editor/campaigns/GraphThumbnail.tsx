import { memo, useMemo } from 'react';
import { nodeDefinition, nodeOutputs, nominalSize, type WorkflowDefinition } from '../../../domain';
import { inputPoint, outputPoint } from '../../../domain/paths/route';
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
      // The connection's ends as the canvas draws them: its output (spread along the bottom), the input on top.
      const { x: x1, y: y1 } = outputPoint({ id: from.id, ...from.position, ...nominalSize(from.type) }, from.type, e.sourceHandle);
      const { x: x2, y: y2 } = inputPoint({ id: to.id, ...to.position, ...nominalSize(to.type) });
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
