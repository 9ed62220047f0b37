// zod request schemas of the wallet, withdrawal and audit operations (spread into
// contract-schemas.ts's REQUEST_SCHEMAS). They check shape only: the wallet service checks amounts against the
// currency, network and balance, with messages naming the field.
import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit';
import { auditExportCursor } from './audit-schemas';
import { noPayload } from './no-payload';
import { profileIdText } from './profile-schemas';
import { hasLeadingZeros, LEADING_ZEROS_MESSAGE, PLAIN_DECIMAL } from './text-rules';
import { WALLET_SIDES, type WalletOperations } from './wallet';

const currency = z.string().trim().min(1, 'Choose a currency').max(32, 'currency is too long');
const network = z.string().trim().min(1, 'network is empty').max(32, 'network is too long').optional();
const amount = z
  .string({ error: 'amount must be a decimal string' })
  .trim()
  .regex(PLAIN_DECIMAL, 'amount must be a plain decimal number such as 0.25')
  .refine((text) => !hasLeadingZeros(text), LEADING_ZEROS_MESSAGE)
  .max(64, 'amount is too long');
const transactionId = z.object({ id: z.string().trim().min(1, 'id is required').max(128, 'id is too long') }).strict();
const isoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time' });
const addressQuery = z.object({ currency, network }).strict();

const auditFilter = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    profileId: profileIdText.optional(),
    text: z.string().max(200, 'Keep the search under 200 characters').optional(),
    from: isoTime.optional(),
    till: isoTime.optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .strict();

type Schemas = { [K in keyof WalletOperations]: z.ZodType<WalletOperations[K]['request'], unknown> };

export const WALLET_REQUEST_SCHEMAS = {
  getWalletOverview: z.object({ valuationCurrency: currency }).strict(),
  listWalletCurrencies: noPayload,
  listDepositAddresses: addressQuery,
  createDepositAddress: addressQuery,
  listRecentDepositAddresses: addressQuery,
  checkOwnAddress: z.object({ address: z.string().trim().min(1, 'Enter an address').max(256, 'address is too long') }).strict(),
  transferFunds: z
    .object({
      currency,
      amount,
      from: z.enum(WALLET_SIDES, { error: 'from must be wallet or spot' }),
      to: z.enum(WALLET_SIDES, { error: 'to must be wallet or spot' }),
    })
    .strict()
    .refine((input) => input.from !== input.to, { message: 'from and to must differ', path: ['to'] }),
  estimateWithdrawalFee: z.object({ currency, network, amount, includeFee: z.boolean().optional() }).strict(),
  prepareWithdrawal: z
    .object({
      currency,
      network,
      // Checked against the network's pattern by the service; here only its size.
      address: z.string().trim().min(1, 'Enter the address').max(256, 'address is too long'),
      paymentId: z.string().trim().max(256, 'paymentId is too long').optional(),
      amount,
      includeFee: z.boolean().optional(),
      publicComment: z.string().max(255, 'publicComment must be at most 255 characters').optional(),
    })
    .strict(),
  listApprovals: noPayload,
  commitWithdrawal: transactionId,
  rollbackWithdrawal: transactionId,
  listAudit: auditFilter,
  exportAuditCsvChunk: z.object({ filter: auditFilter.omit({ limit: true, offset: true }), cursor: auditExportCursor.optional() }).strict(),
  verifyAudit: noPayload,
  getServiceClock: noPayload,
} as const satisfies Schemas;
