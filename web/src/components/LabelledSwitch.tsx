import { Box, Switch } from '@mantine/core';
import { useId, type ChangeEvent } from 'react';

import classes from './LabelledSwitch.module.css';

interface Props {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * Mantine's Switch at its default size with its label on the right, drawn with its classes, in valid HTML:
 * Mantine's own wraps the label's text in a `div` inside the `label`, which may hold only phrasing content.
 */
export function LabelledSwitch({ label, checked, onChange }: Props) {
  const id = useId();
  const { input, track, thumb, trackLabel, body, labelWrapper, label: labelClass, root } = Switch.classes;
  return (
    <Box className={`${classes.root} ${root}`} mod={{ 'label-position': 'right' }} data-checked={checked}>
      <label htmlFor={id} className={body}>
        <input id={id} type="checkbox" role="switch" className={input} checked={checked} data-checked={checked} onChange={onChange} />
        <Box component="span" aria-hidden="true" className={track} mod={{ 'label-position': 'right', 'without-labels': true }}>
          <Box component="span" className={thumb} mod={{ 'reduce-motion': true, 'with-thumb-indicator': true }} />
          <span className={trackLabel} />
        </Box>
        <span className={labelWrapper}>
          <span className={labelClass}>{label}</span>
        </span>
      </label>
    </Box>
  );
}
