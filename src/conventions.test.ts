import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHONE_WIDTH } from './app/ui/screen';
import { NODE_TYPES } from './domain/catalog';
import { importedFrom, isTestCode, readImportEdges, resolveRelative, ROOT, sourceFiles, SRC, under, type ImportEdge } from './import-graph';
import { SLOW_TEST_SUFFIX } from '../scripts/test-stages';

/**
 * The conventions of ARCHITECTURE.md beyond the import rules (architecture.test.ts): one formatter,
 * the boot script free of the app, one catalog, citations of the contract and the spec that exist,
 * e2e specs under the CSP guard, one phone width, slow tests named so.
 */

const EDGES = readImportEdges();

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
    // These files name cli-serve in their own checks (this one below, architecture.test.ts in the server's layers).
    const sourceOf = (f: string) => (['conventions.test.ts', 'architecture.test.ts'].includes(f) ? '' : readFileSync(join(SRC, f), 'utf8'));
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
