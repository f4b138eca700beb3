import { applyNodeChanges, ReactFlow, type Edge, type Node, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The benchmark's reference: the same graph in a bare React Flow with default nodes and the
 * textbook controlled setup (useState + applyNodeChanges). Loaded from ./graph.json. Opens like the
 * editor's `?view=fit` (whole graph), or with `?view=start` like the editor's default for large campaigns.
 */
interface SpecGraph {
  nodes: { id: string; position: { x: number; y: number } }[];
  edges: { id: string; source: string; target: string }[];
}

function Reference() {
  const [nodes, setNodes] = useState<Node[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);
  useEffect(() => {
    void fetch('./graph.json')
      .then((r) => r.json() as Promise<SpecGraph>)
      .then((g) => {
        setNodes(g.nodes.map((n) => ({ id: n.id, position: n.position, data: { label: n.id } })));
        setEdges(g.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })));
      });
  }, []);
  const onNodesChange = useCallback((changes: NodeChange[]) => setNodes((ns) => applyNodeChanges(changes, ns)), []);
  if (nodes.length === 0) return null;
  if (START_VIEW) {
    // The editor's first view of a large campaign (Canvas.tsx showStart): Start at the top, centred, zoom 0.8.
    const start = nodes.find((n) => n.id === 'start') ?? nodes[0]!;
    const viewport = { x: window.innerWidth / 2 - (start.position.x + 120) * 0.8, y: 48 - start.position.y * 0.8, zoom: 0.8 };
    return <ReactFlow nodes={nodes} edges={edges} onNodesChange={onNodesChange} defaultViewport={viewport} minZoom={0.1} maxZoom={2} />;
  }
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      onNodesChange={onNodesChange}
      fitView
      fitViewOptions={{ padding: 0.2, maxZoom: 1.1 }}
      minZoom={0.1}
      maxZoom={2}
    />
  );
}

/** `?view=start`: open on the Start step like the editor does for large campaigns (default: fit the whole graph). */
const START_VIEW = new URLSearchParams(window.location.search).get('view') === 'start';

createRoot(document.getElementById('root')!).render(<Reference />);
