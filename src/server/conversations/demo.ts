import { randomUUID } from 'node:crypto';
import { createAccount } from '../admin/ops';
import { isSend } from '../../domain/catalog';
import type { Db } from '../db/types';
import { toIso } from '../../domain/time';
import { seededRandom } from '../../domain/seeded-random';

/** Demo inbox: a few hundred realistic conversations across the workspace's accounts (no events). */

const FIRST = [
  'Amelia',
  'Noah',
  'Priya',
  'Lucas',
  'Sofia',
  'Mateo',
  'Hana',
  'Oliver',
  'Zara',
  'Ethan',
  'Leila',
  'Jonas',
  'Maya',
  'Ravi',
  'Chloé',
  'Diego',
  'Ingrid',
  'Kenji',
  'Fatima',
  'Tomás',
  'Aisha',
  'Liam',
  'Elena',
  'Marcus',
];
const LAST = [
  'Fischer',
  'Okafor',
  'Sharma',
  'Martin',
  'Rossi',
  'García',
  'Tanaka',
  'Brown',
  'Haddad',
  'Novak',
  'Johansson',
  'Kim',
  'Dubois',
  'Silva',
  'Nguyen',
  'Kowalski',
  'Müller',
  'Patel',
  'Andersen',
  "O'Brien",
];
const TITLES = [
  'Head of Growth',
  'VP Sales',
  'Founder & CEO',
  'Marketing Director',
  'RevOps Lead',
  'CTO',
  'Demand Gen Manager',
  'Head of Partnerships',
  'Chief Revenue Officer',
  'Product Marketing Lead',
];
const COMPANIES = [
  'Northwind',
  'Acme Analytics',
  'Blue Harbor',
  'Lumen Labs',
  'Quanta Health',
  'Verdant Foods',
  'Helio Energy',
  'Orbit Logistics',
  'Pinecone Studio',
  'Atlas Fintech',
];
const OUTBOUND = [
  'Hi {first}, thanks for connecting! Curious how {company} handles outbound today?',
  'Loved your recent post on pipeline quality, {first}. Worth a quick chat?',
  'Following up on my last note: happy to share the benchmark report we discussed.',
  'Would Tuesday or Thursday work for a 20-minute call?',
  'Here is the case study from a team similar to {company}: reply rates up 38%.',
  'No worries if the timing is off. Shall I check back next quarter?',
];
const INBOUND = [
  'Thanks for reaching out! We are actually reviewing our outreach stack this month.',
  'Interesting. Can you send over pricing for a team of 12?',
  'Not the right time for us, but ping me in Q3.',
  'Sure, Thursday 3pm works. Send an invite?',
  'Who else in the {industry} space is using this?',
  'I forwarded this to our RevOps lead, she will get in touch.',
  'Can you share a short demo video first?',
];
const INDUSTRIES = ['fintech', 'health', 'logistics', 'SaaS', 'retail'];
const TAGS = ['hot-lead', 'follow-up', 'partner', 'Investor', 'demo-booked'];

async function demoAccounts(db: Db, workspaceId: string) {
  const load = () =>
    db.query<{ id: string; channel: string }>('SELECT id, channel FROM accounts WHERE workspace_id = $1 ORDER BY created_at, id', [
      workspaceId,
    ]);
  let { rows } = await load();
  if (rows.length === 0) {
    await createAccount(db, workspaceId, { channel: 'professional_network', name: 'Alex Rivera', premium: true });
    await createAccount(db, workspaceId, { channel: 'messaging_app', name: 'Sales WhatsApp' });
    ({ rows } = await load());
  }
  return rows;
}

/** The sending steps of the workspace's launched campaigns per sender account: where a demo conversation can come from (a draft never sent anything). */
async function demoSteps(db: Db, workspaceId: string): Promise<Map<string, { campaignId: string; nodeId: string }[]>> {
  const { rows } = await db.query<{ id: string; sender_account_ids: string[]; workflow_definition: string }>(
    `SELECT cp.id, cp.sender_account_ids, v.workflow_definition FROM campaigns cp
     JOIN campaign_versions v ON v.campaign_id = cp.id AND v.version = cp.graph_version
     WHERE cp.workspace_id = $1 AND cp.status <> 'draft' ORDER BY cp.created_at`,
    [workspaceId],
  );
  const byAccount = new Map<string, { campaignId: string; nodeId: string }[]>();
  for (const r of rows) {
    const nodes = (JSON.parse(r.workflow_definition) as { nodes: { id: string; type: string }[] }).nodes;
    for (const n of nodes.filter((n) => isSend(n.type)))
      for (const account of r.sender_account_ids)
        byAccount.set(account, [...(byAccount.get(account) ?? []), { campaignId: r.id, nodeId: n.id }]);
  }
  return byAccount;
}

export async function seedConversations(db: Db, workspaceId: string, count = 320): Promise<void> {
  const accounts = await demoAccounts(db, workspaceId);
  const steps = await demoSteps(db, workspaceId);
  // Seeded: the demo looks the same on every machine.
  const rand = seededRandom(20260101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const now = Date.now();
  const conv: Record<string, unknown[]> = {
    id: [],
    account: [],
    channel: [],
    ext: [],
    name: [],
    headline: [],
    avatar: [],
    profile: [],
    lastText: [],
    lastDir: [],
    lastAt: [],
    unread: [],
    tags: [],
    texts: [],
    campaign: [],
    node: [],
    hasInbound: [],
  };
  const msg: Record<string, unknown[]> = { conv: [], account: [], ext: [], dir: [], text: [], at: [] };
  for (let i = 0; i < count; i++) {
    const account = accounts[i % accounts.length];
    const [first, last, company] = [pick(FIRST), pick(LAST), pick(COMPANIES)];
    const id = randomUUID();
    const fill = (t: string) => t.replace('{first}', first).replace('{company}', company).replace('{industry}', pick(INDUSTRIES));
    const n = 1 + Math.floor(rand() * 6);
    // Messages are spaced minutes to hours apart and the newest is in the past (up to 30 days ago).
    const gaps = Array.from({ length: n }, () => Math.floor(rand() * 20 * 3_600_000) + 60_000);
    const newest = now - 60_000 - Math.floor(rand() * 30 * 86_400_000);
    let at = newest - gaps.slice(1).reduce((sum, g) => sum + g, 0);
    let dir: 'inbound' | 'outbound' = rand() < 0.7 ? 'outbound' : 'inbound';
    // Contract 8.2: most threads we opened on LinkedIn came from a step of a demo campaign of that sender.
    const fromStep = dir === 'outbound' && steps.get(account.id)?.length ? pick(steps.get(account.id)!) : null;
    let hasInbound = false;
    let unread = 0;
    const texts: string[] = [];
    for (let k = 0; k < n; k++) {
      const text = fill(dir === 'outbound' ? pick(OUTBOUND) : pick(INBOUND));
      texts.push(text);
      unread = dir === 'inbound' ? unread + 1 : 0;
      hasInbound ||= dir === 'inbound';
      Object.entries({ conv: id, account: account.id, ext: `demo-${i}-${k}`, dir, text, at: toIso(at) }).forEach(([key, v]) =>
        msg[key].push(v),
      );
      at += gaps[k + 1] ?? 0;
      if (k < n - 1) dir = rand() < 0.75 ? (dir === 'inbound' ? 'outbound' : 'inbound') : dir;
    }
    const lastAt = msg.at[msg.at.length - 1];
    const tags = rand() < 0.35 ? [...new Set([pick(TAGS), ...(rand() < 0.3 ? [pick(TAGS)] : [])])] : [];
    const slug = `${first}-${last}`.toLowerCase().replace(/[^a-z]/g, '');
    Object.entries({
      id,
      account: account.id,
      channel: account.channel,
      ext: `demo-thread-${i}`,
      name: `${first} ${last}`,
      headline: account.channel === 'messaging_app' && rand() < 0.5 ? null : `${pick(TITLES)} at ${company}`,
      avatar: null,
      profile: account.channel === 'professional_network' ? `https://www.linkedin.com/in/${slug}-${i}` : null,
      lastText: texts[texts.length - 1],
      lastDir: dir,
      lastAt,
      unread: rand() < 0.5 ? unread : 0,
      tags: JSON.stringify(tags),
      texts: texts.join('\n'),
      campaign: fromStep && rand() < 0.8 ? fromStep.campaignId : null,
      node: fromStep?.nodeId ?? null,
      hasInbound,
    }).forEach(([key, v]) => conv[key].push(v));
  }
  await db.query(
    `INSERT INTO conversations (id, workspace_id, account_id, channel, external_conversation_id, contact_name, contact_headline,
       contact_avatar_url, contact_profile_url, last_message_text, last_message_direction, last_message_at, unread_count, tags, tags_lower, message_texts,
       campaign_id, campaign_node_id, has_inbound)
     SELECT u.id, $1, u.account, u.channel, u.ext, u.name, u.headline, u.avatar, u.profile, u.last_text, u.last_dir, u.last_at, u.unread,
       ARRAY(SELECT jsonb_array_elements_text(u.tags::jsonb)), ARRAY(SELECT lower(jsonb_array_elements_text(u.tags::jsonb))), u.texts,
       u.campaign, CASE WHEN u.campaign IS NULL THEN NULL ELSE u.node END, u.has_inbound
     FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
       $12::timestamptz[], $13::int[], $14::text[], $15::text[], $16::uuid[], $17::text[], $18::boolean[])
       AS u(id, account, channel, ext, name, headline, avatar, profile, last_text, last_dir, last_at, unread, tags, texts, campaign, node, has_inbound)`,
    [
      workspaceId,
      conv.id,
      conv.account,
      conv.channel,
      conv.ext,
      conv.name,
      conv.headline,
      conv.avatar,
      conv.profile,
      conv.lastText,
      conv.lastDir,
      conv.lastAt,
      conv.unread,
      conv.tags,
      conv.texts,
      conv.campaign,
      conv.node,
      conv.hasInbound,
    ],
  );
  await db.query(
    `INSERT INTO messages (workspace_id, conversation_id, account_id, external_message_id, direction, text, sent_at)
     SELECT $1, u.* FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::timestamptz[]) AS u`,
    [workspaceId, msg.conv, msg.account, msg.ext, msg.dir, msg.text, msg.at],
  );
}
