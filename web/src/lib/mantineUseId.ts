import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (from `@mantine/hooks`, which its components call for every label, description and
 * accordion panel) without its switch to a random id once mounted: that switch is a state change in a layout
 * effect, so right after React takes a drawn page over, every component holding an id is drawn again in one
 * synchronous task and its attributes rewritten (on the finder's page, about 160 ms of a phone's main thread,
 * most of its blocking time). React's own id is already the same on the server and in the browser, and
 * unique within the page. Put in Mantine's place by `mantineStableIds` in vite.config.ts.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
