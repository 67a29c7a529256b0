import { z } from 'zod';
import { recordInputSchema, recordPatchSchema } from './records';
import { TEMPLATES } from './templates';

/** Bodies of the DNS calls (README calls table). */
export const addRecordSchema = recordInputSchema;
export const patchRecordSchema = recordPatchSchema.refine((v) => Object.keys(v).length > 0, {
  message: 'change at least one field',
});
export const templateSchema = z.object({
  template: z.enum(TEMPLATES, { error: `must be one of ${TEMPLATES.join(', ')}` }),
  /** The verification template's text. */
  value: z
    .string()
    .max(2000, 'at most 2000 characters')
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'no control characters')
    .optional(),
  /** True: answer what would change, change nothing. */
  preview: z.boolean({ error: 'must be true or false' }).default(false),
});
export const dnssecSchema = z.object({ enabled: z.boolean({ error: 'must be true or false' }) });

/** `PUT /api/store-admin/dns/default-template`: the name is checked against the list after (422). */
export const storeDefaultTemplateSchema = z.object({
  template: z
    .string({ error: 'must be a template’s name' })
    .max(64, 'at most 64 characters')
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'no control characters'),
});
