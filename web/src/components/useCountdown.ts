import { useEffect, useState } from 'react';

/** Seconds since the epoch, with their fraction: a wait counted from a floored "now" would end up to a second early. */
export const nowSeconds = () => Date.now() / 1000;

const secondsUntil = (until: number | undefined) => (until === undefined ? 0 : Math.max(0, Math.ceil(until - nowSeconds())));

/**
 * Whole seconds left until `until` (seconds since the epoch), ticking every second; 0 once past.
 * Read from the clock at each render, so the value is right on the very render where `until` changes
 * (state set in an effect would still hold the previous countdown then: 0 before a countdown starts).
 */
export function useCountdown(until: number | undefined): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === undefined) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1_000);
    return () => clearInterval(timer);
  }, [until]);
  return secondsUntil(until);
}
