import type { ValidationContext, Violation, ViolationCode } from '../workflow-types';
import { CONTENT_CASES } from './violation-cases-content';
import { RULES_CASES } from './violation-cases-rules';
import { STRUCTURE_CASES } from './violation-cases-structure';
import { VARIANT_CASES } from './violation-cases-variants';

export { edgeOf, find, without } from './case-helpers';

export interface ViolationCase {
  code: ViolationCode;
  name: string;
  broken: () => unknown;
  fixed: () => unknown;
  /** What the violation must be pinned on. */
  expected?: Partial<Violation>;
  context?: ValidationContext;
  /** The fix leaves no errors at all (false where no valid graph exists, e.g. over 2000 edges). */
  fixedIsValid?: boolean;
}

/** One graph per violation code (and its fix), shared by the validator's tests. */
export const VIOLATION_CASES: ViolationCase[] = [...STRUCTURE_CASES, ...RULES_CASES, ...CONTENT_CASES, ...VARIANT_CASES];
