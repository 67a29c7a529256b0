import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';

// No SMTP_URL and no SMS_URL: messages must wait in the outbox, never be lost.
delete process.env.SMTP_URL;
delete process.env.SMS_URL;
const { GET: getToken } = await import('@/app/api/token/route');
const { POST: register } = await import('@/app/svc/account/route');
const { appDb } = await import('@/lib/db/app-db');
const { outbox } = await import('@/lib/db/schema');
const { sendSms } = await import('@/lib/mail/outbox.server');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

describe('the outbox without transports', () => {
  it('keeps a branded activation mail, text and HTML, for npm run outbox', async () => {
    const agent = new Agent('bytes.localhost');
    await agent.call(getToken, '/api/token');
    const email = `outbox.${Date.now()}@example.com`;
    const answer = await agent.call(register, '/svc/account', {
      method: 'POST',
      json: { name: 'Olga', email, password: 'a perfectly fine passphrase' },
    });
    expect(answer.status).toBe(202);
    const [row] = await (await appDb()).select().from(outbox).where(eq(outbox.recipient, email));
    expect(row).toMatchObject({
      channel: 'mail',
      storeKey: expect.any(String),
      sentAt: null,
      error: null,
    });
    expect(row!.subject).toBe('Activate your account - Bytes Domains');
    expect(row!.text).toMatch(/http:\/\/bytes\.localhost:\d+\/activate\?token=[A-Za-z0-9_-]{43}/);
    expect(row!.html).toContain('Bytes Domains');
  });

  it('keeps an SMS', async () => {
    await sendSms({ storeKey: 'nameport', to: '+447700900999', text: 'hello from the test' });
    const [row] = await (
      await appDb()
    )
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, '+447700900999'));
    expect(row).toMatchObject({ channel: 'sms', text: 'hello from the test', sentAt: null });
  });
});
