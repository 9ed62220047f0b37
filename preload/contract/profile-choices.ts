// A profile's API versions and auth methods, in a module of their own without zod: the renderer's
// profile form offers and checks them, and importing them from profiles.ts (with its schemas) put
// zod on the profiles page, the first screen of a new install. profiles.ts re-exports them.

/** Version 3 first: it is the default of a new profile and of the built-in sandbox. */
export const API_VERSIONS = ['3', '2'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

export const AUTH_METHODS = ['HS256', 'BASIC'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
