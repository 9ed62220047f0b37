// The version 3 adapter behind TreasuryApi: one implementation per domain interface, spread into
// one object. A version 2 adapter composes its own implementations of the same interfaces.
import { connectService, type ServiceApiOptions } from '../service-connection';
import type { TreasuryApi } from '../treasury-api';
import { buyCryptoCallsV3 } from './buy-crypto';
import { V3Calls } from './calls';
import { historyCallsV3 } from './history';
import { marketCallsV3 } from './market';
import { orderCallsV3 } from './orders';
import { rightsCallsV3 } from './rights';
import { sessionCallsV3 } from './session';
import type { StreamSettings } from './stream-settings';
import { streamCallsV3 } from './streams';
import { subAccountCallsV3 } from './sub-accounts';
import { tradeHistoryCallsV3 } from './trade-history';
import { transferCallsV3 } from './transfers';
import { walletCallsV3 } from './wallet';
import { withdrawalCallsV3 } from './withdrawals';

export type V3ApiOptions = ServiceApiOptions;

export function createV3Api(options: V3ApiOptions): TreasuryApi {
  const { calls, streams } = connectService(options, {}, '/api/3/public/currency/BTC');
  return composeV3Api(calls, streams);
}

/** Every domain's version 3 calls over one transport; `calls` carries the priority they queue at. */
function composeV3Api(calls: V3Calls, streams: StreamSettings): TreasuryApi {
  return {
    ...sessionCallsV3(calls, (priority) => composeV3Api(calls.withPriority(priority), streams)),
    ...marketCallsV3(calls),
    ...walletCallsV3(calls),
    ...withdrawalCallsV3(calls),
    ...transferCallsV3(calls),
    ...historyCallsV3(calls),
    ...tradeHistoryCallsV3(calls),
    ...subAccountCallsV3(calls),
    ...buyCryptoCallsV3(calls),
    ...rightsCallsV3(calls),
    ...orderCallsV3(calls),
    ...streamCallsV3(streams),
  };
}
