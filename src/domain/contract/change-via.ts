import { z } from 'zod';

/**
 * Who made a change (contract 8.5 `via`): `app` = the web app (its requests say `X-Client: app`), `mcp` =
 * any other caller of POST /mcp (an agent, a script), `other` = a change made without a request (demo seed, admin).
 * Its own module so that campaigns.ts (saved versions) and changes.ts (live changes) both read it without a cycle.
 */
export const CHANGE_VIA = ['app', 'mcp', 'other'] as const;
export const changeViaSchema = z.enum(CHANGE_VIA);
export type ChangeVia = z.infer<typeof changeViaSchema>;
