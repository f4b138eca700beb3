import type { RunEvent } from '../../domain/catalog';

/** Contract 9.4: what an executor is offered for one action (the HTTP executor's body). */
export interface OfferedAction {
  readonly actionId: string;
  readonly type: string;
  readonly workspaceId: string;
  readonly campaignId: string | null;
  readonly enrollmentId: string | null;
  readonly nodeId: string | null;
  readonly prospect: { readonly profileUrl: string; readonly name: string | null };
  readonly sender: { readonly accountId: string | null };
  readonly payload: {
    readonly text?: string;
    readonly subject?: string;
    readonly data: Readonly<Record<string, unknown>>;
    /** Contract 10.1: the variant this prospect gets at a step with variants. */
    readonly variantId?: string;
  };
  /** The event that would end this step's wait (sandbox: what it may answer later). */
  readonly awaits: RunEvent | null;
}

/** Contract 9.4 answers: decided now, later (202), or the network pushed back. */
export type ExecutorAnswer =
  | { readonly status: 'done'; readonly result?: Readonly<Record<string, unknown>> }
  | { readonly status: 'failed'; readonly error: string }
  | { readonly status: 'later' }
  | { readonly status: 'rate_limited'; readonly retryAfterSeconds: number }
  /** No usable answer (network error, timeout, 5xx): offered again with the same actionId after `delaysMs[attempt - 1]`; failed after the last. */
  | { readonly status: 'retry'; readonly error: string; readonly delaysMs: readonly number[] };

export interface Executor {
  offer(action: OfferedAction): Promise<ExecutorAnswer>;
}
