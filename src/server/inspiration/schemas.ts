import { z } from 'zod';
import { text } from '../../domain/contract/bounds';
import { cursorParam, limitParam } from '../http/pagination';

/** The list query and path of the inspiration routes (pagination params live with the server); bodies and records: domain/contract/inspiration. */
export const listInspirationQuery = z.object({
  workspaceId: text().optional().describe('Workspace id or slug (contract 2).'),
  search: text().max(500).optional().describe('Case-insensitive substring of the text or the author.'),
  limit: limitParam,
  cursor: cursorParam,
});

export const inspirationIdParams = z.object({ id: z.guid() });
