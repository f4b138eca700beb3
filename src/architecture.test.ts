import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PHONE_WIDTH } from './app/ui/screen';
import { NODE_TYPES } from './domain/catalog';
import { cycles, importedFrom, under, type ImportEdge } from './import-graph';
import { SLOW_TEST_SUFFIX } from '../scripts/test-stages';

/**
 * The import rules of ARCHITECTURE.md, checked on every file under src/ (imports, re-exports and
 * dynamic imports, as TypeScript reads them: comments and strings do not count).
 */

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveRelative(fromFile: string, spec: string): string | undefined {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base.replace(/\.js$/, '.ts')];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return found ? relative(SRC, found) : relative(SRC, base);
}

const EDGES: ImportEdge[] = sourceFiles(SRC).flatMap((file) => {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const from = relative(SRC, file);
  return importedFiles.map(({ fileName: spec }) => ({ from, spec, to: spec.startsWith('.') ? resolveRelative(file, spec) : undefined }));
});

const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)testing(\/|\.ts$)/.test(file);
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
describe('one formatter (ARCHITECTURE.md)', () => {
  it('finds toLocale…String( and Intl formatters under src/app only in ui/format.ts', () => {
    const offenders = sourceFiles(join(SRC, 'app'))
      .filter((f) => !isTestCode(relative(SRC, f)) && relative(SRC, f) !== join('app', 'ui', 'format.ts'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(SRC, f)}:${i + 1}` }))
          .filter(({ line }) =>
            /\.toLocale(Date|Time)?String\(|Intl\.(DateTimeFormat|RelativeTimeFormat|NumberFormat)|\.toUTCString\(/.test(line),
          )
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });

  it('the server writes an instant as text only through toIso (domain/time.ts): one way, UTC with milliseconds', () => {
    const offenders = sourceFiles(join(SRC, 'server'))
      .filter((f) => !isTestCode(relative(SRC, f)))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\.toISOString\(|\btoIsoMillis\(/.test(line) ? [`${relative(SRC, f)}:${i + 1}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});

/**
 * The page's first script (app/boot/main.ts) runs before any of the app's code has loaded, so it stays
 * small: boot/ files statically import only each other and domain files that import nothing
 * (the tools/call envelope); page-code.ts names the pages' chunks with dynamic import() only.
 */
function bootImportBreaks(file: string, source: string, importsOf: (file: string) => ImportEdge[]): string[] {
  const statics = [...source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'|^import\s+'([^']+)'/gm)].map((m) => m[1] ?? m[2]!);
  return statics.flatMap((spec) => {
    if (!spec.startsWith('.')) return [`${file} → ${spec}: the boot script imports no package`];
    const to = resolveRelative(join(SRC, file), spec)!;
    if (under(to, 'app/boot')) return [];
    if (under(to, 'domain') && importsOf(to).length === 0) return [];
    return [`${file} → ${to}: boot/ imports only boot/ and import-free domain files`];
  });
}

describe('the boot script stays free of the app (ARCHITECTURE.md)', () => {
  const importsOf = (file: string) => EDGES.filter((e) => e.from === file);
  it('boot/ files import only each other and import-free domain files', () => {
    const files = sourceFiles(join(SRC, 'app', 'boot')).filter((f) => !isTestCode(relative(SRC, f)));
    expect(files.length).toBeGreaterThan(3);
    expect(files.flatMap((f) => bootImportBreaks(relative(SRC, f), readFileSync(f, 'utf8'), importsOf))).toEqual([]);
  });

  it('the rule catches what it forbids', () => {
    const none = () => [];
    const some = () => [{ from: 'domain/x.ts', spec: 'zod', to: undefined }];
    expect(bootImportBreaks('app/boot/x.ts', "import { a } from '../session';", none)).toHaveLength(1);
    expect(bootImportBreaks('app/boot/x.ts', "import { z } from 'zod';", none)).toHaveLength(1);
    expect(bootImportBreaks('app/boot/x.ts', "import { a } from '../../domain/contract/tool-call';", some)).toHaveLength(1);
    expect(bootImportBreaks('app/boot/x.ts', "import { a } from '../../domain/contract/tool-call';", none)).toEqual([]);
    expect(bootImportBreaks('app/boot/x.ts', "import { a } from './paths';\nconst p = () => import('../inbox/InboxPage');", none)).toEqual(
      [],
    );
  });
});

/** A node type string compared or switched on outside the catalog (ARCHITECTURE.md: "Nothing else switches on node type strings"). */
function nodeTypeSwitches(file: string, source: string): string[] {
  const types = NODE_TYPES.join('|');
  const compared = new RegExp(`[\\w.]*[tT]ype\\s*[!=]==\\s*'(${types})'|'(${types})'\\s*[!=]==\\s*[\\w.]*[tT]ype\\b`);
  const cased = new RegExp(`case '(${types})':`);
  const switchesOnType = /switch \([\w.]*[tT]ype\)/.test(source);
  return source.split('\n').flatMap((line, i) => (compared.test(line) || (switchesOnType && cased.test(line)) ? [`${file}:${i + 1}`] : []));
}

describe('one catalog (ARCHITECTURE.md)', () => {
  it('no code outside the catalog compares or switches on a node type string', () => {
    const offenders = sourceFiles(SRC)
      .map((f) => relative(SRC, f))
      .filter((f) => !isTestCode(f) && !under(f, 'domain/catalog'))
      .flatMap((f) => nodeTypeSwitches(f, readFileSync(join(SRC, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the check catches what it forbids', () => {
    expect(nodeTypeSwitches('x.ts', "if (node.type === 'connection_request') go();")).toEqual(['x.ts:1']);
    expect(nodeTypeSwitches('x.ts', "const a = 'delay' !== type;")).toEqual(['x.ts:1']);
    expect(nodeTypeSwitches('x.ts', "switch (n.type) {\n  case 'message':")).toEqual(['x.ts:2']);
    expect(nodeTypeSwitches('x.ts', "if (nodeRole(n.type) === 'start') go();\nswitch (step.kind) {\n  case 'end':")).toEqual([]);
  });
});

/** Every file whose comments may cite a section: code, SQL, styles and pages. */
function citingFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return citingFiles(path);
    return /\.(tsx?|sql|css|html)$/.test(name) ? [path] : [];
  });
}

/** Comments cite the API contract as "contract X.Y" (ARCHITECTURE.md): each must name a section docs/contract.md has. */
function contractSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]!));
}

describe('contract citations (ARCHITECTURE.md)', () => {
  it('every "contract X.Y" in src, e2e, bench and scripts names a section of docs/contract.md', () => {
    const sections = contractSections(readFileSync(join(ROOT, 'docs', 'contract.md'), 'utf8'));
    expect(sections.has('9.3')).toBe(true);
    const missing = ['src', 'e2e', 'bench', 'scripts']
      .flatMap((dir) => citingFiles(join(ROOT, dir)))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/\b[Cc]ontract (\d+(?:\.\d+)?)\b/g)]
          .filter((m) => !sections.has(m[1]!))
          .map((m) => `${relative(ROOT, f)}: contract ${m[1]}`),
      );
    expect(missing).toEqual([]);
  });

  it('reads the section numbers of the headings', () => {
    expect([...contractSections('# The API contract\n## 3. Errors\n### 8.3 Webhook operations\ntext 9.9\n')]).toEqual(['3', '8.3']);
  });
});

/**
 * Comments cite the service specification as "spec X.Y" (ARCHITECTURE.md): each must name a section of
 * docs/service.md; a numbered item of a "### X.Y" section is its rule N, cited "spec X.Y.N" or "spec X.Y rule N".
 */
function specSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  let ruled = '';
  for (const line of markdown.split('\n')) {
    const heading = /^(#{2,3}) (\d+(?:\.\d+)?)\.? /.exec(line);
    const rule = /^(\d+)\. /.exec(line);
    if (heading) {
      sections.add(heading[2]!);
      ruled = heading[1] === '###' ? heading[2]! : '';
    } else if (rule && ruled) sections.add(`${ruled}.${rule[1]}`);
  }
  return sections;
}

/** The "spec X.Y" citations of a file that name no section (a sentence's trailing dot is not part of the number). */
function unknownSpecCitations(file: string, source: string, sections: Set<string>): string[] {
  return [...source.matchAll(/\b[Ss]pec (\d+(?:\.\d+)*)(?: rule (\d+)\b)?/g)]
    .map((m) => (m[2] ? `${m[1]}.${m[2]}` : m[1]!))
    .filter((cited) => !sections.has(cited))
    .map((cited) => `${file}: spec ${cited}`);
}

describe('spec citations (ARCHITECTURE.md)', () => {
  it('every "spec X.Y" in src, e2e, bench and scripts names a section of docs/service.md', () => {
    const sections = specSections(readFileSync(join(ROOT, 'docs', 'service.md'), 'utf8'));
    expect(sections.has('4.1.12')).toBe(true);
    const unknown = ['src', 'e2e', 'bench', 'scripts']
      .flatMap((dir) => citingFiles(join(ROOT, dir)))
      .flatMap((f) => unknownSpecCitations(relative(ROOT, f), readFileSync(f, 'utf8'), sections));
    expect(unknown).toEqual([]);
  });

  it('section 2.3 of docs/service.md lists the node types of the catalog, in order', () => {
    const service = readFileSync(join(ROOT, 'docs', 'service.md'), 'utf8');
    const list = service.slice(service.indexOf('The 40 node types'), service.indexOf('Withdrawing an invitation'));
    expect([...list.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1])).toEqual([...NODE_TYPES]);
  });

  it('reads headings and the numbered rules of a subsection, and catches a citation of neither', () => {
    const sections = specSections('# Spec\n## 1. What\n1. not a rule\n### 4.1 Update\n1. order\n2. scoring\n## 8. Limits\n3. not a rule\n');
    expect([...sections]).toEqual(['1', '4.1', '4.1.1', '4.1.2', '8']);
    const cited = ['spec 4.1.', 'Spec 8 limits', 'spec 4.1 rule 2', 'spec 4.1.2', 'spec 4.2', 'spec 4.1 rule 3', 'spec 2.5'];
    expect(unknownSpecCitations('x.ts', `// ${cited.join(', ')}`, sections)).toEqual([
      'x.ts: spec 4.2',
      'x.ts: spec 4.1.3',
      'x.ts: spec 2.5',
    ]);
  });
});

/** The e2e specs' `test` fails on a Content-Security-Policy violation (e2e/support/test.ts): a spec that takes Playwright's own skips that guard. */
function e2eGuardBreaks(file: string, source: string): string[] {
  const imports = [...source.matchAll(/^import\s[^;]*?\sfrom\s+'([^']+)'/gm)].map((m) => m[1]!);
  if (imports.includes('@playwright/test')) return [`${file}: imports @playwright/test, not ./support/test`];
  return imports.includes('./support/test') ? [] : [`${file}: does not import test from ./support/test`];
}

describe('e2e specs run under the CSP guard (ARCHITECTURE.md)', () => {
  it('every e2e spec imports its test from e2e/support/test.ts', () => {
    const specs = readdirSync(join(ROOT, 'e2e')).filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThan(10);
    expect(specs.flatMap((f) => e2eGuardBreaks(f, readFileSync(join(ROOT, 'e2e', f), 'utf8')))).toEqual([]);
  });

  it('the check catches what it forbids', () => {
    expect(e2eGuardBreaks('a.spec.ts', "import { expect, test } from '@playwright/test';")).toHaveLength(1);
    expect(e2eGuardBreaks('a.spec.ts', "import { signIn } from './support/session';")).toHaveLength(1);
    expect(e2eGuardBreaks('a.spec.ts', "import { expect, test } from './support/test';")).toEqual([]);
  });
});

/** CSS cannot import ui/screen.ts: each phone media query says it mirrors PHONE_WIDTH and uses its value (ARCHITECTURE.md). */
function phoneQueryBreaks(file: string, css: string, phoneWidth: number): string[] {
  return [...css.matchAll(/(\/\*(?:[^*]|\*(?!\/))*\*\/\s*)?@media \(max-width: (\d+)px\)/g)].flatMap((m) => {
    const mirrors = m[1]?.includes('PHONE_WIDTH') ?? false;
    if (mirrors && Number(m[2]) !== phoneWidth) return [`${file}: a PHONE_WIDTH query at ${m[2]}px`];
    if (!mirrors && Number(m[2]) === phoneWidth) return [`${file}: a ${m[2]}px query without a comment naming PHONE_WIDTH`];
    return [];
  });
}

describe('phone media queries (ARCHITECTURE.md)', () => {
  const cssFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return cssFiles(path);
      return name.endsWith('.css') ? [path] : [];
    });

  it('every phone query in the app names PHONE_WIDTH and uses its value', () => {
    const files = cssFiles(join(SRC, 'app'));
    expect(files.length).toBeGreaterThan(3);
    expect(files.flatMap((f) => phoneQueryBreaks(relative(SRC, f), readFileSync(f, 'utf8'), PHONE_WIDTH))).toEqual([]);
  });

  it('the check catches what it forbids', () => {
    expect(phoneQueryBreaks('a.css', '/* Phone (PHONE_WIDTH) */\n@media (max-width: 720px) {', 700)).toHaveLength(1);
    expect(phoneQueryBreaks('a.css', '/* Small */\n@media (max-width: 700px) {', 700)).toHaveLength(1);
    expect(phoneQueryBreaks('a.css', '/* Phone (PHONE_WIDTH) */\n@media (max-width: 700px) {', 700)).toEqual([]);
    expect(phoneQueryBreaks('a.css', '@media (max-width: 1100px) {', 700)).toEqual([]);
  });
});

/** What starts a server process or a crash run: a test reaching one is in the full tier only (scripts/test-stages.ts). */
const STARTS_PROCESSES = ['server/testing/processes.ts', 'server/testing/crash-run.ts'];
function slowTestBreaks(edges: readonly ImportEdge[], sourceOf: (file: string) => string): string[] {
  const tests = [...new Set(edges.map((e) => e.from))].filter((f) => /\.test\.tsx?$/.test(f) && !f.endsWith(SLOW_TEST_SUFFIX));
  return tests.flatMap((file) => {
    const reached = importedFrom(edges, file);
    const starts = STARTS_PROCESSES.some((f) => reached.has(f)) || sourceOf(file).includes('cli-serve');
    return starts ? [`${file}: starts a server process or a crash run, so its name ends ${SLOW_TEST_SUFFIX}`] : [];
  });
}

describe('slow tests are named so (ARCHITECTURE.md)', () => {
  it('a test that starts a server process or a crash run is a *.slow.int.test.ts', () => {
    expect(EDGES.filter((e) => e.from.endsWith(SLOW_TEST_SUFFIX)).length).toBeGreaterThan(10);
    // This file names cli-serve in its own check below.
    const sourceOf = (f: string) => (f === 'architecture.test.ts' ? '' : readFileSync(join(SRC, f), 'utf8'));
    expect(slowTestBreaks(EDGES, sourceOf)).toEqual([]);
  });

  it('the check catches what it forbids, also through a helper', () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, spec: `./${to}`, to });
    const noSource = () => '';
    expect(slowTestBreaks([edge('server/a.int.test.ts', 'server/testing/processes.ts')], noSource)).toHaveLength(1);
    expect(
      slowTestBreaks([edge('server/a.test.ts', 'server/h.ts'), edge('server/h.ts', 'server/testing/crash-run.ts')], noSource),
    ).toHaveLength(1);
    expect(slowTestBreaks([edge('server/a.int.test.ts', 'server/f.ts')], () => "spawn(node, ['src/server/cli-serve.ts'])")).toHaveLength(1);
    expect(slowTestBreaks([edge('server/a.slow.int.test.ts', 'server/testing/processes.ts')], noSource)).toEqual([]);
    expect(slowTestBreaks([edge('server/a.int.test.ts', 'server/testing/fixtures.ts')], noSource)).toEqual([]);
  });
});
