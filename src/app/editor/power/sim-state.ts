/**
 * The simulator's shareable state, kept in the URL as `?sim=<base64url JSON>` so a link opens the
 * same prospect and the same outcomes: `{v: 1, f: customFields, o: {nodeId: output}, s?: icpScore}`.
 */

export interface SimState {
  fields: Record<string, string>;
  outcomes: Record<string, string>;
  icpScore?: number;
}

export const SIM_PARAM = 'sim';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const stringRecord = (value: unknown): Record<string, string> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
};

export function encodeSimState(state: SimState): string {
  const payload: Record<string, unknown> = { v: 1, f: state.fields, o: state.outcomes };
  if (typeof state.icpScore === 'number' && Number.isFinite(state.icpScore)) payload.s = state.icpScore;
  return toBase64Url(JSON.stringify(payload));
}

/** The state in a `sim` parameter, or null when absent or unreadable (a bad link just starts fresh). */
export function decodeSimState(param: string | null | undefined): SimState | null {
  if (!param) return null;
  try {
    const value = JSON.parse(fromBase64Url(param)) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || value.v !== 1) return null;
    const state: SimState = { fields: stringRecord(value.f), outcomes: stringRecord(value.o) };
    if (typeof value.s === 'number' && Number.isFinite(value.s)) state.icpScore = value.s;
    return state;
  } catch {
    return null;
  }
}
