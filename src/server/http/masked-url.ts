/** A query parameter whose name says it carries a secret (`token`, `api_key`, `sig`, `password`, `X-Amz-Credential`…). */
const SECRET_PARAM = /token|key|secret|pass|pwd|sig|auth|credential|session/i;

/** What a masked part shows instead of the secret. */
export const MASK = '***';

/**
 * A stored URL as every read gives it back (webhook endpoints, the HTTP executor): a user name and
 * password in it (`https://user:pass@host/`) and the values of query parameters named like a secret
 * (`?token=abc`) show as `***`; sending still uses the stored URL.
 */
export function maskUrlSecrets(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const secretParams = [...parsed.searchParams.keys()].filter((name) => SECRET_PARAM.test(name));
  if (parsed.username === '' && parsed.password === '' && secretParams.length === 0) return url;
  if (parsed.username !== '') parsed.username = MASK;
  if (parsed.password !== '') parsed.password = MASK;
  for (const name of secretParams) parsed.searchParams.set(name, MASK);
  return parsed.toString();
}
