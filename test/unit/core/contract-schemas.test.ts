// The request schemas: every operation has one, and each bad field is named in the error.
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../../preload/contract';
import { isOperationName, parseRequest, REQUEST_SCHEMAS } from '../../../preload/contract-schemas';

const input = {
  name: 'Ops',
  apiVersion: '3',
  restUrl: 'https://api.example.com/base',
  streamUrl: 'wss://stream.example.com',
  authMethod: 'HS256',
  publicKey: 'pk',
  secretKey: 'sk',
};

describe('request schemas', () => {
  it('exist for exactly the listed operations', () => {
    expect(Object.keys(REQUEST_SCHEMAS).sort()).toEqual([...OPERATION_NAMES].sort());
    expect(isOperationName('createProfile')).toBe(true);
    expect(isOperationName('hasOwnProperty')).toBe(false);
  });

  it('accept a valid profile and trim the text fields', () => {
    const parsed = parseRequest('createProfile', { ...input, name: '  Ops ', restUrl: ' http://127.0.0.1:8080 ' });
    expect(parsed).toEqual({ ok: true, value: { ...input, name: 'Ops', restUrl: 'http://127.0.0.1:8080' } });
  });

  it.each([
    ['name', { name: '' }, /Enter a name/],
    ['name', { name: 'x'.repeat(81) }, /80/],
    ['restUrl', { restUrl: 'not a url' }, /http/],
    ['restUrl', { restUrl: 'ftp://files.example.com' }, /http/],
    ['restUrl', { restUrl: 'javascript:alert(1)' }, /http/],
    ['streamUrl', { streamUrl: 'http://stream.example.com' }, /ws/],
    ['publicKey', { publicKey: '  ' }, /public key/],
    ['secretKey', { secretKey: '' }, /secret key/],
    ['apiVersion', { apiVersion: '4' }, /API version/],
    ['authMethod', { authMethod: 'none' }, /Auth method/],
  ])('name the field %s', (field, override, message) => {
    const parsed = parseRequest('createProfile', { ...input, ...override });
    expect(parsed).toMatchObject({ ok: false, error: { code: 'VALIDATION', field } });
    if (!parsed.ok) expect(parsed.error.message).toMatch(message);
  });

  it('trim a pasted secret, and count a blank one as missing', () => {
    expect(parseRequest('createProfile', { ...input, secretKey: ' sk\n' })).toMatchObject({ ok: true, value: { secretKey: 'sk' } });
    expect(parseRequest('createProfile', { ...input, secretKey: ' \n' })).toMatchObject({ ok: false, error: { field: 'secretKey' } });
  });

  it('report a missing field as required', () => {
    const { publicKey: _missing, ...rest } = input;
    expect(parseRequest('createProfile', rest)).toMatchObject({
      ok: false,
      error: { field: 'publicKey', message: 'publicKey is required' },
    });
  });

  it('let an update omit the secret but not the id', () => {
    const { secretKey: _secret, ...noSecret } = input;
    expect(parseRequest('updateProfile', { ...noSecret, id: 'p1' }).ok).toBe(true);
    expect(parseRequest('updateProfile', noSecret)).toMatchObject({ ok: false, error: { field: 'id' } });
  });

  it('refuse unknown fields and payloads on operations that take none', () => {
    expect(parseRequest('createProfile', { ...input, isAdmin: true })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(parseRequest('listProfiles', { sneaky: 1 })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(parseRequest('listProfiles', null)).toEqual({ ok: true, value: undefined });
  });
});
