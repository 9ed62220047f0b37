// Request fields several domains share. They check shape only: main's services check amounts
// against the currency, network and balance, with messages naming the field.
import { z } from 'zod';
import { visibleText } from './profile-schemas';
import { hasLeadingZeros, LEADING_ZEROS_MESSAGE, PLAIN_DECIMAL } from './text-rules';

// Codes and ids are refused with an invisible character in them, as names are: a code that differs
// from what the user reads is never sent.
export const currency = z.string().trim().min(1, 'Choose a currency').max(32, 'currency is too long').superRefine(visibleText('The currency'));
export const network = z.string().trim().min(1, 'network is empty').max(32, 'network is too long').superRefine(visibleText('The network')).optional();
export const amount = z
  .string({ error: 'amount must be a decimal string' })
  .trim()
  .regex(PLAIN_DECIMAL, 'amount must be a plain decimal number such as 0.25')
  .refine((text) => !hasLeadingZeros(text), LEADING_ZEROS_MESSAGE)
  .max(64, 'amount is too long');
export const isoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time' });
