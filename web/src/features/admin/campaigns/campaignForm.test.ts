import { describe, expect, it } from 'vitest';

import { audienceChoice, hasChanges, initialValues, prefilledSubjects, subjectKey } from './campaignForm';
import { draft, frenchTemplate, springTemplate } from './fixtures';

describe('the campaign form', () => {
  it('fills a chosen language’s subject from the template when it is empty or still the previous template’s', () => {
    const values = { ...initialValues(undefined), languages: 'he,en,fr', [subjectKey('he')]: 'My own subject' };
    expect(prefilledSubjects(values, springTemplate)).toEqual({ [subjectKey('en')]: 'New at {{siteName}}' });

    const fromSpring = { ...values, ...prefilledSubjects(values, springTemplate) };
    const other = { ...springTemplate, translations: { en: { subject: 'Other {{siteName}}', body: 'x' }, he: { subject: 'אחר', body: 'x' } } };
    // English still reads as the spring template had it: it follows; Hebrew was written by hand: it stays.
    expect(prefilledSubjects(fromSpring, other, springTemplate)).toEqual({ [subjectKey('en')]: 'Other {{siteName}}' });
    expect(prefilledSubjects(fromSpring, frenchTemplate, springTemplate)).toEqual({ [subjectKey('fr')]: 'Nouveau chez {{siteName}}' });
  });

  it('counts the audience only once a group and a language are chosen', () => {
    expect(audienceChoice({ ...initialValues(undefined), groups: 'vip' })).toBeUndefined();
    expect(audienceChoice({ ...initialValues(undefined), groups: 'new,vip', languages: 'en,he' })).toEqual({ templateId: null, groups: ['vip', 'new'], languages: ['he', 'en'] });
  });

  it('sees changes as the server would keep them: trimmed, and subjects only for the chosen languages', () => {
    const saved = initialValues(draft);
    expect(hasChanges({ ...saved, name: ' Spring sale ', [subjectKey('fr')]: 'Ignored: French is not chosen' }, draft)).toBe(false);
    expect(hasChanges({ ...saved, groups: 'vip,new' }, draft)).toBe(true);
    expect(hasChanges(saved, undefined)).toBe(true);
  });
});
