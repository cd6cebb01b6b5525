import { Card, Image, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Brand } from './api';
import classes from './catalogue.module.css';

export function BrandCard({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} data-testid="brand-card">
      <Card.Section>
        <Image src={brand.image} alt="" h={160} fit="contain" className={classes.artwork} />
      </Card.Section>
      <Title order={3} mt="md" size="h4">
        {brand.name}
      </Title>
      <Text size="sm" mt="xs" className={classes.grow}>
        {brand.description}
      </Text>
      <Link to={`/brand/${brand.id}`} className={classes.cardLink}>
        {t('home.readMore', { name: brand.name })}
      </Link>
    </Card>
  );
}
