/** The fit profile's public entry: what the assistant's widget reads of it (with the dancer's leave). */
export { useProfileForAssistant } from './assistantShare';
export type { FitProfile } from './profile';
