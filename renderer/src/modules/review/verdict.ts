// A review's verdict in plain words, pure: verified (who signed, what is intact), intact but signed
// by a desk this computer does not know (amber, with the fingerprint to compare), or what is
// wrong (red, each problem as main worded it). Tampered data reads as "changed".
import type { ReviewProblemKind, ReviewReport, TrustedKey } from '../../../../preload/contract/history';
import type { Tone } from '../shell/tone';
import { countText } from '../history/history-words';

export interface Verdict {
  kind: 'verified' | 'unknownSigner' | 'problems';
  tone: Extract<Tone, 'success' | 'warning' | 'error'>;
  title: string;
  /** The signer's fingerprint, shown to compare (null when the manifest names none). */
  fingerprint: string | null;
  /** Facts under the title (who signed, what is intact, what to do). */
  lines: string[];
  /** Each problem's message, shown in red. */
  problems: string[];
  /** Whether "Trust this desk…" is offered. */
  canTrust: boolean;
}

/** The headline for the gravest problem, gravest first. */
const PROBLEM_TITLES: readonly [ReviewProblemKind[], string][] = [
  [['notExport'], 'Not a Coffer export'],
  [['unsupported'], 'Made by a newer Coffer: update Coffer to review it'],
  [['badSignature'], 'Changed after it was signed: the signature does not match'],
  [['fileChanged', 'rowsChanged', 'rowsAdded', 'rowsRemoved', 'fileMissing', 'fileAdded'], 'Changed after it was signed'],
];

function signerLine(report: ReviewReport): string | null {
  const signer = report.signer;
  if (!signer) return null;
  return `Signed by ${signer.trusted && signer.label ? signer.label : 'a desk this computer does not know'}`;
}

function intactLine(report: ReviewReport): string {
  const files = report.manifest ? `${countText(report.manifest.files.length, 'file')} and ` : '';
  return `${files}${countText(report.rows, 'row')} intact, as signed`;
}

export function reviewVerdict(report: ReviewReport): Verdict {
  const serious = report.problems.filter((problem) => problem.kind !== 'unknownKey');
  if (report.verified && serious.length === 0) {
    return {
      kind: 'verified',
      tone: 'success',
      title: `Verified: signed by ${report.signer?.label ?? 'a trusted desk'}`,
      fingerprint: report.signer?.fingerprint ?? null,
      lines: [intactLine(report)],
      problems: [],
      canTrust: false,
    };
  }
  if (serious.length === 0 && report.loaded && report.signer && !report.signer.trusted) {
    return {
      kind: 'unknownSigner',
      tone: 'warning',
      title: 'Intact, but signed by a desk this computer does not know',
      fingerprint: report.signer.fingerprint,
      lines: [
        intactLine(report),
        'Compare the fingerprint with the Settings page of the desk that made the export before you trust it.',
      ],
      problems: [],
      canTrust: true,
    };
  }
  const kinds = new Set(serious.map((problem) => problem.kind));
  const title = PROBLEM_TITLES.find(([group]) => group.some((kind) => kinds.has(kind)))?.[1] ?? 'This export could not be verified';
  const signer = signerLine(report);
  return {
    kind: 'problems',
    tone: 'error',
    title,
    fingerprint: report.signer?.fingerprint ?? null,
    lines: signer ? [signer] : [],
    problems: report.problems.map((problem) => problem.message),
    canTrust: false,
  };
}

/** The report once its signer is trusted here: the unknown-key problem gone, verified if nothing else was wrong. */
export function withTrustedSigner(report: ReviewReport, trusted: readonly TrustedKey[]): ReviewReport {
  const signer = report.signer;
  const key = signer ? trusted.find((candidate) => candidate.fingerprint === signer.fingerprint) : undefined;
  if (!signer || !key) return report;
  const problems = report.problems.filter((problem) => problem.kind !== 'unknownKey');
  return {
    ...report,
    signer: { ...signer, trusted: true, label: key.label },
    problems,
    verified: report.loaded && problems.length === 0,
  };
}
