import { define, excerpt, NONE, num, plural, str } from './define';
import type { NodeTypeDefinition } from './types';

/** Entry points and flow control. */
export const flowEntries: NodeTypeDefinition[] = [
  define('start', {
    label: 'Start',
    description: 'Where every prospect enters the campaign.',
    run: { does: 'pass' },
    category: 'entry',
    role: 'start',
    summary: () => 'Prospects enter here',
  }),
  define('website_visitor_trigger', {
    label: 'Website visitor',
    description: 'Continues when the prospect visits your website.',
    run: { does: 'trigger', event: 'website_visit' },
    category: 'entry',
    summary: () => 'When the prospect visits your site',
  }),
  define('new_connection_trigger', {
    label: 'New connection',
    description: 'Continues when the prospect becomes a connection.',
    run: { does: 'trigger', event: 'new_connection' },
    category: 'entry',
    summary: () => 'When a new connection appears',
  }),
  define('post_keyword_trigger', {
    label: 'Post keyword',
    description: 'Continues when the prospect comments a keyword on a post.',
    run: { does: 'trigger', event: 'post_comment', keywordField: 'keyword' },
    category: 'entry',
    fields: ['post_url', 'keyword'],
    summary: (d) => (str(d.keyword) ? `Comment contains “${excerpt(str(d.keyword), 24)}”` : 'No keyword yet'),
  }),
  define('end', {
    label: 'End',
    description: 'The prospect leaves the campaign.',
    run: { does: 'end' },
    category: 'flow_control',
    outputs: NONE,
    role: 'end',
    summary: () => 'Sequence ends',
  }),
  define('delay', {
    label: 'Delay',
    description: 'Waits before the next step.',
    run: { does: 'delay' },
    category: 'flow_control',
    role: 'delay',
    fields: ['delay_amount', 'delay_type'],
    defaults: { delay_type: 'days', delay_amount: 1 },
    summary: (d) => {
      const amount = num(d.delay_amount);
      const unit = ['minutes', 'hours', 'days'].includes(str(d.delay_type)) ? str(d.delay_type) : 'days';
      return amount === undefined ? 'No delay set' : `Wait ${plural(amount, unit)}`;
    },
  }),
  define('condition', {
    label: 'Condition',
    description: 'Continues only when a condition on the prospect holds.',
    run: { does: 'condition', textField: 'condition' },
    category: 'flow_control',
    fields: ['condition'],
    defaults: { condition: 'company is not empty' },
    summary: (d) => (str(d.condition) ? `If ${excerpt(str(d.condition), 32)}` : 'No condition yet'),
  }),
  define('is_connected', {
    label: 'Is connected',
    description: 'Continues only when the prospect is already a connection.',
    run: { does: 'ask', resultKey: 'connected' },
    category: 'flow_control',
    summary: () => 'If already connected',
  }),
];

const promptSummary = (d: Record<string, unknown>): string =>
  str(d.customInstructions) ? excerpt(str(d.customInstructions)) : str(d.prompt) ? excerpt(str(d.prompt)) : 'No instructions yet';

export const agentEntries: NodeTypeDefinition[] = [
  define('research_agent', {
    label: 'Research agent',
    description: 'Researches the prospect and their company with AI.',
    category: 'ai_agents',
    fields: ['customInstructions'],
    summary: promptSummary,
  }),
  define('reply_agent', {
    label: 'Reply agent',
    description: 'Drafts answers to the prospect’s replies with AI.',
    category: 'ai_agents',
    fields: ['customInstructions'],
    summary: promptSummary,
  }),
  define('llm_processor_1', {
    label: 'Write with AI',
    description: 'Writes text for the prospect from your instructions with a language model (model 1).',
    category: 'ai_agents',
    fields: ['customInstructions'],
    summary: promptSummary,
  }),
  define('llm_processor_2', {
    label: 'Extract data with AI',
    description: 'Pulls the fields your instructions ask for out of the prospect’s data with a language model (model 2).',
    category: 'ai_agents',
    fields: ['customInstructions'],
    summary: promptSummary,
  }),
];

/** What each email-finder tool looks the email up from: its label says it (the type ids keep their numbers). */
const FINDERS = [
  { label: 'Find email from name and company', from: 'their name and company', summary: 'Work email by name and company' },
  { label: 'Find email from the profile', from: 'their professional-network profile', summary: 'Work email from the profile' },
  { label: 'Find email from the company website', from: 'their company’s website', summary: 'Work email from the website' },
  {
    label: 'Find and verify work email',
    from: 'their name and company, and checks that it receives mail',
    summary: 'Work email, verified',
  },
  { label: 'Find personal email', from: 'public sources (a personal address, when no work one is known)', summary: 'Personal email' },
  { label: 'Find email in public sources', from: 'public pages that mention them', summary: 'Email from public pages' },
] as const;

const finder = (n: number): NodeTypeDefinition =>
  define(`email_finder_${n}` as NodeTypeDefinition['type'], {
    label: FINDERS[n - 1]!.label,
    description: `Finds the prospect’s email from ${FINDERS[n - 1]!.from} (email-finder tool ${n}).`,
    category: 'email_finders',
    summary: () => FINDERS[n - 1]!.summary,
  });

/** The three external email-campaign destinations (spec 2.3) differ only by the tool they push to: its label says which. */
const EMAIL_TOOLS = ['first email tool', 'second email tool', 'third email tool'] as const;

const emailPush = (n: number): NodeTypeDefinition =>
  define(`email_campaign_push_${n}` as NodeTypeDefinition['type'], {
    label: `Add to an email campaign (${EMAIL_TOOLS[n - 1]!})`,
    description: `Adds the prospect to a campaign of your ${EMAIL_TOOLS[n - 1]!} connected to Campaign Studio.`,
    category: 'email_destinations',
    role: 'email_push',
    fields: ['credential_id', 'campaign_id', 'field_mappings', 'custom_variables'],
    defaults: { credential_id: '', campaign_id: '', field_mappings: {}, custom_variables: {} },
    summary: (d) => (str(d.campaign_id) ? `Push to campaign ${excerpt(str(d.campaign_id), 24)}` : 'Choose a credential and campaign'),
    sends: true,
  });

export const emailEntries: NodeTypeDefinition[] = [1, 2, 3, 4, 5, 6].map(finder).concat([1, 2, 3].map(emailPush));

export const integrationEntries: NodeTypeDefinition[] = [
  define('webhook', {
    label: 'Webhook',
    description: 'Posts the prospect to your webhook URL.',
    run: { does: 'call' },
    category: 'integrations',
    fields: ['url'],
    summary: (d) => (str(d.url) ? `POST ${excerpt(str(d.url), 30)}` : 'No URL yet'),
  }),
  define('web_search_1', {
    label: 'Web search',
    description: 'Searches the web about the prospect.',
    category: 'integrations',
    fields: ['query'],
    summary: (d) => (str(d.query) ? `Search “${excerpt(str(d.query), 28)}”` : 'Search the web'),
  }),
  define('web_scrape_1', {
    label: 'Scrape a web page',
    description: 'Reads a web page you name for the steps after it (scraper 1).',
    category: 'integrations',
    fields: ['url'],
    summary: (d) => (str(d.url) ? `Scrape ${excerpt(str(d.url), 30)}` : 'Scrape the company site'),
  }),
  define('web_scrape_2', {
    label: 'Scrape the company website',
    description: 'Reads the prospect’s company website, or the page you name, for the steps after it (scraper 2).',
    category: 'integrations',
    fields: ['url'],
    summary: (d) => (str(d.url) ? `Scrape ${excerpt(str(d.url), 30)}` : 'Scrape the company site'),
  }),
  define('http_request', {
    label: 'HTTP request',
    description: 'Calls an HTTP API.',
    run: { does: 'call', methodField: 'method' },
    category: 'integrations',
    fields: ['method', 'url'],
    defaults: { method: 'GET', url: '' },
    summary: (d) => (str(d.url) ? `${str(d.method) || 'GET'} ${excerpt(str(d.url), 28)}` : 'No URL yet'),
  }),
  define('spreadsheet_export', {
    label: 'Spreadsheet export',
    description: 'Adds the prospect as a row of a spreadsheet.',
    category: 'integrations',
    fields: ['sheet'],
    summary: (d) => (str(d.sheet) ? `Add a row to ${excerpt(str(d.sheet), 28)}` : 'Add a row'),
  }),
  define('chat_notification', {
    label: 'Chat notification',
    description: 'Notifies your team in a chat channel.',
    category: 'integrations',
    fields: ['channel', 'message_template'],
    summary: (d) => (str(d.channel) ? `Notify ${excerpt(str(d.channel), 28)}` : 'Notify the team'),
  }),
];
