// The sandbox's own decimal constructor. The sandbox is the service, a separate program: it shares
// no configured Decimal with the app, so a precision bug on one side cannot hide the same bug on
// the other. decimal.js's default of 20 significant digits rounded an 18-decimal amount above
// about 100 units; 80 keeps two 30-digit amounts' product exact. A clone, not Decimal.set: the
// global default stays untouched for anything else in the process.
import DecimalJs from 'decimal.js';

export const SANDBOX_PRECISION = 80;

const Decimal = DecimalJs.clone({ precision: SANDBOX_PRECISION });
type Decimal = DecimalJs;

/** What the constructor accepts: a string, a number or another Decimal. */
export type DecimalValue = DecimalJs.Value;

export default Decimal;
