// The version 2 adapter behind TreasuryApi, composed like the version 3 one (v3/api.ts): one
// implementation per domain interface, spread into one object, returning the same domain records,
// so nothing above the client knows which version it talks to.
import type { StreamCalls } from '../calls/streams';
import { connectService, type ServiceApiOptions } from '../service-connection';
import type { ServiceCalls } from '../service-calls';
import type { TreasuryApi } from '../treasury-api';
import { sessionCallsV3 as sessionCalls } from '../v3/session';
import { buyCryptoCallsV2 } from './buy-crypto';
import { historyCallsV2 } from './history';
import { V2_REST_LIMITS } from './limits';
import { marketCallsV2 } from './market';
import { orderCallsV2 } from './orders';
import { rightsCallsV2 } from './rights';
import { signRequestV2 } from './signing';
import { streamCallsV2 } from './streams';
import { subAccountCallsV2 } from './sub-accounts';
import { tradeHistoryCallsV2 } from './trade-history';
import { transferCallsV2 } from './transfers';
import { walletCallsV2 } from './wallet';
import { withdrawalCallsV2 } from './withdrawals';

export type V2ApiOptions = ServiceApiOptions;

export function createV2Api(options: V2ApiOptions): TreasuryApi {
  // Version 2's examples send form-encoded bodies: the most common client's choice (SUPPLEMENT).
  const { calls, streams } = connectService(
    options, { bodyFormat: 'form', signer: signRequestV2, limitRules: V2_REST_LIMITS }, '/api/2/public/currency/BTC',
  );
  // One set for the adapter and its re-prioritised copies: its wallet and trading streams share signals.
  return composeV2Api(calls, streamCallsV2(streams));
}

/** Every domain's version 2 calls over one transport; `calls` carries the priority they queue at. */
function composeV2Api(calls: ServiceCalls, streams: StreamCalls): TreasuryApi {
  return {
    ...sessionCalls(calls, (priority) => composeV2Api(calls.withPriority(priority), streams)),
    ...marketCallsV2(calls),
    ...walletCallsV2(calls),
    ...withdrawalCallsV2(calls),
    ...transferCallsV2(calls),
    ...historyCallsV2(calls),
    ...tradeHistoryCallsV2(calls),
    ...subAccountCallsV2(calls),
    ...buyCryptoCallsV2(calls),
    ...rightsCallsV2(calls),
    ...orderCallsV2(calls),
    ...streams,
  };
}
