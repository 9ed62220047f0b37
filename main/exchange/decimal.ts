// The exchange client's own decimal constructor. It shares no configured Decimal with the rest of
// the app (as the sandbox keeps its own), so the client's money precision cannot depend on which
// module happened to set it first. decimal.js's default of 20 significant digits would round an
// 18-decimal coin above about 100 units; 80 keeps two 30-digit amounts' product exact.
// Instances of every clone share one prototype, so a Decimal made here and one made by another
// clone mix freely: `instanceof`, Decimal.isDecimal and arithmetic all accept either, and the
// result takes the precision of the constructor whose method was called.
import DecimalJs from 'decimal.js';

export const EXCHANGE_PRECISION = 80;

const Decimal = DecimalJs.clone({ precision: EXCHANGE_PRECISION });
type Decimal = DecimalJs;

export default Decimal;
