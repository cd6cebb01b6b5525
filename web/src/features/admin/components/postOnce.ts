import type { z } from 'zod/mini';

import { callOnce } from '../../../api/client';

/** POSTs a test (an e-mail, an AI question, a mailbox) in one attempt: its failure is what the admin wants to see. */
export function postOnce<T = unknown>(path: string, body: unknown, schema?: z.ZodMiniType<T>): Promise<T> {
  return callOnce({ method: 'POST', path, body }, schema);
}
