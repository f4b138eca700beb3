import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** An import as TypeScript reads it (src/architecture.test.ts reads every file's). */
export interface ImportEdge {
  from: string;
  spec: string;
  /** The src-relative file a relative import resolves to; undefined for a package. */
  to: string | undefined;
}

/** `file` is `dir` or inside it (src-relative paths). */
export const under = (file: string | undefined, dir: string) => file !== undefined && (file === dir || file.startsWith(`${dir}/`));

/** Import cycles among `files` (each as the list of files around it), by Tarjan's strongly connected components. */
export function cycles(edges: readonly ImportEdge[], inside: string): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (under(e.from, inside) && under(e.to, inside)) next.set(e.from, [...(next.get(e.from) ?? []), e.to!]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || next.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The files `from` imports, directly or through other files of src/. */
export function importedFrom(edges: readonly ImportEdge[], from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    for (const e of edges)
      if (e.from === file && e.to !== undefined && !seen.has(e.to)) {
        seen.add(e.to);
        visit(e.to);
      }
  };
  visit(from);
  return seen;
}

/** The project's root and its src/ (absolute paths). */
export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
export const SRC = join(ROOT, 'src');

/** Every .ts/.tsx file under `dir` (absolute paths). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The src-relative file a relative import of `fromFile` names. */
export function resolveRelative(fromFile: string, spec: string): string | undefined {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base.replace(/\.js$/, '.ts')];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return found ? relative(SRC, found) : relative(SRC, base);
}

/** Every import of every file under src/, as TypeScript reads them (comments and strings do not count). */
export const readImportEdges = (): ImportEdge[] =>
  sourceFiles(SRC).flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const from = relative(SRC, file);
    return importedFiles.map(({ fileName: spec }) => ({ from, spec, to: spec.startsWith('.') ? resolveRelative(file, spec) : undefined }));
  });

/** Test code: a test file, or a testing/ helper. */
export const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)testing(\/|\.ts$)/.test(file);
