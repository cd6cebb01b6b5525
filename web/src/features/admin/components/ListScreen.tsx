import { Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAdminText } from '../adminTexts';

type DataOf<Queries> = { [K in keyof Queries]: Queries[K] extends UseQueryResult<infer Data> ? Data : never };

/**
 * An admin screen over lists it loads: its heading, a spinner until every list is there or the first
 * load error in the interface language (retrying retries them all), then `children` with the lists.
 */
export function ListScreen<Queries extends readonly UseQueryResult[]>({
  title,
  queries,
  children,
  failedTitle,
}: {
  title: string;
  queries: readonly [...Queries];
  children: (data: DataOf<Queries>) => ReactNode;
  /** Says what failed to load ("Failed to load templates"); the generic text otherwise. */
  failedTitle?: string;
}) {
  usePageTitle('admin');
  const { errorText } = useAdminText();
  const failed = queries.find((query) => query.isError)?.error;
  const loaded = queries.every((query) => query.data !== undefined);
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {title}
      </Title>
      {queries.some((query) => query.isPending) && !failed && <PageLoader />}
      {failed && <LoadFailed title={failedTitle} error={new Error(errorText(failed))} onRetry={() => queries.forEach((query) => void query.refetch())} />}
      {loaded && children(queries.map((query) => query.data) as DataOf<Queries>)}
    </>
  );
}
