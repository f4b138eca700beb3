import type { z } from 'zod';
import type { DailyLimitKind } from '../contract/schedule';
import type { ProviderLimit } from './fields';

/** Every node type of spec 2.3, in the spec's order. */
export const NODE_TYPES = [
  'start',
  'end',
  'website_visitor_trigger',
  'new_connection_trigger',
  'post_keyword_trigger',
  'icp_scoring',
  'connection_request',
  'cancel_invitation',
  'message',
  'template_message',
  'enhanced_message',
  'inmail',
  'delay',
  'condition',
  'is_connected',
  'profile_visit',
  'follow',
  'like_post',
  'post_comment_reply',
  'research_agent',
  'reply_agent',
  'messaging_app_message',
  'email_finder_1',
  'email_finder_2',
  'email_finder_3',
  'email_finder_4',
  'email_finder_5',
  'email_finder_6',
  'email_campaign_push_1',
  'email_campaign_push_2',
  'email_campaign_push_3',
  'webhook',
  'web_search_1',
  'web_scrape_1',
  'web_scrape_2',
  'http_request',
  'spreadsheet_export',
  'chat_notification',
  'llm_processor_1',
  'llm_processor_2',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const NODE_CATEGORIES = [
  { id: 'entry', label: 'Entry' },
  { id: 'scoring', label: 'Scoring' },
  { id: 'linkedin', label: 'LinkedIn actions' },
  { id: 'messaging', label: 'Messaging' },
  { id: 'ai_agents', label: 'AI agents' },
  { id: 'email_finders', label: 'Email finders' },
  { id: 'email_destinations', label: 'Email destinations' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'flow_control', label: 'Flow control' },
] as const;
export type NodeCategory = (typeof NODE_CATEGORIES)[number]['id'];

/** A named output of a branching node (spec 2.4); `tone` tells the UI which branch is the "happy" one. */
export interface BranchHandle {
  readonly name: string;
  readonly label: string;
  readonly tone: 'positive' | 'negative';
}

/**
 * Outputs of a node type (contract 5): `none` for end, `single` for one unnamed output
 * (edges carry no sourceHandle), `branch` for the six branching types of spec 2.4.
 */
export type OutputSpec =
  { readonly kind: 'none' } | { readonly kind: 'single' } | { readonly kind: 'branch'; readonly handles: readonly BranchHandle[] };

/** Keys of spec 2.5 node data fields plus a few type-specific extras (all optional strings). */
export type DataFieldKey = string;

export type NodeData = Record<string, unknown>;

export interface NodeTypeDefinition {
  readonly type: NodeType;
  readonly label: string;
  /** One sentence for the palette and the inspector header. */
  readonly description: string;
  readonly category: NodeCategory;
  readonly outputs: OutputSpec;
  /** zod schema of `data` (spec 2.5 bounds hold on every node; extra properties allowed). */
  readonly dataSchema: z.ZodType<NodeData>;
  /** The data fields this type's form shows, in order (spec 2.5 per-type table). */
  readonly fields: readonly DataFieldKey[];
  /** Data of a freshly added node. */
  readonly defaults: () => NodeData;
  /** One line describing the configuration, for the canvas ("Wait 3 days", "Score ≥ 70"). */
  readonly summary: (data: NodeData) => string;
  /** Contract 5: does this node send something to the prospect (or push to an email tool)? */
  readonly sends: boolean;
  /** The part this type plays in the graph rules of spec 4.1 / routing of spec 3.3, if any. */
  readonly role?: NodeRole;
  /** Spec 4.1 rule 10: needs a premium-seat sender unless limited to open profiles. */
  readonly needsPremiumSeat?: boolean;
  /** Contract 8.6: provider limits of this type's texts narrower than the field table's. */
  readonly limits?: Readonly<Record<string, ProviderLimit>>;
  /** Contract 9.2 / 9.4: the channel of the sender account this step acts through; absent when it needs none. */
  readonly senderChannel?: SenderChannel;
  /** Contract 9.3: what the run engine does at a step of this type. */
  readonly run: RunBehaviour;
  /** Contract 9.3: the action reaches a person or the network, so it starts only inside the sending window. */
  readonly window: boolean;
  /** Contract 9.3: the sender daily limit an in-window action counts against (absent: not limited). */
  readonly limitKind?: LimitKind;
  /** Contract 10.1: the texts a step's variants replace; absent for types that cannot hold variants. */
  readonly variantTexts?: VariantTexts;
}

/** Contract 10.1: the data field a variant's `text` replaces, and its `subject` (InMail). */
export interface VariantTexts {
  readonly text: string;
  readonly subject?: string;
}

/** Contract 9.3 sender daily limits, one counter per kind. */
export type LimitKind = DailyLimitKind;

/** Contract 9.4: events from the executor or a connector that end a step's wait. */
export const RUN_EVENTS = ['invitation_accepted', 'message_received', 'website_visit', 'new_connection', 'post_comment'] as const;
export type RunEvent = (typeof RUN_EVENTS)[number];

/** A step that acts, then waits for an event (taking `handle`) until `timeoutField` days have passed (taking `timeoutHandle`). */
export interface AwaitAfterAction {
  readonly event: RunEvent;
  readonly handle: string;
  readonly timeoutField: string;
  readonly timeoutHandle: string;
}

/**
 * Contract 9.3, one row of its table per kind: `pass` takes the single output at once; `delay`
 * waits; `score` reads a prospect field or asks the executor; `condition` tests the prospect;
 * `ask` asks the executor a yes/no question (`resultKey`); `trigger` waits for an event; `call` is
 * the engine's own HTTP call; `act` offers one action (and may then wait); `end` finishes.
 */
export type RunBehaviour =
  | { readonly does: 'pass' }
  | { readonly does: 'end' }
  | { readonly does: 'delay' }
  | { readonly does: 'score' }
  | { readonly does: 'condition'; readonly textField: string }
  | { readonly does: 'ask'; readonly resultKey: string }
  | { readonly does: 'trigger'; readonly event: RunEvent; readonly keywordField?: string }
  | { readonly does: 'call'; readonly methodField?: string }
  | { readonly does: 'act'; readonly await?: AwaitAfterAction };

/** The channels of sender accounts (contract 7; the same list as the conversations' CHANNELS). */
export type SenderChannel = 'professional_network' | 'messaging_app';

/**
 * Roles the graph rules name (spec 3.3, 4.1); the validator reads roles, never type strings.
 * `awaits_reply`: outputs replied / no_reply (rules 6, 7); `email_push`: rule 9.
 */
export type NodeRole = 'start' | 'end' | 'scoring' | 'invitation' | 'withdrawal' | 'awaits_reply' | 'delay' | 'email_push';
