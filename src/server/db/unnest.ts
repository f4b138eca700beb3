/** Rows written in one statement: each column travels as one text array and is cast back. */

export type Value = string | number | boolean | null;

/** A value as its text in a column array (null stays null). */
export const asText = (v: Value | undefined): string | null => (v === null || v === undefined ? null : String(v));

/** `SELECT v.a::t, …` from `unnest($1::text[], …) AS v(a, …)`: one parameter per column, the first `$first`. */
export function fromUnnest(columns: readonly string[], types: Readonly<Record<string, string>>, first = 1) {
  return {
    select: columns.map((c) => `v.${c}::${types[c]}`).join(', '),
    from: `unnest(${columns.map((_, i) => `$${first + i}::text[]`).join(', ')}) AS v(${columns.join(', ')})`,
  };
}
