import type { QUESTIONS } from './questionnaire';

type ToeShape = (typeof QUESTIONS.toes)[number];

/** Where each toe's tip is (from the big toe out), drawn from above: the shapes differ in which toes lead. */
const TIPS: Record<ToeShape, number[]> = {
  egyptian: [8, 15, 21, 27, 33],
  greek: [14, 7, 17, 25, 32],
  square: [10, 10, 11, 22, 31],
};
const TOES = [
  { x: 20, rx: 8.5 },
  { x: 36, rx: 6.5 },
  { x: 49, rx: 6 },
  { x: 61, rx: 5.5 },
  { x: 71, rx: 5 },
];

/** A right foot's toes seen from above, showing a toe shape (decoration beside its name). */
export function ToeDrawing({ shape }: { shape: ToeShape }) {
  return (
    <svg viewBox="0 0 90 100" width="72" height="80" aria-hidden focusable="false">
      <path d="M10 42 Q6 72 20 98 L64 98 Q82 70 80 44 Q60 30 10 42 Z" fill="var(--mantine-color-pink-1)" stroke="var(--mantine-color-pink-7)" strokeWidth="2" />
      {TOES.map((toe, index) => (
        <ellipse
          key={toe.x}
          cx={toe.x}
          cy={(TIPS[shape][index] ?? 0) + toe.rx * 2}
          rx={toe.rx}
          ry={toe.rx * 2}
          fill="var(--mantine-color-pink-0)"
          stroke="var(--mantine-color-pink-7)"
          strokeWidth="2"
        />
      ))}
    </svg>
  );
}
