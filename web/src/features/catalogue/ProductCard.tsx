import { Anchor, Badge, Card, Group, Image, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { track } from '../analytics';
import type { Product } from './api';
import classes from './catalogue.module.css';

/** The picture of a product that has none of its own (most of the shoe data set's models). */
const ANY_SHOE = '/images/products/pointe-shoe.svg';

/** A product; its name is a heading one level below the section it is listed in. */
export function ProductCard({ product, headingOrder = 3 }: { product: Product; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} data-testid="product-card">
      <Card.Section>
        <Image src={product.image || ANY_SHOE} alt="" h={180} fit="contain" className={classes.artwork} />
      </Card.Section>
      <Group justify="space-between" mt="md" wrap="nowrap" align="flex-start">
        <Title order={headingOrder} size="h4">
          {product.name}
        </Title>
        {/* Named for screen readers by hidden text: a label on the badge (a plain element) is not announced. */}
        <VisuallyHidden component="span">{`${t('products.price')}: `}</VisuallyHidden>
        <Badge size="lg" variant="light" color="pink" c="pink.9">
          {product.price}
        </Badge>
      </Group>
      <Text size="sm" mt="xs" className={classes.grow}>
        {product.description}
      </Text>
      <Anchor
        href={product.link}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.cardLink}
        onClick={() => track('productLink', { brand: product.brandId, target: product.name })}
      >
        {t('products.viewProduct', { name: product.name })} <IconExternalLink size={14} aria-label={t('search.opensInNewTab')} />
      </Anchor>
    </Card>
  );
}
