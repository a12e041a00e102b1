import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './session-paths';

describe('return after login', () => {
  it('returns only to our own authenticated screens', () => {
    expect(safeReturnPath('/admin/checkout-page/10credits/usd')).toBe('/admin/checkout-page/10credits/usd');
    expect(safeReturnPath('/request/survey/edit/7?tab=2')).toBe('/request/survey/edit/7?tab=2');
    for (const unsafe of [
      '//evil.example/admin/',
      '/\\evil.example',
      'https://evil.example/admin/x',
      '/auth/login-page',
      '/admin//x',
      null,
      '',
    ])
      expect(safeReturnPath(unsafe)).toBeNull();
  });

  it('remembers the screen in the login URL, except the dashboard where login lands anyway', () => {
    expect(loginPathFor('/admin/checkout-page/10credits/usd')).toBe(
      '/auth/login-page?next=%2Fadmin%2Fcheckout-page%2F10credits%2Fusd',
    );
    expect(loginPathFor('/admin/dashboard')).toBe('/auth/login-page');
    expect(loginPathFor('//evil.example')).toBe('/auth/login-page');
  });
});
