import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { answerDrift, documentedValues } from './apiContract';

const user = {
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'moderator', 'editor', 'admin']),
  isAdmin: z.boolean(),
  gender: z.nullable(z.string()),
  birthDate: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  location: z.nullable(z.string()),
  groups: z.array(z.string()),
  createdAt: z.number(),
  lastLoginAt: z.nullable(z.number()),
  disabled: z.boolean(),
  emailVerified: z.boolean(),
};
const page = (fields: Record<string, z.ZodMiniType>) => z.object({ users: z.array(z.object(fields)), total: z.number(), page: z.number(), pageSize: z.number() });
const drift = (fields: Record<string, z.ZodMiniType>) => answerDrift(page(fields), 'get', '/api/users/list');

describe('the contract check', () => {
  it('passes a schema that reads what the server documents', () => {
    expect(drift(user)).toEqual([]);
    expect(drift({ id: z.string(), extra: z.optional(z.unknown()) })).toEqual(['GET /api/users/list.users[].extra: the client reads it, the server does not document it']);
  });

  it('names the field the client reads but the server does not send', () => {
    expect(drift({ ...user, nickname: z.string() })).toEqual(['GET /api/users/list.users[].nickname: the client reads it, the server does not document it']);
  });

  it('names a type the client does not accept', () => {
    expect(drift({ ...user, createdAt: z.string() })).toEqual(['GET /api/users/list.users[].createdAt: the server may send integer, the client expects string']);
  });

  it('names a null the client does not accept', () => {
    expect(drift({ ...user, lastLoginAt: z.number() })).toEqual(['GET /api/users/list.users[].lastLoginAt: the server may send null, the client expects number']);
  });

  it('names enumeration values the client refuses', () => {
    expect(drift({ ...user, role: z.enum(['user', 'admin']) })).toEqual(['GET /api/users/list.users[].role: the server may send moderator, editor, which the client refuses']);
  });

  it('refuses an operation the document does not have', () => {
    expect(() => answerDrift(z.object({}), 'get', '/api/nowhere')).toThrow('no JSON answer 200 for GET /api/nowhere');
  });

  it('reads an enumeration the document describes', () => {
    expect(documentedValues('Role')).toEqual(['user', 'moderator', 'editor', 'admin']);
  });
});
