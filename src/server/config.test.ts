import { describe, expect, it } from 'vitest';
import { loadConfig, MIN_RETENTION_DAYS } from './config';
import { logLevelOf } from './observe/log';

describe('loadConfig', () => {
  it('takes the defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8787,
      retentionDays: 30,
      webhookRetentionDays: 30,
      webhookPollMs: 500,
      authFailuresPerMinute: 20,
    });
    expect(config.metricsToken).toBeUndefined();
  });

  it('reads every number setting through one rule, naming the setting and what it must be', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT must be an integer from 0 to 65535, got 70000');
    expect(() => loadConfig({ AUTH_FAILURES_PER_MINUTE: '0' })).toThrow('AUTH_FAILURES_PER_MINUTE must be a positive integer, got 0');
    expect(() => loadConfig({ WEBHOOK_POLL_MS: 'soon' })).toThrow('WEBHOOK_POLL_MS must be a positive number, got soon');
    expect(() => loadConfig({ ACTION_SPACING_S: '-1' })).toThrow('ACTION_SPACING_S must be a number of at least 0, got -1');
    expect(() => loadConfig({ WEBHOOK_RETRY_DELAYS_MS: '10, x' })).toThrow(
      'WEBHOOK_RETRY_DELAYS_MS must be comma-separated numbers, each a number of at least 0, got 10, x',
    );
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS_MS: '300, 600' }).webhookRetryDelaysMs).toEqual([300, 600]);
    expect(loadConfig({ PORT: '', ACTION_SPACING_S: '0' })).toMatchObject({ port: 8787, actionSpacingS: 0 });
  });

  it('contract 10.5: RETENTION_DAYS is at least 8 and the redeliver window may not exceed it', () => {
    expect(() => loadConfig({ RETENTION_DAYS: '7' })).toThrow(`RETENTION_DAYS must be a number of at least ${MIN_RETENTION_DAYS}, got 7`);
    expect(loadConfig({ RETENTION_DAYS: '8' })).toMatchObject({ retentionDays: 8, webhookRetentionDays: 8 });
    expect(() => loadConfig({ RETENTION_DAYS: '10', WEBHOOK_RETENTION_DAYS: '11' })).toThrow(
      'WEBHOOK_RETENTION_DAYS (11) may not exceed RETENTION_DAYS (10)',
    );
    expect(loadConfig({ RETENTION_DAYS: '60', WEBHOOK_RETENTION_DAYS: '14' })).toMatchObject({
      retentionDays: 60,
      webhookRetentionDays: 14,
    });
    expect(() => loadConfig({ WEBHOOK_RETENTION_DAYS: '0' })).toThrow('WEBHOOK_RETENTION_DAYS must be a positive number, got 0');
  });

  it('logs quietly inside the test runner unless LOG_LEVEL asks', () => {
    expect(logLevelOf({})).toBe('info');
    expect(logLevelOf({ VITEST: 'true' })).toBe('silent');
    expect(logLevelOf({ VITEST: 'true', LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(() => logLevelOf({ LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got loud',
    );
  });
});
