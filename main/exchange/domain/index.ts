// Normalised domain objects: what every version adapter returns, one file per domain. Money is
// Decimal, times are ISO strings, ids are strings. Nothing here knows the API version it came from.
export * from './market';
export * from './wallet';
export * from './withdrawals';
export * from './transfers';
export * from './history';
export * from './trade-history';
export * from './sub-accounts';
export * from './buy-crypto';
export * from './rights';
export * from './orders';
