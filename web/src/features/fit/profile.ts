/**
 * A dancer's fit profile: each foot apart, her dancing, her strength and the shoes she wore. The same shape
 * as the server's (server/src/fitting/profile/mod.rs): every field optional, every answer one of a closed
 * list or a number in a range a foot can have.
 */
import { z } from 'zod/mini';

export const CHOICES = {
  sizeChart: ['eu', 'uk', 'us'],
  toeShape: ['egyptian', 'greek', 'square'],
  toeLength: ['short', 'medium', 'long'],
  toeHeight: ['low', 'medium', 'high'],
  heel: ['narrow', 'average', 'wide'],
  arch: ['stiff', 'average', 'flexible', 'hypermobile'],
  instep: ['stiff', 'average', 'flexible', 'hypermobile'],
  ankle: ['limited', 'average', 'full'],
  bunion: ['none', 'slight', 'marked'],
  level: ['beginner', 'intermediate', 'advanced', 'professional'],
  padding: ['none', 'gel', 'fabric', 'lambswool', 'other'],
  hurt: ['toe-tips', 'big-toe-joint', 'little-toe', 'knuckles', 'ball-of-foot', 'heel', 'achilles', 'arch'],
  failed: ['shank-broke', 'box-softened', 'platform-wore', 'heel-slipped', 'too-noisy'],
} as const;

/** The numbers' ranges, as the server checks them. */
export const RANGES = {
  lengthMm: [150, 330],
  widthMm: [50, 140],
  sizeValue: [1, 50],
  years: [0, 80],
  hoursPerWeek: [0, 60],
  releves: [0, 200],
  hours: [0, 2000],
} as const;
export const SHOES_MAX = 12;
export const SHOE_TEXT_MAX = 32;

const choice = <K extends keyof typeof CHOICES>(key: K) => z.optional(z.nullable(z.enum(CHOICES[key])));
const number = z.optional(z.nullable(z.number()));
const text = z.optional(z.nullable(z.string()));

const footSchema = z.object({
  lengthMm: number,
  widthMm: number,
  size: z.optional(z.nullable(z.object({ chart: z.enum(CHOICES.sizeChart), value: z.number() }))),
  toeShape: choice('toeShape'),
  toeLength: choice('toeLength'),
  toeHeight: choice('toeHeight'),
  heel: choice('heel'),
  arch: choice('arch'),
  instep: choice('instep'),
  ankle: choice('ankle'),
  bunion: choice('bunion'),
});

const wornShoeSchema = z.object({
  /** A family's or a variant's id. */
  model: text,
  size: text,
  width: text,
  shank: text,
  padding: choice('padding'),
  hurt: z.optional(z.array(z.enum(CHOICES.hurt))),
  failed: z.optional(z.array(z.enum(CHOICES.failed))),
  hours: number,
  current: z.optional(z.boolean()),
});

export const fitProfileSchema = z.object({
  left: z.optional(footSchema),
  right: z.optional(footSchema),
  dancing: z.optional(z.object({ level: choice('level'), years: number, hoursPerWeek: number, teacherApproved: z.optional(z.nullable(z.boolean())) })),
  strength: z.optional(z.object({ relevesLeft: number, relevesRight: number })),
  shoes: z.optional(z.array(wornShoeSchema)),
});
export type FitProfile = z.infer<typeof fitProfileSchema>;
export type Foot = z.infer<typeof footSchema>;
export type SizeChart = (typeof CHOICES.sizeChart)[number];
export type WornShoe = z.infer<typeof wornShoeSchema>;
export type FootChoice = 'toeShape' | 'toeLength' | 'toeHeight' | 'heel' | 'arch' | 'instep' | 'ankle' | 'bunion';
export const FOOT_CHOICES: FootChoice[] = ['toeShape', 'toeLength', 'toeHeight', 'heel', 'arch', 'instep', 'ankle', 'bunion'];

export type Side = 'left' | 'right';

/** Whether she has answered anything at all. */
export function isEmpty(profile: FitProfile): boolean {
  const answered = (value: unknown): boolean =>
    Array.isArray(value) ? value.length > 0 : typeof value === 'object' && value !== null ? Object.values(value).some(answered) : value !== null && value !== undefined && value !== false;
  return !answered(profile);
}

/** Where a visitor's profile is kept: on this device only (a member's is on her account). */
export const PROFILE_KEY = 'fit-profile';

/** The profile kept on this device, when there is one that reads as a profile. */
export function readDeviceProfile(): FitProfile | undefined {
  try {
    const kept = fitProfileSchema.safeParse(JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null'));
    return kept.success ? kept.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `profile` on this device, or forgets it (undefined); false when the browser refuses storage. */
export function keepOnDevice(profile: FitProfile | undefined): boolean {
  try {
    if (profile) localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
    else localStorage.removeItem(PROFILE_KEY);
    return true;
  } catch {
    return false;
  }
}

/** The profile as a JSON file (what "Download" saves). */
export function profileFile(profile: FitProfile): Blob {
  return new Blob([JSON.stringify(profile, null, 2)], { type: 'application/json' });
}

/** Where the left and right foot differ by more than a fitter allows for (5 mm, or another answer). */
export function feetDiffer(profile: FitProfile): boolean {
  const [left, right] = [profile.left ?? {}, profile.right ?? {}];
  const apart = (a?: number | null, b?: number | null) => a !== null && a !== undefined && b !== null && b !== undefined && Math.abs(a - b) >= 5;
  return apart(left.lengthMm, right.lengthMm) || apart(left.widthMm, right.widthMm) || FOOT_CHOICES.some((key) => left[key] && right[key] && left[key] !== right[key]);
}

/** A field's problem, as the server words it (`out_of_range` with `min` and `max`, …). */
export interface FieldProblem {
  code: string;
  values?: Record<string, string>;
}

/** The ranges the server checks, each failing field under its path (`left.lengthMm`, `shoes.0.hours`): checked before sending. */
export function problemsOf(profile: FitProfile): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const within = (path: string, value: number | null | undefined, [min, max]: readonly [number, number], whole = true) => {
    if (value === null || value === undefined) return;
    if (value < min || value > max || (whole && !Number.isInteger(value))) problems[path] = { code: 'out_of_range', values: { min: String(min), max: String(max) } };
  };
  for (const side of ['left', 'right'] as const) {
    const foot = profile[side] ?? {};
    within(`${side}.lengthMm`, foot.lengthMm, RANGES.lengthMm);
    within(`${side}.widthMm`, foot.widthMm, RANGES.widthMm);
    within(`${side}.size.value`, foot.size?.value, RANGES.sizeValue, false);
  }
  within('dancing.years', profile.dancing?.years, RANGES.years);
  within('dancing.hoursPerWeek', profile.dancing?.hoursPerWeek, RANGES.hoursPerWeek);
  within('strength.relevesLeft', profile.strength?.relevesLeft, RANGES.releves);
  within('strength.relevesRight', profile.strength?.relevesRight, RANGES.releves);
  (profile.shoes ?? []).forEach((shoe, index) => {
    within(`shoes.${index}.hours`, shoe.hours, RANGES.hours);
    for (const field of ['size', 'width', 'shank'] as const) {
      if ((shoe[field] ?? '').length > SHOE_TEXT_MAX) problems[`shoes.${index}.${field}`] = { code: 'too_long', values: { max: String(SHOE_TEXT_MAX) } };
    }
  });
  return problems;
}
