import { AWAIT_REPLY, branch, define, excerpt, messageSummary, num, plural, REPLY_HANDLES, str } from './define';
import { FIELDS } from './fields';
import { HANDLE } from './handles';
import type { NodeTypeDefinition } from './types';

const OPERATOR_SIGNS: Readonly<Record<string, string>> = FIELDS.thresholdOperator!.optionLabels!;

/** Scoring, LinkedIn actions and messaging: the nodes the routing table of spec 3.3 is about. */
export const outreachEntries: NodeTypeDefinition[] = [
  define('icp_scoring', {
    label: 'ICP scoring',
    description: 'Scores the prospect against your ideal customer profile; only qualified prospects continue.',
    category: 'scoring',
    role: 'scoring',
    outputs: branch(
      { name: HANDLE.qualified, label: 'Qualified', tone: 'positive' },
      { name: HANDLE.notQualified, label: 'Not qualified', tone: 'negative' },
    ),
    run: { does: 'score' },
    fields: ['icpThreshold', 'thresholdOperator', 'outputVariable'],
    defaults: { icpThreshold: 70, thresholdOperator: '>=', outputVariable: 'icp_score' },
    summary: (d) => {
      const threshold = num(d.icpThreshold);
      const op = OPERATOR_SIGNS[str(d.thresholdOperator)] ?? '≥';
      return threshold === undefined ? 'No threshold set' : `Score ${op} ${threshold}`;
    },
  }),
  define('connection_request', {
    label: 'Connection request',
    description: 'Sends an invitation to connect, with or without a note.',
    category: 'linkedin',
    role: 'invitation',
    outputs: branch(
      { name: HANDLE.accepted, label: 'Accepted', tone: 'positive' },
      { name: HANDLE.noResponse, label: 'No response', tone: 'negative' },
    ),
    fields: ['send_empty_request', 'message_template', 'wait_for_response_days'],
    run: {
      does: 'act',
      await: {
        event: 'invitation_accepted',
        handle: HANDLE.accepted,
        timeoutField: 'wait_for_response_days',
        timeoutHandle: HANDLE.noResponse,
      },
    },
    limitKind: 'connection_request',
    limits: { message_template: { max: 300, freeMax: 200, what: 'connection note' } },
    variantTexts: { text: 'message_template' },
    defaults: {
      send_empty_request: false,
      message_template: 'Hi {{firstName}}, I enjoyed your recent post — would be great to connect.',
      wait_for_response_days: 14,
    },
    summary: (d) => {
      const note = d.send_empty_request === true ? 'Invite without note' : `Invite “${excerpt(str(d.message_template), 32)}”`;
      const wait = num(d.wait_for_response_days);
      return wait === undefined ? note : `${note} · wait ${plural(wait, 'days')}`;
    },
    sends: true,
  }),
  define('cancel_invitation', {
    label: 'Withdraw invitation',
    description: 'Withdraws a connection request that was not accepted.',
    category: 'linkedin',
    role: 'withdrawal',
    summary: () => 'Withdraw the pending invitation',
  }),
  define('profile_visit', {
    label: 'Visit profile',
    description: 'Visits the prospect’s profile.',
    category: 'linkedin',
    summary: () => 'Visit the profile',
    limitKind: 'profile_visit',
  }),
  define('follow', { label: 'Follow', description: 'Follows the prospect.', category: 'linkedin', summary: () => 'Follow the prospect' }),
  define('like_post', {
    label: 'Like a post',
    description: 'Likes the prospect’s latest post, or the post at a URL.',
    category: 'linkedin',
    fields: ['post_url'],
    summary: (d) => (str(d.post_url) ? `Like ${excerpt(str(d.post_url), 32)}` : 'Like the latest post'),
  }),
  define('post_comment_reply', {
    label: 'Reply to comment',
    description: 'Replies to the prospect’s comment on a post.',
    category: 'linkedin',
    fields: ['post_url', 'reply_message'],
    summary: (d) => (str(d.reply_message) ? `Reply “${excerpt(str(d.reply_message), 32)}”` : 'No reply text yet'),
  }),
  define('message', {
    label: 'Message',
    description: 'Sends a direct message to a connection.',
    category: 'messaging',
    outputs: REPLY_HANDLES,
    role: 'awaits_reply',
    run: AWAIT_REPLY,
    limitKind: 'message',
    fields: ['message_template', 'reply_wait_days'],
    variantTexts: { text: 'message_template' },
    defaults: { message_template: 'Thanks for connecting, {{firstName}}! ', reply_wait_days: 3 },
    summary: (d) => messageSummary(d),
    sends: true,
  }),
  define('template_message', {
    label: 'Template message',
    description: 'Sends a saved message template.',
    category: 'messaging',
    outputs: REPLY_HANDLES,
    role: 'awaits_reply',
    run: AWAIT_REPLY,
    limitKind: 'message',
    fields: ['message_template', 'reply_wait_days'],
    variantTexts: { text: 'message_template' },
    defaults: { message_template: 'Hi {{firstName}}, ', reply_wait_days: 3 },
    summary: (d) => messageSummary(d),
    sends: true,
  }),
  define('enhanced_message', {
    label: 'AI-enhanced message',
    description: 'Personalises a message with AI from your instructions, then sends it.',
    category: 'messaging',
    outputs: REPLY_HANDLES,
    role: 'awaits_reply',
    run: AWAIT_REPLY,
    limitKind: 'message',
    fields: ['message_template', 'customInstructions', 'reply_wait_days'],
    variantTexts: { text: 'customInstructions' },
    defaults: {
      message_template: 'Hi {{firstName}}, ',
      customInstructions: 'Mention something specific from their profile.',
      reply_wait_days: 3,
    },
    summary: (d) => messageSummary(d),
    sends: true,
  }),
  define('inmail', {
    label: 'InMail',
    description: 'Sends an InMail to a prospect you are not connected with (premium seat or open profile).',
    category: 'messaging',
    outputs: REPLY_HANDLES,
    role: 'awaits_reply',
    run: AWAIT_REPLY,
    limitKind: 'inmail',
    needsPremiumSeat: true,
    fields: ['subject', 'message_template', 'reply_wait_days', 'only_open_profiles'],
    variantTexts: { text: 'message_template', subject: 'subject' },
    defaults: {
      subject: 'Quick question, {{firstName}}',
      message_template: 'Hi {{firstName}}, ',
      reply_wait_days: 5,
      only_open_profiles: false,
    },
    summary: (d) =>
      (str(d.subject) ? `“${excerpt(str(d.subject), 28)}”` : 'No subject') +
      (num(d.reply_wait_days) !== undefined ? ` · wait ${plural(num(d.reply_wait_days)!, 'days')}` : ''),
    sends: true,
  }),
  define('messaging_app_message', {
    label: 'WhatsApp message',
    description: 'Sends a message on the messaging-app channel.',
    category: 'messaging',
    senderChannel: 'messaging_app',
    fields: ['message_template'],
    variantTexts: { text: 'message_template' },
    defaults: { message_template: 'Hi {{firstName}}, ' },
    summary: (d) => messageSummary(d),
    sends: true,
    limitKind: 'message',
  }),
];
