import type { ComponentPropsWithoutRef } from 'react';
import styles from './card.module.css';

type CardProps = ComponentPropsWithoutRef<'section'> & {
  as?: 'section' | 'div' | 'article' | 'aside';
  /** Drops the padding, for cards whose content runs to the edge (a cover, a list). */
  flush?: boolean;
};

/** The surface every panel sits on: subtle border, large radius (DESIGN §9). */
export function Card({ as: Tag = 'section', flush = false, className, ...rest }: CardProps) {
  return (
    <Tag
      className={[styles.card, flush && styles.flush, className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
