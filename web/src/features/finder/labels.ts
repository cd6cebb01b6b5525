import type { Attribute } from './api';

/** The names of the attributes and their values in the page's language, as the API sent them. */
export interface Labels {
  attribute: (key: string) => string;
  value: (attribute: string, key: string) => string;
  /** An attribute's value keys in the vocabulary's order (narrow to wide, soft to hard). */
  values: (attribute: string) => string[];
}

export function labelsOf(attributes: Attribute[]): Labels {
  const byKey = new Map(attributes.map((attribute) => [attribute.key, attribute]));
  return {
    attribute: (key) => byKey.get(key)?.label ?? key,
    value: (attribute, key) => byKey.get(attribute)?.values.find((value) => value.key === key)?.label ?? key,
    values: (attribute) => byKey.get(attribute)?.values.map((value) => value.key) ?? [],
  };
}
