import { describe, expect, it } from 'vitest';
import { createLogger, logs, redactText, silentLogger, type LogFields } from '../../../main/exchange/log';

describe('redacting logger', () => {
  it('hides Authorization values, secret fields and credential-looking text', () => {
    const lines: Array<{ message: string; fields: LogFields }> = [];
    const logger = createLogger((_level, message, fields) => lines.push({ message, fields }), 'debug');
    logger.info('sent with HS256 YXBpLWtleS1hYmM6YjdiMTVhMDUw', {
      headers: { Authorization: 'Basic YXBpLWtleS1hYmM6c2VjcmV0', Accept: 'application/json' },
      params: { api_key: 'k', secret_key: 'S3CR3T', signature: 'abcdef' },
      note: 'header was Basic YXBpLWtleS1hYmM6c2VjcmV0LWtleS0xMjM=',
    });
    const printed = JSON.stringify(lines);
    expect(printed).not.toContain('YXBpLWtleS1hYmM6');
    expect(printed).not.toContain('S3CR3T');
    expect(printed).not.toContain('abcdef');
    expect(lines[0]?.fields).toMatchObject({ headers: { Authorization: '[redacted]', Accept: 'application/json' } });
    expect(lines[0]?.message).toBe('sent with HS256 [redacted]');
  });

  it('filters below the chosen level', () => {
    const seen: string[] = [];
    const logger = createLogger((level) => seen.push(level), 'warn');
    logger.debug('a');
    logger.info('b');
    logger.warn('c');
    logger.error('d');
    expect(seen).toEqual(['warn', 'error']);
    expect(redactText('plain words')).toBe('plain words');
  });

  it('says which levels a logger keeps, so a dropped line need not be built; a hand-made logger keeps every level', () => {
    const warnings = createLogger(() => undefined, 'warn');
    expect([logs(warnings, 'debug'), logs(warnings, 'info'), logs(warnings, 'warn'), logs(warnings, 'error')]).toEqual([false, false, true, true]);
    expect(logs(silentLogger, 'debug')).toBe(false);
    const handMade = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    expect(logs(handMade, 'debug')).toBe(true);
  });
});
