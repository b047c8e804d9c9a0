// The Snowflake account the live suites run against, from the environment:
//   SNOWFLAKE_TEST_ACCOUNT, SNOWFLAKE_TEST_USER, SNOWFLAKE_TEST_PRIVATE_KEY_PATH,
//   SNOWFLAKE_TEST_ROLE, SNOWFLAKE_TEST_WAREHOUSE   (SNOWFLAKE_TEST_PRIVATE_KEY_PASSPHRASE optional)
// A suite that needs more (a load database, say) names it in `extra`.
import type { SnowflakeConnectionSettings } from '../../../../server/src/features/warehouse/config';

const REQUIRED = [
  'SNOWFLAKE_TEST_ACCOUNT',
  'SNOWFLAKE_TEST_USER',
  'SNOWFLAKE_TEST_PRIVATE_KEY_PATH',
  'SNOWFLAKE_TEST_ROLE',
  'SNOWFLAKE_TEST_WAREHOUSE',
];

/** The variables that are not set; the suite is skipped, and says so, when any is missing. */
export function missingSnowflakeSettings(extra: readonly string[] = []): string[] {
  return [...REQUIRED, ...extra].filter((name) => !process.env[name]);
}

export function snowflakeTestSettings(): SnowflakeConnectionSettings {
  return {
    account: process.env.SNOWFLAKE_TEST_ACCOUNT ?? '',
    username: process.env.SNOWFLAKE_TEST_USER ?? '',
    privateKeyPath: process.env.SNOWFLAKE_TEST_PRIVATE_KEY_PATH ?? '',
    ...(process.env.SNOWFLAKE_TEST_PRIVATE_KEY_PASSPHRASE
      ? { privateKeyPassphrase: process.env.SNOWFLAKE_TEST_PRIVATE_KEY_PASSPHRASE }
      : {}),
    role: process.env.SNOWFLAKE_TEST_ROLE ?? '',
    warehouse: process.env.SNOWFLAKE_TEST_WAREHOUSE ?? '',
  };
}
