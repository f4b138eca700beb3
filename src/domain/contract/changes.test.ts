import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CAMPAIGN_CHANGED_EVENT,
  campaignChangedSchema,
  CLIENT_ID_HEADER,
  CLIENT_KIND_HEADER,
  clientIdSchema,
  MAX_CLIENT_ID,
} from './changes';
import { toolErrorSchema } from './tool-error';

/** Contract 8.5 live changes, as a client subscribes to them and reads them. */
describe('live changes', () => {
  it('are streamed as campaign.changed events; the client names itself with X-Client-Id and its kind with X-Client', () => {
    expect(CAMPAIGN_CHANGED_EVENT).toBe('campaign.changed');
    expect(CLIENT_ID_HEADER).toBe('X-Client-Id');
    expect(CLIENT_KIND_HEADER).toBe('X-Client');
  });

  it('a client id is 1 to 64 printable ASCII characters without spaces, and told so otherwise', () => {
    for (const ok of ['tab-1', '!', '~'.repeat(MAX_CLIENT_ID), 'a:b/c?d']) expect(clientIdSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['', ' tab', 'tab ', 'ta b', 'tab\n', 'tâb', '\x7f', 'x'.repeat(MAX_CLIENT_ID + 1)])
      expect(clientIdSchema.safeParse(bad).success).toBe(false);
    expect(clientIdSchema.safeParse('tab one').error?.issues[0]?.message).toBe('Must be printable ASCII without spaces.');
  });

  it('an event says which campaign, its new updated_at, its status, who made it and, when it had one, the client id', () => {
    const event = { campaignId: 'c1', updated_at: '2026-11-24T10:00:00.000Z', status: 'draft', via: 'mcp', clientId: 'agent-7' };
    expect(campaignChangedSchema.parse(event)).toEqual(event);
    const { clientId: _none, ...withoutClient } = event;
    expect(campaignChangedSchema.safeParse(withoutClient).success).toBe(true);
    for (const via of ['app', 'mcp', 'other']) expect(campaignChangedSchema.safeParse({ ...event, via }).success).toBe(true);
    expect(campaignChangedSchema.safeParse({ ...event, via: 'rest' }).success).toBe(false);
    expect(campaignChangedSchema.safeParse({ ...event, clientId: 'tab one' }).success).toBe(false);
    expect(campaignChangedSchema.safeParse({ ...event, status: 'paused-ish' }).success).toBe(false);
    expect(campaignChangedSchema.safeParse({ campaignId: 'c1', status: 'draft', via: 'app' }).success).toBe(false);
  });

  it('the published schema tells a client what updated_at and clientId are for', () => {
    const schema = z.toJSONSchema(campaignChangedSchema) as unknown as { properties: Record<string, { description?: string }> };
    expect(schema.properties.updated_at!.description).toMatch(/expectedUpdatedAt/);
    expect(schema.properties.clientId!.description).toMatch(/X-Client-Id/);
    expect((z.toJSONSchema(clientIdSchema) as { description?: string }).description).toMatch(/echoed as clientId/);
  });
});

/** Contract 3's tool error, as every tool's output schema admits it (with 8.1's hint and any extras). */
describe('a tool error', () => {
  it('has a code and a message, an optional hint, and keeps extra details', () => {
    const body = { error: { code: 'stale_edit', message: 'Reload first.', hint: 'Read the campaign again.', currentUpdatedAt: 'x' } };
    expect(toolErrorSchema.parse(body)).toEqual(body);
    expect(toolErrorSchema.safeParse({ error: { code: 'not_found', message: 'No such campaign.' } }).success).toBe(true);
    expect(toolErrorSchema.safeParse({ error: { message: 'No code.' } }).success).toBe(false);
    expect(toolErrorSchema.safeParse({ error: { code: 'x' } }).success).toBe(false);
    expect(toolErrorSchema.safeParse({ error: { code: 'x', message: 'm', hint: 3 } }).success).toBe(false);
    const published = z.toJSONSchema(toolErrorSchema) as unknown as {
      properties: { error: { properties: { hint: { description?: string } } } };
    };
    expect(published.properties.error.properties.hint.description).toBe('What to do next, in one sentence.');
  });
});
