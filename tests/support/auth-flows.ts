import { expect } from 'vitest';
import { Agent } from './agent';
import type { authRoutes } from './auth-harness';
import { linkIn, type MailServer } from './mail-server';

type Routes = Awaited<ReturnType<typeof authRoutes>>;

export const PASSWORD = 'correct horse battery staple';

/** An agent that has fetched its CSRF token, as the client does before any unsafe call. */
export async function readyAgent(routes: Routes, host?: string, ip?: string): Promise<Agent> {
  const agent = new Agent(host, ip);
  const answer = await agent.call(routes.token.GET, '/api/token');
  expect(answer.status).toBe(200);
  return agent;
}

/** Registers and activates through the real calls and the mail, and answers the address. */
export async function registeredUser(
  routes: Routes,
  mail: MailServer,
  email: string,
  options: { host?: string; name?: string; password?: string } = {},
): Promise<string> {
  const agent = await readyAgent(routes, options.host);
  const registered = await agent.call(routes.account.POST, '/svc/account', {
    method: 'POST',
    json: { name: options.name ?? 'Ada Lovelace', email, password: options.password ?? PASSWORD },
  });
  expect(registered.status).toBe(202);
  const activation = await mail.waitFor(email, (m) => m.subject.startsWith('Activate'));
  const token = linkIn(activation, '/activate').searchParams.get('token');
  const activated = await agent.call(routes.activate.PUT, '/api/account/activate', {
    method: 'PUT',
    json: { token },
  });
  expect(activated.status).toBe(200);
  return email;
}

/** Signs in with the password and answers the agent (with its session cookie). */
export async function signedIn(
  routes: Routes,
  email: string,
  options: { host?: string; password?: string; remember?: boolean } = {},
) {
  const agent = await readyAgent(routes, options.host);
  const answer = await agent.call(routes.login.POST, '/api/login', {
    method: 'POST',
    json: { email, password: options.password ?? PASSWORD, remember_me: options.remember ?? false },
  });
  return { agent, answer };
}
