import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A merged migration is history: it is never edited, only followed by a new one (issue 33 item 12:
 * 022 changed after it was merged, and a database migrated in between never got its new index).
 * Each file's SHA-256 is locked here; adding a migration means adding its line, and changing one
 * fails until the change is undone and made in a new migration instead.
 */
const LOCKED: Readonly<Record<string, string>> = {
  '001_core.sql': 'b60d2efacd6cc4362752568828ba56e4b706911711e70d51328471d435fea2bb',
  '002_campaigns.sql': '41ac40b963d8dfc670a96b8223c49ca0a40e9098840675dffd732c72b74b7df7',
  '003_conversations.sql': '328611e92aab3d8f3b6d7e73151a5dab5c3a4deac21f4b8b0a108691d6d97b08',
  '004_inspiration.sql': 'c04838efa1e9b4fefec5c0c91e9cfaea7c90612ae340aad70e05417a5edc773e',
  '005_webhooks.sql': '6f8210354b772e606a6c2d77b7db9d0187a921ac41bcd51646bd0fdba8b27914',
  '006_inbox_operations.sql': 'cb88bb7d303e712a2a24e9768fdda993715a974c45c2382832fc9643ede2c50a',
  '007_webhook_operations.sql': '030bd200d3a92f796ba419c878bbf3c6d23d6b617617c739f664fc669d28bbf8',
  '008_step_counts_indexes.sql': '9abaf390e5f1d5a7dbfffd9db7c616bb123422cb9ece560abaf281cd95744e0b',
  '009_job_loop.sql': '2f340ec873515d7bb642569b27de6714213d9177a13e3af7fb45c35428e5b5b7',
  '010_auth_failures.sql': 'c3538808325cd9985528859e61c93dae76469d1d78e2284d90c9320511fe6739',
  '011_audience.sql': 'f05918f5763edb3ab2b7b90525ecfa4ca5517e3b33861154fba441a586f4dbf5',
  '012_run_engine.sql': 'fa94d74d7d6985a6dcdb94ab1c3f8cf287feb77964d8689a3776382cf7a18627',
  '014_executors.sql': 'a734352bcef4c0de70e7882436e635f98e0ddabd8732ea5b7980470036f0a024',
  '015_inbox_replies.sql': 'a11e2fbddd6c4df3e6bc9b0388b7a70b1810ba0ac3a86b88c1827376bc4ea1b0',
  '016_idempotency_keys.sql': 'a8f423958c0d00606b6c3684d083418c9707c3ca9b7db77a9acb6c609fd378a5',
  '017_campaign_archive.sql': '95bfb494a3d45ad73b8ecbfb6d3e107d624a3a5e8faacfb71aaeb02819753625',
  '018_run_counts.sql': 'cfae567ee05ec41df743fa83c3ead5d93af3a06458c4d4fd7cfd6161cdad4451',
  '021_version_authors.sql': 'c47e8057b4b41852b104f5354750e4f483110b248ea1f4bf321d97cd5b8a7e1e',
  '022_due_replies_index.sql': 'af41b729aded859f86b9e79655dccfd7284431f82efc2a674454f3fc7545f64e',
  '023_engine_one_clock.sql': '929b6ba9414dd2f1e69874b4ca963ff1fd5ad4ef9d7f34c6da79763931556a03',
  '030_retention_indexes.sql': 'aadfdaff2a4642e0db0722b758c06ecac0812b5dffc8b8cf89b0b962e6f574dd',
  '031_prospect_search_index.sql': 'b6b72ea131156fc2e17622c3dbe461ff4046c294891817941df943b234e8c831',
  '024_conversations_contact.sql': 'd718ddca7b153efaf6827f6b6545cac91392e5f65983c6a5871aaca113a3f061',
  '040_profile_url_rule.sql': '93e03cef75810d4ca3ada7ee7f663d5827ec50a0b2032a148eba61c07adf76e9',
  '041_exclusions.sql': '9abed030f137977795d34dbd623a5dad4ec98d21a410868576c4f28a04f8ef90',
  '050_canonical_time_zones.sql': '589e7a1c6225523a08610fba95ac9906462691490a86aeabc803783ce07469b0',
  '051_sender_own_spacing.sql': 'feaf09879ab8df3c919306a871da902107a318cc4de53af46a904289c1a0b6be',
  '090_graph_versions.sql': '6b5b4704d249e66ad5a77e212ec7fde3c34aeae3c252c399a4503624be9a1362',
  '091_revisions.sql': '36985651fc8258a0413b42c0f9db40dc227b548e64cfaa9748d81bde2ce64a7b',
  '070_sender_account_limits.sql': 'bd27a7904df8ed9d6f50fe0f88acd8789336628e33f03221b35e7312859e5246',
  '071_waiting_reason.sql': '1d33c9960f4e0a0f5485de7e44251fb9e269d147187d44cf815762aa9a3cebd6',
  '072_sender_assignment.sql': '7c38704d34053d16affc1e5fad3cc46cd8be9c542953b8256e7af791825e0fa5',
  '080_results.sql': 'e56b97420a7ecbe0819bdf0b3ec508eb490320d5d0d669507594f43e653815b1',
  '081_sandbox_variant_rates.sql': 'd1d0793821bdb51daf3ca5a7bd68a737a9095558c73794856b4c0a6dbf89f184',
};

const MIGRATIONS = new URL('./migrations/', import.meta.url);
const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(new URL(file, MIGRATIONS)))
    .digest('hex');

describe('merged migrations are locked', () => {
  const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'));

  it('every migration has a locked checksum, and every locked one still exists', () => {
    expect(files.filter((f) => !(f in LOCKED))).toEqual([]);
    expect(Object.keys(LOCKED).filter((f) => !files.includes(f))).toEqual([]);
  });

  it.each(Object.keys(LOCKED))('%s is as it was merged', (file) => {
    expect(sha256(file)).toBe(LOCKED[file]);
  });
});
