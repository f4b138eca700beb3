import { HANDLE } from '../catalog';
import type { WorkflowDefinition } from '../workflow-types';
import { graphBuilder } from './graph-builder';

/**
 * The campaign template gallery (spec 3.3 routing patterns). Every template is valid by
 * construction: validateWorkflow reports no errors for build() (tests prove it).
 *
 * Decision (spec 4.1 rule 9): an email push needs a non-empty credential_id and campaign_id,
 * which only the user can know. The template ships clearly named sample values
 * (SAMPLE_EMAIL_PUSH) and lists them in `settings`, so the gallery asks for the real values
 * before creating, and the launch review blocks while a sample value is still there
 * (isSampleSetting). The graph stays valid at every moment.
 */

/** A value the user should replace before launch; the gallery shows one input per setting. */
export interface TemplateSetting {
  nodeId: string;
  field: string;
  label: string;
  help: string;
  sampleValue: string;
}

/** Answers to a template's settings, keyed by settingKey ("email_push.credential_id"). */
export type TemplateValues = Readonly<Record<string, string>>;

export interface CampaignTemplate {
  id: string;
  name: string;
  description: string;
  /** Values the template cannot know (empty for most templates). */
  settings: readonly TemplateSetting[];
  /** A fresh graph (new objects on every call). `values` replace the sample values of `settings`. */
  build(values?: TemplateValues): WorkflowDefinition;
}

/** Sample values the email-push template ships with (spec 4.1 rule 9 needs non-empty ones). */
export const SAMPLE_EMAIL_PUSH = { credential_id: 'sample-credential-replace-me', campaign_id: 'sample-campaign-replace-me' } as const;
const SAMPLE_VALUES: ReadonlySet<string> = new Set(Object.values(SAMPLE_EMAIL_PUSH));

/** True when a node still carries a template's sample value in a setting field. */
export const isSampleSetting = (value: unknown): boolean => typeof value === 'string' && SAMPLE_VALUES.has(value);

/** Key of a setting in the `values` passed to build(). */
export const settingKey = (s: Pick<TemplateSetting, 'nodeId' | 'field'>): string => `${s.nodeId}.${s.field}`;

const { step, link } = graphBuilder({ column: 300, row: 150 });

/**
 * A blank canvas: the Start step alone. It is not a valid campaign (Start needs a next step), so it is
 * never stored: the editor shows it as unsaved work on a new draft, and the first save needs steps.
 */
/** The create dialog's choice (and the editor address's `?start=`) for a blank canvas. */
export const BLANK_START = 'blank';
export const blankCanvas = (): WorkflowDefinition => ({ nodes: [step('start', 'start', 0, 0)], edges: [] });

const INVITE_NOTE = 'Hi {{firstName}}, I came across your work at {{company}} and would love to connect.';
const THANKS =
  'Thanks for connecting, {{firstName}}! I help teams like {{company}} book more meetings from LinkedIn. Open to a quick chat?';
const FOLLOW_UP = 'Hi {{firstName}}, just bumping this up — would a 15-minute call next week work for you?';

const connectionOnly: CampaignTemplate = {
  id: 'connection-only',
  name: 'Connection request only',
  description: 'Send an invitation with a short note. Whether it is accepted or not, the sequence ends there.',
  settings: [],
  build: () => ({
    // Same ids as the editor's blank starter graph, so "blank" and this template look alike.
    nodes: [
      step('start', 'start', 0, 0),
      step('connection_request', 'connection_request', 0, 1, { message_template: INVITE_NOTE }),
      step('end', 'end', 0, 2),
    ],
    edges: [
      link('start', 'connection_request'),
      link('connection_request', 'end', HANDLE.accepted),
      link('connection_request', 'end', HANDLE.noResponse),
    ],
  }),
};

const scoredFollowUp: CampaignTemplate = {
  id: 'scored-follow-up',
  name: 'Scored invitation, message and follow-up',
  description:
    'Only prospects who fit your ideal customer profile get an invitation. Once accepted, send a message and one follow-up; withdraw invitations nobody answers.',
  settings: [],
  build: () => ({
    nodes: [
      step('start', 'start', 0, 0),
      step('score', 'icp_scoring', 0, 1, { icpThreshold: 70, thresholdOperator: '>=', outputVariable: 'icp_score' }),
      step('end_not_qualified', 'end', 1, 2),
      step('invite', 'connection_request', 0, 2, { message_template: INVITE_NOTE, wait_for_response_days: 14 }),
      step('thanks', 'message', -0.5, 3, { message_template: THANKS, reply_wait_days: 3 }),
      step('withdraw', 'cancel_invitation', 0.7, 3),
      step('follow_up', 'message', -0.5, 4, { message_template: FOLLOW_UP, reply_wait_days: 5 }),
      step('end_replied', 'end', -1.5, 5),
      step('end', 'end', 0, 5),
    ],
    edges: [
      link('start', 'score'),
      link('score', 'invite', HANDLE.qualified),
      link('score', 'end_not_qualified', HANDLE.notQualified),
      link('invite', 'thanks', HANDLE.accepted),
      link('invite', 'withdraw', HANDLE.noResponse),
      link('withdraw', 'end'),
      link('thanks', 'end_replied', HANDLE.replied),
      link('thanks', 'follow_up', HANDLE.noReply),
      link('follow_up', 'end_replied', HANDLE.replied),
      link('follow_up', 'end', HANDLE.noReply),
    ],
  }),
};

const inmailFallback: CampaignTemplate = {
  id: 'inmail-fallback',
  name: 'Invitation with InMail fallback',
  description: 'Invite first; if the invitation is not accepted, send a free InMail to open profiles instead. Needs no premium seat.',
  settings: [],
  build: () => ({
    nodes: [
      step('start', 'start', 0, 0),
      step('invite', 'connection_request', 0, 1, { message_template: INVITE_NOTE, wait_for_response_days: 10 }),
      step('thanks', 'message', -0.6, 2, { message_template: THANKS, reply_wait_days: 4 }),
      step('inmail', 'inmail', 0.6, 2, {
        subject: 'A quick idea for {{company}}',
        message_template:
          'Hi {{firstName}}, I tried to connect but may have missed you. We help teams like {{company}} book more meetings — worth a chat?',
        reply_wait_days: 5,
        only_open_profiles: true,
      }),
      step('end', 'end', 0, 3),
    ],
    edges: [
      link('start', 'invite'),
      link('invite', 'thanks', HANDLE.accepted),
      link('invite', 'inmail', HANDLE.noResponse),
      link('thanks', 'end', HANDLE.replied),
      link('thanks', 'end', HANDLE.noReply),
      link('inmail', 'end', HANDLE.replied),
      link('inmail', 'end', HANDLE.noReply),
    ],
  }),
};

const emailPushSettings: readonly TemplateSetting[] = [
  {
    nodeId: 'email_push',
    field: 'credential_id',
    label: 'Email tool credential',
    help: 'The credential of your email tool connection.',
    sampleValue: SAMPLE_EMAIL_PUSH.credential_id,
  },
  {
    nodeId: 'email_push',
    field: 'campaign_id',
    label: 'Email campaign',
    help: 'The id of the campaign in your email tool that receives the prospect.',
    sampleValue: SAMPLE_EMAIL_PUSH.campaign_id,
  },
];

const emailPushFallback: CampaignTemplate = {
  id: 'email-push-fallback',
  name: 'Invitation with email fallback',
  description: 'Invite first; if the invitation is not accepted, add the prospect to a campaign of your email tool instead.',
  settings: emailPushSettings,
  build: (values = {}) => {
    const setting = (field: string, sample: string): string => {
      const value = values[settingKey({ nodeId: 'email_push', field })]?.trim();
      return value ? value : sample;
    };
    return {
      nodes: [
        step('start', 'start', 0, 0),
        step('invite', 'connection_request', 0, 1, { message_template: INVITE_NOTE, wait_for_response_days: 14 }),
        step('thanks', 'message', -0.6, 2, { message_template: THANKS, reply_wait_days: 4 }),
        step('email_push', 'email_campaign_push_1', 0.6, 2, {
          credential_id: setting('credential_id', SAMPLE_EMAIL_PUSH.credential_id),
          campaign_id: setting('campaign_id', SAMPLE_EMAIL_PUSH.campaign_id),
          field_mappings: { email: 'email', first_name: 'firstName', company: 'company' },
          custom_variables: {},
        }),
        step('end', 'end', 0, 3),
      ],
      edges: [
        link('start', 'invite'),
        link('invite', 'thanks', HANDLE.accepted),
        link('invite', 'email_push', HANDLE.noResponse),
        link('email_push', 'end'),
        link('thanks', 'end', HANDLE.replied),
        link('thanks', 'end', HANDLE.noReply),
      ],
    };
  },
};

/** The gallery, in the order it is shown. */
export const CAMPAIGN_TEMPLATES: readonly CampaignTemplate[] = [connectionOnly, scoredFollowUp, inmailFallback, emailPushFallback];

export const findTemplate = (id: string): CampaignTemplate | undefined => CAMPAIGN_TEMPLATES.find((t) => t.id === id);
