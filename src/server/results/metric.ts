import { branchHandles, HANDLE } from '../../domain/catalog';
import type { ResultMetric } from '../../domain/stats';
import { variantTextsOf } from '../../domain/variants';

/** Contract 10.1: a step that reaches the person with a text is a result row (catalog `variantTexts`). */
export const isSendingStep = (type: unknown): boolean => variantTextsOf(type) !== undefined;

/** Contract 10.1: what converts a sending step — its `accepted` output (an invitation), else a reply. */
export const resultMetricOf = (type: unknown): ResultMetric => (branchHandles(type).includes(HANDLE.accepted) ? 'accepted' : 'replied');
