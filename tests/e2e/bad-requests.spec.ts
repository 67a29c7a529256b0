import { expect, test } from '@playwright/test';
import { jsonOf, request } from './support';

/** What the production server answers to requests a browser never sends (issue 12). */

test('unknown /api and /svc paths answer 404 not_found as JSON, never the HTML page', async () => {
  for (const path of ['/svc/nothing', '/svc/account/login', '/svc', '/api', '/api/nothing/here']) {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await request({ method, path });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers, path).toMatch(/^content-type: application\/json/im);
      expect(jsonOf(response).error.code, path).toBe('not_found');
    }
  }
});
