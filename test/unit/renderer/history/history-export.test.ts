// The export request and its failures: an empty folder is left out (main then uses the default),
// a refusal naming the folder or the format lands on that field, anything else in general; the
// progress reads in rows then signing.
import { describe, expect, it } from 'vitest';
import { HISTORY_EXPORT_OPERATIONS, historyFilter } from '../../../../preload/contract/history';
import { exportPercent, exportProgressText, FORMAT_CHOICES } from '../../../../renderer/src/modules/history/export-words';
import { exportRequest } from '../../../../renderer/src/modules/history/use-history-export';
import { fieldErrors } from '../../../../renderer/src/modules/shell/use-signed-export';

describe('exportRequest', () => {
  it('leaves out an empty folder and trims a given one', () => {
    expect(exportRequest({ filter: {}, format: 'koinly', folder: '  ' })).toEqual({ filter: {}, format: 'koinly' });
    expect(exportRequest({ filter: { currencies: ['BTC'] }, format: 'csv', folder: ' /tmp/out ' })).toEqual({
      filter: { currencies: ['BTC'] },
      format: 'csv',
      folder: '/tmp/out',
    });
  });

  it('carries the valuation currency the dialog chose, which the contract takes (and refuses when it is no code)', () => {
    const request = exportRequest({ filter: {}, format: 'koinly', valuationCurrency: 'EUR', folder: '' });
    expect(request).toEqual({ filter: {}, format: 'koinly', valuationCurrency: 'EUR' });
    const payload = HISTORY_EXPORT_OPERATIONS.exportHistory.request;
    expect(payload.safeParse(request).success).toBe(true);
    expect(payload.safeParse({ ...request, valuationCurrency: '' }).success).toBe(false);
  });

  it('offers every format the contract takes, each with who it is for', () => {
    expect(FORMAT_CHOICES.map((choice) => choice.format)).toEqual(['csv', 'json', 'koinly', 'cointracking']);
    for (const choice of FORMAT_CHOICES) expect(choice.audience.length).toBeGreaterThan(20);
    expect(historyFilter.safeParse(exportRequest({ filter: {}, format: 'csv', folder: '' }).filter).success).toBe(true);
  });
});

describe('fieldErrors', () => {
  it('puts a refusal on the field it names, the rest in general with its code', () => {
    expect(fieldErrors({ code: 'VALIDATION', message: 'The folder does not exist', field: 'folder' })).toEqual({ folder: 'The folder does not exist' });
    expect(fieldErrors({ code: 'VALIDATION', message: 'format must be one of csv, json', field: 'format' })).toEqual({ format: 'format must be one of csv, json' });
    expect(fieldErrors({ code: 'KEYCHAIN_LOCKED', message: 'The keychain is locked' })).toEqual({ general: 'The keychain is locked (KEYCHAIN_LOCKED)' });
    expect(fieldErrors({ code: 'VALIDATION', message: 'from must not be after till', field: 'filter.from' })).toEqual({
      general: 'from must not be after till (VALIDATION)',
    });
  });
});

describe('export progress', () => {
  it('counts rows while writing, then says it signs', () => {
    expect(exportProgressText(null)).toBe('Starting…');
    expect(exportProgressText({ done: 1_500, total: 3_000, phase: 'writing' })).toBe('Writing 1,500 of 3,000 rows');
    expect(exportPercent({ done: 1_500, total: 3_000, phase: 'writing' })).toBe(50);
    expect(exportProgressText({ done: 3_000, total: 3_000, phase: 'signing' })).toBe('Signing the file…');
    expect(exportPercent({ done: 0, total: 0, phase: 'writing' })).toBe(100);
  });
});
