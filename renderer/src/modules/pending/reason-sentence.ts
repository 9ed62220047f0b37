// A ledger reason as one sentence a notice can continue after: the client's words end in a period
// followed by the code ("Timed out. (code 504)"), which reads badly with another sentence after it.

/** "Timed out. (code 504)" → "Timed out (code 504)."; a reason without an ending gets a period. */
export function reasonSentence(reason: string | null): string {
  const text = (reason ?? '').trim();
  if (text === '') return '';
  const coded = /^(.*?)[.!]?\s*(\(code [^)]*\))$/.exec(text);
  const joined = coded ? `${coded[1]} ${coded[2]}` : text;
  return /[.!?]$/.test(joined) ? joined : `${joined}.`;
}
