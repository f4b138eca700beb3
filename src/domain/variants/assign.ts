import type { NodeData } from '../catalog';
import { stepVariants, variantGroupKey, type Variant } from './variants';

/**
 * Contract 10.1 assignment, the one function the engine, the sandbox, the simulator and the launch
 * review use: position = hash(campaignId, prospectId, variantGroup ?? nodeId) mod n. Deterministic
 * and sticky (the same prospect gets the same variant at every read, in every process), equal shares
 * (property-tested), independent between steps that are not grouped, and the same position on every
 * step of one group (first with first), which is what tests a whole path.
 *
 * The hash: 32-bit FNV-1a over the UTF-8 bytes of campaignId, U+001F, prospectId, U+001F, the key —
 * then MurmurHash3's final mix (fmix32), so that the low bits a small modulus reads depend on every
 * byte. Changing it would move running prospects to other variants: it is fixed.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SEPARATOR = 0x1f;

/** FNV-1a of the UTF-8 encoding of `text`, continuing from `hash`. */
function fnv1a(hash: number, text: string): number {
  let h = hash;
  const byte = (b: number) => {
    h = Math.imul(h ^ b, FNV_PRIME);
  };
  for (const char of text) {
    const c = char.codePointAt(0)!;
    if (c < 0x80) byte(c);
    else if (c < 0x800) {
      byte(0xc0 | (c >> 6));
      byte(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      byte(0xe0 | (c >> 12));
      byte(0x80 | ((c >> 6) & 0x3f));
      byte(0x80 | (c & 0x3f));
    } else {
      byte(0xf0 | (c >> 18));
      byte(0x80 | ((c >> 12) & 0x3f));
      byte(0x80 | ((c >> 6) & 0x3f));
      byte(0x80 | (c & 0x3f));
    }
  }
  return h;
}

/** MurmurHash3's finaliser: every input bit reaches every output bit. */
function fmix32(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The stable 32-bit hash of (campaignId, prospectId, key), unsigned. */
export function assignmentHash(campaignId: string, prospectId: string, key: string): number {
  let h = fnv1a(FNV_OFFSET, campaignId);
  h = Math.imul(h ^ SEPARATOR, FNV_PRIME);
  h = fnv1a(h, prospectId);
  h = Math.imul(h ^ SEPARATOR, FNV_PRIME);
  return fmix32(fnv1a(h, key));
}

/** Contract 10.1: a prospect's variant position (0-based) among `count` variants of the step `key` (its variantGroup, else its node id). */
export function variantPosition(campaignId: string, prospectId: string, key: string, count: number): number {
  return count > 0 ? assignmentHash(campaignId, prospectId, key) % count : 0;
}

/**
 * The variant a prospect gets at a step: the chosen winner when there is one (contract 10.1: later
 * prospects get it), else the position of the assignment. Undefined when the step has no well-formed variants.
 */
export function assignedVariant(
  step: { id: string; type?: unknown; data: NodeData },
  campaignId: string,
  prospectId: string,
  winner?: string | null,
): Variant | undefined {
  const variants = stepVariants(step);
  if (!variants) return undefined;
  const chosen = winner ? variants.find((v) => v.variantId === winner) : undefined;
  if (chosen) return chosen;
  return variants[variantPosition(campaignId, prospectId, variantGroupKey(step), variants.length)];
}
