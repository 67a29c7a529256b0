import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/client';
import { openTestDatabase } from '../../../../tests/support/database';
import { correctDemoCopy } from './demo-copy-seed.server';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

async function storeWith(variables: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const { stores } = await import('@/lib/db/schema');
  await handle.db
    .insert(stores)
    .values({ id, storeUuid: id, storeName: 'Old Demo', domainName: `d-${id}.test`, variables });
  return id;
}

async function variablesOf(id: string): Promise<unknown> {
  const { rows } = await handle.executeSql('select variables from stores where id = $1', [id]);
  return (rows[0] as { variables: unknown }).variables;
}

describe('demo copy on a database seeded before it was corrected', () => {
  it('replaces what an earlier seed wrote and keeps what an operator changed since', async () => {
    const id = await storeWith({
      companyName: 'Old Co Inc',
      supportCity: 'Seattle',
      supportState: 'WA',
      bannerText: 'A banner the operator wrote',
      supportEmail: 'kept@example.com',
    });
    await correctDemoCopy(
      handle.db,
      [
        {
          id,
          variables: {
            companyName: 'New Co Ltd',
            supportCity: 'Liverpool',
            bannerText: 'New',
            homeLeadsWith: 'numbers',
          },
        },
      ],
      {
        [id]: {
          companyName: 'Old Co Inc',
          supportCity: 'Seattle',
          supportState: 'WA',
          bannerText: 'An old banner',
          homeLeadsWith: undefined,
        },
      },
    );
    expect(await variablesOf(id)).toEqual({
      companyName: 'New Co Ltd',
      supportCity: 'Liverpool',
      bannerText: 'A banner the operator wrote',
      supportEmail: 'kept@example.com',
      homeLeadsWith: 'numbers',
    });
  });
});
