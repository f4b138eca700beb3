import { describe, expect, it } from 'vitest';
import { join, relative } from 'node:path';
import { cycles, isTestCode, readImportEdges, sourceFiles, SRC, under, type ImportEdge } from './import-graph';

/**
 * The import rules of ARCHITECTURE.md, checked on every file under src/ (imports, re-exports and
 * dynamic imports, as TypeScript reads them: comments and strings do not count).
 */

const EDGES = readImportEdges();
const describeEdge = (e: ImportEdge) => `${e.from} → ${e.to ?? e.spec}`;

/** The app's features: they share api/, ui/, router, session and shared-bridge, never each other's files. */
const FEATURES = ['editor', 'inbox', 'inspiration', 'webhooks', 'dock', 'audience'];
const featureOf = (file: string | undefined) => FEATURES.find((f) => under(file, `app/${f}`));
/** The dock hosts the panes through their gatekeepers, and nothing else of them. */
const DOCK_GATEKEEPERS = new Set(['app/inbox/index.ts', 'app/inspiration/index.ts', 'app/webhooks/index.ts']);

/** The rule an import breaks, or null. */
function violation(e: ImportEdge): string | null {
  if (under(e.from, 'domain')) {
    if (e.to !== undefined) return under(e.to, 'domain') ? null : 'domain imports only domain files, zod and temporal-polyfill';
    const allowed = ['zod', 'temporal-polyfill', ...(isTestCode(e.from) ? ['vitest', 'fast-check'] : [])];
    return allowed.some((p) => e.spec === p || e.spec.startsWith(`${p}/`))
      ? null
      : 'domain imports only domain files, zod and temporal-polyfill';
  }
  if (under(e.from, 'server') && under(e.to, 'app')) return 'server never imports app';
  if (under(e.from, 'app')) {
    // A test may read the demo seed's graphs (the routes must be clean for the demo campaigns too); code never.
    if (under(e.to, 'server') && !(isTestCode(e.from) && under(e.to, 'server/demo'))) return 'app never imports server';
    if (e.spec.startsWith('node:')) return 'app runs in the browser: no node: modules';
    const source = featureOf(e.from);
    const target = featureOf(e.to);
    // The shell (App.tsx, router) mounts the features' pages; only a feature importing another is a break.
    if (source && target && source !== target && !(source === 'dock' && DOCK_GATEKEEPERS.has(e.to!)))
      return source === 'dock' ? 'the dock imports a pane only through its index.ts' : 'features do not import each other';
    if (under(e.to, 'app/run') && !under(e.from, 'app/run') && source !== undefined && source !== 'editor')
      return 'the run view (run/) is mounted by the editor only';
    if (under(e.from, 'app/run') && target !== undefined) return 'the run view (run/) imports no feature';
    if (under(e.from, 'app/ui') && e.to !== undefined && !under(e.to, 'app/ui') && !under(e.to, 'domain'))
      return 'ui/ holds dumb components: it imports only ui/ and domain';
    if (
      under(e.from, 'app/editor/power') &&
      under(e.to, 'app/editor') &&
      !under(e.to, 'app/editor/power') &&
      e.to !== 'app/editor/store/index.ts'
    )
      return 'power features reach the editor only through the store API (editor/store/index.ts)';
    if (!under(e.from, 'app/editor/power') && under(e.to, 'app/editor/power') && e.to !== 'app/editor/power/index.tsx')
      return 'the editor loads power features only through power/index.tsx';
  }
  return null;
}

/**
 * The server's layers, lowest first (ARCHITECTURE.md): infrastructure → outbox → resources → engine →
 * registries. Each unit (a folder, or a file at src/server's root) has a rank; a file imports only
 * its own unit and units of a lower rank, so the graph of units is acyclic. The outbox's subscribers
 * and the engine's hooks are registered by main.ts: a resource never imports the engine, and the
 * outbox imports none of its subscribers. Test code (tests and testing/) is outside the layers.
 */
const SERVER_LAYERS: readonly { tier: string; ranks: readonly (readonly string[])[] }[] = [
  {
    tier: 'infrastructure',
    ranks: [['db'], ['observe'], ['http', 'jobs'], ['compute'], ['config.ts'], ['context.ts'], ['route-module.ts', 'tool.ts']],
  },
  { tier: 'outbox', ranks: [['outbox.ts'], ['events.ts', 'hooks.ts']] },
  {
    tier: 'resources',
    ranks: [
      ['workspaces', 'admin', 'inspiration', 'webhooks', 'retention', 'results'],
      ['campaigns', 'conversations'],
      ['audience', 'executors'],
    ],
  },
  { tier: 'engine', ranks: [['runs'], ['run-view', 'revisions']] },
  {
    tier: 'registries and start-up',
    ranks: [['demo'], ['mcp'], ['openapi'], ['observability.ts'], ['app.ts'], ['main.ts'], ['cli-serve.ts']],
  },
];
/** Upward imports still allowed, as "from-unit → to-unit" (none: the registries sit on top and need none). */
const UPWARD_ALLOWED: readonly string[] = [];

const SERVER_RANK = new Map(SERVER_LAYERS.flatMap((l) => l.ranks).flatMap((units, rank) => units.map((unit) => [unit, rank] as const)));
/** The layered unit of a server file: its folder under src/server, or the file itself at the root. */
const serverUnit = (file: string): string => file.slice('server/'.length).split('/')[0]!;

/** The layer rule an import between two server files breaks, or null. */
function layerBreak(e: ImportEdge, allowed: readonly string[] = UPWARD_ALLOWED): string | null {
  if (!under(e.from, 'server') || !under(e.to, 'server') || isTestCode(e.from) || isTestCode(e.to!)) return null;
  const from = serverUnit(e.from);
  const to = serverUnit(e.to!);
  if (from === to) return null;
  const [rankFrom, rankTo] = [SERVER_RANK.get(from), SERVER_RANK.get(to)];
  if (rankFrom === undefined || rankTo === undefined) return `${rankFrom === undefined ? from : to} has no layer in SERVER_LAYERS`;
  if (rankTo < rankFrom || allowed.includes(`${from} → ${to}`)) return null;
  return rankTo === rankFrom ? `${from} and ${to} share a rank: neither imports the other` : `${from} imports ${to}, a higher layer`;
}

describe('server layers (ARCHITECTURE.md)', () => {
  it('every server file imports only its own unit and lower layers', () => {
    const broken = EDGES.flatMap((e) => {
      const rule = layerBreak(e);
      return rule ? [`${describeEdge(e)}: ${rule}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('every unit of src/server has a layer, and no allowed upward import is unused', () => {
    const units = new Set(
      sourceFiles(join(SRC, 'server'))
        .map((f) => relative(SRC, f))
        .filter((f) => !isTestCode(f))
        .map(serverUnit),
    );
    expect([...units].filter((u) => !SERVER_RANK.has(u))).toEqual([]);
    const used = new Set(
      EDGES.filter((e) => under(e.to, 'server') && !isTestCode(e.from)).map((e) => `${serverUnit(e.from)} → ${serverUnit(e.to!)}`),
    );
    expect(UPWARD_ALLOWED.filter((a) => !used.has(a))).toEqual([]);
  });

  it('the rule catches what it forbids', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, spec: '.', to });
    expect(layerBreak(edge('server/runs/a.ts', 'server/campaigns/b.ts'))).toBeNull();
    expect(layerBreak(edge('server/campaigns/a.ts', 'server/runs/b.ts'))).toMatch(/higher layer/);
    expect(layerBreak(edge('server/events.ts', 'server/webhooks/fan-out.ts'))).toMatch(/higher layer/);
    expect(layerBreak(edge('server/campaigns/a.ts', 'server/conversations/b.ts'))).toMatch(/share a rank/);
    expect(layerBreak(edge('server/campaigns/a.ts', 'server/runs/b.ts'), ['campaigns → runs'])).toBeNull();
    expect(layerBreak(edge('server/nowhere/a.ts', 'server/db/b.ts'))).toMatch(/no layer/);
    expect(layerBreak(edge('server/campaigns/a.test.ts', 'server/runs/b.ts'))).toBeNull();
    expect(layerBreak(edge('server/testing/a.ts', 'server/main.ts'))).toBeNull();
  });
});

describe('import rules (ARCHITECTURE.md)', () => {
  it('reads the imports of every source file', () => {
    expect(EDGES.length).toBeGreaterThan(500);
    expect(EDGES.some((e) => e.from === 'app/editor/power/LaunchReview.tsx' && e.to === 'app/editor/store/index.ts')).toBe(true);
  });

  it('no file breaks a layer or feature boundary', () => {
    const broken = EDGES.flatMap((e) => {
      const rule = violation(e);
      return rule ? [`${describeEdge(e)}: ${rule}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('the server has no import cycles', () => {
    expect(cycles(EDGES, 'server')).toEqual([]);
  });

  it('the rules catch what they forbid', () => {
    const edge = (from: string, spec: string, to?: string): ImportEdge => ({ from, spec, to });
    expect(violation(edge('domain/x.ts', 'react'))).toMatch(/domain/);
    expect(violation(edge('domain/x.ts', 'node:fs'))).toMatch(/domain/);
    expect(violation(edge('domain/x.ts', '../app/y', 'app/y.ts'))).toMatch(/domain/);
    expect(violation(edge('domain/x.ts', 'zod'))).toBeNull();
    expect(violation(edge('domain/x.ts', 'temporal-polyfill'))).toBeNull();
    expect(violation(edge('domain/x.test.ts', 'fast-check'))).toBeNull();
    expect(violation(edge('server/x.ts', '../app/y', 'app/y.ts'))).toMatch(/server never imports app/);
    expect(violation(edge('app/x.ts', '../server/y', 'server/y.ts'))).toMatch(/app never imports server/);
    expect(violation(edge('app/inbox/x.ts', '../editor/y', 'app/editor/y.ts'))).toMatch(/features/);
    expect(violation(edge('app/dock/x.ts', '../inbox/y', 'app/inbox/y.ts'))).toMatch(/index\.ts/);
    expect(violation(edge('app/dock/x.ts', '../inbox', 'app/inbox/index.ts'))).toBeNull();
    expect(violation(edge('app/inbox/x.ts', '../dock', 'app/dock/index.ts'))).toMatch(/features/);
    expect(violation(edge('app/App.tsx', './inbox/InboxPage', 'app/inbox/InboxPage.tsx'))).toBeNull();
    expect(violation(edge('app/ui/x.ts', '../api/y', 'app/api/y.ts'))).toMatch(/ui/);
    expect(violation(edge('app/editor/x.ts', '../run/y', 'app/run/y.ts'))).toBeNull();
    expect(violation(edge('app/inbox/x.ts', '../run/y', 'app/run/y.ts'))).toMatch(/run view/);
    expect(violation(edge('app/run/x.ts', '../editor/y', 'app/editor/y.ts'))).toMatch(/run view/);
    expect(violation(edge('app/editor/power/x.ts', '../inspector/y', 'app/editor/inspector/y.ts'))).toMatch(/store API/);
    expect(violation(edge('app/editor/campaigns/x.ts', '../power/y', 'app/editor/power/y.tsx'))).toMatch(/power\/index/);
    const circle = [
      edge('server/a.ts', './b', 'server/b.ts'),
      edge('server/b.ts', './c', 'server/c.ts'),
      edge('server/c.ts', './a', 'server/a.ts'),
    ];
    expect(cycles(circle, 'server')).toEqual([['server/a.ts', 'server/b.ts', 'server/c.ts']]);
    expect(cycles(circle.slice(1), 'server')).toEqual([]);
  });
});

/** One date format across the app (ARCHITECTURE.md): only ui/format.ts turns dates, times and counts into text. */
