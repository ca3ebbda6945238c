import React, { type ComponentProps, type ReactNode } from 'react';
import SchemaItem from '@theme-original/SchemaItem';
import asListItem from '@site/src/components/asListItem';
import { binaryContent } from '@site/src/components/schemaConstraints';

type Props = ComponentProps<typeof SchemaItem>;

/**
 * A binary body (the audio of a speech response) reads 音频 audio/mpeg, a binary field 文件,
 * where the theme prints the JSON type twice (`string string`): it names a bare body by its
 * type, and types it by its type again.
 */
function BinaryAsMedia(props: Props): ReactNode {
  const binary = binaryContent(props.schema);
  if (!binary) return <SchemaItem {...props} />;
  const isBody = props.name === props.schema.type;
  return (
    <SchemaItem
      {...props}
      name={isBody ? binary.kind : props.name}
      schemaName={isBody ? binary.mediaType : binary.kind}
    />
  );
}

// Wrapped, not ejected: the theme's schema property, made a list item (see asListItem).
export default asListItem(BinaryAsMedia);
