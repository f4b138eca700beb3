import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from './types';
import { needsSendingWindow, senderActionOf } from './sender-actions';

describe('sender actions (contract 9.3)', () => {
  it('counts each LinkedIn action and message against its own limit, or other', () => {
    expect(senderActionOf('connection_request')).toEqual({ limit: 'connection_request', channel: 'professional_network' });
    expect(senderActionOf('enhanced_message')).toEqual({ limit: 'message', channel: 'professional_network' });
    expect(senderActionOf('inmail')).toEqual({ limit: 'inmail', channel: 'professional_network' });
    expect(senderActionOf('profile_visit')).toEqual({ limit: 'profile_visit', channel: 'professional_network' });
    expect(senderActionOf('like_post')).toEqual({ limit: 'other', channel: 'professional_network' });
    expect(senderActionOf('messaging_app_message')).toEqual({ limit: 'message', channel: 'messaging_app' });
  });

  it('needs no sender for engine steps and tools; a push into an email campaign reaches a person, as other', () => {
    for (const type of ['start', 'delay', 'webhook', 'is_connected', 'research_agent', 'email_finder_1', 'nonsense']) {
      expect(senderActionOf(type), type).toBeUndefined();
      expect(needsSendingWindow(type), type).toBe(false);
    }
    expect(senderActionOf('email_campaign_push_2')).toEqual({ limit: 'other', channel: 'professional_network' });
    for (const type of NODE_TYPES) expect(senderActionOf(type) !== undefined, type).toBe(needsSendingWindow(type));
  });
});
