// decimal.js as every Coffer process does money with it. Its default precision is 20 significant
// digits: 1234.123456789012345678 + 0 came out as 1234.1234567890123457, so a total, a fee sum or
// a balance check on an 18-decimal coin above about 100 units was silently rounded. Setting the
// precision here, on the one shared constructor, covers every module that imports Decimal from
// this file (main, sandbox, exchange client, renderer) whatever the entry point.
import Decimal from 'decimal.js';

/** Significant digits arithmetic keeps: two 30-digit amounts multiply without rounding. */
export const MONEY_PRECISION = 80;

Decimal.set({ precision: MONEY_PRECISION });

export default Decimal;
