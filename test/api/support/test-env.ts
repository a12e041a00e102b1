/**
 * Password hashing at a test cost for every server the tests start: argon2id at production cost made
 * the user factories a large share of the suite's time. Production refuses a lower cost, so a server
 * started with NODE_ENV=production hashes at its default; the password tests check the production
 * cost on a server of their own.
 */
export function testPasswordHash(env: Record<string, string>): Record<string, string> {
  return env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_PASSES: '1' };
}
