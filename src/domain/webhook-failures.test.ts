import { describe, expect, it } from 'vitest';
import { attemptFailureKind, attemptFailureWords } from './webhook-failures';

describe('attemptFailureWords', () => {
  it('names each stored reason the sender writes in words', () => {
    const words = (error: string) => attemptFailureWords({ status: null, error });
    expect(words('network error: getaddrinfo ENOTFOUND nowhere.example.test')).toBe('The address could not be found');
    expect(words('network error: getaddrinfo EAI_AGAIN hooks.example.com')).toBe('The address could not be found');
    expect(words('network error: connect ECONNREFUSED 127.0.0.1:9')).toBe('The connection was refused');
    expect(words('timed out after 10 s')).toBe('No answer within 10 seconds');
    expect(words('timed out after 0.6 s')).toBe('No answer within 0.6 seconds');
    expect(words('network error: socket hang up')).toBe('The connection was cut before an answer came');
    expect(words('network error: self-signed certificate')).toBe('The receiver’s security certificate was not accepted');
    expect(words('refused: destination 127.0.0.1 is private, loopback or link-local (set WEBHOOK_ALLOW_PRIVATE=1 to allow)')).toBe(
      'The address is on a private network, which this server may not call',
    );
    expect(words('URL scheme is not http(s)')).toBe('The address does not start with http:// or https://');
    expect(words('interrupted: the server shut down during the attempt')).toBe('Cut short: the server shut down during the attempt');
    expect(words('endpoint deleted')).toBe('The endpoint was deleted');
    expect(words('network error: something new')).toBe('The request could not be sent');
  });

  it('says what the receiver answered, and nothing for an accepted attempt', () => {
    expect(attemptFailureWords({ status: 500, error: 'HTTP 500' })).toBe('The receiver answered 500');
    expect(attemptFailureWords({ status: 410, error: null })).toBe('The receiver answered 410');
    expect(attemptFailureWords({ status: 204, error: null })).toBeNull();
    expect(attemptFailureKind({ status: 200, error: null })).toBeNull();
  });

  it('never shows the technical code', () => {
    expect(attemptFailureWords({ status: null, error: 'network error: connect ECONNREFUSED 10.0.0.1:443' })).not.toMatch(/ECONN|error:/);
    expect(attemptFailureWords({ status: null, error: null })).toBe('The request could not be sent');
  });
});
