import { Text } from '@mantine/core';

/** Paragraphs of plain text, one `<p>` each. */
export function Paragraphs({ texts }: { texts: string[] }) {
  return texts.map((paragraph) => (
    <Text key={paragraph} mb="sm">
      {paragraph}
    </Text>
  ));
}
