import { z } from 'zod';
import { queryInt } from '@/lib/http/query-int';

/** GET /api/domains/search: the name rules are checked by the search itself (field `q`). */
export const domainSearchQuery = z.strictObject({
  q: z.string({ error: 'a name is required' }).max(300, 'at most 300 characters'),
});

/** GET /api/voice/numbers. */
export const numberSearchQuery = z.strictObject({
  area: z
    .string()
    .regex(/^\d{1,6}$/, 'an area code or prefix of 1-6 digits')
    .optional(),
  contains: z
    .string()
    .regex(/^\d{1,10}$/, '1-10 digits')
    .optional(),
  limit: queryInt(1, 100, 20, 'a whole number 1-100'),
});
