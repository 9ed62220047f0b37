// zod schema of the audit export's cursor (the filters are in wallet-schemas.ts). Checked for
// shape and consistency only: main counts and bounds the export itself.
import { z } from 'zod';
import type { AuditExportCursor } from './audit';

const count = (field: string) =>
  z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`).min(0, `${field} must not be negative`);

export const auditExportCursor: z.ZodType<AuditExportCursor, unknown> = z
  .object({ afterId: count('afterId'), throughId: count('throughId'), done: count('done'), total: count('total') })
  .strict()
  .refine((cursor) => cursor.afterId <= cursor.throughId, { message: 'afterId is past throughId', path: ['afterId'] })
  .refine((cursor) => cursor.done <= cursor.total, { message: 'done is more than total', path: ['done'] });
