import React, { type ReactNode } from 'react';
import Token from '@theme-original/CodeBlock/Line/Token';
import type { Props } from '@theme/CodeBlock/Line/Token';
import { colourType } from '@site/src/css/prismThemes';

/**
 * Wraps the theme's token, the pass-through it offers for this, to keep code markup small: the
 * code theme has no inline styles (src/css/prismThemes.ts), so a token is coloured by its classes.
 * Plain text needs no element of its own, and in a coloured token the type its colour comes from
 * goes last in the class list, where the stylesheet's rules look for it.
 */
export default function TokenWrapper(props: Props): ReactNode {
  const { token, className } = props;
  if (token.types.length === 1 && token.types[0] === 'plain' && !token.empty) {
    return token.content;
  }
  const colour = colourType(token.types);
  const classes = colour
    ? ['token', ...token.types.filter((type) => type !== colour), colour].join(' ')
    : className;
  return <Token {...props} className={classes} />;
}
