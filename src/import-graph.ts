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
