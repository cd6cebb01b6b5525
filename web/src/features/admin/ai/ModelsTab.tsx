import { Stack } from '@mantine/core';

import { AiModelSettings } from '../settings';
import { AiTest } from './AiTest';

/** The gateway's model per language (the same card as in System settings), and a test question to any provider. */
export function ModelsTab() {
  return (
    <Stack>
      <AiModelSettings />
      <AiTest />
    </Stack>
  );
}
