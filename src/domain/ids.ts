/** Readable ids in users' words ("message_3"), unique within the graph they join. */
export function freshId(base: string, taken: Set<string>): string {
  const stem = base.replace(/[^A-Za-z0-9_-]/g, '_') || 'step';
  for (let n = 1; ; n++) {
    const id = `${stem}_${n}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/** Edge ids name both ends: `e_invite_accepted_thanks`. */
export function freshEdgeId(source: string, handle: string | null | undefined, target: string, taken: Set<string>): string {
  const id = `e_${source}_${handle ? `${handle}_` : ''}${target}`;
  if (!taken.has(id)) {
    taken.add(id);
    return id;
  }
  return freshId(id, taken);
}
