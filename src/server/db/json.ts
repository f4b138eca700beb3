/** A json/jsonb column's value: the drivers hand back parsed JSON, but a text-typed result (e.g. through a cast) is parsed here. */
export const jsonColumn = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
