import { z } from 'zod';

/** POST /api/services/{id}/renew: whole years, 1 to 10. */
export const renewBodySchema = z.strictObject({
  years: z
    .number({ error: 'must be a whole number of years from 1 to 10' })
    .int('must be a whole number of years from 1 to 10')
    .min(1, 'must be a whole number of years from 1 to 10')
    .max(10, 'must be a whole number of years from 1 to 10'),
});
