import { Box, Burger, UnstyledButton, type ElementProps, type UnstyledButtonProps } from '@mantine/core';

type MenuButtonProps = UnstyledButtonProps & ElementProps<'button'> & { opened: boolean };

/** A menu's burger button: Mantine's Burger, its lines in a span (its own draws them in a div, which a button may not hold). */
export function MenuButton({ opened, ...props }: MenuButtonProps) {
  return (
    <UnstyledButton className={`${Burger.classes.root} mantine-Burger-root`} {...props}>
      <Box component="span" mod={['reduce-motion', { opened }]} className={`${Burger.classes.burger} mantine-Burger-burger`} />
    </UnstyledButton>
  );
}
