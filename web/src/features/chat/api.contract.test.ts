import { describe, expect, it } from 'vitest';

import { answerDrift, documentedValues } from '../../test/apiContract';
import { answerSchema, SOURCE_KINDS } from './api';

describe('the assistant reads what the server documents', () => {
  it('reads its answer', () => {
    expect(answerDrift(answerSchema, 'post', '/api/ai/ask-hybrid')).toEqual([]);
  });

  it('knows every kind of source', () => {
    expect(documentedValues('Kind')).toEqual([...SOURCE_KINDS]);
  });
});
