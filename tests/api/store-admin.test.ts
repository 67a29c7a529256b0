import { beforeAll, describe, expect, it } from 'vitest';
import { apiRequest } from '../support/requests';

const TOKEN = 'store-admin-test-token-0123456789-abcdef';
process.env.ADMIN_API_TOKEN = TOKEN;

const { appDatabase } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const route = await import('@/app/api/admin/stores/[host]/route');
const { storeService } = await import('@/features/tenancy/server/store-service.server');

beforeAll(async () => {
  await seedDemoData((await appDatabase()).db, { demoStores: true });
});

type Answer = { status: number; body: any };

async function call(method: 'GET' | 'PATCH', host: string, json?: unknown): Promise<Answer> {
  const request = apiRequest(`/api/admin/stores/${host}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}` },
    json,
  });
  const response = await route[method](request, { params: Promise.resolve({ host }) });
  return { status: response.status, body: await response.json() };
}

describe('PATCH /api/admin/stores/{host}', () => {
  it('sets one theme colour and keeps the rest of the theme and the logo', async () => {
    const before = (await call('GET', 'bytes.localhost')).body.data;
    const changed = await call('PATCH', 'bytes.localhost', { theme: { primaryColor: '#115e59' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.theme).toEqual({ ...before.theme, primaryColor: '#115e59' });
    expect(changed.body.data.theme.logoSet).toEqual(before.theme.logoSet);
    expect(changed.body.data.variables).toEqual(before.variables);
    const store = await storeService().byHost('bytes.localhost');
    expect(store?.theme.primaryColor).toBe('#115e59');
    expect(store?.theme.logoSet.primary).toBe(before.theme.logoSet.primary);
  });

  it('sets one variable and keeps the company, address, e-mail, hours and banner', async () => {
    const before = (await call('GET', 'harbor.localhost')).body.data;
    expect(before.variables.companyName).toBeTruthy();
    const changed = await call('PATCH', 'harbor.localhost', {
      variables: { supportNumber: '+1 206 555 0199' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.variables).toEqual({
      ...before.variables,
      supportNumber: '+1 206 555 0199',
    });
    const store = await storeService().byHost('harbor.localhost');
    expect(store?.variables.supportEmail).toBe(before.variables.supportEmail);
    expect(store?.variables.openingHours).toEqual(
      expect.objectContaining(before.variables.openingHours),
    );
  });

  it('refuses with 422 a theme change that a built-in theme would never show', async () => {
    const before = (await call('GET', 'harbor.localhost')).body.data;
    const refused = await call('PATCH', 'harbor.localhost', { theme: { primaryColor: '#ff0000' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('theme_not_editable');
    expect(refused.body.error.fields).toHaveProperty(['theme.primaryColor']);
    expect((await call('GET', 'harbor.localhost')).body.data).toEqual(before);
    // Its own logo is the one thing a built-in theme keeps, so that change is taken.
    const logo = await call('PATCH', 'harbor.localhost', {
      theme: { logoSet: { alt: 'Harbor Telecom, Seattle' } },
    });
    expect(logo.status).toBe(200);
    expect(logo.body.data.theme.logoSet).toEqual({
      ...before.theme.logoSet,
      alt: 'Harbor Telecom, Seattle',
    });
  });

  it.each([
    ['acme.localhost', 'theme_id 7'],
    ['ringo.localhost', 'default_theme'],
  ])('refuses with 422 a colour for %s, which shows a built-in theme (%s)', async (host) => {
    const before = (await call('GET', host)).body.data;
    const refused = await call('PATCH', host, { theme: { secondaryColor: '#00ff00' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('theme_not_editable');
    expect(refused.body.error.fields).toHaveProperty(['theme.secondaryColor']);
    expect((await call('GET', host)).body.data).toEqual(before);
  });

  it('keeps every one of 20 parallel changes that each set a different variable', async () => {
    // Twenty settings, each named by exactly one of the parallel changes: thirteen texts and
    // the opening hours of seven weekdays (each day's hours merge into the stored ones).
    const texts = [
      'companyName',
      'supportA1',
      'supportA2',
      'supportCity',
      'supportState',
      'supportZip',
      'supportCountry',
      'bannerText',
      'loginText',
      'footerText',
      'dualHomepageText',
      'customSnippet',
      'supportEmail',
    ] as const;
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const textChanges = texts.map((key, i) => ({
      [key]: key === 'supportEmail' ? `parallel${i}@ringo.example` : `Parallel change ${i}`,
    }));
    const dayChanges = days.map((day, i) => ({
      openingHours: { [day]: { openTime: `0${i}:15`, closedTime: `1${i}:45` } },
    }));
    const changes = [...textChanges, ...dayChanges];
    expect(changes).toHaveLength(20);
    const answers = await Promise.all(
      changes.map((variables) => call('PATCH', 'ringo.localhost', { variables })),
    );
    expect(answers.map((a) => a.status)).toEqual(changes.map(() => 200));
    const stored = (await call('GET', 'ringo.localhost')).body.data.variables;
    for (const change of textChanges) expect(stored).toMatchObject(change);
    days.forEach((day, i) =>
      expect(stored.openingHours[day]).toEqual({ openTime: `0${i}:15`, closedTime: `1${i}:45` }),
    );
  });

  it('answers the stored values on GET, 404 for a host without a stored store, 401 without the token', async () => {
    const got = await call('GET', 'acme.localhost');
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ store_name: 'Acme Voice', theme_id: 7 });
    expect(got.body.data.hosts).toContain('acme.localhost');
    expect((await call('GET', 'nobody.localhost')).status).toBe(404);
    const anonymous = await route.GET(apiRequest('/api/admin/stores/acme.localhost'), {
      params: Promise.resolve({ host: 'acme.localhost' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses unknown settings and invalid values, changing nothing', async () => {
    const before = (await call('GET', 'bytes.localhost')).body.data;
    const unknown = await call('PATCH', 'bytes.localhost', { theme: { shade: 'blue' } });
    expect(unknown.status).toBe(400);
    const invalid = await call('PATCH', 'bytes.localhost', {
      theme: { primaryColor: 'red; x: y' },
      variables: { bannerText: 'never stored' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toHaveProperty(['theme.primaryColor']);
    expect((await call('GET', 'bytes.localhost')).body.data).toEqual(before);
  });

  it('refuses a store name with a control character, a field error and nothing kept', async () => {
    const before = (await call('GET', 'harbor.localhost')).body.data;
    for (const name of ['Harbor\u0000Telecom', 'Harbor\u001bTelecom', 'Harbor\u0085']) {
      const refused = await call('PATCH', 'harbor.localhost', { store_name: name });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'validation_failed',
        fields: { store_name: ['must not contain control characters'] },
      });
    }
    expect((await call('GET', 'harbor.localhost')).body.data).toEqual(before);
  });
});

describe('/api/admin/stores/{host} with a path that is no host name', () => {
  // Next hands the route its path segment decoded: "/api/admin/stores/%25" arrives as "%".
  it.each(['%', '%25', '%zz', 'a%00b'])(
    'answers 400 in the documented format for %s',
    async (host) => {
      for (const method of ['GET', 'PATCH'] as const) {
        const request = apiRequest(`/api/admin/stores/${encodeURIComponent(host)}`, {
          method,
          headers: { authorization: `Bearer ${TOKEN}` },
          json: method === 'PATCH' ? { store_name: 'Never' } : undefined,
        });
        const response = await route[method](request, { params: Promise.resolve({ host }) });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: {
            code: 'validation_failed',
            message: 'Not a host name.',
            fields: { host: ['must be a host name, e.g. shop.example.com'] },
          },
        });
      }
    },
  );
});
