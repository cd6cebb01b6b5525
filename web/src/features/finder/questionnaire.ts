import type { Family, Fit, Model } from './api';
import { allModels } from './families';

/** The questions of "Which shoes suit my feet", each with its answers, in the order they are asked. */
export const QUESTIONS = {
  toes: ['egyptian', 'greek', 'square'],
  width: ['narrow', 'medium', 'wide'],
  arch: ['flexible', 'average', 'stiff'],
  toeLength: ['short', 'medium', 'long'],
  level: ['beginner', 'intermediate', 'professional'],
} as const;
export type Question = keyof typeof QUESTIONS;

export type Answers = { [Q in Question]?: (typeof QUESTIONS)[Q][number] } & {
  /** The most she will pay, in US dollars. */
  budget?: number;
};

/** Why a model matches: an attribute, the value of the model's that answers, and what it answers. */
export interface Reason {
  attribute: keyof Fit;
  value: string;
  /** What it answers: `toes.square`, `arch.flexible`, `madeFor`, … (the texts are under `reasons` in the finder's locales). */
  suits: string;
}

export interface Match {
  model: Model;
  score: number;
  reasons: Reason[];
}

/**
 * For each answer, the values of an attribute that suit it and how much a match weighs. A box is chosen
 * for the toes (tapered for an Egyptian foot, square for even toes); a shank for the arch (a flexible arch
 * needs a strong shank to hold it, a stiff one a softer shank to get over the box); a vamp for the length
 * of the toes; the platform for the width.
 */
const SUITS: {
  [Q in Exclude<Question, 'level'>]: { attribute: keyof Fit; weight: number; values: Record<(typeof QUESTIONS)[Q][number], string[]>; why?: string }[];
} = {
  toes: [
    // The maker says the model is made for this foot shape.
    { attribute: 'footShape', weight: 3, values: { egyptian: ['egyptian'], greek: ['greek'], square: ['square'] }, why: 'madeFor' },
    {
      attribute: 'boxShape',
      weight: 2,
      values: {
        egyptian: ['narrow-tapered', 'tapered', 'medium-tapered'],
        greek: ['medium-tapered', 'medium', 'medium-square'],
        square: ['square', 'medium-square', 'square-wide', 'wide'],
      },
    },
  ],
  width: [
    { attribute: 'platformWidth', weight: 2, values: { narrow: ['narrow'], medium: ['medium', 'medium-wide'], wide: ['medium-wide', 'wide', 'extra-wide'] } },
  ],
  arch: [
    {
      attribute: 'shankStrength',
      weight: 2,
      values: {
        flexible: ['medium-hard', 'hard', 'extra-hard'],
        average: ['medium-soft', 'medium', 'medium-hard', 'interchangeable'],
        stiff: ['extra-soft', 'soft', 'medium-soft'],
      },
    },
  ],
  toeLength: [{ attribute: 'vampLength', weight: 1, values: { short: ['short'], medium: ['medium'], long: ['long'] } }],
};

/** A model's match to the answers, or undefined when it is out of the running (discontinued, or over budget). */
export function match(model: Model, answers: Answers): Match | undefined {
  const { fit } = model;
  if (fit.availability.includes('discontinued')) return undefined;
  if (answers.budget !== undefined && fit.priceMin !== null && fit.priceMin !== undefined && fit.priceMin > answers.budget) return undefined;
  let score = 0;
  const reasons: Reason[] = [];
  for (const question of Object.keys(SUITS) as (keyof typeof SUITS)[]) {
    const answer = answers[question];
    if (!answer) continue;
    for (const { attribute, weight, values, why } of SUITS[question]) {
      const suiting = (values as Record<string, string[]>)[answer] ?? [];
      const value = (fit[attribute] as string[]).find((own) => suiting.includes(own));
      if (value === undefined) continue;
      score += weight;
      reasons.push({ attribute, value, suits: why ?? `${question}.${answer}` });
    }
  }
  if (answers.level && fit.level.includes(answers.level)) {
    score += 1;
    reasons.push({ attribute: 'level', value: answers.level, suits: 'levelStated' });
  }
  return { model, score, reasons };
}

/**
 * The models that answer best first, each family once by its best variant (ties in the order given: the
 * server's, by name, and the family's own); models that answer nothing are left out.
 */
export function rank(families: Family[], answers: Answers): Match[] {
  const seen = new Set<string>();
  return allModels(families)
    .map((model, place) => ({ found: match(model, answers), place }))
    .filter((ranked): ranked is { found: Match; place: number } => ranked.found !== undefined && ranked.found.score > 0)
    .sort((a, b) => b.found.score - a.found.score || a.place - b.place)
    .map(({ found }) => found)
    .filter((found) => !seen.has(found.model.familyId) && Boolean(seen.add(found.model.familyId)));
}

/** Where answers are kept when she asks the site to remember them (on this device only). */
export const ANSWERS_KEY = 'finder-answers';

export function readKeptAnswers(): Answers | undefined {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(ANSWERS_KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return undefined;
    const answers: Answers = {};
    for (const question of Object.keys(QUESTIONS) as Question[]) {
      const answer = (kept as Record<string, unknown>)[question];
      if ((QUESTIONS[question] as readonly unknown[]).includes(answer)) Object.assign(answers, { [question]: answer });
    }
    const budget = (kept as Record<string, unknown>).budget;
    if (typeof budget === 'number' && Number.isFinite(budget) && budget > 0) answers.budget = budget;
    return answers;
  } catch {
    return undefined;
  }
}

export function keepAnswers(answers: Answers | undefined) {
  try {
    if (answers) localStorage.setItem(ANSWERS_KEY, JSON.stringify(answers));
    else localStorage.removeItem(ANSWERS_KEY);
  } catch {
    // Storage full or refused (private mode): the answers are simply not kept.
  }
}
