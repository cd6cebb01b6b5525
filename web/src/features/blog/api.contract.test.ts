import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { answerDrift, documentedValues } from '../../test/apiContract';
import { categorySchema, EMBED_PROVIDERS, postPageSchema, postSchema, socialEmbedSettingsSchema } from './api';

describe('the blog reads what the server documents', () => {
  it.each([
    ['get', '/api/blog/posts', postPageSchema],
    ['get', '/api/blog/posts/{slug}', postSchema],
    ['get', '/api/blog/categories', z.array(categorySchema)],
    ['get', '/api/config/social-embeds', socialEmbedSettingsSchema],
  ] as const)('%s %s', (method, path, schema) => {
    expect(answerDrift(schema, method, path)).toEqual([]);
  });

  it('knows every embed provider', () => {
    expect(documentedValues('EmbedProvider')).toEqual([...EMBED_PROVIDERS]);
  });
});
