// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateWorkflow, type WorkflowDefinition } from '../../../domain';
import { CAMPAIGN_TEMPLATES, settingKey } from '../../../domain/paths';
import { fakeApi, testQueryClient, type SentRequest } from '../../api/testing';
import { polyfillDialogs } from '../../ui/testing';
import { testCampaign } from '../store/test-campaign';
import { CreateCampaignDialog } from './CreateCampaignDialog';

const CAMPAIGN_ID = '55555555-5555-4555-8555-555555555555';

interface CreateCall {
  name: string;
  arguments: { name: string; workflow_definition?: WorkflowDefinition; senderAccountIds: string[] };
}

/** The create-campaign call the dialog sends, answered with the campaign the server would store. */
function fakeServer() {
  const creates: CreateCall['arguments'][] = [];
  fakeApi({
    'GET /api/messaging/accounts': { body: { items: [] } },
    'POST /mcp': (request: SentRequest) => {
      const { params, id } = request.body as { id: number; params: CreateCall };
      creates.push(params.arguments);
      const stored = testCampaign(params.arguments.workflow_definition!, { campaignId: CAMPAIGN_ID, name: params.arguments.name });
      return { body: { jsonrpc: '2.0', id, result: { structuredContent: stored } } };
    },
  });
  return creates;
}

beforeEach(polyfillDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the new-campaign dialog', () => {
  // Was e2e/power-templates.spec.ts: the browser added nothing the dialog does not do here.
  it.each(CAMPAIGN_TEMPLATES.map((t) => [t.name, t] as const))(
    'template “%s” sends its graph with the settings typed in, valid, and opens the campaign',
    async (_name, template) => {
      const creates = fakeServer();
      const { client } = testQueryClient();
      const onClose = vi.fn();
      render(
        <QueryClientProvider client={client}>
          <CreateCampaignDialog onClose={onClose} />
        </QueryClientProvider>,
      );
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Campaign name'), `From ${template.name}`);
      expect(screen.getByRole('img', { name: new RegExp(`^Preview of ${template.name}: Start, `) })).toBeTruthy();
      await user.click(screen.getByRole('radio', { name: new RegExp(`^Preview of ${template.name}`) }));
      const values: Record<string, string> = {};
      for (const setting of template.settings) {
        values[settingKey(setting)] = `my-${setting.field}`;
        await user.type(screen.getByLabelText(setting.label), `my-${setting.field}`);
      }
      await user.click(screen.getByRole('button', { name: 'Create and open' }));

      await waitFor(() => expect(window.location.pathname).toBe(`/campaigns/${CAMPAIGN_ID}`));
      expect(onClose).toHaveBeenCalled();
      expect(creates).toHaveLength(1);
      expect(creates[0]!.name).toBe(`From ${template.name}`);
      expect(creates[0]!.workflow_definition).toEqual(template.build(values));
      expect(validateWorkflow(creates[0]!.workflow_definition!)).toEqual([]);
    },
  );
});
