import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      env: 'development',
      cookieSecure: false,
      devOutbox: true,
      databaseUrl: undefined,
    });
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('turns on Secure cookies and off the dev outbox in production', () => {
    const c = loadConfig({ NODE_ENV: 'production' });
    expect(c.cookieSecure).toBe(true);
    expect(c.devOutbox).toBe(false);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', NODE_ENV: 'staging', SESSION_TTL_HOURS: '0' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]).sort();
    expect(problems).toEqual(['DATABASE_URL', 'NODE_ENV', 'PORT', 'SESSION_TTL_HOURS']);
  });
});
