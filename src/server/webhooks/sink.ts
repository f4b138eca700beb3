import { Hono } from 'hono';
import type { RouteModule } from '../route-module';
import type { AppEnv } from '../http/auth';

/**
 * Demo receiver outside /api (no key): the demo workspace's endpoints point here so deliveries
 * exist out of the box. `/webhook-sink` accepts (204); `/webhook-sink/fail` answers 500, so
 * its deliveries retry and end exhausted. It stores nothing.
 */
export const webhookSinkRoutes: RouteModule = () => {
  const app = new Hono<AppEnv>();
  app.post('/webhook-sink', async (c) => {
    await c.req.arrayBuffer();
    return c.body(null, 204);
  });
  app.post('/webhook-sink/fail', async (c) => {
    await c.req.arrayBuffer();
    return c.text('demo sink: always fails', 500);
  });
  return app;
};
