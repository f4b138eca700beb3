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

  it('needs no sender for engine steps, tools and email pushes, and the window only for what reaches a person', () => {
    for (const type of ['start', 'delay', 'webhook', 'research_agent', 'email_finder_1', 'email_campaign_push_1', 'nonsense']) {
      expect(senderActionOf(type), type).toBeUndefined();
    }
    const windowed = NODE_TYPES.filter(needsSendingWindow);
    expect(windowed).toContain('email_campaign_push_2');
    expect(windowed).not.toContain('webhook');
    // Every action a sender does reaches a person, so it waits for the window too.
    for (const type of NODE_TYPES) if (senderActionOf(type)) expect(needsSendingWindow(type), type).toBe(true);
  });
});
