// How a key's fingerprint is laid out for reading aloud and comparing: its sixteen groups of four
// in two rows of eight, so two people comparing it keep their place.
export function fingerprintRows(fingerprint: string): string[] {
  const groups = fingerprint.trim().split(/\s+/);
  if (groups.length <= 8) return [groups.join(' ')];
  const half = Math.ceil(groups.length / 2);
  return [groups.slice(0, half).join(' '), groups.slice(half).join(' ')];
}
