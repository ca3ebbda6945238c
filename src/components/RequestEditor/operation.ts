import { createContext, useContext } from 'react';

type Json = Record<string, unknown>;

/** The parts of the theme's API item (the operation, its schemas dereferenced) read here. */
export interface ApiOperation {
  readonly requestBody?: { content?: Record<string, { schema?: Json }> };
}

/** The operation the request editor edits; set around the theme's explorer (RequestEditor). */
export const OperationContext = createContext<ApiOperation | null>(null);

export const useOperation = (): ApiOperation | null => useContext(OperationContext);
