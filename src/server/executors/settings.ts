import {
  DEFAULT_SANDBOX_SEED,
  type ExecutorSettings,
  type ExecutorSettingsInput,
  type VariantRates,
} from '../../domain/contract/executors';
import { DEFAULT_RESPONSE_RATES } from '../../domain/contract/runs';
import type { RotatedSecret } from '../../domain/contract/webhooks';
import type { Queryable } from '../db/types';
import { maskUrlSecrets } from '../http/masked-url';
import { generateSecret } from '../webhooks/queries';
import { toIso } from '../../domain/time';

/**
 * Contract 9.4: the workspace's executor settings (default: the sandbox), its signing secret and its
 * rotation. Every read (GET, and the PUT's answer) masks the URL's credentials and query secrets as
 * webhook endpoints' are; `httpTargetOf` alone reads the URL as stored, to send.
 */

interface SettingsRow {
  kind: ExecutorSettings['kind'];
  url: string | null;
  accept_rate: number;
  reply_rate: number;
  median_response_hours: number;
  seed: number;
  variant_rates: VariantRates;
  updated_at: Date;
}
const COLUMNS = 'kind, url, accept_rate, reply_rate, median_response_hours, seed, variant_rates, updated_at';

const DEFAULT_SETTINGS: ExecutorSettings = {
  kind: 'sandbox',
  url: null,
  ...DEFAULT_RESPONSE_RATES,
  seed: DEFAULT_SANDBOX_SEED,
  variantRates: {},
  updatedAt: null,
};

const toSettings = (r: SettingsRow): ExecutorSettings => ({
  kind: r.kind,
  url: r.url === null ? null : maskUrlSecrets(r.url),
  acceptRate: r.accept_rate,
  replyRate: r.reply_rate,
  medianResponseHours: r.median_response_hours,
  seed: r.seed,
  variantRates: r.variant_rates,
  updatedAt: toIso(r.updated_at),
});

export async function getExecutorSettings(db: Queryable, workspaceId: string): Promise<ExecutorSettings> {
  const { rows } = await db.query<SettingsRow>(`SELECT ${COLUMNS} FROM executor_settings WHERE workspace_id = $1`, [workspaceId]);
  return rows[0] ? toSettings(rows[0]) : DEFAULT_SETTINGS;
}

/**
 * PUT: the sandbox keeps its rates as given (absent ones their defaults); switching to http makes a
 * new signing secret, answered this once; an http executor that only changes its URL keeps its secret.
 */
export async function putExecutorSettings(db: Queryable, workspaceId: string, input: ExecutorSettingsInput): Promise<ExecutorSettings> {
  const before = await db.query<{ kind: string; secret: string | null }>(
    'SELECT kind, secret FROM executor_settings WHERE workspace_id = $1 FOR UPDATE',
    [workspaceId],
  );
  const wasHttp = before.rows[0]?.kind === 'http' && before.rows[0].secret !== null;
  const secret = input.kind === 'http' && !wasHttp ? generateSecret() : null;
  const sandbox = input.kind === 'sandbox' ? input : { ...DEFAULT_RESPONSE_RATES, seed: DEFAULT_SANDBOX_SEED, variantRates: {} };
  const { rows } = await db.query<SettingsRow>(
    `INSERT INTO executor_settings AS s (workspace_id, kind, url, secret, accept_rate, reply_rate, median_response_hours, seed, variant_rates, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (workspace_id) DO UPDATE SET kind = excluded.kind, url = excluded.url,
       secret = coalesce(excluded.secret, s.secret),
       previous_secret = CASE WHEN excluded.secret IS NULL THEN s.previous_secret END,
       previous_secret_expires_at = CASE WHEN excluded.secret IS NULL THEN s.previous_secret_expires_at END,
       accept_rate = CASE WHEN excluded.kind = 'sandbox' THEN excluded.accept_rate ELSE s.accept_rate END,
       reply_rate = CASE WHEN excluded.kind = 'sandbox' THEN excluded.reply_rate ELSE s.reply_rate END,
       median_response_hours = CASE WHEN excluded.kind = 'sandbox' THEN excluded.median_response_hours ELSE s.median_response_hours END,
       seed = CASE WHEN excluded.kind = 'sandbox' THEN excluded.seed ELSE s.seed END,
       variant_rates = CASE WHEN excluded.kind = 'sandbox' THEN excluded.variant_rates ELSE s.variant_rates END,
       updated_at = now()
     RETURNING ${COLUMNS}`,
    [
      workspaceId,
      input.kind,
      input.kind === 'http' ? input.url : null,
      secret,
      sandbox.acceptRate,
      sandbox.replyRate,
      sandbox.medianResponseHours,
      sandbox.seed,
      JSON.stringify(sandbox.variantRates),
    ],
  );
  const settings = toSettings(rows[0]!);
  return secret === null ? settings : { ...settings, secret };
}

/** Contract 8.3 rotation for the executor: a new secret; the old one keeps signing (second signature) for graceHours. Null: no http executor. */
export async function rotateExecutorSecret(db: Queryable, workspaceId: string, graceHours: number): Promise<RotatedSecret | null> {
  const secret = generateSecret();
  const { rows } = await db.query<{ expires: Date | null }>(
    `UPDATE executor_settings SET previous_secret = CASE WHEN $3 > 0 THEN secret END,
       previous_secret_expires_at = CASE WHEN $3 > 0 THEN date_trunc('milliseconds', now() + make_interval(secs => $3 / 1000.0)) END,
       secret = $2, updated_at = now()
     WHERE workspace_id = $1 AND kind = 'http' RETURNING previous_secret_expires_at AS expires`,
    // Whole milliseconds: `$3 > 0` types the parameter as an integer.
    [workspaceId, secret, Math.round(graceHours * 3_600_000)],
  );
  if (!rows[0]) return null;
  return { secret, previousSecretExpiresAt: rows[0].expires ? toIso(rows[0].expires) : null };
}

/** Where and how the executor is reached: null unless the workspace has an http executor. */
export interface HttpTarget {
  readonly url: string;
  readonly secret: string;
  readonly previousSecret: string | null;
}

/** The HTTP executors of these workspaces, now (a workspace without one uses the sandbox). */
export async function httpTargetsOf(db: Queryable, workspaceIds: readonly string[]): Promise<Map<string, HttpTarget>> {
  const { rows } = await db.query<{ workspace_id: string; url: string; secret: string; previous_secret: string | null }>(
    `SELECT workspace_id, url, secret, CASE WHEN previous_secret_expires_at > now() THEN previous_secret END AS previous_secret
     FROM executor_settings WHERE workspace_id = ANY($1::uuid[]) AND kind = 'http' AND url IS NOT NULL AND secret IS NOT NULL`,
    [[...new Set(workspaceIds)]],
  );
  return new Map(rows.map((r) => [r.workspace_id, { url: r.url, secret: r.secret, previousSecret: r.previous_secret }]));
}
