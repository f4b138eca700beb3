import { expect, type Page } from '@playwright/test';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../src/domain/contract/tool-call';

/** The demo workspace's key (DEMO_API_KEY of the e2e server). */
export const demoApiKey = (): string => process.env.E2E_API_KEY!;

/** Signs in through the sign-in URL form of contract 2 (`/#apiKey=…`) and waits for the app. */
export async function signIn(page: Page, path = '/'): Promise<void> {
  await page.goto(`${path}#apiKey=${encodeURIComponent(demoApiKey())}`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
}

/** A REST/MCP call from the test itself (setup and assertions), with the demo key. */
export async function apiRequest(page: Page, method: string, path: string, body?: unknown) {
  const res = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${demoApiKey()}`, 'Content-Type': 'application/json', Accept: TOOL_CALL_ACCEPT },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status(), body: await res.json().catch(() => null) };
}

let rpcId = 0;
/** tools/call over POST /mcp; returns structuredContent (throws on a tool error). */
export async function tool<T = any>(page: Page, name: string, args: Record<string, unknown>): Promise<T> {
  const res = await apiRequest(page, 'POST', '/mcp', toolCallBody(++rpcId, name, args));
  const result = res.body?.result;
  if (!result || result.isError) throw new Error(`${name} failed: ${JSON.stringify(res.body)}`);
  return result.structuredContent as T;
}
