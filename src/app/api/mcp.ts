import {
  CAMPAIGN_TOOLS,
  type CampaignToolArguments,
  type CampaignToolName,
  type CampaignToolResult,
} from '../../domain/contract/campaigns';
import { toolErrorSchema } from '../../domain/contract/tool-error';
import { TOOL_CALL_ACCEPT, toolCallBody } from '../../domain/contract/tool-call';
import { ApiProblem, apiFetch, CLIENT_ERROR_CODES, currentWorkspaceId } from './http';

/** A tool error (contract 3): `code`, the hint of contract 8.1, plus the extras (violations, currentUpdatedAt, status, errors). */
export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

let nextId = 1;

/** "path: message; …" of the first few zod issues, for an answer that breaks the contract. */
const issuesText = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string =>
  issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(result)'}: ${i.message}`)
    .join('; ');

/** A JSON-RPC answer to tools/call. */
export type ToolAnswer = { result?: { isError?: boolean; structuredContent?: unknown }; error?: { code: number; message: string } };

/**
 * `tools/call` over POST /mcp (JSON-RPC 2.0, no initialize needed — contract 1), typed by tool name:
 * arguments and result come from the wire contract. Adds the current workspaceId.
 */
export async function callTool<N extends CampaignToolName>(
  name: N,
  args: Omit<CampaignToolArguments<N>, 'workspaceId'>,
): Promise<CampaignToolResult<N>> {
  const workspaceId = currentWorkspaceId();
  const { data } = await apiFetch<ToolAnswer>('/mcp', {
    method: 'POST',
    headers: { Accept: TOOL_CALL_ACCEPT },
    body: toolCallBody(nextId++, name, { ...(workspaceId ? { workspaceId } : {}), ...args }),
  });
  return readToolAnswer(name, data);
}

/**
 * The result of a tool call, parsed with the tool's result schema (an answer that does not match is a
 * clear error, never a silent cast); a tool error becomes a ToolError.
 */
export function readToolAnswer<N extends CampaignToolName>(name: N, data: ToolAnswer): CampaignToolResult<N> {
  if (data.error) throw new ApiProblem(400, CLIENT_ERROR_CODES.jsonRpc, data.error.message);
  const result = data.result;
  if (!result) throw new ApiProblem(500, CLIENT_ERROR_CODES.badResponse, 'The tool-call interface gave no result.');
  if (result.isError) {
    const parsed = toolErrorSchema.safeParse(result.structuredContent);
    if (!parsed.success)
      throw new ApiProblem(
        500,
        CLIENT_ERROR_CODES.badResponse,
        `${name} failed with an unreadable error: ${issuesText(parsed.error.issues)}`,
      );
    const { error } = parsed.data;
    throw new ToolError(error.code, error.message, error);
  }
  const parsed = CAMPAIGN_TOOLS[name].result.safeParse(result.structuredContent);
  if (!parsed.success)
    throw new ApiProblem(
      500,
      CLIENT_ERROR_CODES.badResponse,
      `The server's answer to ${name} is not what the contract says: ${issuesText(parsed.error.issues)}`,
    );
  return parsed.data as CampaignToolResult<N>;
}
