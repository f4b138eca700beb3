import { serve, type ServerType } from '@hono/node-server';
import type { Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { isLoopbackHost, loadConfig, type Config } from './config';
import { backgroundLane } from './db/background-lane';
import { openDatabase } from './db/open';
import type { Db } from './db/types';
import { localSignInKey, rememberSignInKey } from './demo/local-sign-in';
import { seedDemoIfEmpty } from './demo/seed';
import { startWebhookDispatcher } from './webhooks/dispatcher';
import { startRunWorker } from './runs/worker';
import { startRetention } from './retention/job';
import { createComputePool, DEFAULT_COMPUTE, warmUp } from './compute/pool';
import { backgroundLog, setLogLevel } from './observe/log';
import { registerSubscribers } from './events';
import { queueDeliveries } from './webhooks/fan-out';
import { announceCampaignChange } from './campaigns/changes';
import { registerEngineHooks } from './hooks';
import { runEngineHooks, runEngineSubscriber } from './runs/hooks';
import { engineSettings } from './runs/engine-deps';

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  config: Config;
  /** The demo key when this start created the demo workspace. */
  demoApiKey: string | null;
  /** On a loopback host: a key that signs in to the demo workspace, the same at every start. */
  signInKey: string | null;
  /** Graceful: stop taking requests, finish in-flight ones, stop background work, close the database. */
  close(): Promise<void>;
}

// Background workers (the webhook dispatcher, the run engine, retention) register here: started after listen, stopped before the db closes.
type Worker = (ctx: { db: Db; config: Config }) => { stop(): Promise<void> };
const WORKERS: Worker[] = [startWebhookDispatcher, (ctx) => (ctx.config.runWorker ? startRunWorker(ctx) : NOTHING_TO_STOP), startRetention];
const NOTHING_TO_STOP = { stop: async () => undefined };

/**
 * What the lower layers call upward, wired once before anything runs (ARCHITECTURE.md, server
 * layers): the outbox's subscribers, in the order they run — webhook deliveries, live changes, the
 * run engine — and the engine's hooks, which resources call in their transactions.
 */
export function wireServer(config: Config): void {
  registerSubscribers([queueDeliveries, announceCampaignChange, runEngineSubscriber]);
  registerEngineHooks(runEngineHooks(engineSettings(config)));
}

export async function startServer(config: Config): Promise<RunningServer> {
  setLogLevel(config.logLevel);
  wireServer(config);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const seeded = await seedDemoIfEmpty(db, config);
    // The demo key just made is the one printed at later starts too (unless DEMO_API_KEY names it).
    if (seeded && !config.demoApiKey && isLoopbackHost(config.host)) rememberSignInKey(config, seeded.apiKey);
    const signInKey = await localSignInKey(db, config);
    const stopping = new AbortController();
    const compute = createComputePool({ ...DEFAULT_COMPUTE, threads: config.computeThreads });
    warmUp(compute);
    const app = createApp({ db, config, stopping: stopping.signal, compute });
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => resolve(s));
    });
    const port = (server.address() as AddressInfo).port;
    const stopHttp = gracefulStop(server as HttpServer);
    // On the embedded database the workers take turns behind requests (db/background-lane.ts).
    const background = backgroundLane(db);
    const workers = WORKERS.map((start) => start({ db: background, config }));
    backgroundLog().info({ port, database: db.kind, runWorker: config.runWorker }, 'server started');
    let closing: Promise<void> | undefined;
    return {
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
      port,
      db,
      config,
      demoApiKey: seeded?.apiKey ?? null,
      signInKey,
      close: () =>
        (closing ??= (async () => {
          stopping.abort(); // event streams end now, so the HTTP stop does not wait for them
          // Together: a worker's stop (webhook attempts aborted, contract 8.3) never waits behind slow HTTP requests.
          await Promise.all([stopHttp(), ...workers.map((w) => w.stop())]);
          await compute.close();
          await db.close();
        })()),
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful HTTP stop, installed at start: it tracks the responses in progress. On stop: no new
 * connections; idle keep-alive connections are closed at once (a client has nothing pending on
 * them); every request in flight — and any later one on an open connection — is answered with
 * `Connection: close`, so no client reuses a socket the server is about to close (the cause of
 * ECONNRESET). Whatever still hangs after the grace period is cut.
 */
function gracefulStop(http: HttpServer): () => Promise<void> {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  http.on('request', (_req, res: ServerResponse) => {
    if (stopping) closeAfter(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return () =>
    new Promise((resolve) => {
      stopping = true;
      for (const res of inFlight) closeAfter(res);
      const force = setTimeout(() => http.closeAllConnections(), SHUTDOWN_GRACE_MS);
      http.close(() => {
        clearTimeout(force);
        resolve();
      });
      http.closeIdleConnections();
    });
}

/**
 * `npm start`: start with the environment's configuration, print the sign-in URL, shut down
 * gracefully on SIGTERM/SIGINT. The banner is plain text on stdout, for the person who typed the
 * command; everything else is a JSON log line on stderr.
 */
export async function runFromCommandLine(): Promise<void> {
  const config = loadConfig();
  const running = await startServer(config);
  console.log(
    `Campaign Studio listening on ${running.url} (${config.databaseUrl ? 'PostgreSQL server' : `embedded database in ${config.dataDir}`})`,
  );
  if (running.demoApiKey) console.log(`Demo workspace created. API key: ${running.demoApiKey}`);
  const key = running.signInKey ?? running.demoApiKey;
  if (key) console.log(`Sign in: ${running.url}/#apiKey=${encodeURIComponent(key)}`);
  const shutdown = (signal: string) => {
    console.log(`${signal}: finishing in-flight requests, then closing the database…`);
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        backgroundLog().fatal({ err }, 'the graceful stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
