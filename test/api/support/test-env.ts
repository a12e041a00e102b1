/**
 * Password hashing at a test cost for every server the tests start: argon2id at production cost made
 * the user factories a large share of the suite's time. The password tests check the production cost
 * on a server of their own.
 */
export const TEST_PASSWORD_HASH = { PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_PASSES: '1' };
