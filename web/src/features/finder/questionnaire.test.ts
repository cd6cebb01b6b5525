import { afterEach, describe, expect, it } from 'vitest';

import { ANSWERS_KEY, keepAnswers, rank, readKeptAnswers } from './questionnaire';
import { testFamily, testModel } from './testModels';

const models = [
  testModel('square-hard', 'a', { footShape: ['square'], boxShape: ['square'], shankStrength: ['hard'], availability: ['available'] }),
  testModel('square-soft', 'a', { footShape: ['square'], boxShape: ['medium-square'], shankStrength: ['soft'] }),
  testModel('egyptian', 'b', { footShape: ['egyptian'], boxShape: ['tapered'], shankStrength: ['hard'], priceMin: 150 }),
  testModel('gone', 'b', { footShape: ['square'], boxShape: ['square'], availability: ['discontinued'] }),
];

describe('the questionnaire', () => {
  afterEach(() => localStorage.clear());

  it('ranks the models that suit the answers first, each with its reasons', () => {
    const matches = rank(models, { toes: 'square', arch: 'flexible' });
    expect(matches.map((found) => found.model.id)).toEqual(['square-hard', 'square-soft', 'egyptian']);
    expect(matches[0]!.reasons).toEqual([
      { attribute: 'footShape', value: 'square', suits: 'madeFor' },
      { attribute: 'boxShape', value: 'square', suits: 'toes.square' },
      { attribute: 'shankStrength', value: 'hard', suits: 'arch.flexible' },
    ]);
  });

  it('names each family once, by its best variant', () => {
    const lyra = testFamily('lyra', 'gaynor', [
      ['lyra-soft', { footShape: ['square'], shankStrength: ['soft'] }, [{ key: 'shank', value: 'Soft' }]],
      ['lyra-hard', { footShape: ['square'], shankStrength: ['hard'] }, [{ key: 'shank', value: 'Hard' }]],
    ]);
    expect(rank([lyra], { toes: 'square', arch: 'flexible' }).map((found) => found.model.id)).toEqual(['lyra-hard']);
  });

  it('leaves out discontinued models, those over budget and those that answer nothing', () => {
    expect(rank(models, { toes: 'egyptian', budget: 100 })).toEqual([]);
    expect(rank(models, {})).toEqual([]);
  });

  it('keeps answers on the device only when asked, and reads back only valid ones', () => {
    expect(readKeptAnswers()).toBeUndefined();
    keepAnswers({ toes: 'greek', budget: 120 });
    expect(readKeptAnswers()).toEqual({ toes: 'greek', budget: 120 });
    localStorage.setItem(ANSWERS_KEY, JSON.stringify({ toes: 'round', width: 'wide', budget: -3 }));
    expect(readKeptAnswers()).toEqual({ width: 'wide' });
    keepAnswers(undefined);
    expect(localStorage.getItem(ANSWERS_KEY)).toBeNull();
  });
});
