// Where a profile's key may go: TLS anywhere, plain only on loopback, never credentials in the URL,
// Basic only where the secret is protected, and no stored secret for a new origin.
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../main/core/app-error';
import { assertEndpointsAllowed, assertSecretForNewHost } from '../../../main/core/endpoint-policy';
import type { Profile } from '../../../preload/contract';
import {
  basicAuthProblem,
  carriesCredentials,
  CREDENTIALS_IN_URL_MESSAGE,
  endpointProblem,
  isLoopbackHost,
  movesHost,
  SECRET_FOR_NEW_HOST_MESSAGE,
} from '../../../preload/contract/endpoint-rules';

describe('isLoopbackHost', () => {
  it.each(['localhost', '127.0.0.1', '127.255.3.9', '[::1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['example.com', '10.0.0.1', '128.0.0.1', '127.0.0.1.example.com', 'localhost.example.com', '[::2]', '0.0.0.0', ''])(
    '%s is not',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );

  it('sees loopback through the spellings the URL parser normalises', () => {
    for (const url of ['http://127.1:8080', 'http://0x7f.0.0.1', 'http://[0:0:0:0:0:0:0:1]:9', 'http://LOCALHOST']) {
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(true);
    }
  });
});

describe('endpointProblem', () => {
  it.each([
    ['https://api.example.com/base', 'rest'],
    ['http://127.0.0.1:8080', 'rest'],
    ['http://localhost:3000/api', 'rest'],
    ['http://[::1]:9', 'rest'],
    ['wss://stream.example.com', 'stream'],
    ['ws://127.0.0.1:9/ws', 'stream'],
  ] as const)('accepts %s as a %s endpoint', (url, kind) => {
    expect(endpointProblem(url, kind)).toBeNull();
  });

  it('refuses plain http and ws to another computer, saying why and what to use', () => {
    expect(endpointProblem('http://api.example.com', 'rest')).toMatch(/^Use https:\/\/; unencrypted http:\/\/ is allowed only on this computer$/);
    expect(endpointProblem('ws://stream.example.com', 'stream')).toMatch(/^Use wss:\/\/; unencrypted ws:\/\/ is allowed only on this computer$/);
    expect(endpointProblem('http://192.168.1.20:8080', 'rest')).toMatch(/only on this computer/);
    expect(endpointProblem('http://127.0.0.1.nip.io', 'rest')).toMatch(/only on this computer/);
  });

  it('refuses credentials in the URL without quoting them', () => {
    for (const url of ['https://user:hunter2-SECRET@api.example.com', 'http://user:hunter2-SECRET@127.0.0.1:8080', 'wss://hunter2-SECRET@stream.example.com']) {
      const problem = endpointProblem(url, url.startsWith('wss') ? 'stream' : 'rest');
      expect(problem, url).toBe(CREDENTIALS_IN_URL_MESSAGE);
      expect(problem).not.toMatch(/hunter2|SECRET|user/);
    }
  });

  it('keeps the existing wording for missing and malformed URLs', () => {
    expect(endpointProblem('', 'rest')).toBe('Enter an http:// or https:// URL');
    expect(endpointProblem('', 'stream')).toBe('Enter a ws:// or wss:// URL');
    expect(endpointProblem('api.example.com', 'rest')).toBe('Must be an http:// or https:// URL');
    expect(endpointProblem('wss://api.example.com', 'rest')).toBe('Must be an http:// or https:// URL');
    expect(endpointProblem('https://api.example.com', 'stream')).toBe('Must be a ws:// or wss:// URL');
    expect(endpointProblem('javascript:alert(1)', 'rest')).toBe('Must be an http:// or https:// URL');
  });
});

describe('carriesCredentials', () => {
  it('finds user-info whether or not the URL parses', () => {
    expect(carriesCredentials('https://u:p@api.example.com')).toBe(true);
    expect(carriesCredentials('https://u@api.example.com')).toBe(true);
    expect(carriesCredentials('http://u:p w@host name')).toBe(true);
    expect(carriesCredentials('https://api.example.com/path@v2')).toBe(false);
    expect(carriesCredentials('https://api.example.com/?who=me@example.com')).toBe(false);
  });
});

describe('basicAuthProblem', () => {
  it('lets Basic through only over TLS or loopback, on both endpoints', () => {
    expect(basicAuthProblem('BASIC', 'https://api.example.com', 'wss://api.example.com')).toBeNull();
    expect(basicAuthProblem('BASIC', 'http://127.0.0.1:9', 'ws://localhost:9')).toBeNull();
    expect(basicAuthProblem('BASIC', 'http://api.example.com', 'wss://api.example.com')).toMatch(/Basic sends the secret itself/);
    expect(basicAuthProblem('BASIC', 'https://api.example.com', 'ws://api.example.com')).toMatch(/Basic/);
    expect(basicAuthProblem('BASIC', 'not a url', 'wss://api.example.com')).toMatch(/Basic/);
  });

  it('leaves signed requests to the endpoint rules', () => {
    expect(basicAuthProblem('HS256', 'http://api.example.com', 'ws://api.example.com')).toBeNull();
  });
});

describe('movesHost', () => {
  const before = { restUrl: 'https://api.example.com/v3', streamUrl: 'wss://api.example.com/ws' };

  it('keeps the host for a changed path, an explicit default port, or a different case', () => {
    expect(movesHost(before, { restUrl: 'https://api.example.com/v4', streamUrl: 'wss://api.example.com/stream' })).toBe(false);
    expect(movesHost(before, { restUrl: 'https://API.example.com:443/v3', streamUrl: 'wss://api.example.com:443/ws' })).toBe(false);
  });

  it.each([
    ['another REST host', { restUrl: 'https://api.example.net/v3' }],
    ['another REST port', { restUrl: 'https://api.example.com:8443/v3' }],
    ['another REST scheme', { restUrl: 'http://api.example.com/v3' }],
    ['another stream host', { streamUrl: 'wss://stream.example.net/ws' }],
    ['another stream port', { streamUrl: 'wss://api.example.com:9443/ws' }],
    ['an unparsable URL', { restUrl: 'not a url' }],
  ])('moves for %s', (_what, change) => {
    expect(movesHost(before, { ...before, ...change })).toBe(true);
  });

  it('moves when the stored URL cannot be read', () => {
    expect(movesHost({ ...before, restUrl: '' }, { ...before, restUrl: '' })).toBe(true);
  });
});

const stored: Profile = {
  id: 'p1', name: 'Ops', apiVersion: '3', restUrl: 'https://api.example.com', streamUrl: 'wss://api.example.com',
  authMethod: 'HS256', publicKey: 'pk', hasSecret: true, builtIn: false, rights: null, sharedAccount: false, createdAt: '', updatedAt: '',
};
const edit = { ...stored, secretKey: undefined as string | undefined };

function refusal(run: () => void): { code: string; field: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppFailure) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('main\'s endpoint policy', () => {
  it('refuses each bad endpoint on its own field', () => {
    expect(refusal(() => assertEndpointsAllowed({ ...stored, restUrl: 'http://api.example.com' }))).toMatchObject({ code: 'VALIDATION', field: 'restUrl' });
    expect(refusal(() => assertEndpointsAllowed({ ...stored, streamUrl: 'ws://api.example.com' }))).toMatchObject({ field: 'streamUrl' });
    expect(refusal(() => assertEndpointsAllowed({ ...stored, restUrl: 'https://a:b@api.example.com' }))).toMatchObject({ field: 'restUrl', message: CREDENTIALS_IN_URL_MESSAGE });
    expect(() => assertEndpointsAllowed(stored)).not.toThrow();
  });

  it('refuses a move to another host without a new secret, on the secret field', () => {
    const moved = { ...edit, restUrl: 'https://api.example.net' };
    expect(refusal(() => assertSecretForNewHost(stored, moved))).toEqual({ code: 'VALIDATION', field: 'secretKey', message: SECRET_FOR_NEW_HOST_MESSAGE });
    expect(refusal(() => assertSecretForNewHost(stored, { ...moved, secretKey: '' }))).toMatchObject({ field: 'secretKey' });
    expect(() => assertSecretForNewHost(stored, { ...moved, secretKey: 'typed-again' })).not.toThrow();
  });

  it('lets an edit on the same host keep the stored secret', () => {
    expect(() => assertSecretForNewHost(stored, { ...edit, name: 'Renamed', restUrl: 'https://api.example.com/v3' })).not.toThrow();
  });
});
