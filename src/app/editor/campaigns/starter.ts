import { CATALOG, type WorkflowDefinition } from '../../../domain';

/** A new campaign's graph: the smallest valid one, start → connection request → end on both outputs (spec 3.3). */
export function starterWorkflow(): WorkflowDefinition {
  return {
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: CATALOG.start.defaults() },
      { id: 'connection_request', type: 'connection_request', position: { x: 0, y: 160 }, data: CATALOG.connection_request.defaults() },
      { id: 'end', type: 'end', position: { x: 0, y: 352 }, data: CATALOG.end.defaults() },
    ],
    edges: [
      { id: 'e_start_connection_request', source: 'start', target: 'connection_request' },
      { id: 'e_connection_request_accepted', source: 'connection_request', target: 'end', sourceHandle: 'accepted' },
      { id: 'e_connection_request_no_response', source: 'connection_request', target: 'end', sourceHandle: 'no_response' },
    ],
  };
}
