// The verdict in words: verified names the signer, the fingerprint and what is intact; an intact
// export from an unknown desk is amber with the fingerprint and the offer to trust it; tampered
// data is red, "changed", with main's messages; trusting the signer turns the report verified only
// when nothing else was wrong.
import { describe, expect, it } from 'vitest';
import type { TrustedKey } from '../../../../preload/contract/history';
import { reviewVerdict, withTrustedSigner } from '../../../../renderer/src/modules/review/verdict';
import { fingerprintRows } from '../../../../renderer/src/modules/settings/key-words';
import { FINGERPRINT, PUBLIC_KEY, report, unknownSigner } from './fixtures';

const trusted = (fingerprint = FINGERPRINT): TrustedKey => ({ fingerprint, publicKey: PUBLIC_KEY, label: 'Berlin desk', own: false, addedAt: '2026-04-02T00:00:00Z' });

describe('reviewVerdict', () => {
  it('says verified, by whom, with the fingerprint and the files and rows intact', () => {
    const verdict = reviewVerdict(report());
    expect(verdict).toMatchObject({ kind: 'verified', tone: 'success', title: 'Verified: signed by Treasury desk', canTrust: false, fingerprint: FINGERPRINT });
    expect(verdict.lines).toEqual(['1 file and 2,500 rows intact, as signed']);
  });

  it('says intact but unknown, in amber, with the fingerprint to compare and the offer to trust', () => {
    const verdict = reviewVerdict(unknownSigner());
    expect(verdict).toMatchObject({ kind: 'unknownSigner', tone: 'warning', canTrust: true, problems: [] });
    expect(verdict.title).toBe('Intact, but signed by a desk this computer does not know');
    expect(verdict.fingerprint).toBe(FINGERPRINT);
    expect(verdict.lines[0]).toBe('1 file and 2,500 rows intact, as signed');
    expect(verdict.lines.join(' ')).toContain('Compare the fingerprint with the Settings page');
  });

  it('says changed, in red, with each of main’s messages, and offers no trust', () => {
    const verdict = reviewVerdict(
      report({
        verified: false,
        loaded: false,
        problems: [
          { kind: 'fileChanged', message: 'koinly.csv differs from its hash', file: 'koinly.csv' },
          { kind: 'rowsChanged', message: 'koinly.csv: row 17 was changed', file: 'koinly.csv' },
          { kind: 'unknownKey', message: 'Signed by a key this computer does not trust' },
        ],
        signer: { fingerprint: FINGERPRINT, publicKey: PUBLIC_KEY, trusted: false, label: null },
      }),
    );
    expect(verdict).toMatchObject({ kind: 'problems', tone: 'error', title: 'Changed after it was signed', canTrust: false });
    expect(verdict.problems).toEqual([
      'koinly.csv differs from its hash',
      'koinly.csv: row 17 was changed',
      'Signed by a key this computer does not trust',
    ]);
    expect(verdict.lines).toEqual(['Signed by a desk this computer does not know']);
    expect(verdict.fingerprint).toBe(FINGERPRINT);
  });

  it('names the gravest problem first: not an export, a newer format, a broken signature', () => {
    const notExport = report({ verified: false, loaded: false, manifest: null, signer: null, problems: [{ kind: 'notExport', message: 'No manifest.json in the file' }] });
    expect(reviewVerdict(notExport)).toMatchObject({ title: 'Not a Coffer export', lines: [], fingerprint: null, problems: ['No manifest.json in the file'] });
    const signature = report({ verified: false, loaded: false, signer: null, problems: [{ kind: 'badSignature', message: 'The signature does not match the manifest' }] });
    expect(reviewVerdict(signature).title).toBe('Changed after it was signed: the signature does not match');
    const newer = report({ verified: false, loaded: false, problems: [{ kind: 'unsupported', message: 'Format 7 is newer than this Coffer reads' }] });
    expect(reviewVerdict(newer).title).toMatch(/newer Coffer/);
  });

  it('never calls a report verified that main did not', () => {
    const odd = report({ verified: false, problems: [], signer: { fingerprint: FINGERPRINT, publicKey: PUBLIC_KEY, trusted: true, label: 'Treasury desk' } });
    expect(reviewVerdict(odd)).toMatchObject({ kind: 'problems', title: 'This export could not be verified' });
  });
});

describe('withTrustedSigner', () => {
  it('turns an intact export from a now-trusted desk verified, under the name given', () => {
    const after = withTrustedSigner(unknownSigner(), [trusted()]);
    expect(after.verified).toBe(true);
    expect(after.problems).toEqual([]);
    expect(after.signer).toMatchObject({ trusted: true, label: 'Berlin desk' });
    expect(reviewVerdict(after).title).toBe('Verified: signed by Berlin desk');
  });

  it('leaves the report as it was when the trusted keys do not include its signer', () => {
    const before = unknownSigner();
    expect(withTrustedSigner(before, [trusted('0000 1111')])).toBe(before);
  });

  it('does not verify changed data by trusting its signer', () => {
    const changed = report({
      verified: false,
      loaded: false,
      problems: [{ kind: 'unknownKey', message: 'unknown' }, { kind: 'rowsChanged', message: 'row 3 changed' }],
      signer: { fingerprint: FINGERPRINT, publicKey: PUBLIC_KEY, trusted: false, label: null },
    });
    const after = withTrustedSigner(changed, [trusted()]);
    expect(after.verified).toBe(false);
    expect(reviewVerdict(after)).toMatchObject({ kind: 'problems', title: 'Changed after it was signed' });
  });
});

describe('fingerprintRows', () => {
  it('lays the sixteen groups out in two rows of eight for reading aloud', () => {
    expect(fingerprintRows(FINGERPRINT)).toEqual(['3F2A 9C41 77D0 B5E8 0A1C 4E93 D2F6 8B70', '11AA 22BB 33CC 44DD 55EE 66FF 7788 99AB']);
    expect(fingerprintRows('AB12 CD34')).toEqual(['AB12 CD34']);
  });
});
