// The app's decimal constructor (main process and renderer alike). Its default precision would be
// decimal.js's 20 significant digits: 1234.123456789012345678 + 0 came out as
// 1234.1234567890123457, so a total, a fee sum or a balance check on an 18-decimal coin above
// about 100 units was silently rounded. A clone with its own precision rather than Decimal.set:
// the setting holds whichever module loads first, and the global default stays untouched for
// the sandbox and the exchange client, which keep constructors of their own.
// Instances of every clone share one prototype: `instanceof`, Decimal.isDecimal and arithmetic
// accept a Decimal from any clone, and a result takes the precision of the constructor it came from.
import DecimalJs from 'decimal.js';

/** Significant digits arithmetic keeps: two 30-digit amounts multiply without rounding. */
export const MONEY_PRECISION = 80;

const Decimal = DecimalJs.clone({ precision: MONEY_PRECISION });
type Decimal = DecimalJs;

export default Decimal;
