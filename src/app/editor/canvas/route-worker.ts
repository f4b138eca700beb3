import { routeGraph, type RoutableGraph } from '../../../domain/paths/route';

/**
 * Connection routing off the main thread: a 500-step campaign takes seconds to route (a grid search
 * per connection that crosses other steps), which would freeze the canvas on open and on every drop.
 * Answers each request with its sequence number and the routes as [edge id, points] pairs.
 */
export interface RouteRequestMessage {
  seq: number;
  graph: RoutableGraph;
}
export interface RouteResultMessage {
  seq: number;
  routes: [string, { x: number; y: number }[]][];
}

self.onmessage = (event: MessageEvent<RouteRequestMessage>) => {
  const { seq, graph } = event.data;
  const result: RouteResultMessage = { seq, routes: [...routeGraph(graph)] };
  self.postMessage(result);
};
