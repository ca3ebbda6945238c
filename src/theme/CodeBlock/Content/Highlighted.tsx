import type { ComponentType } from 'react';
import './prismLanguages';
import Content from '@theme-original/CodeBlock/Content';
import type { Props } from '@theme/CodeBlock/Content';

/** The theme's highlighted code block content, with the site's extra grammars registered. */
export default Content as ComponentType<Props>;
