export const KEY_RIGHTS = ['PAY', 'WDR', 'HIST', 'ORD'] as const;
export type KeyRight = (typeof KEY_RIGHTS)[number];
