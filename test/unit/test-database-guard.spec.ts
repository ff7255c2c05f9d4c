import { afterEach, expect, it } from '@jest/globals';

const saved = process.env.TEST_DATABASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = saved;
});

it('the test suite refuses to drop a database without "test" in its name (a service database given by mistake)', async () => {
  const { default: globalSetup } = (await import('../support/global-setup.mjs' as string)) as { default: () => Promise<void> };
  process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/foliodesk';
  await expect(globalSetup()).rejects.toThrow(/must name a database with "test" in its name/);
});
