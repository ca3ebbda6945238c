import React, { type ReactNode } from 'react';

interface Props {
  placeholder?: string;
  onChange?: (file: File | undefined) => void;
}

// Written anew, not wrapped: the theme's drop zone is a box a keyboard cannot reach, over a hidden
// input. A file input is reachable, labelled and announced, and the browser offers dropping too.
export default function FormFileUpload({ placeholder, onChange }: Props): ReactNode {
  return (
    <input
      type="file"
      className="openapi-explorer__form-item-input"
      aria-label={placeholder}
      onChange={(event) => onChange?.(event.currentTarget.files?.[0])}
    />
  );
}
