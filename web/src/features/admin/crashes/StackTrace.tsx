import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ADMIN_NAMESPACE } from '../i18n';
import type { StackFrame } from './api';

/**
 * The stack, each frame where the build's source map places it (file, line, the code on that line) and,
 * beneath, where the browser ran it. Stacks read left to right in every language.
 */
export function StackTrace({ frames }: { frames: StackFrame[] }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (frames.length === 0) return <Text c="dimmed">{t('crashes.noStack')}</Text>;
  return (
    <Stack gap="xs" component="ol" dir="ltr" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {frames.map((frame, index) => (
        <li key={index}>
          {frame.original ? (
            <>
              <Text size="sm" ff="monospace" fw={600} style={{ wordBreak: 'break-all' }}>
                {frame.original.file}:{frame.original.line}:{frame.original.column}
                {frame.original.name && ` (${frame.original.name})`}
              </Text>
              {frame.original.code && <Code block>{frame.original.code}</Code>}
            </>
          ) : (
            <Text size="sm" ff="monospace" c="dimmed">
              {t('crashes.unmapped')}
            </Text>
          )}
          <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {frame.function || '?'} — {frame.url}:{frame.line}:{frame.column}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
