import { expect, it } from 'vitest';

import { answerDrift } from '../../test/apiContract';
import { tipsSchema } from './TipsPage';

it('the tips page reads what the server documents', () => {
  expect(answerDrift(tipsSchema, 'get', '/api/tips')).toEqual([]);
});
