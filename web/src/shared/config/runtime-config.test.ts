import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config';

const A = `0x${'aa'.repeat(20)}`;
const B = `0x${'bb'.repeat(20)}`;

describe('runtime config', () => {
  it('prefers window.__PARLEY_CONFIG__ over the build-time variable', () => {
    expect(readRuntimeConfig({ iptTokenAddress: A }, { VITE_IPT_TOKEN_ADDRESS: B } as ImportMetaEnv)).toEqual({
      iptTokenAddress: A,
    });
    expect(readRuntimeConfig({ iptTokenAddress: null }, { VITE_IPT_TOKEN_ADDRESS: ` ${B} ` } as ImportMetaEnv)).toEqual(
      { iptTokenAddress: B },
    );
  });

  it('treats malformed addresses as unset', () => {
    expect(
      readRuntimeConfig({ iptTokenAddress: '0x1234' }, { VITE_IPT_TOKEN_ADDRESS: 'not an address' } as ImportMetaEnv),
    ).toEqual({ iptTokenAddress: null });
    expect(readRuntimeConfig(undefined, {} as ImportMetaEnv)).toEqual({ iptTokenAddress: null });
  });
});
