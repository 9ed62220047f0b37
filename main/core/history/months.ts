// Months counted from 1970-01 (month 0), as the monthly sums table keys them (schema.ts).
export function monthOfMs(ms: number): number {
  const date = new Date(ms);
  return (date.getUTCFullYear() - 1970) * 12 + date.getUTCMonth();
}

export function monthStartMs(month: number): number {
  return Date.UTC(1970 + Math.floor(month / 12), ((month % 12) + 12) % 12, 1);
}
