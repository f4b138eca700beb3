import { describe, expect, it } from 'vitest';
import { campaignSenderChannel, channelBeside, senderChannelOf } from './channels';

describe('sender channels (contract 9.2)', () => {
  it.each([
    ['messaging_app_message', 'messaging_app'],
    ['connection_request', 'professional_network'],
    ['profile_visit', 'professional_network'],
    ['inmail', 'professional_network'],
    ['message', 'professional_network'],
    ['delay', null],
    ['webhook', null],
    ['email_campaign_push_1', null],
    ['nonsense', null],
  ])('%s needs %s', (type, channel) => expect(senderChannelOf(type)).toBe(channel));
  it('a campaign needs the professional network when any step does', () => {
    expect(campaignSenderChannel(['start', 'messaging_app_message', 'connection_request', 'end'])).toBe('professional_network');
    expect(campaignSenderChannel(['start', 'messaging_app_message', 'end'])).toBe('messaging_app');
    expect(campaignSenderChannel(['start', 'delay', 'end'])).toBeNull();
  });
});

describe('channelBeside', () => {
  it('says the channel beside an account unless its name says it already', () => {
    expect(channelBeside('Ben Carter (LinkedIn)', 'professional_network')).toBeNull();
    expect(channelBeside('Ada Lovelace', 'professional_network')).toBe('LinkedIn');
    expect(channelBeside('Sales team whatsapp', 'messaging_app')).toBeNull();
  });
});
